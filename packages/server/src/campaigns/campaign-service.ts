// The campaign operations behind the GraphQL fields: plan a campaign (load, plan, write in one
// transaction; in the request, or in a campaign.plan job when it selects many accounts), the plan's
// calendar by day, and staff recording the outcome of a call or letter task.
import type { CampaignSettings, ContactRuleSet, PlanEntry } from '@steward/collections';
import { CampaignSettingsError, ContactRulesError, DAY_MS, candidateDays, formatLocalDate, planCampaign, readCampaignSettings, zonedTime } from '@steward/collections';
import type { Database, Queryable } from '../db/database.js';
import type { ClaimedJob } from '../jobs/job-queue.js';
import { JobQueue } from '../jobs/job-queue.js';
import type { JobContext } from '../jobs/job-runner.js';
import type { Clock } from '../time/clock.js';
import { serverLocationData } from './contact-rules/location-data.js';
import { loadContactRuleSet } from './contact-rule-store.js';
import type { CampaignPlanJobPayload, CampaignRecord } from './planner/plan-store.js';
import { CAMPAIGN_PLAN_JOB, countAccounts, INLINE_PLAN_ACCOUNTS, loadCampaign, loadDebtors, loadKeptContacts, loadPlanningHistory, MAX_PLAN_ACCOUNTS, replacePlan, selectAccounts } from './planner/plan-store.js';

/** Why a campaign operation was refused. */
export type CampaignErrorCode = 'NOT_FOUND' | 'INVALID' | 'CONFLICT' | 'UNKNOWN_PLACEHOLDER';

/** A refused campaign operation; the GraphQL layer turns it into a typed error. */
export class CampaignError extends Error {
  constructor(
    readonly code: CampaignErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'CampaignError';
  }
}

/** What planning did. */
export interface CampaignPlanSummary {
  readonly campaignId: string;
  readonly planned: number;
  readonly refused: number;
  readonly cancelled: number;
  /** True when the plan is being made by a campaign.plan job (the counts are then 0); false when made in the request. */
  readonly queued: boolean;
  /** Accounts the filter selected when asked (what a queued plan will cover). */
  readonly accounts: number;
}

/** Tuning of the service; every field has a default. */
export interface CampaignServiceOptions {
  /** Selections of at most this many accounts are planned in the request, wider ones in the background (INLINE_PLAN_ACCOUNTS). */
  readonly inlinePlanLimit?: number;
}

/** The status of a campaign while a campaign.plan job plans it. */
export const PLANNING_STATUS = 'planning';

/** Attempts of a campaign.plan job: a plan failing three times is failing for a reason a retry will not fix. */
const PLAN_JOB_ATTEMPTS = 3;
/** The lease a running campaign.plan job keeps pushing ahead of itself, and how often it does. */
const PLAN_LEASE_SECONDS = 300;
const PLAN_LEASE_RENEW_MS = 60_000;

/** One calendar day of a plan: its entries counted by status. */
export interface CampaignPlanDay {
  readonly date: string;
  readonly planned: number;
  readonly refused: number;
  readonly sent: number;
  readonly tasks: number;
  readonly done: number;
  readonly failed: number;
  readonly cancelled: number;
}

/** History older than this cannot matter: no call limit or cooldown spans more than a year. */
const HISTORY_DAYS = 367;
const MAX_OUTCOME_LENGTH = 500;
/** Accounts planned between two yields to the event loop. */
const PLAN_SLICE = 50;
/** Plans made again when the campaign changed while it was planned, before giving up. */
const MAX_PLAN_ROUNDS = 3;

function invalid(error: unknown): unknown {
  if (error instanceof CampaignSettingsError && error.unknownPlaceholders.length > 0) return new CampaignError('UNKNOWN_PLACEHOLDER', error.message);
  return error instanceof CampaignSettingsError || error instanceof ContactRulesError ? new CampaignError('INVALID', error.message) : error;
}

function settingsOf(row: CampaignRecord): CampaignSettings {
  try {
    return readCampaignSettings(row);
  } catch (error) {
    throw invalid(error);
  }
}

async function rulesOf(db: Queryable): Promise<ContactRuleSet> {
  try {
    return await loadContactRuleSet(db);
  } catch (error) {
    throw invalid(error);
  }
}

function groupBy<T>(items: readonly T[], key: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const list = groups.get(key(item));
    if (list === undefined) groups.set(key(item), [item]);
    else list.push(item);
  }
  return groups;
}

/**
 * What a plan was made from, as one text: the campaign's updatedAt (any edit or plan bumps it) and how
 * many of its contacts are kept (sent, task, done, failed); with the row lock when in a transaction.
 */
async function planMark(db: Queryable, campaignId: string): Promise<string | null> {
  const rows = await db.query<{ updatedAt: Date | string; kept: number }>(
    `SELECT c."updatedAt", (SELECT count(*) FROM "CampaignContactMdl" k WHERE k."campaignmdlID" = c."id" AND k."status" IN ('sent', 'task', 'done', 'failed'))::int AS "kept"
       FROM "CampaignMdl" c WHERE c."id" = $1 FOR UPDATE OF c`,
    [campaignId],
  );
  const row = rows[0];
  return row === undefined ? null : `${new Date(row.updatedAt).toISOString()}|${Number(row.kept)}`;
}

/** Whether a campaign.plan job of the campaign is pending or running. */
async function planJobActive(db: Queryable, campaignId: string): Promise<boolean> {
  const rows = await db.query<{ id: string }>(`SELECT id FROM jobs WHERE kind = $1 AND state IN ('pending', 'running') AND payload->>'campaignId' = $2 LIMIT 1`, [CAMPAIGN_PLAN_JOB, campaignId]);
  return rows.length > 0;
}

function tooMany(): CampaignError {
  return new CampaignError('INVALID', `The account filter selects more than ${MAX_PLAN_ACCOUNTS} accounts; narrow it or split the campaign.`);
}

/** Plans campaigns and reads and completes their contacts. */
export class CampaignService {
  private readonly db: Database;
  private readonly clock: Clock;
  private readonly queue: JobQueue;
  private readonly inlinePlanLimit: number;

  constructor(deps: { readonly db: Database; readonly clock: Clock }, options: CampaignServiceOptions = {}) {
    this.db = deps.db;
    this.clock = deps.clock;
    this.queue = new JobQueue(deps);
    this.inlinePlanLimit = Math.min(MAX_PLAN_ACCOUNTS, options.inlinePlanLimit ?? INLINE_PLAN_ACCOUNTS);
  }

  /**
   * Plans (or re-plans) a campaign: in the request when its filter selects at most the inline limit,
   * else by a campaign.plan job, the campaign 'planning' meanwhile. A campaign already planning is
   * not queued again, so two clicks make one plan.
   */
  async plan(campaignId: string): Promise<CampaignPlanSummary> {
    const row = await loadCampaign(this.db, campaignId);
    if (row === null) throw new CampaignError('NOT_FOUND', `No campaign with id ${campaignId}.`);
    const settings = settingsOf(row);
    const now = this.clock.now();
    const today = formatLocalDate(zonedTime(now.getTime(), settings.schedule.timeZone).dayNumber);
    const accounts = await countAccounts(this.db, settings.filter, today, MAX_PLAN_ACCOUNTS + 1);
    const queued = { campaignId, planned: 0, refused: 0, cancelled: 0, queued: true, accounts };
    if (row.status === PLANNING_STATUS && (await planJobActive(this.db, campaignId))) return queued;
    if (accounts > MAX_PLAN_ACCOUNTS) throw tooMany();
    if (accounts <= this.inlinePlanLimit) return { campaignId, ...(await this.planNow(campaignId)), queued: false, accounts };
    if (candidateDays(settings, now).length === 0) throw new CampaignError('INVALID', `The campaign ended on ${settings.endDate}: no day is left to plan.`);
    await this.db.transaction(async (tx) => {
      const locked = await loadCampaign(tx, campaignId, true);
      if (locked === null) throw new CampaignError('NOT_FOUND', `No campaign with id ${campaignId}.`);
      if (locked.status === PLANNING_STATUS && (await planJobActive(tx, campaignId))) return;
      const [stamp] = await tx.query<{ updatedAt: Date | string }>(`SELECT "updatedAt" FROM "CampaignMdl" WHERE "id" = $1`, [campaignId]);
      // Keyed by the campaign's state: the same click twice is one job; an edit or a finished plan bumps
      // updatedAt, so the next click plans anew. A finished job under the key (updatedAt unchanged, as
      // with a clock that stood still) is not a plan in progress: the key is made unique after it.
      // 'planning' with no job left (its last attempt's lease ran out in a crash) is no status to go back to.
      const payload: CampaignPlanJobPayload = { campaignId, previousStatus: locked.status === PLANNING_STATUS ? 'draft' : locked.status };
      let dedupeKey = `${campaignId}@${new Date(stamp?.updatedAt ?? 0).toISOString()}`;
      for (;;) {
        const { job, created } = await this.queue.enqueue({ kind: CAMPAIGN_PLAN_JOB, payload, dedupeKey, maxAttempts: PLAN_JOB_ATTEMPTS }, tx);
        if (created || job.state === 'pending' || job.state === 'running') break;
        dedupeKey = `${dedupeKey}#${job.id}`;
      }
      await tx.query(`UPDATE "CampaignMdl" SET "_version" = "_version" + 1, "status" = $2, "updatedAt" = $3 WHERE "id" = $1`, [campaignId, PLANNING_STATUS, now]);
    });
    return queued;
  }

  /**
   * Runs a claimed campaign.plan job: plans with the same code as the request, giving the campaign its
   * previous status back first (in the write's transaction) so the write sets it as an inline plan would.
   * Failures are retried with the queue's backoff; a refusal (settings, cap, gone) or the last failed
   * attempt also gives the status back, and the error stays on the job (jobs.last_error) and in the log.
   */
  async runPlanJob(job: ClaimedJob, context: JobContext): Promise<void> {
    const payload = job.payload as Partial<CampaignPlanJobPayload> | null;
    const campaignId = payload?.campaignId;
    if (typeof campaignId !== 'string') throw new Error(`job ${job.id} has no campaignId`);
    const previousStatus = typeof payload?.previousStatus === 'string' ? payload.previousStatus : 'draft';
    let renewedAt = Date.now();
    // Wall time, not the injected clock: the lease guards against this process being slow, whatever tests do with time.
    const heartbeat = async (): Promise<void> => {
      if (Date.now() - renewedAt < PLAN_LEASE_RENEW_MS) return;
      renewedAt = Date.now();
      if (!(await context.extendLease(PLAN_LEASE_SECONDS))) throw new Error(`campaign.plan job ${job.id} lost its lease`);
    };
    try {
      await this.planNow(campaignId, { restoreStatus: previousStatus, heartbeat });
    } catch (error) {
      // A refusal (bad settings, too many accounts, gone) will not change on a retry: staff see the campaign back at once.
      const refused = error instanceof CampaignError && error.code !== 'CONFLICT';
      if (refused || job.attempts >= job.maxAttempts) await this.restoreStatus(this.db, campaignId, previousStatus);
      throw error;
    }
  }

  /** Gives a campaign still 'planning' its previous status back. */
  private async restoreStatus(db: Queryable, campaignId: string, status: string): Promise<void> {
    await db.query(`UPDATE "CampaignMdl" SET "_version" = "_version" + 1, "status" = $2 WHERE "id" = $1 AND "status" = $3`, [campaignId, status, PLANNING_STATUS]);
  }

  /**
   * Plans (or re-plans) a campaign now: cancels what is still planned, keeps what was done, plans the rest.
   * Planning is CPU work (thousands of engine calls): it runs outside any transaction, in slices that
   * let the server answer meanwhile. The write, under the campaign's row lock, first checks that
   * neither the campaign nor its kept contacts changed since they were read, else plans again.
   */
  private async planNow(campaignId: string, job: { readonly restoreStatus: string; readonly heartbeat: () => Promise<void> } | null = null): Promise<Omit<CampaignPlanSummary, 'campaignId' | 'queued' | 'accounts'>> {
    for (let round = 1; ; round++) {
      const draft = await this.draft(campaignId, job?.heartbeat);
      const written = await this.db.transaction(async (tx) => {
        const mark = await planMark(tx, campaignId);
        if (mark === null) throw new CampaignError('NOT_FOUND', `No campaign with id ${campaignId}.`);
        if (mark !== draft.mark) return null;
        // updatedAt untouched: replacePlan sets it, and the mark was read already.
        if (job !== null) await this.restoreStatus(tx, campaignId, job.restoreStatus);
        return replacePlan(tx, this.queue, campaignId, draft.entries, draft.now);
      });
      if (written !== null) return written;
      if (round >= MAX_PLAN_ROUNDS) throw new CampaignError('CONFLICT', 'The campaign kept changing while it was being planned; plan it again.');
    }
  }

  /** Reads everything a plan depends on and works the plan out, without writing. */
  private async draft(campaignId: string, heartbeat?: () => Promise<void>): Promise<{ readonly mark: string; readonly now: Date; readonly entries: PlanEntry[] }> {
    const mark = await planMark(this.db, campaignId);
    const row = await loadCampaign(this.db, campaignId);
    if (row === null || mark === null) throw new CampaignError('NOT_FOUND', `No campaign with id ${campaignId}.`);
    const settings = settingsOf(row);
    const now = this.clock.now();
    if (candidateDays(settings, now).length === 0) throw new CampaignError('INVALID', `The campaign ended on ${settings.endDate}: no day is left to plan.`);
    const rules = await rulesOf(this.db);
    const today = formatLocalDate(zonedTime(now.getTime(), settings.schedule.timeZone).dayNumber);
    const accounts = await selectAccounts(this.db, settings.filter, today, MAX_PLAN_ACCOUNTS + 1);
    if (accounts.length > MAX_PLAN_ACCOUNTS) throw tooMany();
    const ids = accounts.map((a) => a.id);
    const debtors = groupBy(await loadDebtors(this.db, ids), (d) => d.accountId);
    const history = groupBy(await loadPlanningHistory(this.db, ids, new Date(now.getTime() - HISTORY_DAYS * DAY_MS), campaignId), (h) => h.accountId ?? '');
    const kept = await loadKeptContacts(this.db, campaignId);
    // One instant for the whole plan, whatever time the slices take.
    const clock: Clock = { now: () => now };
    const entries: PlanEntry[] = [];
    for (let i = 0; i < accounts.length; i += PLAN_SLICE) {
      // Accounts are planned independently (history and limits are per debt), so slices add up to the whole plan.
      const slice = accounts.slice(i, i + PLAN_SLICE);
      const of = <T>(groups: ReadonlyMap<string, T[]>): T[] => slice.flatMap((a) => groups.get(a.id) ?? []);
      entries.push(...planCampaign({ campaign: settings, accounts: slice, debtors: of(debtors), history: of(history), kept, rules }, { clock, locationData: serverLocationData }));
      await new Promise((resolve) => setImmediate(resolve));
      await heartbeat?.();
    }
    return { mark, now, entries };
  }

  /** The plan's days in date order, each with its entries counted by status. */
  async planDays(campaignId: string): Promise<CampaignPlanDay[]> {
    if ((await loadCampaign(this.db, campaignId)) === null) throw new CampaignError('NOT_FOUND', `No campaign with id ${campaignId}.`);
    return this.db.query<CampaignPlanDay>(
      `SELECT "planDate"::text AS "date",
              count(*) FILTER (WHERE "status" = 'planned')::int AS "planned",
              count(*) FILTER (WHERE "status" = 'refused')::int AS "refused",
              count(*) FILTER (WHERE "status" = 'sent')::int AS "sent",
              count(*) FILTER (WHERE "status" = 'task')::int AS "tasks",
              count(*) FILTER (WHERE "status" = 'done')::int AS "done",
              count(*) FILTER (WHERE "status" = 'failed')::int AS "failed",
              count(*) FILTER (WHERE "status" = 'cancelled')::int AS "cancelled"
         FROM "CampaignContactMdl" WHERE "campaignmdlID" = $1 AND "planDate" IS NOT NULL
        GROUP BY "planDate" ORDER BY "planDate"`,
      [campaignId],
    );
  }

  /**
   * Completes a call or letter task with what happened; for a call, `conversation` marks its attempt as
   * a conversation, which starts the cooldown. The attempt keeps the time the task was handed out.
   */
  async recordOutcome(contactId: string, outcome: string, conversation: boolean | null | undefined): Promise<void> {
    const text = outcome.trim();
    if (text === '' || text.length > MAX_OUTCOME_LENGTH) throw new CampaignError('INVALID', `outcome must be 1-${MAX_OUTCOME_LENGTH} characters.`);
    await this.db.transaction(async (tx) => {
      const rows = await tx.query<{ status: string | null; channel: string | null; jobId: string | null }>(`SELECT "status", "channel", "jobId" FROM "CampaignContactMdl" WHERE "id" = $1 FOR UPDATE`, [contactId]);
      const entry = rows[0];
      if (entry === undefined) throw new CampaignError('NOT_FOUND', `No campaign contact with id ${contactId}.`);
      if (entry.status !== 'task') throw new CampaignError('CONFLICT', `Only a call or letter task awaiting its outcome can be completed; this contact is ${String(entry.status)}.`);
      if (conversation === true && entry.channel !== 'call') throw new CampaignError('INVALID', 'conversation applies to calls only.');
      const now = this.clock.now();
      await tx.query(`UPDATE "CampaignContactMdl" SET "_version" = "_version" + 1, "status" = 'done', "outcome" = $2, "updatedAt" = $3 WHERE "id" = $1`, [contactId, text, now]);
      if (entry.jobId !== null) {
        await tx.query(`UPDATE contact_attempts SET outcome = $2, conversation = conversation OR $3 WHERE job_id = $1::uuid`, [entry.jobId, text, conversation === true]);
      }
    });
  }
}

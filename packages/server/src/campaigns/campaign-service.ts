// The campaign operations behind the GraphQL fields: plan a campaign (load, plan, write in one
// transaction), the plan's calendar by day, and staff recording the outcome of a call or letter task.
import type { Database, Queryable } from '../db/database.js';
import { JobQueue } from '../jobs/job-queue.js';
import type { Clock } from '../time/clock.js';
import type { ContactRuleSet } from './contact-rules/index.js';
import { ContactRulesError } from './contact-rules/index.js';
import { DAY_MS, formatLocalDate, zonedTime } from './contact-rules/local-time.js';
import { loadContactRuleSet } from './contact-rule-store.js';
import type { CampaignSettings } from './planner/campaign-settings.js';
import { CampaignSettingsError, readCampaignSettings } from './planner/campaign-settings.js';
import type { PlanEntry } from './planner/plan-campaign.js';
import { candidateDays, planCampaign } from './planner/plan-campaign.js';
import type { CampaignRecord } from './planner/plan-store.js';
import { loadCampaign, loadDebtors, loadKeptContacts, loadPlanningHistory, MAX_PLAN_ACCOUNTS, replacePlan, selectAccounts } from './planner/plan-store.js';

/** Why a campaign operation was refused. */
export type CampaignErrorCode = 'NOT_FOUND' | 'INVALID' | 'CONFLICT';

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
}

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
const PLAN_SLICE = 200;
/** Plans made again when the campaign changed while it was planned, before giving up. */
const MAX_PLAN_ROUNDS = 3;

function invalid(error: unknown): unknown {
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

/** Plans campaigns and reads and completes their contacts. */
export class CampaignService {
  private readonly db: Database;
  private readonly clock: Clock;
  private readonly queue: JobQueue;

  constructor(deps: { readonly db: Database; readonly clock: Clock }) {
    this.db = deps.db;
    this.clock = deps.clock;
    this.queue = new JobQueue(deps);
  }

  /**
   * Plans (or re-plans) a campaign: cancels what is still planned, keeps what was done, plans the rest.
   * Planning is CPU work (thousands of engine calls): it runs outside any transaction, in slices that
   * let the server answer meanwhile. The write, under the campaign's row lock, first checks that
   * neither the campaign nor its kept contacts changed since they were read, else plans again.
   */
  async plan(campaignId: string): Promise<CampaignPlanSummary> {
    for (let round = 1; ; round++) {
      const draft = await this.draft(campaignId);
      const written = await this.db.transaction(async (tx) => {
        const mark = await planMark(tx, campaignId);
        if (mark === null) throw new CampaignError('NOT_FOUND', `No campaign with id ${campaignId}.`);
        return mark === draft.mark ? replacePlan(tx, this.queue, campaignId, draft.entries, draft.now) : null;
      });
      if (written !== null) return { campaignId, ...written };
      if (round >= MAX_PLAN_ROUNDS) throw new CampaignError('CONFLICT', 'The campaign kept changing while it was being planned; plan it again.');
    }
  }

  /** Reads everything a plan depends on and works the plan out, without writing. */
  private async draft(campaignId: string): Promise<{ readonly mark: string; readonly now: Date; readonly entries: PlanEntry[] }> {
    const mark = await planMark(this.db, campaignId);
    const row = await loadCampaign(this.db, campaignId);
    if (row === null || mark === null) throw new CampaignError('NOT_FOUND', `No campaign with id ${campaignId}.`);
    const settings = settingsOf(row);
    const now = this.clock.now();
    if (candidateDays(settings, now).length === 0) throw new CampaignError('INVALID', `The campaign ended on ${settings.endDate}: no day is left to plan.`);
    const rules = await rulesOf(this.db);
    const today = formatLocalDate(zonedTime(now.getTime(), settings.schedule.timeZone).dayNumber);
    const accounts = await selectAccounts(this.db, settings.filter, today, MAX_PLAN_ACCOUNTS + 1);
    if (accounts.length > MAX_PLAN_ACCOUNTS) throw new CampaignError('INVALID', `The account filter selects more than ${MAX_PLAN_ACCOUNTS} accounts; narrow it or split the campaign.`);
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
      entries.push(...planCampaign({ campaign: settings, accounts: slice, debtors: of(debtors), history: of(history), kept, rules }, { clock }));
      await new Promise((resolve) => setImmediate(resolve));
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
      await tx.query(`UPDATE "CampaignContactMdl" SET "status" = 'done', "outcome" = $2, "updatedAt" = $3 WHERE "id" = $1`, [contactId, text, now]);
      if (entry.jobId !== null) {
        await tx.query(`UPDATE contact_attempts SET outcome = $2, conversation = conversation OR $3 WHERE job_id = $1::uuid`, [entry.jobId, text, conversation === true]);
      }
    });
  }
}

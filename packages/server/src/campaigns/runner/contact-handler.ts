// Carries out one planned campaign contact when its job comes due: re-reads the entry, campaign,
// account, debtor, history and rules, asks the engine again at the real instant, and only then acts.
// The attempt is recorded before anything is sent (unique per job), so a retried or taken-over job
// finds it and never sends twice: delivery is at most once.
import type { CampaignSettings, ContactChannel, ContactRefusal, PlanAccount, PlanRefusal, RenderedMessage } from '@steward/collections';
import { CampaignSettingsError, DAY_MS, decideDueContact, accountFor, attributeReasons, consumerOf, debtCallZones, debtorNameOf, isContactChannel, missingAddress, readCampaignSettings, refusalSubject, renderCampaignMessage } from '@steward/collections';
import type { Database, Queryable } from '../../db/database.js';
import type { MessageDelivery } from '../../delivery/message-delivery.js';
import { JobQueue, type ClaimedJob } from '../../jobs/job-queue.js';
import type { JobHandler, JobHandlers } from '../../jobs/job-runner.js';
import type { Clock } from '../../time/clock.js';
import { silentLogger, type Logger } from '../../user-pool/operations/logger.js';
import { CampaignService } from '../campaign-service.js';
import { contactHistory, recordContactAttempt } from '../contact-attempts.js';
import { serverLocationData } from '../contact-rules/location-data.js';
import { loadContactRuleSet } from '../contact-rule-store.js';
import type { DebtorRecord } from '../planner/plan-store.js';
import { CAMPAIGN_CONTACT_JOB, CAMPAIGN_PLAN_JOB, contactJobKey, loadCampaign, loadDebtor, loadDebtors } from '../planner/plan-store.js';
import type { CampaignMessageSettings } from '../messages/opt-out.js';
import { optOutUrl } from '../messages/opt-out.js';

/** What the handler needs. */
export interface ContactHandlerDeps {
  readonly db: Database;
  readonly clock: Clock;
  /** The server's delivery port: the dev outbox in development, SMTP and the SMS webhook in production. */
  readonly delivery: MessageDelivery;
  /** Where opt-out links point and the key they are signed with (`campaignMessageSettings(config)`). */
  readonly messages: CampaignMessageSettings;
  readonly log?: Logger;
}

interface EntryRow {
  id: string;
  campaignmdlID: string;
  accountmdlID: string | null;
  debtormdlID: string | null;
  channel: string | null;
  plannedAt: Date | string;
  status: string | null;
  jobId: string | null;
}

interface AccountRow extends PlanAccount {
  currentUpb: number | null;
}

const HISTORY_DAYS = 367;

/** The attempt's outcome while a message is being handed over; left behind only by a crash. */
const SENDING = 'sending';


async function setEntry(db: Queryable, id: string, fields: { status: string; reasons?: readonly PlanRefusal[] | null; attemptedAt?: Date | null; outcome?: string | null }, now: Date, onlyIfPlanned: boolean): Promise<void> {
  await db.query(
    `UPDATE "CampaignContactMdl" SET "_version" = "_version" + 1, "status" = $2, "reasons" = COALESCE($3, "reasons"), "attemptedAt" = COALESCE($4, "attemptedAt"), "outcome" = COALESCE($5, "outcome"), "updatedAt" = $6
      WHERE "id" = $1${onlyIfPlanned ? ` AND "status" = 'planned'` : ''}`,
    [id, fields.status, fields.reasons === undefined || fields.reasons === null ? null : JSON.stringify(fields.reasons), fields.attemptedAt ?? null, fields.outcome ?? null, now],
  );
}

/** The entry's status for an attempt found already recorded by this job (a retry, or a runner that took the job over). */
function statusOfAttempt(outcome: string): { status: string; outcome: string | null } {
  if (outcome === SENDING) return { status: 'failed', outcome: 'interrupted while sending; not sent again, so it may or may not have arrived' };
  if (outcome === 'task') return { status: 'task', outcome: null };
  if (outcome === 'sent') return { status: 'sent', outcome: 'sent' };
  return { status: 'failed', outcome };
}

/**
 * Marks a planned or running campaign done once none of its entries is planned any more: nothing is
 * left for the runner, and the end date needs no check since a later day would hold a planned entry.
 * The entry's own update has committed before this runs, so of two runners finishing the last two
 * entries at once the later one sees both finished. The row lock comes first so that a re-plan
 * committing meanwhile is seen: the NOT EXISTS then reads its new planned entries (a single UPDATE
 * would read them with the snapshot it started with, from before the re-plan). A paused campaign
 * stays paused: staff resume it by planning again.
 */
export async function closeIfFinished(db: Database, campaignId: string, now: Date): Promise<boolean> {
  // Unlocked first: whoever finishes an entry seen planned here checks again, so only the last ones lock.
  const open = await db.query<{ id: string }>(`SELECT "id" FROM "CampaignContactMdl" WHERE "campaignmdlID" = $1 AND "status" = 'planned' LIMIT 1`, [campaignId]);
  if (open.length > 0) return false;
  return db.transaction(async (tx) => {
    await tx.query(`SELECT 1 FROM "CampaignMdl" WHERE "id" = $1 FOR UPDATE`, [campaignId]);
    const closed = await tx.query<{ id: string }>(
      `UPDATE "CampaignMdl" c SET "_version" = c."_version" + 1, "status" = 'done', "updatedAt" = $2
        WHERE c."id" = $1 AND c."status" IN ('planned', 'running')
          AND NOT EXISTS (SELECT 1 FROM "CampaignContactMdl" k WHERE k."campaignmdlID" = c."id" AND k."status" = 'planned')
        RETURNING c."id"`,
      [campaignId, now],
    );
    return closed.length > 0;
  });
}

/** Carries out campaign contacts; see the file comment. */
export class CampaignContactRunner {
  private readonly db: Database;
  private readonly clock: Clock;
  private readonly delivery: MessageDelivery;
  private readonly messages: CampaignMessageSettings;
  private readonly log: Logger;
  private readonly queue: JobQueue;

  constructor(deps: ContactHandlerDeps) {
    this.db = deps.db;
    this.clock = deps.clock;
    this.delivery = deps.delivery;
    this.messages = deps.messages;
    this.log = deps.log ?? silentLogger;
    this.queue = new JobQueue(deps);
  }

  /** Runs the contact of one claimed campaign.contact job. */
  async run(job: ClaimedJob): Promise<void> {
    const contactId = (job.payload as { contactId?: unknown } | null)?.contactId;
    if (typeof contactId !== 'string') throw new Error(`job ${job.id} has no contactId`);
    const entries = await this.db.query<EntryRow>(
      `SELECT "id", "campaignmdlID", "accountmdlID", "debtormdlID", "channel", "plannedAt", "status", "jobId" FROM "CampaignContactMdl" WHERE "id" = $1`,
      [contactId],
    );
    const entry = entries[0];
    // Cancelled by a re-plan, moved to another job, or already carried out: nothing to do.
    if (entry === undefined || entry.status !== 'planned' || entry.jobId !== job.id) return;
    await this.carryOut(job, entry);
    // After every ending, not only a send: the campaign's last contact may as well be refused or cancelled.
    await closeIfFinished(this.db, entry.campaignmdlID, this.clock.now());
  }

  /** Decides about a due planned entry and acts, moves, refuses or cancels it. */
  private async carryOut(job: ClaimedJob, entry: EntryRow): Promise<void> {
    const now = this.clock.now();
    const earlier = await this.db.query<{ outcome: string }>(`SELECT outcome FROM contact_attempts WHERE job_id = $1`, [job.id]);
    if (earlier[0] !== undefined) {
      await setEntry(this.db, entry.id, { ...statusOfAttempt(earlier[0].outcome), attemptedAt: now }, now, false);
      return;
    }
    const campaign = await loadCampaign(this.db, entry.campaignmdlID);
    // A paused or finished campaign withdraws its due contacts; planning it again (resuming) plans anew.
    if (campaign === null || campaign.status === 'done' || campaign.status === 'paused') {
      await setEntry(this.db, entry.id, { status: 'cancelled', outcome: campaign === null ? 'campaign deleted' : `campaign ${String(campaign.status)}` }, now, true);
      return;
    }
    let settings: CampaignSettings;
    try {
      settings = readCampaignSettings(campaign);
    } catch (error) {
      if (!(error instanceof CampaignSettingsError)) throw error;
      await setEntry(this.db, entry.id, { status: 'refused', reasons: [{ code: 'INVALID_CAMPAIGN', message: error.message }] }, now, true);
      return;
    }
    const channel: ContactChannel = isContactChannel(entry.channel) ? entry.channel : settings.channel;
    const accounts = entry.accountmdlID === null ? [] : await this.db.query<AccountRow>(
      `SELECT "id", "clientNumber", "fileNumber", "accountStatus", "zipCode", COALESCE("disputed", false) AS "disputed", "currentUpb"::float8 AS "currentUpb" FROM "AccountMdl" WHERE "id" = $1`,
      [entry.accountmdlID],
    );
    const account = accounts[0];
    const debtor = entry.debtormdlID === null ? null : await loadDebtor(this.db, entry.debtormdlID);
    if (account === undefined || debtor === null) {
      await setEntry(this.db, entry.id, { status: 'refused', reasons: [{ code: 'NO_DEBTOR', message: 'The account or debtor no longer exists.' }] }, now, true);
      return;
    }
    // Every reason says whom it is about as staff know them: the file number and the debtor's name.
    const subject = refusalSubject(account.fileNumber ?? debtor.fileNumber, debtorNameOf(debtor));
    // The debtor's record may have lost the address since the plan was made.
    const missing = missingAddress(channel, debtor);
    if (missing !== null) {
      await setEntry(this.db, entry.id, { status: 'refused', reasons: attributeReasons([missing], subject) }, now, true);
      return;
    }
    // A letter is a task for staff, who print the address from the debtor's record: it needs no destination here.
    const destination = (channel === 'email' ? debtor.email : channel === 'sms' || channel === 'call' ? debtor.phone : null) ?? '';
    const history = await contactHistory(this.db, account.id, new Date(now.getTime() - HISTORY_DAYS * DAY_MS));
    const rules = await loadContactRuleSet(this.db);
    // Calls about the debt are counted on the calendar of each of its debtors, as the planner counts them.
    const callLimitZones = channel === 'call' ? debtCallZones(account, await loadDebtors(this.db, [account.id]), serverLocationData) : [];
    const check = { channel, account: accountFor(account, debtor), consumer: consumerOf(debtor), history, campaign: settings.schedule, rules, at: now, callLimitZones };
    // The days of the debtor's other contacts in this campaign: a move must not land on one of them.
    const taken = await this.db.query<{ planDate: string }>(
      `SELECT DISTINCT "planDate"::text AS "planDate" FROM "CampaignContactMdl"
        WHERE "campaignmdlID" = $1 AND "debtormdlID" = $2 AND "id" <> $3 AND "status" IN ('planned', 'sent', 'task', 'done', 'failed') AND "planDate" IS NOT NULL`,
      [entry.campaignmdlID, debtor.id, entry.id],
    );
    const decision = decideDueContact(check, settings, { clock: this.clock, locationData: serverLocationData }, new Set(taken.map((t) => t.planDate)));
    if (decision.kind === 'refuse') {
      // Refused at the due instant: the entry keeps that instant, which the reasons' local times describe.
      await setEntry(this.db, entry.id, { status: 'refused', reasons: attributeReasons(decision.reasons, subject) }, now, true);
      return;
    }
    if (decision.kind === 'move') {
      await this.move(entry, decision.at, decision.planDate, attributeReasons(decision.reasons, subject), now);
      return;
    }
    await this.act(job, entry, channel, destination.trim(), settings, account, debtor, now);
  }

  /** Moves a contact refused now to the next instant the rules allow (a new job keyed by entry and slot); it stays planned. */
  private async move(entry: EntryRow, next: Date, nextDate: string, reasons: readonly ContactRefusal[], now: Date): Promise<void> {
    await this.db.transaction(async (tx) => {
      const { job } = await this.queue.enqueue({ kind: CAMPAIGN_CONTACT_JOB, payload: { contactId: entry.id }, runAt: next, dedupeKey: contactJobKey(entry.id, next) }, tx);
      await tx.query(
        `UPDATE "CampaignContactMdl" SET "_version" = "_version" + 1, "plannedAt" = $2, "planDate" = $3::date, "jobId" = $4, "reasons" = $5, "updatedAt" = $6 WHERE "id" = $1 AND "status" = 'planned'`,
        [entry.id, next, nextDate, job.id, JSON.stringify(reasons), now],
      );
    });
    this.log.info('campaigns: contact moved to the next allowed instant', { contactId: entry.id, plannedAt: next.toISOString() });
  }

  /** The message a debtor receives on `channel`: the campaign's templates filled in, with the disclosure and the way to opt out. */
  private async render(channel: 'email' | 'sms', settings: CampaignSettings, account: AccountRow, debtor: DebtorRecord): Promise<RenderedMessage> {
    const clients = account.clientNumber === null || account.clientNumber === undefined ? [] : await this.db.query<{ clientName: string | null }>(`SELECT "clientName" FROM "ClientMdl" WHERE "clientNumber" = $1 ORDER BY "id" LIMIT 1`, [account.clientNumber]);
    const values = { firstName: debtor.firstName, lastName: debtor.lastName, fileNumber: account.fileNumber ?? debtor.fileNumber, balance: account.currentUpb, clientName: clients[0]?.clientName ?? null };
    if (channel === 'sms') return renderCampaignMessage({ channel, bodyTemplate: settings.messageTemplate, values });
    return renderCampaignMessage({ channel, subjectTemplate: settings.messageSubject ?? null, bodyTemplate: settings.messageTemplate, values, optOutUrl: optOutUrl(this.messages, debtor.id, 'email') });
  }

  private async act(job: ClaimedJob, entry: EntryRow, channel: ContactChannel, destination: string, settings: CampaignSettings, account: AccountRow, debtor: DebtorRecord, now: Date): Promise<void> {
    const isMessage = channel === 'email' || channel === 'sms';
    // Recorded first: from here on this job counts as having contacted, whatever happens next.
    const recorded = await recordContactAttempt(this.db, { jobId: job.id, accountId: account.id, channel, plannedAt: new Date(entry.plannedAt), attemptedAt: now, outcome: isMessage ? SENDING : 'task' }, now);
    if (!recorded) {
      const [attempt] = await this.db.query<{ outcome: string }>(`SELECT outcome FROM contact_attempts WHERE job_id = $1`, [job.id]);
      await setEntry(this.db, entry.id, { ...statusOfAttempt(attempt?.outcome ?? SENDING), attemptedAt: now }, now, false);
      return;
    }
    // The work queue orders by the last contact of any channel; an earlier instant never overwrites a later one.
    await this.db.query(`UPDATE "AccountMdl" SET "lastContactAt" = $2 WHERE "id" = $1 AND ("lastContactAt" IS NULL OR "lastContactAt" < $2)`, [account.id, now]);
    await this.db.query(`UPDATE "CampaignMdl" SET "_version" = "_version" + 1, "status" = 'running', "updatedAt" = $2 WHERE "id" = $1 AND "status" = 'planned'`, [entry.campaignmdlID, now]);
    if (channel !== 'email' && channel !== 'sms') {
      // A call or letter is a task for staff; the attempt counts from now (recordCampaignContactOutcome completes it).
      await setEntry(this.db, entry.id, { status: 'task', attemptedAt: now }, now, false);
      return;
    }
    try {
      // Rendered inside the try: a template changed into an unknown placeholder since planning fails this contact, not the job.
      const message = await this.render(channel, settings, account, debtor);
      await this.delivery.send({ channel, destination, body: message.body, ...(message.subject === undefined ? {} : { subject: message.subject }) });
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      await this.db.query(`UPDATE contact_attempts SET outcome = 'failed' WHERE job_id = $1`, [job.id]);
      await setEntry(this.db, entry.id, { status: 'failed', attemptedAt: now, outcome: `delivery failed: ${reason}`.slice(0, 500) }, now, false);
      this.log.warn('campaigns: delivery failed', { contactId: entry.id, error: reason });
      return;
    }
    await this.db.query(`UPDATE contact_attempts SET outcome = 'sent' WHERE job_id = $1`, [job.id]);
    await setEntry(this.db, entry.id, { status: 'sent', attemptedAt: now, outcome: 'sent' }, now, false);
  }
}

/** The job handlers of campaigns (contacts and background plans), for startServer / a JobRunner. */
export function campaignJobHandlers(deps: ContactHandlerDeps): JobHandlers {
  const runner = new CampaignContactRunner(deps);
  const planner = new CampaignService(deps);
  const handler: JobHandler = (job) => runner.run(job);
  const plan: JobHandler = (job, context) => planner.runPlanJob(job, context);
  return { [CAMPAIGN_CONTACT_JOB]: handler, [CAMPAIGN_PLAN_JOB]: plan };
}

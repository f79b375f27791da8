// The I/O of planning: loads what the pure planner needs (the accounts a filter selects, set-based in
// SQL; their debtors; the contact history) and writes a plan in place of the previous one, each
// planned contact with its queue job. Every statement takes a Queryable so one transaction holds all.
import { randomUUID } from 'node:crypto';
import type { AccountFilter, CampaignRow, ContactChannel, ContactHistoryEntry, DoNotContact, KeptContact, PlanAccount, PlanDebtor, PlanEntry } from '@steward/collections';
import { CONTACT_CHANNELS } from '@steward/collections';
import type { Queryable } from '../../db/database.js';
import type { JobQueue } from '../../jobs/job-queue.js';

/** The job kind of a planned contact. */
export const CAMPAIGN_CONTACT_JOB = 'campaign.contact';

/** The job kind of a campaign planned in the background. */
export const CAMPAIGN_PLAN_JOB = 'campaign.plan';

/** A plan covers at most this many accounts; a wider filter is refused rather than half planned. docs/server.md "Campaigns" has the measurements. */
export const MAX_PLAN_ACCOUNTS = 100_000;

/** Plans of at most this many accounts are made in the planCampaign request; wider ones in a campaign.plan job. */
export const INLINE_PLAN_ACCOUNTS = 5000;

/** The payload of a campaign.plan job: the status to give the campaign back should planning fail for good. */
export interface CampaignPlanJobPayload {
  readonly campaignId: string;
  readonly previousStatus: string | null;
}

/** The payload of a campaign.contact job. */
export interface CampaignContactJobPayload {
  readonly contactId: string;
}

/** A campaign row with its status. */
export interface CampaignRecord extends CampaignRow {
  readonly status: string | null;
  readonly campaignName: string | null;
}

/** The dedupe key of the job carrying out an entry at a slot: re-enqueueing the same entry and slot finds the first job. */
export function contactJobKey(contactId: string, plannedAt: Date): string {
  return `${contactId}@${plannedAt.toISOString()}`;
}

/** One campaign by id, or null; `lock` takes its row lock so two plans of one campaign queue up. */
export async function loadCampaign(db: Queryable, id: string, lock = false): Promise<CampaignRecord | null> {
  const rows = await db.query<CampaignRecord>(
    `SELECT "id", "campaignName", "channel", "status", "accountFilter", "startDate"::text AS "startDate", "endDate"::text AS "endDate", "timeZone", "dailyWindows",
            "messageTemplate", "messageSubject", "maxAttemptsPerAccount"
       FROM "CampaignMdl" WHERE "id" = $1${lock ? ' FOR UPDATE' : ''}`,
    [id],
  );
  return rows[0] ?? null;
}

/** A selected account with its balance (for message templates). */
export interface SelectedAccount extends PlanAccount {
  readonly currentUpb: number | null;
}

/**
 * The accounts the filter selects, in id order, at most `limit`. Days past due are `today` (the
 * campaign-zone date) minus delinquencyDate; an account without one has no days past due and is
 * left out when the filter asks for them.
 */
export async function selectAccounts(db: Queryable, filter: AccountFilter, today: string, limit: number): Promise<SelectedAccount[]> {
  const { where, params } = accountWhere(filter, today);
  return db.query<SelectedAccount>(
    `SELECT "id", "clientNumber", "fileNumber", "accountStatus", "zipCode", COALESCE("disputed", false) AS "disputed", "currentUpb"::float8 AS "currentUpb"
       FROM "AccountMdl"${where} ORDER BY "id" LIMIT $${params.length + 1}`,
    [...params, limit],
  );
}

/** How many accounts the filter selects, counting no further than `limit` (so a huge selection costs no more than the limit). */
export async function countAccounts(db: Queryable, filter: AccountFilter, today: string, limit: number): Promise<number> {
  const { where, params } = accountWhere(filter, today);
  const rows = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM (SELECT 1 FROM "AccountMdl"${where} LIMIT $${params.length + 1}) s`, [...params, limit]);
  return Number(rows[0]?.n ?? 0);
}

/** The WHERE clause (with its leading space, or empty) and parameters of an account filter. */
function accountWhere(filter: AccountFilter, today: string): { readonly where: string; readonly params: unknown[] } {
  const params: unknown[] = [];
  const add = (value: unknown): string => {
    params.push(value);
    return `$${params.length}`;
  };
  const where: string[] = [];
  if (filter.clientNumber !== undefined) where.push(`"clientNumber" = ${add(filter.clientNumber)}`);
  if (filter.statuses !== undefined) where.push(`lower("accountStatus") = ANY(${add(filter.statuses.map((s) => s.toLowerCase()))}::text[])`);
  if (filter.balanceMin !== undefined) where.push(`"currentUpb" >= ${add(filter.balanceMin)}::numeric`);
  if (filter.balanceMax !== undefined) where.push(`"currentUpb" <= ${add(filter.balanceMax)}::numeric`);
  if (filter.daysPastDueMin !== undefined || filter.daysPastDueMax !== undefined) {
    const pastDue = `(${add(today)}::date - "delinquencyDate")`;
    if (filter.daysPastDueMin !== undefined) where.push(`${pastDue} >= ${add(filter.daysPastDueMin)}::int`);
    if (filter.daysPastDueMax !== undefined) where.push(`${pastDue} <= ${add(filter.daysPastDueMax)}::int`);
  }
  return { where: where.length === 0 ? '' : ` WHERE ${where.join(' AND ')}`, params };
}

/**
 * A debtor's doNotContact JSON as the engine's type. Text that cannot be read counts as "do not
 * contact at all": a request we cannot read is not one we may ignore.
 */
export function readDoNotContact(text: string | null): DoNotContact | undefined {
  if (text === null || text.trim() === '') return undefined;
  try {
    const value = JSON.parse(text) as { all?: unknown; channels?: unknown } | null;
    if (typeof value !== 'object' || value === null) return { all: true };
    const channels = Array.isArray(value.channels) ? value.channels.filter((c): c is ContactChannel => CONTACT_CHANNELS.some((known) => known === c)) : [];
    if (Array.isArray(value.channels) && channels.length !== value.channels.length) return { all: true };
    return { all: value.all === true, channels };
  } catch {
    return { all: true };
  }
}

/** A debtor as stored, with what the runner also needs. */
export interface DebtorRecord extends PlanDebtor {
  readonly firstName: string | null;
  readonly lastName: string | null;
  readonly fileNumber: string | null;
}

interface DebtorRow {
  id: string;
  accountId: string;
  debtorSeq: number | null;
  firstName: string | null;
  lastName: string | null;
  fileNumber: string | null;
  phone: string | null;
  email: string | null;
  streetAddress: string | null;
  city: string | null;
  zipCode: string | null;
  state: string | null;
  timeZone: string | null;
  doNotContact: string | null;
}

const DEBTOR_COLUMNS = `"id", "accountmdlID" AS "accountId", "debtorSeq", "firstName", "lastName", "fileNumber", "phone", "email", "streetAddress", "city", "zipCode", "state", "timeZone", "doNotContact"`;

function toDebtor(row: DebtorRow): DebtorRecord {
  const doNotContact = readDoNotContact(row.doNotContact);
  return { ...row, ...(doNotContact === undefined ? { doNotContact: undefined } : { doNotContact }) };
}

/** The debtors of the given accounts. */
export async function loadDebtors(db: Queryable, accountIds: readonly string[]): Promise<DebtorRecord[]> {
  if (accountIds.length === 0) return [];
  const rows = await db.query<DebtorRow>(`SELECT ${DEBTOR_COLUMNS} FROM "DebtorMdl" WHERE "accountmdlID" = ANY($1::text[]) ORDER BY "id"`, [[...accountIds]]);
  return rows.map(toDebtor);
}

/** One debtor by id, or null. */
export async function loadDebtor(db: Queryable, id: string): Promise<DebtorRecord | null> {
  const rows = await db.query<DebtorRow>(`SELECT ${DEBTOR_COLUMNS} FROM "DebtorMdl" WHERE "id" = $1`, [id]);
  const row = rows[0];
  return row === undefined ? null : toDebtor(row);
}

/**
 * The history the planner counts for these accounts since `since`: the attempts made (contact_attempts)
 * and the contacts other campaigns have planned, which will count once made.
 */
export async function loadPlanningHistory(db: Queryable, accountIds: readonly string[], since: Date, campaignId: string): Promise<ContactHistoryEntry[]> {
  if (accountIds.length === 0) return [];
  const rows = await db.query<{ account_id: string; at: Date | string; channel: ContactChannel; conversation: boolean }>(
    `SELECT account_id, attempted_at AS at, channel, conversation FROM contact_attempts WHERE account_id = ANY($1::text[]) AND attempted_at >= $2
     UNION ALL
     SELECT "accountmdlID", "plannedAt", "channel", false FROM "CampaignContactMdl"
      WHERE "accountmdlID" = ANY($1::text[]) AND "status" = 'planned' AND "campaignmdlID" <> $3 AND "plannedAt" >= $2`,
    [[...accountIds], since, campaignId],
  );
  return rows
    .filter((r) => CONTACT_CHANNELS.includes(r.channel))
    .map((r) => ({ at: new Date(r.at), channel: r.channel, direction: 'outbound', conversation: r.conversation, accountId: r.account_id }));
}

/** The contacts of this campaign a new plan keeps: made already (sent, task, done, failed). */
export async function loadKeptContacts(db: Queryable, campaignId: string): Promise<KeptContact[]> {
  return db.query<KeptContact>(
    `SELECT "debtormdlID" AS "debtorId", "planDate"::text AS "planDate" FROM "CampaignContactMdl"
      WHERE "campaignmdlID" = $1 AND "status" IN ('sent', 'task', 'done', 'failed') AND "debtormdlID" IS NOT NULL AND "planDate" IS NOT NULL`,
    [campaignId],
  );
}

/** What writing a plan did. */
export interface PlanWriteResult {
  readonly planned: number;
  readonly refused: number;
  /** Entries of the previous plan that were still planned and are now cancelled (their jobs too). */
  readonly cancelled: number;
}

const INSERT_CHUNK = 500;

/**
 * Replaces the campaign's plan: cancels the entries still planned (and their pending jobs), drops the
 * previous refusals (a verdict, not an event: the new plan gives its own), inserts the new entries and
 * a job per planned one (run at its instant, keyed by entry and slot), and updates the campaign's counts.
 * A running or done campaign the new plan adds nothing to is done: no runner would ever close it.
 */
export async function replacePlan(tx: Queryable, queue: JobQueue, campaignId: string, entries: readonly PlanEntry[], now: Date): Promise<PlanWriteResult> {
  const superseded = await tx.query<{ jobId: string | null }>(
    `UPDATE "CampaignContactMdl" SET "_version" = "_version" + 1, "status" = 'cancelled', "updatedAt" = $2 WHERE "campaignmdlID" = $1 AND "status" = 'planned' RETURNING "jobId"`,
    [campaignId, now],
  );
  await queue.cancel(superseded.flatMap((r) => (r.jobId === null ? [] : [r.jobId])), tx);
  await tx.query(`DELETE FROM "CampaignContactMdl" WHERE "campaignmdlID" = $1 AND "status" = 'refused'`, [campaignId]);

  const rows = entries.map((entry) => ({ id: randomUUID(), entry }));
  const jobIds = new Map<string, string>();
  const planned = rows.filter((r) => r.entry.status === 'planned');
  const enqueued = await queue.enqueueMany(
    planned.map((r) => ({ kind: CAMPAIGN_CONTACT_JOB, payload: { contactId: r.id } satisfies CampaignContactJobPayload, runAt: r.entry.plannedAt, dedupeKey: contactJobKey(r.id, r.entry.plannedAt) })),
    tx,
  );
  planned.forEach((r, i) => {
    const job = enqueued[i];
    if (job !== undefined) jobIds.set(r.id, job.job.id);
  });
  for (let start = 0; start < rows.length; start += INSERT_CHUNK) {
    const chunk = rows.slice(start, start + INSERT_CHUNK);
    await tx.query(
      `INSERT INTO "CampaignContactMdl" ("id", "campaignmdlID", "accountmdlID", "debtormdlID", "clientNumber", "fileNumber", "channel", "plannedAt", "planDate", "status", "reasons", "jobId", "debtorName", "createdAt", "updatedAt")
       SELECT u.id, $1, u.account, u.debtor, u.client, u.file, u.channel, u.planned_at, u.plan_date::date, u.status, u.reasons, u.job, u.debtor_name, $2, $2
         FROM unnest($3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[], $9::timestamptz[], $10::text[], $11::text[], $12::text[], $13::text[], $14::text[])
           AS u(id, account, debtor, client, file, channel, planned_at, plan_date, status, reasons, job, debtor_name)`,
      [
        campaignId,
        now,
        chunk.map((r) => r.id),
        chunk.map((r) => r.entry.accountId),
        chunk.map((r) => r.entry.debtorId),
        chunk.map((r) => r.entry.clientNumber),
        chunk.map((r) => r.entry.fileNumber),
        chunk.map((r) => r.entry.channel),
        chunk.map((r) => r.entry.plannedAt),
        chunk.map((r) => r.entry.planDate),
        chunk.map((r) => r.entry.status),
        chunk.map((r) => (r.entry.reasons.length === 0 ? null : JSON.stringify(r.entry.reasons))),
        chunk.map((r) => jobIds.get(r.id) ?? null),
        chunk.map((r) => r.entry.debtorName),
      ],
    );
  }
  const refused = rows.length - planned.length;
  await tx.query(
    `UPDATE "CampaignMdl" SET "_version" = "_version" + 1, "plannedCount" = $2, "refusedCount" = $3, "lastPlannedAt" = $4, "updatedAt" = $4,
            "status" = CASE WHEN $2::int = 0 AND "status" IN ('running', 'done') THEN 'done' WHEN "status" IN ('running', 'paused') THEN "status" ELSE 'planned' END
      WHERE "id" = $1`,
    [campaignId, planned.length, refused, now],
  );
  return { planned: planned.length, refused, cancelled: superseded.length };
}

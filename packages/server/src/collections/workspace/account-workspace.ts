// The account workspace read in one go: the account with cents balances, each debtor with the location
// the rules resolve, the call history and the server's verdict on calling now, the activity timeline,
// the ledger with a running balance, promises, open follow-ups and the rule set the engine applies.
import type { ContactRuleSet } from '@steward/collections';
import { agingBucketOf, daysPastDue, localDateOf } from '@steward/collections';
import type { Queryable } from '../../db/database.js';
import type { DebtorRecord } from '../../campaigns/planner/plan-store.js';
import type { Clock } from '../../time/clock.js';
import type { CallInputs, CallVerdict } from '../calls/call-rules.js';
import { judgeCall, loadCallInputs } from '../calls/call-rules.js';
import type { DeskAccountRow } from '../desk-accounts.js';
import { loadDeskAccount } from '../desk-accounts.js';
import type { FollowUpRow } from '../follow-ups/follow-ups.js';
import { FOLLOW_UP_COLUMNS } from '../follow-ups/follow-ups.js';
import type { ActivityRow, DeskDeps } from './account-actions.js';

/** Most entries the timeline returns (newest first). */
export const TIMELINE_LIMIT = 200;

/** WorkspaceAccount. */
export interface WorkspaceAccount {
  readonly id: string;
  readonly clientNumber: string | null;
  readonly clientName: string | null;
  readonly fileNumber: string | null;
  readonly accountStatus: string | null;
  readonly originalCents: number;
  readonly paidCents: number;
  readonly balanceCents: number;
  readonly delinquencyDate: string | null;
  readonly daysPastDue: number;
  readonly agingBucket: string;
  readonly disputed: boolean;
  readonly assignedTo: string | null;
  readonly assignedToName: string | null;
  readonly lastContactAt: Date | string | null;
  readonly _version: number;
}

/** WorkspaceDebtor (JSON fields as text, as AWSJSON is sent). */
export interface WorkspaceDebtor {
  readonly id: string;
  readonly seq: number | null;
  readonly firstName: string | null;
  readonly lastName: string | null;
  readonly phone: string | null;
  readonly email: string | null;
  readonly streetAddress: string | null;
  readonly city: string | null;
  readonly state: string | null;
  readonly zipCode: string | null;
  readonly timeZone: string | null;
  readonly doNotContact: string | null;
  readonly location: string;
  readonly callHistory: string;
  readonly callableNow: boolean;
  readonly nextCallableAt: Date | null;
  readonly refusals: string;
}

/** LedgerEntry. */
export interface LedgerEntry {
  readonly id: string;
  readonly date: string | null;
  readonly postedAt: Date | string | null;
  readonly type: string | null;
  readonly amountCents: number;
  readonly runningBalanceCents: number;
  readonly method: string | null;
  readonly reference: string | null;
  readonly reversalOf: string | null;
  readonly reversedBy: string | null;
  readonly reversalReason: string | null;
  readonly postedBy: string | null;
  readonly description: string | null;
}

/** The whole workspace. */
export interface AccountWorkspace {
  readonly account: WorkspaceAccount;
  readonly debtors: readonly WorkspaceDebtor[];
  readonly activity: readonly ActivityRow[];
  readonly ledger: readonly LedgerEntry[];
  readonly promises: readonly Record<string, unknown>[];
  readonly followUps: readonly FollowUpRow[];
  readonly contactRules: string;
}

/** The server's date, the day days-past-due counts to when no debtor's zone applies. */
export function serverToday(clock: Clock): string {
  return localDateOf(clock.now(), 'UTC');
}

/** The account as the workspace shows it; `today` is the date days past due count to. */
export async function toWorkspaceAccount(db: Queryable, row: DeskAccountRow, today: string): Promise<WorkspaceAccount> {
  const dpd = daysPastDue(row.delinquencyDate, today);
  const names = row.assignedTo === null ? [] : await db.query<{ name: string | null }>(`SELECT NULLIF(trim(concat_ws(' ', "firstName", "lastName")), '') AS "name" FROM "UserMdl" WHERE "userId" = $1 LIMIT 1`, [row.assignedTo]);
  return {
    id: row.id,
    clientNumber: row.clientNumber,
    clientName: row.clientName,
    fileNumber: row.fileNumber,
    accountStatus: row.accountStatus,
    originalCents: row.originalCents,
    paidCents: row.paidCents,
    balanceCents: row.balanceCents,
    delinquencyDate: row.delinquencyDate,
    daysPastDue: dpd,
    agingBucket: agingBucketOf(dpd),
    disputed: row.disputed,
    assignedTo: row.assignedTo,
    assignedToName: names[0]?.name ?? null,
    lastContactAt: row.lastContactAt,
    _version: row._version,
  };
}

/** One debtor with the rules' view of calling them now. */
export function toWorkspaceDebtor(debtor: DebtorRecord, verdict: CallVerdict, inputs: CallInputs, rawDoNotContact: string | null): WorkspaceDebtor {
  return {
    id: debtor.id,
    seq: debtor.debtorSeq ?? null,
    firstName: debtor.firstName,
    lastName: debtor.lastName,
    phone: debtor.phone ?? null,
    email: debtor.email ?? null,
    streetAddress: debtor.streetAddress ?? null,
    city: debtor.city ?? null,
    state: debtor.state ?? null,
    zipCode: debtor.zipCode ?? null,
    timeZone: debtor.timeZone ?? null,
    doNotContact: rawDoNotContact,
    location: JSON.stringify(verdict.location),
    callHistory: JSON.stringify(inputs.history.map((h) => ({ at: h.at.toISOString(), channel: h.channel, direction: h.direction ?? 'outbound', conversation: h.conversation === true, accountId: h.accountId }))),
    callableNow: verdict.allowed,
    nextCallableAt: verdict.nextAllowedAt,
    refusals: JSON.stringify(verdict.reasons),
  };
}

/** The account's debtors (primary first) with the server's call verdicts at the clock's now. */
export async function workspaceDebtors(db: Queryable, account: DeskAccountRow, clock: Clock, rules?: ContactRuleSet): Promise<WorkspaceDebtor[]> {
  const now = clock.now();
  const inputs = await loadCallInputs(db, account.id, now, rules);
  const raw = await db.query<{ id: string; doNotContact: string | null }>(`SELECT "id", "doNotContact" FROM "DebtorMdl" WHERE "accountmdlID" = $1`, [account.id]);
  const rawById = new Map(raw.map((r) => [r.id, r.doNotContact]));
  const ordered = [...inputs.debtors].sort((a, b) => (a.debtorSeq ?? Number.MAX_SAFE_INTEGER) - (b.debtorSeq ?? Number.MAX_SAFE_INTEGER) || (a.id < b.id ? -1 : 1));
  return ordered.map((d) => toWorkspaceDebtor(d, judgeCall(account, d, inputs, now, clock), inputs, rawById.get(d.id) ?? null));
}

interface TimelineRow extends ActivityRow {
  sortAt: number;
}

/**
 * The timeline, newest first, at most TIMELINE_LIMIT entries: the account's AccountActivityMdl rows,
 * its campaign contacts that were attempted (kind campaign_message) and its placement (kind import, at
 * the account's createdAt).
 */
export async function accountTimeline(db: Queryable, account: DeskAccountRow): Promise<ActivityRow[]> {
  const own = await db.query<ActivityRow>(
    `SELECT "id", "kind", "at", "actor", "actorName", "summary", "details" FROM "AccountActivityMdl" WHERE "accountmdlID" = $1 ORDER BY "at" DESC, "id" DESC LIMIT ${TIMELINE_LIMIT}`,
    [account.id],
  );
  const campaign = await db.query<{ id: string; attemptedAt: Date | string; channel: string | null; status: string | null; outcome: string | null; campaignmdlID: string; campaignName: string | null; debtormdlID: string | null }>(
    `SELECT k."id", k."attemptedAt", k."channel", k."status", k."outcome", k."campaignmdlID", c."campaignName", k."debtormdlID"
       FROM "CampaignContactMdl" k LEFT JOIN "CampaignMdl" c ON c."id" = k."campaignmdlID"
      WHERE k."accountmdlID" = $1 AND k."attemptedAt" IS NOT NULL ORDER BY k."attemptedAt" DESC, k."id" DESC LIMIT ${TIMELINE_LIMIT}`,
    [account.id],
  );
  const rows: TimelineRow[] = [
    ...own.map((r) => ({ ...r, sortAt: new Date(r.at).getTime() })),
    ...campaign.map((c) => ({
      id: `campaign-contact:${c.id}`,
      kind: 'campaign_message',
      at: c.attemptedAt,
      actor: 'system',
      actorName: null,
      summary: `Campaign ${c.campaignName ?? c.campaignmdlID}: ${c.channel ?? 'contact'} ${c.status ?? ''}${c.outcome !== null && c.outcome !== c.status ? ` (${c.outcome})` : ''}`.trim(),
      details: JSON.stringify({ campaignContactId: c.id, campaignId: c.campaignmdlID, channel: c.channel, status: c.status, outcome: c.outcome, debtorId: c.debtormdlID }),
      sortAt: new Date(c.attemptedAt).getTime(),
    })),
    {
      id: `import:${account.id}`,
      kind: 'import',
      at: account.createdAt,
      actor: 'system',
      actorName: null,
      summary: `Account ${account.fileNumber ?? account.id} placed${account.clientNumber === null ? '' : ` by client ${account.clientNumber}`}`,
      details: JSON.stringify({ fileNumber: account.fileNumber, clientNumber: account.clientNumber }),
      sortAt: new Date(account.createdAt).getTime(),
    },
  ];
  rows.sort((a, b) => b.sortAt - a.sortAt || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0));
  return rows.slice(0, TIMELINE_LIMIT).map(({ sortAt: _sortAt, ...row }) => row);
}

interface TransactionRow {
  id: string;
  date: string | null;
  postedAt: Date | string | null;
  type: string | null;
  amountCents: number;
  method: string | null;
  reference: string | null;
  reversalOf: string | null;
  reversedBy: string | null;
  reversalReason: string | null;
  postedBy: string | null;
  description: string | null;
}

/**
 * The ledger oldest first with a running balance: it starts from the original balance and each entry
 * takes its amount off (payments are positive, reversals negative, so a reversal puts it back).
 */
export function runningLedger(originalCents: number, transactions: readonly TransactionRow[]): LedgerEntry[] {
  let balance = originalCents;
  return transactions.map((t) => {
    balance -= t.amountCents;
    return { ...t, runningBalanceCents: balance };
  });
}

/** The account's transactions, oldest first, with the running balance. */
export async function accountLedger(db: Queryable, account: DeskAccountRow): Promise<LedgerEntry[]> {
  const rows = await db.query<TransactionRow>(
    `SELECT "id", COALESCE("paymentDate", "postedDate")::text AS "date", "createdAt" AS "postedAt", "transactionType" AS "type",
            COALESCE("amountCents"::float8, round("paymentAmount" * 100)::float8, 0) AS "amountCents", "method", "transactionRef" AS "reference",
            "reversalOf", "reversedBy", "reversalReason", "postedBy", "description"
       FROM "TransactionMdl" WHERE "accountmdlID" = $1
      ORDER BY COALESCE("paymentDate", "postedDate") NULLS FIRST, "createdAt", "id"`,
    [account.id],
  );
  return runningLedger(account.originalCents, rows);
}

interface PromiseRow {
  id: string;
  accountId: string;
  debtorId: string | null;
  kind: string;
  totalCents: number | null;
  graceDays: number | null;
  timeZone: string | null;
  status: string | null;
  nextDueDate: string | null;
  installments: string | null;
  takenBy: string | null;
  takenByName: string | null;
  takenAt: Date | string | null;
  brokenAt: Date | string | null;
  cancelledAt: Date | string | null;
  cancelReason: string | null;
  createdAt: Date | string;
}

function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

/** The account's promises (newest first) in the CollectionsPromise shape. */
export async function accountPromises(db: Queryable, accountId: string): Promise<Record<string, unknown>[]> {
  const rows = await db.query<PromiseRow>(
    `SELECT p."id", p."accountmdlID" AS "accountId", p."debtormdlID" AS "debtorId", p."kind", p."totalCents", p."graceDays", p."timeZone", p."status", p."nextDueDate"::text AS "nextDueDate",
            p."installments", p."takenBy", nullif(trim(concat_ws(' ', u."firstName", u."lastName")), '') AS "takenByName", p."takenAt", p."brokenAt", p."cancelledAt", p."cancelReason", p."createdAt"
       FROM "PromiseMdl" p LEFT JOIN LATERAL (SELECT "firstName", "lastName" FROM "UserMdl" WHERE "userId" = p."takenBy" LIMIT 1) u ON true
      WHERE p."accountmdlID" = $1 ORDER BY COALESCE(p."takenAt", p."createdAt") DESC, p."id" DESC`,
    [accountId],
  );
  return rows.map((p) => {
    const grace = p.graceDays ?? 0;
    let installments: Record<string, unknown>[] = [];
    try {
      const parsed = JSON.parse(p.installments ?? '[]') as unknown;
      if (Array.isArray(parsed)) {
        installments = parsed.map((i: Record<string, unknown>) => ({
          seq: i.seq,
          dueDate: i.dueDate,
          amountCents: i.amountCents,
          paidCents: i.paidCents ?? 0,
          state: i.state ?? 'pending',
          lastKeepDate: i.lastKeepDate ?? (typeof i.dueDate === 'string' ? addDays(i.dueDate, grace) : null),
        }));
      }
    } catch {
      // A promise whose schedule cannot be read shows without installments rather than failing the page.
    }
    return {
      id: p.id,
      accountId: p.accountId,
      debtorId: p.debtorId,
      kind: p.kind,
      totalCents: p.totalCents ?? 0,
      graceDays: grace,
      timeZone: p.timeZone ?? 'UTC',
      status: p.status ?? 'active',
      nextDueDate: p.nextDueDate,
      installments,
      takenBy: p.takenBy,
      takenByName: p.takenByName,
      takenAt: p.takenAt ?? p.createdAt,
      brokenAt: p.brokenAt,
      cancelledAt: p.cancelledAt,
      cancelReason: p.cancelReason,
    };
  });
}

/** The account's open follow-ups, soonest first. */
export async function openFollowUps(db: Queryable, accountId: string): Promise<FollowUpRow[]> {
  return db.query<FollowUpRow>(`SELECT ${FOLLOW_UP_COLUMNS} FROM "FollowUpMdl" WHERE "accountmdlID" = $1 AND "status" = 'open' ORDER BY "dueAt", "id"`, [accountId]);
}

/** The whole workspace of an account at the clock's now. */
export async function loadAccountWorkspace(deps: DeskDeps, accountId: string): Promise<AccountWorkspace> {
  const { db, clock } = deps;
  const row = await loadDeskAccount(db, accountId);
  const inputs = await loadCallInputs(db, row.id, clock.now());
  return {
    account: await toWorkspaceAccount(db, row, serverToday(clock)),
    debtors: await workspaceDebtors(db, row, clock, inputs.rules),
    activity: await accountTimeline(db, row),
    ledger: await accountLedger(db, row),
    promises: await accountPromises(db, row.id),
    followUps: await openFollowUps(db, row.id),
    contactRules: JSON.stringify(inputs.rules),
  };
}

// Keeps an account's promises true to its posted payments: after a posting, a reversal, a new promise
// or at a deadline (the promise.check job), every promise not cancelled is evaluated again by the pure
// rules of @steward/collections and what changed is written in one statement, with the account's queue
// facts (promiseDueDate, brokenPromiseAt) and the timeline. A promise that breaks gets its follow-up,
// notification and timeline entry; one made whole again (its arrears paid while the schedule runs) has
// its broken-promise follow-up closed and the account's broken-promise marker cleared. All of it runs
// under the account's row lock, in the caller's transaction: exactly once, whichever process or
// operation sees the change first.
import type { AuditSource } from '../../audit/audit-event.js';
import { randomUUID } from 'node:crypto';
import { brokenPromiseMarker, evaluatePromise, localDateOf, promiseStandingChange, type PromiseEvaluation, type PromisePayment } from '@steward/collections';
import type { Queryable } from '../../db/database.js';
import type { ActivityEntry } from '../activity/account-activity.js';
import { ACCOUNT_COLUMNS, toAccount, type AccountRow, type LockedAccount } from '../payments/account-balances.js';
import { readAccountPromises, type CollectionsPromise, type StoredInstallment } from './promise-records.js';

/** Who an operation acts for: a collector's pool `sub` and name, or the system (jobs). */
export interface Actor {
  readonly sub: string;
  readonly name: string | null;
  /** Where the request came from, for the audit trail. */
  readonly source?: AuditSource;
}

/** The job actor. */
export const SYSTEM_ACTOR: Actor = { sub: 'system', name: 'Steward' };

/** A TransactionMdl row as the promise rules read it. */
export interface PaymentRow {
  id: string;
  payment_date: string | null;
  posted_date: string | null;
  amountCents: number | string | null;
}

/** The SELECT list of a PaymentRow. */
export const PAYMENT_COLUMNS = `"id", "paymentDate"::text AS payment_date, "postedDate"::text AS posted_date, "amountCents"`;

/** The condition on TransactionMdl of the payments that count for the account `$n`: posted desk payments not reversed. */
export const COUNTED_PAYMENTS = (account: string): string => `"accountmdlID" = ${account} AND "transactionType" = 'payment' AND "reversedBy" IS NULL AND "amountCents" IS NOT NULL`;

/** Payment rows as the rules' payments, with their local (payment) date; undated and non-positive ones left out. */
export function paymentsOf(rows: readonly PaymentRow[]): PromisePayment[] {
  return rows
    .map((row) => ({ id: row.id, localDate: row.payment_date ?? row.posted_date ?? '', amountCents: Number(row.amountCents) }))
    .filter((payment) => payment.localDate !== '' && payment.amountCents > 0);
}

/** The account's payments that count: posted payments not reversed. */
async function countedPayments(tx: Queryable, accountId: string): Promise<PromisePayment[]> {
  return paymentsOf(await tx.query<PaymentRow>(`SELECT ${PAYMENT_COLUMNS} FROM "TransactionMdl" WHERE ${COUNTED_PAYMENTS('$1')}`, [accountId]));
}

/** The local date a promise was taken on, in its debtor's zone. */
export function takenOnOf(promise: Pick<CollectionsPromise, 'takenAt' | 'timeZone'>): string {
  return localDateOf(promise.takenAt, promise.timeZone);
}

/**
 * Gives each payment to the promise in force on its date: the latest-taken promise (not cancelled)
 * taken on or before the payment's date. So a payment never counts twice, and a new promise after a
 * broken one collects the later payments.
 */
export function attributePayments(promises: readonly CollectionsPromise[], payments: readonly PromisePayment[]): Map<string, PromisePayment[]> {
  const candidates = promises
    .filter((p) => p.status !== 'cancelled')
    .map((p) => ({ id: p.id, takenOn: takenOnOf(p), takenAt: p.takenAt.getTime() }))
    .sort((a, b) => b.takenOn.localeCompare(a.takenOn) || b.takenAt - a.takenAt || a.id.localeCompare(b.id));
  const byPromise = new Map<string, PromisePayment[]>(candidates.map((c) => [c.id, []]));
  for (const payment of payments) {
    const owner = candidates.find((c) => c.takenOn <= payment.localDate);
    if (owner !== undefined) byPromise.get(owner.id)?.push(payment);
  }
  return byPromise;
}

/** The stored installments of an evaluation. */
export function storedInstallments(evaluation: PromiseEvaluation): StoredInstallment[] {
  return evaluation.installments.map((i) => ({ seq: i.seq, dueDate: i.dueDate, amountCents: i.amountCents, paidCents: i.paidCents, state: i.state, lastKeepDate: i.lastKeepDate }));
}

/** What re-evaluating an account's promises decided; nothing is written until applyPromisePlan. */
export interface PromisePlan {
  /** The account's promises after it, newest first. */
  readonly promises: readonly CollectionsPromise[];
  /** The promises whose stored fields change. */
  readonly changed: readonly CollectionsPromise[];
  /** Promises that broke now (their broken-promise follow-up and notification are due). */
  readonly newlyBroken: readonly CollectionsPromise[];
  /** Promises made whole now (their open broken-promise follow-ups close). */
  readonly madeWhole: readonly CollectionsPromise[];
  /** Promises kept now. */
  readonly kept: readonly CollectionsPromise[];
  /** AccountMdl.promiseDueDate after: the earliest next due date of an active promise. */
  readonly promiseDueDate: string | null;
  /** AccountMdl.brokenPromiseAt after (brokenPromiseMarker). */
  readonly brokenPromiseAt: Date | null;
}

/**
 * Evaluates every promise of the account that is not cancelled against the counted payments as of
 * `now` (each in its debtor's local date), and works out the account's queue facts. Pure.
 */
export function planPromises(account: Pick<LockedAccount, 'brokenPromiseAt'>, promises: readonly CollectionsPromise[], payments: readonly PromisePayment[], now: Date): PromisePlan {
  const attributed = attributePayments(promises, payments);
  const changed: CollectionsPromise[] = [];
  const newlyBroken: CollectionsPromise[] = [];
  const madeWhole: CollectionsPromise[] = [];
  const kept: CollectionsPromise[] = [];
  const standings: { stored: string; evaluated: string; brokenAt: Date | null }[] = [];
  const after = promises.map((promise) => {
    if (promise.status === 'cancelled') return promise;
    const evaluation = evaluatePromise({
      installments: promise.installments.map((i) => ({ seq: i.seq, dueDate: i.dueDate, amountCents: i.amountCents })),
      graceDays: promise.graceDays,
      payments: attributed.get(promise.id) ?? [],
      takenOn: takenOnOf(promise),
      today: localDateOf(now, promise.timeZone),
    });
    const change = promiseStandingChange(promise.status, evaluation.status);
    standings.push({ stored: promise.status, evaluated: evaluation.status, brokenAt: promise.brokenAt });
    const next: CollectionsPromise = { ...promise, status: evaluation.status, nextDueDate: evaluation.nextDueDate, installments: storedInstallments(evaluation), brokenAt: change.broke ? now : promise.brokenAt };
    const same = next.status === promise.status && next.nextDueDate === promise.nextDueDate && JSON.stringify(next.installments) === JSON.stringify(promise.installments);
    if (!same) changed.push(next);
    if (change.broke) newlyBroken.push(next);
    if (change.madeWhole) madeWhole.push(next);
    if (change.kept) kept.push(next);
    return next;
  });
  const due = after.filter((p) => p.status === 'active' && p.nextDueDate !== null).map((p) => p.nextDueDate as string);
  return {
    promises: after,
    changed,
    newlyBroken,
    madeWhole,
    kept,
    promiseDueDate: due.length === 0 ? null : due.reduce((min, d) => (d < min ? d : min)),
    brokenPromiseAt: brokenPromiseMarker(account.brokenPromiseAt, standings, now),
  };
}

const sameInstant = (a: Date | null, b: Date | null): boolean => (a === null || b === null ? a === b : a.getTime() === b.getTime());

/** The installments a break missed (for its summary). */
function missedOf(promise: CollectionsPromise): string[] {
  return promise.installments.filter((i) => i.state === 'broken' || i.state === 'partially_kept').map((i) => i.dueDate);
}

/** The timeline entries of a plan: kept, broken and made-whole promises. */
function planActivities(account: LockedAccount, plan: PromisePlan, now: Date, actor: Actor): ActivityEntry[] {
  const base = { accountId: account.id, clientNumber: account.clientNumber, kind: 'promise' as const, at: now, actor: actor.sub, actorName: actor.name };
  return [
    ...plan.newlyBroken.map((p) => {
      const missed = missedOf(p);
      return { ...base, summary: `Promise broken: ${missed.length > 0 ? `installment due ${missed.join(', ')} not kept` : 'not kept'}`, details: { promiseId: p.id, status: 'broken', missed } };
    }),
    ...plan.madeWhole.map((p) => ({ ...base, summary: `Promise made whole: the missed installments are paid${p.status === 'kept' ? ', every installment kept' : ''}`, details: { promiseId: p.id, status: p.status, madeWhole: true } })),
    ...plan.kept.filter((p) => !plan.madeWhole.includes(p)).map((p) => ({ ...base, summary: 'Promise kept: every installment paid', details: { promiseId: p.id, status: 'kept' } })),
  ];
}

/** An activity entry as a jsonb_to_recordset row (ids made here). */
function activityRow(entry: ActivityEntry) {
  return { id: randomUUID(), kind: entry.kind, actor: entry.actor, actor_name: entry.actorName ?? null, summary: entry.summary, details: entry.details === undefined ? null : JSON.stringify(entry.details) };
}

/**
 * The INSERT of timeline entries from `$rows` (a jsonb array of activityRow) for account `$account`
 * (client `$client`) at `$at`, as a data-modifying CTE body.
 */
export function insertActivitiesSql(rows: string, account: string, client: string, at: string): string {
  return `INSERT INTO "AccountActivityMdl" ("id", "accountmdlID", "clientNumber", "kind", "at", "actor", "actorName", "summary", "details", "createdAt", "updatedAt")
          SELECT e.id, ${account}, ${client}, e.kind, ${at}, e.actor, e.actor_name, e.summary, e.details, ${at}, ${at}
            FROM jsonb_to_recordset(${rows}::jsonb) AS e(id text, kind text, actor text, actor_name text, summary text, details text)`;
}

/** Timeline entries as the jsonb parameter of insertActivitiesSql. */
export function activityRows(entries: readonly ActivityEntry[]): string {
  return JSON.stringify(entries.map(activityRow));
}

/**
 * Writes a plan in one statement: the changed promises (brokenAt of those that broke), the account's
 * promiseDueDate and brokenPromiseAt when they change, and the timeline (with `extra` entries of the
 * caller, e.g. the payment's). A break's follow-up and notification, and a mended promise's follow-up,
 * take one more statement each (rare). Returns the account as it is after, or `account` when untouched.
 */
export async function applyPromisePlan(tx: Queryable, account: LockedAccount, plan: PromisePlan, now: Date, actor: Actor, extra: readonly ActivityEntry[] = []): Promise<LockedAccount> {
  const activities = [...extra, ...planActivities(account, plan, now, actor)];
  const accountChanges = plan.promiseDueDate !== account.promiseDueDate || !sameInstant(plan.brokenPromiseAt, account.brokenPromiseAt);
  let after = account;
  if (plan.changed.length > 0 || accountChanges || activities.length > 0) {
    const broke = new Set(plan.newlyBroken.map((p) => p.id));
    const promiseRows = JSON.stringify(plan.changed.map((p) => ({ id: p.id, status: p.status, next_due: p.nextDueDate, installments: JSON.stringify(p.installments), broke: broke.has(p.id) })));
    const rows = await tx.query<AccountRow>(
      `WITH changed AS (
         UPDATE "PromiseMdl" p SET "status" = v.status, "nextDueDate" = v.next_due, "installments" = v.installments,
                "brokenAt" = CASE WHEN v.broke THEN $2 ELSE p."brokenAt" END, "updatedAt" = $2, "_version" = p."_version" + 1
           FROM jsonb_to_recordset($1::jsonb) AS v(id text, status text, next_due date, installments text, broke boolean)
          WHERE p."id" = v.id
         RETURNING p."id"),
       timeline AS (${insertActivitiesSql('$7', '$3', '$8', '$2')}),
       account AS (
         UPDATE "AccountMdl" SET "promiseDueDate" = $4::date, "brokenPromiseAt" = $5::timestamptz, "_version" = "_version" + 1, "updatedAt" = $2
          WHERE "id" = $3 AND $6::boolean
         RETURNING ${ACCOUNT_COLUMNS})
       SELECT * FROM account`,
      [promiseRows, now, account.id, plan.promiseDueDate, plan.brokenPromiseAt, accountChanges, activityRows(activities), account.clientNumber],
    );
    if (rows[0] !== undefined) after = toAccount(rows[0]);
  }
  for (const promise of plan.newlyBroken) after = await followUpBreak(tx, after, promise, now, actor);
  if (plan.madeWhole.length > 0) after = await closeMendedFollowUps(tx, after, plan.madeWhole, now);
  return after;
}

/**
 * A break's follow-up for the assigned collector, due now, and a notification to their UserMdl; the
 * account's followUpAt moves up to now.
 */
async function followUpBreak(tx: Queryable, account: LockedAccount, promise: CollectionsPromise, now: Date, actor: Actor): Promise<LockedAccount> {
  const missed = missedOf(promise);
  const summary = `Promise broken: ${missed.length > 0 ? `installment due ${missed.join(', ')} not kept` : 'not kept'}`;
  const rows = await tx.query<AccountRow>(
    `WITH follow_up AS (
       INSERT INTO "FollowUpMdl" ("id", "accountmdlID", "clientNumber", "fileNumber", "assignedTo", "dueAt", "reason", "note", "status", "promisemdlID", "createdBy", "createdAt", "updatedAt")
       VALUES ($1, $2, $3, $4, $5, $6, 'broken_promise', $7, 'open', $8, $9, $6, $6)),
     notification AS (
       INSERT INTO "Notifications" ("id", "title", "message", "category", "link", "isRead", "usermdlID", "createdAt", "updatedAt")
       SELECT $10, 'Broken promise', $11, 'collections', $12, false, u."id", $6, $6 FROM "UserMdl" u WHERE $5::text IS NOT NULL AND u."userId" = $5::text)
     UPDATE "AccountMdl" SET "followUpAt" = LEAST("followUpAt", $6), "_version" = "_version" + 1, "updatedAt" = $6 WHERE "id" = $2
     RETURNING ${ACCOUNT_COLUMNS}`,
    [
      randomUUID(),
      account.id,
      account.clientNumber,
      account.fileNumber,
      account.assignedTo,
      now,
      summary,
      promise.id,
      actor.sub,
      randomUUID(),
      `${account.fileNumber ?? account.id}: ${summary}.`,
      `/collections/account?id=${encodeURIComponent(account.id)}`,
    ],
  );
  return rows[0] === undefined ? account : toAccount(rows[0]);
}

/** The open broken-promise follow-ups of promises made whole are done (by the system); followUpAt follows. */
async function closeMendedFollowUps(tx: Queryable, account: LockedAccount, promises: readonly CollectionsPromise[], now: Date): Promise<LockedAccount> {
  const rows = await tx.query<AccountRow>(
    `WITH closed AS (
       UPDATE "FollowUpMdl" SET "status" = 'done', "doneAt" = $3, "doneBy" = 'system', "note" = concat_ws(' — ', "note", 'Promise made whole'), "_version" = "_version" + 1, "updatedAt" = $3
        WHERE "accountmdlID" = $1 AND "promisemdlID" = ANY($2::text[]) AND "reason" = 'broken_promise' AND "status" = 'open'
       RETURNING "id")
     UPDATE "AccountMdl" SET "followUpAt" = (SELECT min(f."dueAt") FROM "FollowUpMdl" f WHERE f."accountmdlID" = $1 AND f."status" = 'open' AND f."id" NOT IN (SELECT "id" FROM closed)),
            "_version" = "_version" + 1, "updatedAt" = $3
      WHERE "id" = $1 AND EXISTS (SELECT 1 FROM closed)
     RETURNING ${ACCOUNT_COLUMNS}`,
    [account.id, promises.map((p) => p.id), now],
  );
  return rows[0] === undefined ? account : toAccount(rows[0]);
}

/** What a re-evaluation did. */
export interface Reevaluation {
  /** The account's promises after it, newest first. */
  readonly promises: readonly CollectionsPromise[];
  /** Promises that broke now. */
  readonly newlyBroken: readonly CollectionsPromise[];
}

/**
 * Loads the (locked) account's promises (locking them) and counted payments, evaluates and writes
 * (planPromises, applyPromisePlan). Runs inside the caller's transaction; `account` must be current.
 */
export async function reevaluateAccountPromises(tx: Queryable, account: LockedAccount, now: Date, actor: Actor): Promise<Reevaluation> {
  const promises = await readAccountPromises(tx, account.id, { lock: true });
  const payments = await countedPayments(tx, account.id);
  const plan = planPromises(account, promises, payments, now);
  await applyPromisePlan(tx, account, plan, now, actor);
  return { promises: plan.promises, newlyBroken: plan.newlyBroken };
}

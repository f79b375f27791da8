// Keeps an account's promises true to its posted payments: after a posting, a reversal, a new promise
// or at a deadline (the promise.check job), every promise not cancelled is evaluated again by the pure
// rules of @steward/collections, stored, and the account's queue facts follow. A promise that turns
// broken for the first time gets its follow-up, notification and timeline entry here, guarded by
// `brokenAt IS NULL` inside the transaction that holds the account's lock: exactly once, whichever
// process or operation sees it first.
import type { AuditSource } from '../../audit/audit-event.js';
import { randomUUID } from 'node:crypto';
import { evaluatePromise, localDateOf, type PromiseEvaluation, type PromisePayment } from '@steward/collections';
import type { Queryable } from '../../db/database.js';
import { appendActivity } from '../activity/account-activity.js';
import type { LockedAccount } from '../payments/account-balances.js';
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

interface PaymentRow {
  id: string;
  payment_date: string | null;
  posted_date: string | null;
  amountCents: number;
}

/** The account's payments that count: posted payments not reversed, with their local (payment) date. */
async function countedPayments(tx: Queryable, accountId: string): Promise<PromisePayment[]> {
  const rows = await tx.query<PaymentRow>(
    `SELECT "id", "paymentDate"::text AS payment_date, "postedDate"::text AS posted_date, "amountCents"
       FROM "TransactionMdl"
      WHERE "accountmdlID" = $1 AND "transactionType" = 'payment' AND "reversedBy" IS NULL AND "amountCents" IS NOT NULL
      ORDER BY "paymentDate", "createdAt", "id"`,
    [accountId],
  );
  return rows
    .map((row) => ({ id: row.id, localDate: row.payment_date ?? row.posted_date ?? '', amountCents: Number(row.amountCents) }))
    .filter((payment) => payment.localDate !== '' && payment.amountCents > 0);
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

/** What a re-evaluation did. */
export interface Reevaluation {
  /** The account's promises after it, newest first. */
  readonly promises: readonly CollectionsPromise[];
  /** Promises that broke for the first time now. */
  readonly newlyBroken: readonly CollectionsPromise[];
}

/**
 * Evaluates every promise of the (locked) account that is not cancelled against its counted payments
 * as of `now`, stores what changed, handles first breaks, and sets the account's promiseDueDate (and
 * brokenPromiseAt / followUpAt on a break). Runs inside the caller's transaction.
 */
export async function reevaluateAccountPromises(tx: Queryable, account: LockedAccount, now: Date, actor: Actor): Promise<Reevaluation> {
  const promises = await readAccountPromises(tx, account.id, { lock: true });
  const payments = await countedPayments(tx, account.id);
  const attributed = attributePayments(promises, payments);
  const newlyBroken: CollectionsPromise[] = [];
  let changed = false;
  for (const promise of promises) {
    if (promise.status === 'cancelled') continue;
    const evaluation = evaluatePromise({
      installments: promise.installments.map((i) => ({ seq: i.seq, dueDate: i.dueDate, amountCents: i.amountCents })),
      graceDays: promise.graceDays,
      payments: attributed.get(promise.id) ?? [],
      takenOn: takenOnOf(promise),
      today: localDateOf(now, promise.timeZone),
    });
    const installments = storedInstallments(evaluation);
    const same = evaluation.status === promise.status && evaluation.nextDueDate === promise.nextDueDate && JSON.stringify(installments) === JSON.stringify(promise.installments);
    if (!same) {
      changed = true;
      await tx.query(
        `UPDATE "PromiseMdl" SET "status" = $2, "nextDueDate" = $3, "installments" = $4, "updatedAt" = $5, "_version" = "_version" + 1 WHERE "id" = $1`,
        [promise.id, evaluation.status, evaluation.nextDueDate, JSON.stringify(installments), now],
      );
    }
    if (evaluation.status === 'kept' && promise.status !== 'kept') {
      await appendActivity(tx, {
        accountId: account.id,
        clientNumber: account.clientNumber,
        kind: 'promise',
        at: now,
        actor: actor.sub,
        actorName: actor.name,
        summary: 'Promise kept: every installment paid',
        details: { promiseId: promise.id, status: 'kept' },
      });
    }
    if (evaluation.status === 'broken' && promise.brokenAt === null) {
      await markBroken(tx, account, { ...promise, status: 'broken', installments }, now, actor);
      newlyBroken.push(promise);
      changed = true;
    }
  }
  await refreshPromiseDueDate(tx, account.id, now);
  return { promises: changed ? await readAccountPromises(tx, account.id) : promises, newlyBroken };
}

/** Sets AccountMdl.promiseDueDate to the earliest next due date of its active promises (null when none). */
export async function refreshPromiseDueDate(tx: Queryable, accountId: string, now: Date): Promise<void> {
  await tx.query(
    `UPDATE "AccountMdl" a SET "promiseDueDate" = d.due, "updatedAt" = $2, "_version" = a."_version" + 1
       FROM (SELECT min("nextDueDate") AS due FROM "PromiseMdl" WHERE "accountmdlID" = $1 AND "status" = 'active') d
      WHERE a."id" = $1 AND a."promiseDueDate" IS DISTINCT FROM d.due`,
    [accountId, now],
  );
}

/**
 * The first break of a promise: brokenAt, the account's brokenPromiseAt and followUpAt, a follow-up for
 * the assigned collector due now, a notification to their UserMdl and a timeline entry. The conditional
 * update makes a second caller (another process, a retried job) do nothing.
 */
export async function markBroken(tx: Queryable, account: LockedAccount, promise: CollectionsPromise, now: Date, actor: Actor): Promise<boolean> {
  const marked = await tx.query<{ id: string }>(`UPDATE "PromiseMdl" SET "brokenAt" = $2, "status" = 'broken', "updatedAt" = $2, "_version" = "_version" + 1 WHERE "id" = $1 AND "brokenAt" IS NULL RETURNING "id"`, [promise.id, now]);
  if (marked.length === 0) return false;
  const missed = promise.installments.filter((i) => i.state === 'broken' || i.state === 'partially_kept').map((i) => i.dueDate);
  const summary = `Promise broken: ${missed.length > 0 ? `installment due ${missed.join(', ')} not kept` : 'not kept'}`;
  await tx.query(
    `INSERT INTO "FollowUpMdl" ("id", "accountmdlID", "clientNumber", "fileNumber", "assignedTo", "dueAt", "reason", "note", "status", "promisemdlID", "createdBy", "createdAt", "updatedAt")
     VALUES ($1, $2, $3, $4, $5, $6, 'broken_promise', $7, 'open', $8, $9, $6, $6)`,
    [randomUUID(), account.id, account.clientNumber, account.fileNumber, account.assignedTo, now, summary, promise.id, actor.sub],
  );
  await tx.query(
    `UPDATE "AccountMdl" SET "brokenPromiseAt" = $2, "followUpAt" = LEAST("followUpAt", $2), "updatedAt" = $2, "_version" = "_version" + 1 WHERE "id" = $1`,
    [account.id, now],
  );
  if (account.assignedTo !== null) {
    await tx.query(
      `INSERT INTO "Notifications" ("id", "title", "message", "category", "link", "isRead", "usermdlID", "createdAt", "updatedAt")
       SELECT $1, 'Broken promise', $2, 'collections', $3, false, u."id", $4, $4 FROM "UserMdl" u WHERE u."userId" = $5`,
      [randomUUID(), `${account.fileNumber ?? account.id}: ${summary}.`, `/collections/account?id=${encodeURIComponent(account.id)}`, now, account.assignedTo],
    );
  }
  await appendActivity(tx, {
    accountId: account.id,
    clientNumber: account.clientNumber,
    kind: 'promise',
    at: now,
    actor: actor.sub,
    actorName: actor.name,
    summary,
    details: { promiseId: promise.id, status: 'broken', missed },
  });
  return true;
}

// Payment posting and reversal (issue 22): each is one database transaction holding the account's row
// lock — the transaction row, the account's balances in exact numeric arithmetic, the promises the
// payment keeps (or a reversal re-opens) and the timeline entry land together or not at all. A posting
// is idempotent by the caller's client reference, stored as the transaction's transactionRef: the
// natural key (clientNumber, transactionRef) and the account lock make a double submit post once.
//
// Round trips: a posting is BEGIN, the account lock, one statement that checks the reference, inserts
// the transaction, moves the balances, appends the timeline entry and reads the account's promises and
// counted payments, then (when the account has promises) one statement writing what the promise rules
// decided, and COMMIT. The lock comes first and alone: a statement's snapshot is taken when it starts,
// so the reference check must start after the lock is held to see a concurrent double submit.
import { deskEvent, deskTransaction } from '../desk-audit.js';
import type { AuditTrail } from '../../audit/audit-trail.js';
import { fieldChanges, type FieldChange } from '../../audit/audit-event.js';
import { randomUUID } from 'node:crypto';
import { formatCents } from '@steward/collections';
import type { Database, Queryable } from '../../db/database.js';
import type { Clock } from '../../time/clock.js';
import type { ActivityEntry } from '../activity/account-activity.js';
import { activityRows, applyPromisePlan, COUNTED_PAYMENTS, insertActivitiesSql, PAYMENT_COLUMNS, paymentsOf, planPromises, type Actor, type PaymentRow } from '../promises/promise-evaluation.js';
import { PROMISE_COLUMNS, PROMISE_FROM, toPromise, type CollectionsPromise, type PromiseRow } from '../promises/promise-records.js';
import { ACCOUNT_COLUMNS, balanceRangeError, balancesOf, checkBalanceRange, lockAccount, moveToPaidSql, toAccount, type AccountBalances, type AccountRow, type LockedAccount } from './account-balances.js';
import { checkClientReference, isLocalDate, MAX_INT, MoneyOperationError } from './money-error.js';

/** How a payment was made. */
export const PAYMENT_METHODS = ['card', 'ach', 'check', 'cash', 'other'] as const;
/** Why a payment is reversed. */
export const REVERSAL_REASONS = ['returned_payment', 'chargeback', 'posting_error', 'other'] as const;

/** postPayment's input (PostPaymentInput). */
export interface PostPaymentInput {
  readonly accountId: string;
  readonly amountCents: number;
  readonly paymentDate: string;
  readonly method: string;
  readonly clientReference: string;
  readonly note?: string | null;
}

/** reversePayment's input (ReversePaymentInput). */
export interface ReversePaymentInput {
  readonly transactionId: string;
  readonly reason: string;
  readonly note?: string | null;
  readonly clientReference: string;
}

/** What a posting or reversal did (PaymentPosting). */
export interface PaymentPosting {
  readonly transactionId: string;
  /** True when the client reference had been posted before: nothing new was written. */
  readonly duplicate: boolean;
  readonly account: AccountBalances;
  readonly promises: readonly CollectionsPromise[];
}

interface TransactionRow {
  id: string;
  accountmdlID: string | null;
  transactionType: string | null;
  amountCents: number | null;
  reversalOf: string | null;
  reversedBy: string | null;
}

const TRANSACTION_COLUMNS = `"id", "accountmdlID", "transactionType", "amountCents", "reversalOf", "reversedBy"`;


/** What a posting's (or reversal's) statement returns: the earlier transaction of the reference, the account after, whether a row was written, the promises and counted payments. */
interface PostingRow {
  earlier: TransactionRow | null;
  account: AccountRow | null;
  posted: boolean;
  promises: PromiseRow[] | null;
  payments: PaymentRow[] | null;
}

/** The transaction posted with reference $1: on account $2, or (client $3) under the natural key. */
const EARLIER_BY_REFERENCE = `SELECT ${TRANSACTION_COLUMNS} FROM "TransactionMdl"
  WHERE "transactionRef" = $1 AND ("accountmdlID" = $2 OR ($3::text IS NOT NULL AND "clientNumber" = $3::text))
  ORDER BY ("accountmdlID" = $2) DESC LIMIT 1`;

/** CTEs `promises` (account $2's, for the API) and `payments` (its counted payments, read only when a promise may need them). */
const PROMISES_AND_PAYMENTS = `promises AS (SELECT ${PROMISE_COLUMNS} ${PROMISE_FROM} WHERE p."accountmdlID" = $2),
  payments AS (SELECT ${PAYMENT_COLUMNS} FROM "TransactionMdl" WHERE ${COUNTED_PAYMENTS('$2')} AND EXISTS (SELECT 1 FROM promises WHERE "status" IS DISTINCT FROM 'cancelled'))`;

const promisesOf = (row: PostingRow | undefined): CollectionsPromise[] => (row?.promises ?? []).map(toPromise);

/** Today's date in UTC (the posted date of a transaction: the server's books are kept in UTC days). */
const postedDateOf = (now: Date): string => now.toISOString().slice(0, 10);

function checkAmount(amountCents: number): void {
  if (!Number.isSafeInteger(amountCents) || amountCents <= 0 || amountCents > MAX_INT) {
    throw new MoneyOperationError('INVALID_AMOUNT', `amountCents must be a whole number of cents above 0 (at most ${MAX_INT}); got ${String(amountCents)}.`);
  }
}

function checkNote(note: string | null | undefined): string | null {
  if (note === null || note === undefined || note.trim() === '') return null;
  if (note.length > 2000) throw new MoneyOperationError('INVALID_INPUT', 'note must be at most 2000 characters.');
  return note.trim();
}

/** The balance fields that differ between two readings of an account. */
function balanceChanges(before: AccountBalances, after: AccountBalances): Record<string, FieldChange> {
  return fieldChanges({ originalCents: before.originalCents, paidCents: before.paidCents, balanceCents: before.balanceCents }, { originalCents: after.originalCents, paidCents: after.paidCents, balanceCents: after.balanceCents });
}

/** Posts and reverses payments. */
export class PaymentService {
  readonly db: Database;
  private readonly clock: Clock;
  readonly audit: AuditTrail | undefined;

  constructor(deps: { readonly db: Database; readonly clock: Clock; readonly audit?: AuditTrail }) {
    this.db = deps.db;
    this.clock = deps.clock;
    this.audit = deps.audit;
  }

  /** Posts a payment: one transaction row, the balances, the promises, the timeline; a repeated clientReference returns the first posting (duplicate). */
  async postPayment(actor: Actor, input: PostPaymentInput): Promise<PaymentPosting> {
    checkAmount(input.amountCents);
    if (!isLocalDate(input.paymentDate)) throw new MoneyOperationError('INVALID_INPUT', `paymentDate must be a calendar date YYYY-MM-DD; got ${JSON.stringify(input.paymentDate)}.`);
    if (!(PAYMENT_METHODS as readonly string[]).includes(input.method)) throw new MoneyOperationError('INVALID_INPUT', `method must be one of ${PAYMENT_METHODS.join(', ')}; got ${JSON.stringify(input.method)}.`);
    const reference = checkClientReference(input.clientReference);
    const note = checkNote(input.note);
    return deskTransaction(this, async (tx, audit) => {
      const now = this.clock.now();
      const account = await lockAccount(tx, input.accountId);
      const rangeError = balanceRangeError(account, input.amountCents);
      const id = randomUUID();
      const entry: ActivityEntry = {
        accountId: account.id,
        clientNumber: account.clientNumber,
        kind: 'payment',
        at: now,
        actor: actor.sub,
        actorName: actor.name,
        summary: `Payment of ${formatCents(input.amountCents)} by ${input.method} dated ${input.paymentDate}`,
        details: { transactionId: id, amountCents: input.amountCents, method: input.method, paymentDate: input.paymentDate, clientReference: reference, note },
      };
      // ON CONFLICT: the same reference on another account of the client (the natural key is per client).
      const [row] = await tx.query<PostingRow>(
        `WITH earlier AS (${EARLIER_BY_REFERENCE}),
         posted AS (
           INSERT INTO "TransactionMdl" ("id", "clientNumber", "fileNumber", "accountmdlID", "transactionType", "transactionRef", "amountCents", "paymentAmount",
                                         "paymentDate", "postedDate", "postedBy", "method", "description", "operator", "createdAt", "updatedAt")
           SELECT $4, $3, $5, $2, 'payment', $1, $6::int, ($6::int)::numeric / 100, $7, $8, $9, $10, $11, $12, $13, $13
            WHERE $14::boolean AND NOT EXISTS (SELECT 1 FROM earlier)
           ON CONFLICT ("clientNumber", "transactionRef") DO NOTHING
           RETURNING ${PAYMENT_COLUMNS}),
         account AS (UPDATE "AccountMdl" SET ${moveToPaidSql('$6', '$13')} WHERE "id" = $2 AND EXISTS (SELECT 1 FROM posted) RETURNING ${ACCOUNT_COLUMNS}),
         timeline AS (${insertActivitiesSql('$15', '$2', '$3', '$13')} WHERE EXISTS (SELECT 1 FROM posted)),
         ${PROMISES_AND_PAYMENTS}
         SELECT (SELECT row_to_json(e) FROM earlier e) AS earlier, (SELECT row_to_json(a) FROM account a) AS account, EXISTS (SELECT 1 FROM posted) AS posted,
                (SELECT json_agg(p ORDER BY p."takenAt" DESC, p."id") FROM promises p) AS promises,
                (SELECT json_agg(x) FROM (SELECT * FROM payments UNION ALL SELECT * FROM posted) x) AS payments`,
        [reference, account.id, account.clientNumber, id, account.fileNumber, input.amountCents, input.paymentDate, postedDateOf(now), actor.sub, input.method, note, actor.name, now, rangeError === null, activityRows([entry])],
      );
      if (row?.earlier !== null && row?.earlier !== undefined) {
        const earlier = row.earlier;
        if (earlier.accountmdlID !== account.id || earlier.transactionType !== 'payment' || Number(earlier.amountCents) !== input.amountCents) {
          throw new MoneyOperationError('CLIENT_REFERENCE_REUSED', `clientReference ${JSON.stringify(reference)} was already used for another transaction; send a new reference for a new payment.`);
        }
        return { transactionId: earlier.id, duplicate: true, account: balancesOf(account), promises: promisesOf(row) };
      }
      if (rangeError !== null) throw rangeError;
      if (row?.posted !== true || row.account === null) throw new MoneyOperationError('CLIENT_REFERENCE_REUSED', `clientReference ${JSON.stringify(reference)} was already used for another transaction of this client.`);
      const after = await this.settlePromises(tx, toAccount(row.account), row, now, actor);
      audit.record(
        deskEvent(actor, 'desk.payment_posted', { type: 'TransactionMdl', id }, account.id, fieldChanges(null, { transactionType: 'payment', amountCents: input.amountCents, paymentDate: input.paymentDate, method: input.method, transactionRef: reference, description: note })),
        deskEvent(actor, 'desk.payment_posted', { type: 'AccountMdl', id: account.id }, account.id, balanceChanges(balancesOf(account), after.account), { transactionId: id }),
      );
      return { transactionId: id, duplicate: false, ...after };
    });
  }

  /** Reverses one payment exactly (a negative transaction of its amount), once, with a reason; re-opens the promises it kept. */
  async reversePayment(actor: Actor, input: ReversePaymentInput): Promise<PaymentPosting> {
    if (!(REVERSAL_REASONS as readonly string[]).includes(input.reason)) throw new MoneyOperationError('INVALID_INPUT', `reason must be one of ${REVERSAL_REASONS.join(', ')}; got ${JSON.stringify(input.reason)}.`);
    const reference = checkClientReference(input.clientReference);
    const note = checkNote(input.note);
    const found = await this.db.query<TransactionRow>(`SELECT ${TRANSACTION_COLUMNS} FROM "TransactionMdl" WHERE "id" = $1`, [input.transactionId]);
    const target = found[0];
    if (target?.accountmdlID === undefined || target.accountmdlID === null) throw new MoneyOperationError('UNKNOWN_TRANSACTION', `There is no transaction ${JSON.stringify(input.transactionId)} on an account.`);
    const accountId = target.accountmdlID;
    return deskTransaction(this, async (tx, audit) => {
      const now = this.clock.now();
      const account = await lockAccount(tx, accountId);
      const [checked] = await tx.query<{ earlier: TransactionRow | null; payment: TransactionRow | null }>(
        `WITH earlier AS (${EARLIER_BY_REFERENCE}), payment AS (SELECT ${TRANSACTION_COLUMNS} FROM "TransactionMdl" WHERE "id" = $4 FOR UPDATE)
         SELECT (SELECT row_to_json(e) FROM earlier e) AS earlier, (SELECT row_to_json(p) FROM payment p) AS payment`,
        [reference, account.id, account.clientNumber, input.transactionId],
      );
      const earlier = checked?.earlier ?? null;
      if (earlier !== null) {
        if (earlier.reversalOf !== input.transactionId) throw new MoneyOperationError('CLIENT_REFERENCE_REUSED', `clientReference ${JSON.stringify(reference)} was already used for another transaction.`);
        return { transactionId: earlier.id, duplicate: true, account: balancesOf(account), promises: await this.readPromises(tx, account.id) };
      }
      const payment = checked?.payment ?? null;
      if (payment === null || payment.accountmdlID !== account.id) throw new MoneyOperationError('UNKNOWN_TRANSACTION', `There is no transaction ${JSON.stringify(input.transactionId)} on an account.`);
      if (payment.transactionType !== 'payment' || payment.amountCents === null || Number(payment.amountCents) <= 0) {
        throw new MoneyOperationError('NOT_A_PAYMENT', payment.transactionType === 'reversal' ? 'A reversal cannot be reversed; post the payment again instead.' : 'Only a payment posted at the desk (with an amount in cents) can be reversed.');
      }
      if (payment.reversedBy !== null) throw new MoneyOperationError('ALREADY_REVERSED', `The payment was already reversed by transaction ${payment.reversedBy}.`, { reversedBy: payment.reversedBy });
      const amount = Number(payment.amountCents);
      checkBalanceRange(account, -amount);
      const id = randomUUID();
      const reason = note === null ? input.reason : `${input.reason}: ${note}`;
      const entry: ActivityEntry = {
        accountId: account.id,
        clientNumber: account.clientNumber,
        kind: 'reversal',
        at: now,
        actor: actor.sub,
        actorName: actor.name,
        summary: `Payment of ${formatCents(amount)} reversed (${input.reason.replace('_', ' ')})`,
        details: { transactionId: id, reversalOf: payment.id, amountCents: -amount, reason: input.reason, note, clientReference: reference },
      };
      // The reversed payment still reads unreversed in this statement's snapshot: `payments` leaves it out by id.
      const [row] = await tx.query<PostingRow>(
        `WITH reversal AS (
           INSERT INTO "TransactionMdl" ("id", "clientNumber", "fileNumber", "accountmdlID", "transactionType", "transactionRef", "amountCents", "paymentAmount",
                                         "paymentDate", "postedDate", "postedBy", "method", "reversalOf", "reversalReason", "description", "operator", "createdAt", "updatedAt")
           SELECT $4, $3, $5, $2, 'reversal', $1, -($6::int), -(($6::int)::numeric / 100), $7, $7, $8, t."method", t."id", $9, $10, $11, $12, $12
             FROM "TransactionMdl" t WHERE t."id" = $13
           ON CONFLICT ("clientNumber", "transactionRef") DO NOTHING RETURNING "id"),
         reversed AS (UPDATE "TransactionMdl" SET "reversedBy" = $4, "updatedAt" = $12, "_version" = "_version" + 1 WHERE "id" = $13 AND EXISTS (SELECT 1 FROM reversal)),
         account AS (UPDATE "AccountMdl" SET ${moveToPaidSql('-($6::bigint)', '$12')} WHERE "id" = $2 AND EXISTS (SELECT 1 FROM reversal) RETURNING ${ACCOUNT_COLUMNS}),
         timeline AS (${insertActivitiesSql('$14', '$2', '$3', '$12')} WHERE EXISTS (SELECT 1 FROM reversal)),
         ${PROMISES_AND_PAYMENTS}
         SELECT NULL::json AS earlier, (SELECT row_to_json(a) FROM account a) AS account, EXISTS (SELECT 1 FROM reversal) AS posted,
                (SELECT json_agg(p ORDER BY p."takenAt" DESC, p."id") FROM promises p) AS promises,
                (SELECT json_agg(x) FROM payments x WHERE x."id" <> $13) AS payments`,
        [reference, account.id, account.clientNumber, id, account.fileNumber, amount, postedDateOf(now), actor.sub, reason, `Reversal (${input.reason})`, actor.name, now, payment.id, activityRows([entry])],
      );
      if (row?.posted !== true || row.account === null) throw new MoneyOperationError('CLIENT_REFERENCE_REUSED', `clientReference ${JSON.stringify(reference)} was already used for another transaction of this client.`);
      const after = await this.settlePromises(tx, toAccount(row.account), row, now, actor);
      audit.record(
        deskEvent(actor, 'desk.payment_reversed', { type: 'TransactionMdl', id }, account.id, fieldChanges(null, { transactionType: 'reversal', amountCents: -amount, reversalOf: payment.id, reversalReason: reason, transactionRef: reference })),
        deskEvent(actor, 'desk.payment_reversed', { type: 'TransactionMdl', id: payment.id }, account.id, { reversedBy: { before: null, after: id } }),
        deskEvent(actor, 'desk.payment_reversed', { type: 'AccountMdl', id: account.id }, account.id, balanceChanges(balancesOf(account), after.account), { transactionId: id, reversalOf: payment.id }),
      );
      return { transactionId: id, duplicate: false, ...after };
    });
  }

  /** Evaluates the account's promises against its counted payments (as read with the posting) and writes what changed. */
  private async settlePromises(tx: Queryable, account: LockedAccount, row: PostingRow, now: Date, actor: Actor): Promise<{ account: AccountBalances; promises: readonly CollectionsPromise[] }> {
    const promises = promisesOf(row);
    if (promises.every((p) => p.status === 'cancelled')) return { account: balancesOf(account), promises };
    const plan = planPromises(account, promises, paymentsOf(row.payments ?? []), now);
    const after = await applyPromisePlan(tx, account, plan, now, actor);
    return { account: balancesOf(after), promises: plan.promises };
  }

  private async readPromises(tx: Queryable, accountId: string): Promise<CollectionsPromise[]> {
    const rows = await tx.query<PromiseRow>(`SELECT ${PROMISE_COLUMNS} ${PROMISE_FROM} WHERE p."accountmdlID" = $1 ORDER BY p."takenAt" DESC, p."id"`, [accountId]);
    return rows.map(toPromise);
  }
}

// Payment posting and reversal (issue 22): each is one database transaction holding the account's row
// lock — the transaction row, the account's balances in exact numeric arithmetic, the promises the
// payment keeps (or a reversal re-opens) and the timeline entry land together or not at all. A posting
// is idempotent by the caller's client reference, stored as the transaction's transactionRef: the
// natural key (clientNumber, transactionRef) and the account lock make a double submit post once.
import { deskEvent, deskTransaction } from '../desk-audit.js';
import type { AuditTrail } from '../../audit/audit-trail.js';
import { fieldChanges, type FieldChange } from '../../audit/audit-event.js';
import { randomUUID } from 'node:crypto';
import { formatCents } from '@steward/collections';
import type { Database, Queryable } from '../../db/database.js';
import type { Clock } from '../../time/clock.js';
import { appendActivity } from '../activity/account-activity.js';
import { reevaluateAccountPromises, type Actor } from '../promises/promise-evaluation.js';
import { readAccountPromises, type CollectionsPromise } from '../promises/promise-records.js';
import { applyPaymentToAccount, balancesOf, lockAccount, readBalances, type AccountBalances } from './account-balances.js';
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
      const earlier = await this.byReference(tx, account.id, account.clientNumber, reference);
      if (earlier !== undefined) {
        if (earlier.accountmdlID !== account.id || earlier.transactionType !== 'payment' || earlier.amountCents !== input.amountCents) {
          throw new MoneyOperationError('CLIENT_REFERENCE_REUSED', `clientReference ${JSON.stringify(reference)} was already used for another transaction; send a new reference for a new payment.`);
        }
        return { transactionId: earlier.id, duplicate: true, account: balancesOf(account), promises: await readAccountPromises(tx, account.id) };
      }
      const updated = await applyPaymentToAccount(tx, account, input.amountCents, now);
      const id = randomUUID();
      // ON CONFLICT: the same reference on another account of the client (the natural key is per client).
      const inserted = await tx.query<{ id: string }>(
        `INSERT INTO "TransactionMdl" ("id", "clientNumber", "fileNumber", "accountmdlID", "transactionType", "transactionRef", "amountCents", "paymentAmount",
                                       "paymentDate", "postedDate", "postedBy", "method", "description", "operator", "createdAt", "updatedAt")
         VALUES ($1, $2, $3, $4, 'payment', $5, $6::int, ($6::int)::numeric / 100, $7, $8, $9, $10, $11, $12, $13, $13)
         ON CONFLICT ("clientNumber", "transactionRef") DO NOTHING RETURNING "id"`,
        [id, account.clientNumber, account.fileNumber, account.id, reference, input.amountCents, input.paymentDate, postedDateOf(now), actor.sub, input.method, note, actor.name, now],
      );
      if (inserted.length === 0) throw new MoneyOperationError('CLIENT_REFERENCE_REUSED', `clientReference ${JSON.stringify(reference)} was already used for another transaction of this client.`);
      const { promises } = await reevaluateAccountPromises(tx, updated, now, actor);
      await appendActivity(tx, {
        accountId: account.id,
        clientNumber: account.clientNumber,
        kind: 'payment',
        at: now,
        actor: actor.sub,
        actorName: actor.name,
        summary: `Payment of ${formatCents(input.amountCents)} by ${input.method} dated ${input.paymentDate}`,
        details: { transactionId: id, amountCents: input.amountCents, method: input.method, paymentDate: input.paymentDate, clientReference: reference, note },
      });
      const balances = await readBalances(tx, account.id);
      audit.record(
        deskEvent(actor, 'desk.payment_posted', { type: 'TransactionMdl', id }, account.id, fieldChanges(null, { transactionType: 'payment', amountCents: input.amountCents, paymentDate: input.paymentDate, method: input.method, transactionRef: reference, description: note })),
        deskEvent(actor, 'desk.payment_posted', { type: 'AccountMdl', id: account.id }, account.id, balanceChanges(balancesOf(account), balances), { transactionId: id }),
      );
      return { transactionId: id, duplicate: false, account: balances, promises };
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
      const earlier = await this.byReference(tx, account.id, account.clientNumber, reference);
      if (earlier !== undefined) {
        if (earlier.reversalOf !== input.transactionId) throw new MoneyOperationError('CLIENT_REFERENCE_REUSED', `clientReference ${JSON.stringify(reference)} was already used for another transaction.`);
        return { transactionId: earlier.id, duplicate: true, account: balancesOf(account), promises: await readAccountPromises(tx, account.id) };
      }
      const rows = await tx.query<TransactionRow>(`SELECT ${TRANSACTION_COLUMNS} FROM "TransactionMdl" WHERE "id" = $1 FOR UPDATE`, [input.transactionId]);
      const payment = rows[0];
      if (payment === undefined || payment.accountmdlID !== account.id) throw new MoneyOperationError('UNKNOWN_TRANSACTION', `There is no transaction ${JSON.stringify(input.transactionId)} on an account.`);
      if (payment.transactionType !== 'payment' || payment.amountCents === null || payment.amountCents <= 0) {
        throw new MoneyOperationError('NOT_A_PAYMENT', payment.transactionType === 'reversal' ? 'A reversal cannot be reversed; post the payment again instead.' : 'Only a payment posted at the desk (with an amount in cents) can be reversed.');
      }
      if (payment.reversedBy !== null) throw new MoneyOperationError('ALREADY_REVERSED', `The payment was already reversed by transaction ${payment.reversedBy}.`, { reversedBy: payment.reversedBy });
      const amount = Number(payment.amountCents);
      const updated = await applyPaymentToAccount(tx, account, -amount, now);
      const id = randomUUID();
      const reason = note === null ? input.reason : `${input.reason}: ${note}`;
      const inserted = await tx.query<{ id: string }>(
        `INSERT INTO "TransactionMdl" ("id", "clientNumber", "fileNumber", "accountmdlID", "transactionType", "transactionRef", "amountCents", "paymentAmount",
                                       "paymentDate", "postedDate", "postedBy", "method", "reversalOf", "reversalReason", "description", "operator", "createdAt", "updatedAt")
         SELECT $1, $2, $3, $4, 'reversal', $5, -($6::int), -(($6::int)::numeric / 100), $7, $7, $8, t."method", t."id", $9, $10, $11, $12, $12
           FROM "TransactionMdl" t WHERE t."id" = $13
         ON CONFLICT ("clientNumber", "transactionRef") DO NOTHING RETURNING "id"`,
        [id, account.clientNumber, account.fileNumber, account.id, reference, amount, postedDateOf(now), actor.sub, reason, `Reversal (${input.reason})`, actor.name, now, payment.id],
      );
      if (inserted.length === 0) throw new MoneyOperationError('CLIENT_REFERENCE_REUSED', `clientReference ${JSON.stringify(reference)} was already used for another transaction of this client.`);
      await tx.query(`UPDATE "TransactionMdl" SET "reversedBy" = $2, "updatedAt" = $3, "_version" = "_version" + 1 WHERE "id" = $1`, [payment.id, id, now]);
      const { promises } = await reevaluateAccountPromises(tx, updated, now, actor);
      await appendActivity(tx, {
        accountId: account.id,
        clientNumber: account.clientNumber,
        kind: 'reversal',
        at: now,
        actor: actor.sub,
        actorName: actor.name,
        summary: `Payment of ${formatCents(amount)} reversed (${input.reason.replace('_', ' ')})`,
        details: { transactionId: id, reversalOf: payment.id, amountCents: -amount, reason: input.reason, note, clientReference: reference },
      });
      const balances = await readBalances(tx, account.id);
      audit.record(
        deskEvent(actor, 'desk.payment_reversed', { type: 'TransactionMdl', id }, account.id, fieldChanges(null, { transactionType: 'reversal', amountCents: -amount, reversalOf: payment.id, reversalReason: reason, transactionRef: reference })),
        deskEvent(actor, 'desk.payment_reversed', { type: 'TransactionMdl', id: payment.id }, account.id, { reversedBy: { before: null, after: id } }),
        deskEvent(actor, 'desk.payment_reversed', { type: 'AccountMdl', id: account.id }, account.id, balanceChanges(balancesOf(account), balances), { transactionId: id, reversalOf: payment.id }),
      );
      return { transactionId: id, duplicate: false, account: balances, promises };
    });
  }

  /** The transaction posted with this reference: on this account, or (same client) under the natural key. */
  private async byReference(tx: Queryable, accountId: string, clientNumber: string | null, reference: string): Promise<TransactionRow | undefined> {
    const rows = await tx.query<TransactionRow>(
      `SELECT ${TRANSACTION_COLUMNS} FROM "TransactionMdl"
        WHERE "transactionRef" = $1 AND ("accountmdlID" = $2 OR ($3::text IS NOT NULL AND "clientNumber" = $3::text))
        ORDER BY ("accountmdlID" = $2) DESC LIMIT 1`,
      [reference, accountId, clientNumber],
    );
    return rows[0];
  }
}

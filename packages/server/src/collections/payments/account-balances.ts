// An account's money facts in integer cents, read under a row lock: every money operation of the desk
// locks the account row first (and only then its promises and transactions), so postings, reversals,
// promises and the broken-promise job on one account run one after another in every process, and in
// the same lock order (no deadlock).
import type { Queryable } from '../../db/database.js';
import { MAX_INT, MIN_INT, MoneyOperationError } from './money-error.js';

/** The account row as the money operations need it. */
export interface LockedAccount {
  readonly id: string;
  readonly clientNumber: string | null;
  readonly fileNumber: string | null;
  readonly zipCode: string | null;
  readonly assignedTo: string | null;
  readonly originalCents: number;
  readonly paidCents: number;
  readonly balanceCents: number;
  readonly version: number;
  /** The queue facts the promise operations keep: the next promise due date and the broken-promise marker. */
  readonly promiseDueDate: string | null;
  readonly brokenPromiseAt: Date | null;
}

/** An account's balances as the API returns them (AccountBalances). */
export interface AccountBalances {
  readonly accountId: string;
  readonly originalCents: number;
  readonly paidCents: number;
  readonly balanceCents: number;
  readonly _version: number;
}

/** An AccountMdl row as ACCOUNT_COLUMNS selects it. */
export interface AccountRow {
  id: string;
  clientNumber: string | null;
  fileNumber: string | null;
  zipCode: string | null;
  assignedTo: string | null;
  original_cents: string | number;
  paid_cents: string | number;
  balance_cents: string | number;
  _version: number;
  promise_due_date: string | null;
  brokenPromiseAt: Date | string | null;
}

/** Dollars columns (numeric(18,2)) as whole cents, exactly (numeric arithmetic, then bigint). */
export const CENTS_COLUMNS = `(coalesce("originalUpbLoaded", 0) * 100)::bigint AS original_cents,
  (coalesce("amountPaid", 0) * 100)::bigint AS paid_cents, (coalesce("currentUpb", 0) * 100)::bigint AS balance_cents`;

/** The SELECT (or RETURNING) list of a LockedAccount. */
export const ACCOUNT_COLUMNS = `"id", "clientNumber", "fileNumber", "zipCode", "assignedTo", ${CENTS_COLUMNS}, "_version", "promiseDueDate"::text AS promise_due_date, "brokenPromiseAt"`;

/** A row selected with ACCOUNT_COLUMNS as a LockedAccount. */
export function toAccount(row: AccountRow): LockedAccount {
  return {
    id: row.id,
    clientNumber: row.clientNumber,
    fileNumber: row.fileNumber,
    zipCode: row.zipCode,
    assignedTo: row.assignedTo,
    originalCents: Number(row.original_cents),
    paidCents: Number(row.paid_cents),
    balanceCents: Number(row.balance_cents),
    version: Number(row._version),
    promiseDueDate: row.promise_due_date,
    brokenPromiseAt: row.brokenPromiseAt === null ? null : row.brokenPromiseAt instanceof Date ? row.brokenPromiseAt : new Date(row.brokenPromiseAt),
  };
}

/** Locks the account row (FOR UPDATE) inside `tx` and returns it; UNKNOWN_ACCOUNT when there is none. */
export async function lockAccount(tx: Queryable, accountId: string): Promise<LockedAccount> {
  const rows = await tx.query<AccountRow>(
    `SELECT ${ACCOUNT_COLUMNS} FROM "AccountMdl" WHERE "id" = $1 FOR UPDATE`,
    [accountId],
  );
  const row = rows[0];
  if (row === undefined) throw new MoneyOperationError('UNKNOWN_ACCOUNT', `There is no account ${JSON.stringify(accountId)}.`);
  return toAccount(row);
}

/** The API shape of a locked account's balances. */
export function balancesOf(account: LockedAccount): AccountBalances {
  return { accountId: account.id, originalCents: account.originalCents, paidCents: account.paidCents, balanceCents: account.balanceCents, _version: account.version };
}

/** The refusal of a payment (positive) or reversal (negative) that would take a balance beyond GraphQL's Int (the API could not return it), or null. */
export function balanceRangeError(account: LockedAccount, deltaCents: number): MoneyOperationError | null {
  const paid = account.paidCents + deltaCents;
  const balance = account.balanceCents - deltaCents;
  for (const [name, value] of [['paid', paid], ['balance', balance], ['original', account.originalCents]] as const) {
    if (value > MAX_INT || value < MIN_INT) {
      return new MoneyOperationError('BALANCE_OUT_OF_RANGE', `The account's ${name} amount would be ${value} cents, beyond what the API carries (an Int, ±${MAX_INT}); nothing was posted.`);
    }
  }
  return null;
}

/** Throws balanceRangeError's refusal, before any write. */
export function checkBalanceRange(account: LockedAccount, deltaCents: number): void {
  const error = balanceRangeError(account, deltaCents);
  if (error !== null) throw error;
}

/** The SET list moving `$delta` cents (a bigint parameter) from the balance to paid in exact numeric arithmetic, bumping `_version`. */
export function moveToPaidSql(delta: string, now: string): string {
  return `"amountPaid" = coalesce("amountPaid", 0) + (${delta}::bigint)::numeric / 100, "currentUpb" = coalesce("currentUpb", 0) - (${delta}::bigint)::numeric / 100,
          "_version" = "_version" + 1, "updatedAt" = ${now}`;
}

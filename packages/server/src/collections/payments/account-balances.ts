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
}

/** An account's balances as the API returns them (AccountBalances). */
export interface AccountBalances {
  readonly accountId: string;
  readonly originalCents: number;
  readonly paidCents: number;
  readonly balanceCents: number;
  readonly _version: number;
}

interface AccountRow {
  id: string;
  clientNumber: string | null;
  fileNumber: string | null;
  zipCode: string | null;
  assignedTo: string | null;
  original_cents: string | number;
  paid_cents: string | number;
  balance_cents: string | number;
  _version: number;
}

/** Dollars columns (numeric(18,2)) as whole cents, exactly (numeric arithmetic, then bigint). */
export const CENTS_COLUMNS = `(coalesce("originalUpbLoaded", 0) * 100)::bigint AS original_cents,
  (coalesce("amountPaid", 0) * 100)::bigint AS paid_cents, (coalesce("currentUpb", 0) * 100)::bigint AS balance_cents`;

function toAccount(row: AccountRow): LockedAccount {
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
  };
}

/** Locks the account row (FOR UPDATE) inside `tx` and returns it; UNKNOWN_ACCOUNT when there is none. */
export async function lockAccount(tx: Queryable, accountId: string): Promise<LockedAccount> {
  const rows = await tx.query<AccountRow>(
    `SELECT "id", "clientNumber", "fileNumber", "zipCode", "assignedTo", ${CENTS_COLUMNS}, "_version" FROM "AccountMdl" WHERE "id" = $1 FOR UPDATE`,
    [accountId],
  );
  const row = rows[0];
  if (row === undefined) throw new MoneyOperationError('UNKNOWN_ACCOUNT', `There is no account ${JSON.stringify(accountId)}.`);
  return toAccount(row);
}

/** The account's current balances (no lock). */
export async function readBalances(db: Queryable, accountId: string): Promise<AccountBalances> {
  const rows = await db.query<AccountRow>(`SELECT "id", "clientNumber", "fileNumber", "zipCode", "assignedTo", ${CENTS_COLUMNS}, "_version" FROM "AccountMdl" WHERE "id" = $1`, [accountId]);
  const row = rows[0];
  if (row === undefined) throw new MoneyOperationError('UNKNOWN_ACCOUNT', `There is no account ${JSON.stringify(accountId)}.`);
  return balancesOf(toAccount(row));
}

/** The API shape of a locked account's balances. */
export function balancesOf(account: LockedAccount): AccountBalances {
  return { accountId: account.id, originalCents: account.originalCents, paidCents: account.paidCents, balanceCents: account.balanceCents, _version: account.version };
}

/**
 * Moves `deltaCents` from the balance to paid (a payment: positive; a reversal: negative) in exact
 * numeric SQL arithmetic and bumps `_version`. Refused before any write when a balance would leave
 * GraphQL's Int (the API could not return it).
 */
export async function applyPaymentToAccount(tx: Queryable, account: LockedAccount, deltaCents: number, now: Date): Promise<LockedAccount> {
  const paid = account.paidCents + deltaCents;
  const balance = account.balanceCents - deltaCents;
  for (const [name, value] of [['paid', paid], ['balance', balance], ['original', account.originalCents]] as const) {
    if (value > MAX_INT || value < MIN_INT) {
      throw new MoneyOperationError('BALANCE_OUT_OF_RANGE', `The account's ${name} amount would be ${value} cents, beyond what the API carries (an Int, ±${MAX_INT}); nothing was posted.`);
    }
  }
  const rows = await tx.query<AccountRow>(
    `UPDATE "AccountMdl" SET "amountPaid" = coalesce("amountPaid", 0) + ($2::bigint)::numeric / 100,
            "currentUpb" = coalesce("currentUpb", 0) - ($2::bigint)::numeric / 100,
            "_version" = "_version" + 1, "updatedAt" = $3
      WHERE "id" = $1
      RETURNING "id", "clientNumber", "fileNumber", "zipCode", "assignedTo", ${CENTS_COLUMNS}, "_version"`,
    [account.id, deltaCents, now],
  );
  const row = rows[0];
  if (row === undefined) throw new MoneyOperationError('UNKNOWN_ACCOUNT', `There is no account ${JSON.stringify(account.id)}.`);
  return toAccount(row);
}

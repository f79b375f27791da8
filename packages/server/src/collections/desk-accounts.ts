// Reading and locking the account a desk operation is about. Every write locks the account row first
// (FOR UPDATE), so two collectors working one account queue up instead of losing an update, and the
// idempotency checks that follow the lock cannot race.
import type { Queryable } from '../db/database.js';
import { DeskError } from './desk-error.js';

/** The account columns the desk reads. */
export interface DeskAccountRow {
  id: string;
  clientNumber: string | null;
  clientName: string | null;
  fileNumber: string | null;
  accountStatus: string | null;
  zipCode: string | null;
  disputed: boolean;
  originalCents: number;
  paidCents: number;
  balanceCents: number;
  delinquencyDate: string | null;
  assignedTo: string | null;
  lastContactAt: Date | string | null;
  promiseDueDate: string | null;
  brokenPromiseAt: Date | string | null;
  followUpAt: Date | string | null;
  createdAt: Date | string;
  _version: number;
}

/** The SELECT list of DeskAccountRow; money as integer cents (round(numeric * 100)). */
export const DESK_ACCOUNT_COLUMNS = `a."id", a."clientNumber", a."clientName", a."fileNumber", a."accountStatus", a."zipCode", COALESCE(a."disputed", false) AS "disputed",
  COALESCE(round(a."originalUpbLoaded" * 100), 0)::float8 AS "originalCents", COALESCE(round(a."amountPaid" * 100), 0)::float8 AS "paidCents",
  COALESCE(round(a."currentUpb" * 100), 0)::float8 AS "balanceCents", a."delinquencyDate"::text AS "delinquencyDate", a."assignedTo", a."lastContactAt",
  a."promiseDueDate"::text AS "promiseDueDate", a."brokenPromiseAt", a."followUpAt", a."createdAt", a."_version"`;

/** The account, or DeskError NOT_FOUND; `lock` takes its row lock (inside a transaction). */
export async function loadDeskAccount(db: Queryable, accountId: string, lock = false): Promise<DeskAccountRow> {
  if (lock) await db.query(`SELECT 1 FROM "AccountMdl" WHERE "id" = $1 FOR UPDATE`, [accountId]);
  const rows = await db.query<DeskAccountRow>(`SELECT ${DESK_ACCOUNT_COLUMNS} FROM "AccountMdl" a WHERE a."id" = $1`, [accountId]);
  const row = rows[0];
  if (row === undefined) throw new DeskError('NOT_FOUND', `Account ${accountId} does not exist.`);
  return row;
}

/** Marks the account changed (version and updatedAt), as every generated write does. */
export async function touchAccount(db: Queryable, accountId: string, now: Date): Promise<void> {
  await db.query(`UPDATE "AccountMdl" SET "_version" = "_version" + 1, "updatedAt" = $2 WHERE "id" = $1`, [accountId, now]);
}

/** A required, trimmed, bounded text argument, or DeskError BAD_REQUEST naming it. */
export function requiredText(value: string | null | undefined, name: string, max = 2000): string {
  const text = (value ?? '').trim();
  if (text === '') throw new DeskError('BAD_REQUEST', `${name} must not be empty.`);
  if (text.length > max) throw new DeskError('BAD_REQUEST', `${name} must be at most ${max} characters.`);
  return text;
}

/** An optional bounded text argument (empty -> null). */
export function optionalText(value: string | null | undefined, name: string, max = 2000): string | null {
  const text = (value ?? '').trim();
  if (text === '') return null;
  if (text.length > max) throw new DeskError('BAD_REQUEST', `${name} must be at most ${max} characters.`);
  return text;
}

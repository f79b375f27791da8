// Helpers of the collector's desk money tests: GraphQL calls to a running server as a demo user,
// and accounts/debtors made directly in the database with known balances.
import { randomUUID } from 'node:crypto';
import type { Queryable } from '../../src/db/database.js';

/** A GraphQL answer with the error fields the money operations fill in. */
export interface MoneyResponse<T> {
  readonly data: T | null;
  readonly errors?: readonly { readonly errorType: string; readonly message: string; readonly errorInfo?: { readonly code?: string; readonly [key: string]: unknown } }[];
}

/** POSTs a GraphQL request to `url`/graphql with the access token. */
export async function gqlAt<T>(url: string, token: string, query: string, variables: Record<string, unknown> = {}): Promise<MoneyResponse<T>> {
  const response = await fetch(`${url}/graphql`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: token }, body: JSON.stringify({ query, variables }) });
  return (await response.json()) as MoneyResponse<T>;
}

/** What makeAccount creates. */
export interface TestAccount {
  readonly id: string;
  readonly clientNumber: string;
  readonly fileNumber: string;
  readonly debtorId: string;
}

/** Inserts an account (dollars as the import stores them) with one debtor; returns their ids. */
export async function makeAccount(
  db: Queryable,
  options: { originalCents?: number; paidCents?: number; clientNumber?: string; assignedTo?: string | null; timeZone?: string | null; zipCode?: string; delinquencyDate?: string | null } = {},
): Promise<TestAccount> {
  const id = randomUUID();
  const original = options.originalCents ?? 500_000;
  const paid = options.paidCents ?? 0;
  const clientNumber = options.clientNumber ?? 'C-1001';
  const fileNumber = `T-${randomUUID().slice(0, 8)}`;
  await db.query(
    `INSERT INTO "AccountMdl" ("id", "clientNumber", "clientName", "fileNumber", "originalUpbLoaded", "amountPaid", "currentUpb", "zipCode", "assignedTo", "delinquencyDate", "accountStatus", "createdAt", "updatedAt")
     VALUES ($1, $2, 'Test Client', $3, ($4::bigint)::numeric / 100, ($5::bigint)::numeric / 100, ($6::bigint)::numeric / 100, $7, $8, $9, 'ACTIVE', now(), now())`,
    [id, clientNumber, fileNumber, original, paid, original - paid, options.zipCode ?? '10001', options.assignedTo ?? null, options.delinquencyDate ?? null],
  );
  const debtorId = randomUUID();
  await db.query(
    `INSERT INTO "DebtorMdl" ("id", "clientNumber", "fileNumber", "debtorSeq", "firstName", "lastName", "zipCode", "timeZone", "accountmdlID", "createdAt", "updatedAt")
     VALUES ($1, $2, $3, 1, 'Test', 'Debtor', $4, $5, $6, now(), now())`,
    [debtorId, clientNumber, fileNumber, options.zipCode ?? '10001', options.timeZone === undefined ? 'America/New_York' : options.timeZone, id],
  );
  return { id, clientNumber, fileNumber, debtorId };
}

/** The account's balances in cents and _version, read straight from the table. */
export async function storedBalances(db: Queryable, accountId: string): Promise<{ paid: number; balance: number; version: number }> {
  const rows = await db.query<{ paid: string | number; balance: string | number; _version: number }>(
    `SELECT ("amountPaid" * 100)::bigint AS paid, ("currentUpb" * 100)::bigint AS balance, "_version" FROM "AccountMdl" WHERE "id" = $1`,
    [accountId],
  );
  const row = rows[0];
  if (row === undefined) throw new Error(`no account ${accountId}`);
  return { paid: Number(row.paid), balance: Number(row.balance), version: Number(row._version) };
}

/** The postPayment mutation with the fields the tests look at. */
export const POST_PAYMENT = `mutation ($input: PostPaymentInput!) { postPayment(input: $input) {
  transactionId duplicate account { accountId originalCents paidCents balanceCents _version }
  promises { id status nextDueDate installments { seq dueDate amountCents paidCents state lastKeepDate } } } }`;

/** The reversePayment mutation. */
export const REVERSE_PAYMENT = `mutation ($input: ReversePaymentInput!) { reversePayment(input: $input) {
  transactionId duplicate account { accountId originalCents paidCents balanceCents _version }
  promises { id status nextDueDate installments { seq dueDate amountCents paidCents state lastKeepDate } } } }`;

/** The takePromise mutation. */
export const TAKE_PROMISE = `mutation ($input: TakePromiseInput!) { takePromise(input: $input) {
  id accountId debtorId kind totalCents graceDays timeZone status nextDueDate takenBy takenAt brokenAt
  installments { seq dueDate amountCents paidCents state lastKeepDate } } }`;

/** A posting as the tests read it. */
export interface Posting {
  transactionId: string;
  duplicate: boolean;
  account: { accountId: string; originalCents: number; paidCents: number; balanceCents: number; _version: number };
  promises: { id: string; status: string; nextDueDate: string | null; installments: { seq: number; dueDate: string; amountCents: number; paidCents: number; state: string }[] }[];
}

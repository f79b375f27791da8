// PromiseMdl rows as the desk's operations read and return them (CollectionsPromise): installments
// parsed from their JSON column, the taker's name from their UserMdl.
import type { Queryable } from '../../db/database.js';

/** One installment as stored and returned. */
export interface StoredInstallment {
  readonly seq: number;
  readonly dueDate: string;
  readonly amountCents: number;
  readonly paidCents: number;
  readonly state: string;
  readonly lastKeepDate: string;
}

/** A promise as the API returns it (CollectionsPromise). */
export interface CollectionsPromise {
  readonly id: string;
  readonly accountId: string;
  readonly debtorId: string | null;
  readonly clientNumber: string | null;
  readonly fileNumber: string | null;
  readonly kind: string;
  readonly totalCents: number;
  readonly graceDays: number;
  readonly timeZone: string;
  readonly status: string;
  readonly nextDueDate: string | null;
  readonly installments: readonly StoredInstallment[];
  readonly takenBy: string | null;
  readonly takenByName: string | null;
  readonly takenAt: Date;
  readonly brokenAt: Date | null;
  readonly cancelledAt: Date | null;
  readonly cancelReason: string | null;
  readonly clientReference: string | null;
}

/** A PromiseMdl row as PROMISE_COLUMNS selects it (timestamps as Date, or as text from JSON). */
export interface PromiseRow {
  id: string;
  accountmdlID: string;
  debtormdlID: string | null;
  clientNumber: string | null;
  fileNumber: string | null;
  kind: string;
  totalCents: number | null;
  graceDays: number | null;
  timeZone: string | null;
  installments: string | null;
  status: string | null;
  next_due_date: string | null;
  takenBy: string | null;
  taken_by_name: string | null;
  takenAt: Date | string | null;
  brokenAt: Date | string | null;
  cancelledAt: Date | string | null;
  cancelReason: string | null;
  clientReference: string | null;
}

/** The SELECT list (promise alias `p`, taker's UserMdl alias `u`). */
export const PROMISE_COLUMNS = `p."id", p."accountmdlID", p."debtormdlID", p."clientNumber", p."fileNumber", p."kind", p."totalCents", p."graceDays",
  p."timeZone", p."installments", p."status", p."nextDueDate"::text AS next_due_date, p."takenBy",
  nullif(trim(concat_ws(' ', u."firstName", u."lastName")), '') AS taken_by_name,
  p."takenAt", p."brokenAt", p."cancelledAt", p."cancelReason", p."clientReference"`;

/** The FROM clause of PROMISE_COLUMNS. */
export const PROMISE_FROM = `FROM "PromiseMdl" p LEFT JOIN LATERAL (SELECT "firstName", "lastName" FROM "UserMdl" WHERE "userId" = p."takenBy" LIMIT 1) u ON true`;

const asDate = (value: Date | string | null): Date | null => (value === null ? null : value instanceof Date ? value : new Date(value));

function parseInstallments(text: string | null): StoredInstallment[] {
  if (text === null) return [];
  const parsed: unknown = JSON.parse(text);
  return Array.isArray(parsed) ? (parsed as StoredInstallment[]) : [];
}

/** A selected row as a CollectionsPromise. */
export function toPromise(row: PromiseRow): CollectionsPromise {
  return {
    id: row.id,
    accountId: row.accountmdlID,
    debtorId: row.debtormdlID,
    clientNumber: row.clientNumber,
    fileNumber: row.fileNumber,
    kind: row.kind,
    totalCents: Number(row.totalCents ?? 0),
    graceDays: Number(row.graceDays ?? 0),
    timeZone: row.timeZone ?? 'UTC',
    status: row.status ?? 'active',
    nextDueDate: row.next_due_date,
    installments: parseInstallments(row.installments),
    takenBy: row.takenBy,
    takenByName: row.taken_by_name,
    takenAt: asDate(row.takenAt) ?? new Date(0),
    brokenAt: asDate(row.brokenAt),
    cancelledAt: asDate(row.cancelledAt),
    cancelReason: row.cancelReason,
    clientReference: row.clientReference,
  };
}

/** The account's promises, newest first; `lock` takes their row locks (inside a transaction that holds the account's). */
export async function readAccountPromises(db: Queryable, accountId: string, options: { lock?: boolean } = {}): Promise<CollectionsPromise[]> {
  const lock = options.lock === true ? 'FOR UPDATE OF p' : '';
  const rows = await db.query<PromiseRow>(`SELECT ${PROMISE_COLUMNS} ${PROMISE_FROM} WHERE p."accountmdlID" = $1 ORDER BY p."takenAt" DESC, p."id" ${lock}`, [accountId]);
  return rows.map(toPromise);
}

/** One promise by id, or undefined. */
export async function readPromise(db: Queryable, id: string): Promise<CollectionsPromise | undefined> {
  const rows = await db.query<PromiseRow>(`SELECT ${PROMISE_COLUMNS} ${PROMISE_FROM} WHERE p."id" = $1`, [id]);
  const row = rows[0];
  return row === undefined ? undefined : toPromise(row);
}

/** The promise an account took with this client reference, or undefined. */
export async function readPromiseByReference(db: Queryable, accountId: string, clientReference: string): Promise<CollectionsPromise | undefined> {
  const rows = await db.query<PromiseRow>(`SELECT ${PROMISE_COLUMNS} ${PROMISE_FROM} WHERE p."accountmdlID" = $1 AND p."clientReference" = $2 LIMIT 1`, [accountId, clientReference]);
  const row = rows[0];
  return row === undefined ? undefined : toPromise(row);
}

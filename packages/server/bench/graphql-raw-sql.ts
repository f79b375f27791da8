// The benchmark's two reads as hand-written SQL through `pg`: the limit the data API is measured
// against. Shared by the in-process baseline and the minimal HTTP endpoint, so both run the same
// statements: unnamed, as pool.query sends them, or named (prepared once per connection) for the
// named-statement experiment.
import type pg from 'pg';

const statement = (named: boolean, name: string, text: string, values: unknown[]): pg.QueryConfig => (named ? { name, text, values } : { text, values });

const LIST_COLUMNS = `"id", "clientNumber", "accountStatus", "fileNumber", "currentUpb"::float8 AS "currentUpb", "amountPaid"::float8 AS "amountPaid", "listedDate"::text AS "listedDate", "operator"`;

/** One page of a raw listing: the rows and the id to continue after (null on the last page). */
export interface RawPage {
  readonly items: Record<string, unknown>[];
  readonly after: string | null;
}

/** Accounts of client `clientNumber` after `after`, `limit` per page, keyset on id. */
export async function rawListPage(pool: pg.Pool, clientNumber: string, after: string | null, named = false, limit = 50): Promise<RawPage> {
  const { rows } =
    after === null
      ? await pool.query<Record<string, unknown>>(statement(named, `list${limit}`, `SELECT ${LIST_COLUMNS} FROM "AccountMdl" WHERE "clientNumber" = $1 ORDER BY "id" LIMIT ${limit + 1}`, [clientNumber]))
      : await pool.query<Record<string, unknown>>(
          statement(named, `listAfter${limit}`, `SELECT ${LIST_COLUMNS} FROM "AccountMdl" WHERE "clientNumber" = $1 AND "id" > $2 ORDER BY "id" LIMIT ${limit + 1}`, [clientNumber, after]),
        );
  if (rows.length <= limit) return { items: rows, after: null };
  const items = rows.slice(0, limit);
  return { items, after: String(items[items.length - 1]?.id) };
}

/** An account with up to 20 contacts and 20 transactions (the relations read in parallel), or null. */
export async function rawGetAccount(pool: pg.Pool, id: string, named = false): Promise<Record<string, unknown> | null> {
  const [account, contacts, transactions] = await Promise.all([
    pool.query(statement(named, 'account', `SELECT "id", "clientNumber", "accountStatus", "fileNumber", "currentUpb"::float8 AS "currentUpb" FROM "AccountMdl" WHERE "id" = $1`, [id])),
    pool.query(
      statement(named, 'contacts', `SELECT "id", "completed", "dueDate"::text AS "dueDate", "paymentAmount"::float8 AS "paymentAmount" FROM "ContactMdl" WHERE "accountmdlID" = $1 ORDER BY "id" LIMIT 21`, [id]),
    ),
    pool.query(
      statement(
        named,
        'transactions',
        `SELECT "id", "transactionType", "paymentDate"::text AS "paymentDate", "paymentAmount"::float8 AS "paymentAmount" FROM "TransactionMdl" WHERE "accountmdlID" = $1 ORDER BY "id" LIMIT 21`,
        [id],
      ),
    ),
  ]);
  const row = account.rows[0] as Record<string, unknown> | undefined;
  if (row === undefined) return null;
  return { ...row, Contacts: contacts.rows.slice(0, 20), Transactions: transactions.rows.slice(0, 20) };
}

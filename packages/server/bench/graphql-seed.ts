// Bulk seed of the data API's benchmark rows, in SQL so it runs at database speed on both adapters.
// A seeded store records its size in bench_seed, so a later run can reuse it instead of seeding again.
import type { Database } from '../src/db/database.js';

/** How many rows the benchmark seeds. */
export interface SeedSize {
  readonly accounts: number;
  readonly contactsPerAccount: number;
  readonly transactionsPerAccount: number;
  /** Accounts are spread over this many clientNumbers (C-0000…). */
  readonly clients: number;
}

/** Id of account number `n` (1-based), as the seed writes it. */
export function accountId(n: number): string {
  return `acc-${String(n).padStart(8, '0')}`;
}

/** clientNumber of client `n` (0-based). */
export function clientNumber(n: number): string {
  return `C-${String(n).padStart(4, '0')}`;
}

/** Inserts the accounts, contacts and transactions in batches; returns the seconds it took. */
export async function seedBenchRows(db: Database, size: SeedSize, log: (line: string) => void = () => undefined): Promise<number> {
  const started = performance.now();
  const batch = 100_000;
  for (let from = 1; from <= size.accounts; from += batch) {
    const to = Math.min(size.accounts, from + batch - 1);
    await db.query(
      `INSERT INTO "AccountMdl" ("id", "accountStatus", "amountPaid", "clientName", "clientNumber", "currentUpb", "fileNumber", "listedDate", "operator", "originalUpbLoaded", "tuScore", "zipCode", "clientmdlID", "createdAt", "updatedAt")
       SELECT 'acc-' || lpad(g::text, 8, '0'), (ARRAY['OPEN','CLOSED','PAID','LEGAL'])[1 + g % 4], (g % 1000) * 1.5, 'Client ' || (g % $3),
              'C-' || lpad((g % $3)::text, 4, '0'), (g % 50000) + 0.25, 'F' || g, DATE '2020-01-01' + (g % 1500), 'op-' || (g % 17),
              (g % 90000) + 100.5, 300 + g % 550, lpad((g % 99999)::text, 5, '0'), 'client-' || (g % $3), now(), now()
       FROM generate_series($1::int, $2::int) AS g`,
      [from, to, size.clients],
    );
    for (const [table, per, extra] of [
      ['ContactMdl', size.contactsPerAccount, `"completed", "createdDate", "dueDate", "doneBy", "accountBalance"`],
      ['TransactionMdl', size.transactionsPerAccount, `"transactionType", "paymentDate", "postedDate", "postedBy", "paymentAmount"`],
    ] as const) {
      if (per === 0) continue;
      const values =
        table === 'ContactMdl'
          ? `k % 2 = 0, DATE '2021-01-01' + (g % 1000), DATE '2022-01-01' + (g % 700), 'agent-' || (g % 9), (g % 7000) + 0.5`
          : `(ARRAY['PAYMENT','ADJUSTMENT','FEE'])[1 + k % 3], DATE '2021-06-01' + (g % 900), DATE '2021-06-02' + (g % 900), 'poster-' || (g % 5), (g % 300) + 0.75`;
      await db.query(
        `INSERT INTO "${table}" ("id", "accountmdlID", "clientNumber", "fileNumber", "operator", ${extra}, "createdAt", "updatedAt")
         SELECT '${table === 'ContactMdl' ? 'con' : 'trn'}-' || lpad(g::text, 8, '0') || '-' || k, 'acc-' || lpad(g::text, 8, '0'), 'C-' || lpad((g % $4)::text, 4, '0'),
                'F' || g, 'op-' || (g % 17), ${values}, now(), now()
         FROM generate_series($1::int, $2::int) AS g, generate_series(1, $3::int) AS k`,
        [from, to, per, size.clients],
      );
    }
    log(`  seeded accounts ${from}..${to}`);
  }
  await db.query('ANALYZE "AccountMdl"');
  await db.query('ANALYZE "ContactMdl"');
  await db.query('ANALYZE "TransactionMdl"');
  return (performance.now() - started) / 1000;
}

/** How a store came to hold its seed: seeded now, or reused from an earlier run. */
export interface SeedOutcome {
  readonly seconds: number;
  readonly reused: boolean;
}

async function recordedSeed(db: Database, size: SeedSize): Promise<number | null> {
  const [table] = await db.query<{ found: boolean }>(`SELECT to_regclass('bench_seed') IS NOT NULL AS "found"`);
  if (table?.found !== true) return null;
  const rows = await db.query<{ seconds: number }>('SELECT "seconds" FROM bench_seed WHERE "size" = $1', [JSON.stringify(size)]);
  return rows[0]?.seconds ?? null;
}

/** Seeds unless the store already holds exactly this seed (recorded in bench_seed by an earlier run). */
export async function seedOnce(db: Database, size: SeedSize, log: (line: string) => void = () => undefined): Promise<SeedOutcome> {
  const earlier = await recordedSeed(db, size);
  if (earlier !== null) return { seconds: earlier, reused: true };
  const [accounts] = await db.query<{ n: number }>('SELECT count(*)::int AS "n" FROM "AccountMdl"');
  if ((accounts?.n ?? 0) > 0) throw new Error('the bench store holds other rows: use an empty schema or folder');
  const seconds = await seedBenchRows(db, size, log);
  await db.exec('CREATE TABLE IF NOT EXISTS bench_seed ("size" text PRIMARY KEY, "seconds" float8 NOT NULL)');
  await db.query('INSERT INTO bench_seed ("size", "seconds") VALUES ($1, $2)', [JSON.stringify(size), seconds]);
  return { seconds, reused: false };
}

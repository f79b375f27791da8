// Bulk seed of the collector's desk benchmark, in set-based SQL (generate_series, INSERT … SELECT) so it
// runs at database speed on both adapters: accounts assigned over the collectors with queue facts in
// realistic proportions, one debtor per account across US time zones, transactions, promises with
// their installments, and contact attempts. Dates are relative to the seeding day. A seeded store
// records its size in desk_bench_seed, so a later run reuses it.
import type { Database } from '../src/db/database.js';

/** How many rows the desk benchmark seeds. */
export interface DeskSeedSize {
  readonly accounts: number;
  readonly collectors: number;
  readonly clients: number;
  readonly transactionsPerAccount: number;
  /** Promises are taken on this share of the accounts (0.5: every second account of each book). */
  readonly promiseShare: number;
}

/** Id of account number `n` (1-based). */
export function deskAccountId(n: number): string {
  return `acc-${String(n).padStart(8, '0')}`;
}

/** The sub of collector `i` (0-based): fixed, so a reused seed and the server's users agree. */
export function collectorSub(i: number): string {
  return `00000000-0000-4000-8000-${String(i + 1).padStart(12, '0')}`;
}

const ZONES = ['America/New_York', 'America/Chicago', 'America/Denver', 'America/Los_Angeles', 'America/Phoenix', 'America/Anchorage', 'Pacific/Honolulu'];
const STATES = ['NY', 'IL', 'CO', 'CA', 'AZ', 'AK', 'HI'];
const OUTCOMES = ['no_answer', 'left_message', 'right_party', 'wrong_number', 'refused', 'promise'];

/** Inserts every row in batches of accounts; returns the seconds it took. */
export async function seedDeskRows(db: Database, size: DeskSeedSize, log: (line: string) => void = () => undefined): Promise<number> {
  const started = performance.now();
  const collectors = Array.from({ length: size.collectors }, (_, i) => collectorSub(i));
  const batch = 100_000;
  // h = the account's place in its collector's book: the facts below depend on h, so every book gets the same mix.
  const h = `(g / $3::int)`;
  const promiseEvery = Math.max(1, Math.round(1 / Math.max(size.promiseShare, 1e-6)));
  for (let from = 1; from <= size.accounts; from += batch) {
    const to = Math.min(size.accounts, from + batch - 1);
    await db.query(
      `INSERT INTO "AccountMdl" ("id", "accountStatus", "amountPaid", "clientName", "clientNumber", "currentUpb", "fileNumber", "listedDate", "operator",
                                 "originalUpbLoaded", "zipCode", "clientmdlID", "delinquencyDate", "disputed", "assignedTo", "lastContactAt",
                                 "promiseDueDate", "brokenPromiseAt", "followUpAt", "createdAt", "updatedAt")
       SELECT 'acc-' || lpad(g::text, 8, '0'),
              CASE ${h} % 20 WHEN 19 THEN 'CLOSED' WHEN 18 THEN 'PAID' ELSE 'OPEN' END,
              (g % 1000) * 1.5, 'Client ' || (g % $4), 'C-' || lpad((g % $4)::text, 4, '0'), ((g * 131) % 500000) / 100.0 + 50, 'F' || g,
              current_date - 30 - (g % 900), 'op-' || (g % 17), ((g * 131) % 500000) / 100.0 + 50 + (g % 1000) * 1.5, lpad((g % 99999)::text, 5, '0'),
              'client-' || (g % $4),
              CASE WHEN ${h} % 50 = 7 THEN NULL ELSE current_date - ((g * 37) % 720) END,
              ${h} % 200 = 11,
              ($5::text[])[1 + g % $3::int],
              CASE WHEN ${h} % 3 = 0 THEN now() - ((g % 60) || ' days')::interval - ((g % 24) || ' hours')::interval END,
              CASE WHEN ${h} % 1000 < 20 THEN current_date WHEN ${h} % 1000 < 40 THEN current_date + 1 + (g % 20) END,
              CASE WHEN ${h} % 1000 BETWEEN 40 AND 59 THEN now() - ((g % 10) || ' days')::interval END,
              CASE WHEN ${h} % 1000 BETWEEN 60 AND 79 THEN now() - ((g % 48) || ' hours')::interval
                   WHEN ${h} % 1000 BETWEEN 80 AND 89 THEN now() + ((g % 48) || ' hours')::interval END,
              now(), now()
       FROM generate_series($1::int, $2::int) AS g`,
      [from, to, size.collectors, size.clients, collectors],
    );
    await db.query(
      `INSERT INTO "DebtorMdl" ("id", "clientNumber", "fileNumber", "debtorSeq", "firstName", "lastName", "phone", "zipCode", "state", "timeZone", "accountmdlID")
       SELECT 'dbt-' || lpad(g::text, 8, '0'), 'C-' || lpad((g % $3)::text, 4, '0'), 'F' || g, 1, 'First' || (g % 997), 'Last' || (g % 9973),
              '+1555' || lpad((g % 10000000)::text, 7, '0'), lpad((g % 99999)::text, 5, '0'), ($4::text[])[1 + g % 7], ($5::text[])[1 + g % 7], 'acc-' || lpad(g::text, 8, '0')
       FROM generate_series($1::int, $2::int) AS g`,
      [from, to, size.clients, STATES, ZONES],
    );
    await db.query(
      `INSERT INTO "TransactionMdl" ("id", "accountmdlID", "clientNumber", "fileNumber", "operator", "transactionType", "paymentDate", "postedDate", "postedBy", "paymentAmount", "createdAt", "updatedAt")
       SELECT 'trn-' || lpad(g::text, 8, '0') || '-' || k, 'acc-' || lpad(g::text, 8, '0'), 'C-' || lpad((g % $4)::text, 4, '0'), 'F' || g, 'op-' || (g % 17),
              CASE WHEN (g + k) % 10 = 0 THEN 'FEE' ELSE 'PAYMENT' END, current_date - ((g * 17 + k * 101) % 730), current_date - ((g * 17 + k * 101) % 730) + 1,
              'poster-' || (g % 5), (g % 300) + 0.75, now(), now()
       FROM generate_series($1::int, $2::int) AS g, generate_series(1, $3::int) AS k`,
      [from, to, size.transactionsPerAccount, size.clients],
    );
    // Three monthly installments around today: those due more than the grace ago are kept, partly kept or broken.
    await db.query(
      `INSERT INTO "PromiseMdl" ("id", "accountmdlID", "debtormdlID", "clientNumber", "fileNumber", "kind", "totalCents", "graceDays", "timeZone", "installments",
                                 "status", "nextDueDate", "takenBy", "takenAt", "brokenAt", "createdAt", "updatedAt")
       SELECT 'prm-' || lpad(s.g::text, 8, '0'), 'acc-' || lpad(s.g::text, 8, '0'), 'dbt-' || lpad(s.g::text, 8, '0'), 'C-' || lpad((s.g % $4)::text, 4, '0'), 'F' || s.g,
              'installments', 3 * s.amount, 3, ($6::text[])[1 + s.g % 7],
              jsonb_build_array(
                jsonb_build_object('seq', 1, 'dueDate', s.d1::text, 'amountCents', s.amount, 'paidCents', CASE WHEN s.s1 = 'kept' THEN s.amount WHEN s.s1 = 'partially_kept' THEN s.amount / 2 ELSE 0 END, 'state', s.s1, 'lastKeepDate', (s.d1 + 3)::text),
                jsonb_build_object('seq', 2, 'dueDate', (s.d1 + 30)::text, 'amountCents', s.amount, 'paidCents', 0, 'state', s.s2, 'lastKeepDate', (s.d1 + 33)::text),
                jsonb_build_object('seq', 3, 'dueDate', (s.d1 + 60)::text, 'amountCents', s.amount, 'paidCents', 0, 'state', 'pending', 'lastKeepDate', (s.d1 + 63)::text))::text,
              CASE WHEN s.s1 = 'broken' OR s.s2 = 'broken' THEN 'broken' ELSE 'active' END,
              CASE WHEN s.s1 = 'pending' THEN s.d1 WHEN s.s2 = 'pending' THEN s.d1 + 30 ELSE s.d1 + 60 END,
              ($5::text[])[1 + s.g % $3::int], now() - interval '60 days',
              CASE WHEN s.s1 = 'broken' OR s.s2 = 'broken' THEN now() - interval '1 day' END, now(), now()
       FROM (SELECT g, 2500 + (g % 200) * 100 AS amount, current_date - 60 + (g % 75) AS d1,
                    CASE WHEN current_date - 60 + (g % 75) + 3 >= current_date THEN 'pending' WHEN g % 3 = 0 THEN 'broken' WHEN g % 3 = 1 THEN 'kept' ELSE 'partially_kept' END AS s1,
                    CASE WHEN current_date - 30 + (g % 75) + 3 >= current_date THEN 'pending' WHEN g % 5 = 0 THEN 'broken' ELSE 'kept' END AS s2
               FROM generate_series($1::int, $2::int) AS g WHERE (g / $3::int) % $7::int = 0) s`,
      [from, to, size.collectors, size.clients, collectors, ZONES, promiseEvery],
    );
    await db.query(
      `INSERT INTO contact_attempts (id, account_id, channel, planned_at, attempted_at, outcome, conversation, created_at)
       SELECT gen_random_uuid(), 'acc-' || lpad(g::text, 8, '0'), 'call', t.at, t.at, ($4::text[])[1 + g % 6], g % 6 IN (2, 5), t.at
       FROM generate_series($1::int, $2::int) AS g
       CROSS JOIN LATERAL (SELECT now() - ((g % 60) || ' days')::interval - ((g % 24) || ' hours')::interval AS at) t
       WHERE (g / $3::int) % 3 = 0`,
      [from, to, size.collectors, OUTCOMES],
    );
    log(`  seeded accounts ${from}..${to} (${((performance.now() - started) / 1000).toFixed(0)} s)`);
  }
  // The dashboard's totals: the triggers wrote the seed's deltas; a server folds them within seconds.
  await db.transaction((tx) => tx.query('SELECT desk_rollup_fold()'));
  log(`  folded the dashboard's deltas (${((performance.now() - started) / 1000).toFixed(0)} s)`);
  // VACUUM as autovacuum would have by now on a live database: the visibility map lets the queue's capped count read its index only.
  for (const table of ['"AccountMdl"', '"DebtorMdl"', '"TransactionMdl"', '"PromiseMdl"', 'contact_attempts', 'desk_rollup', 'desk_rollup_delta']) await db.query(`VACUUM ANALYZE ${table}`);
  return (performance.now() - started) / 1000;
}

/** How a store came to hold its seed: seeded now, or reused from an earlier run. */
export interface DeskSeedOutcome {
  readonly seconds: number;
  readonly reused: boolean;
  /** The day the seed's dates are relative to. */
  readonly seededOn: string;
}

/** Seeds unless the store already holds exactly this seed (recorded in desk_bench_seed by an earlier run). */
export async function seedDeskOnce(db: Database, size: DeskSeedSize, log: (line: string) => void = () => undefined): Promise<DeskSeedOutcome> {
  await db.exec('CREATE TABLE IF NOT EXISTS desk_bench_seed ("size" text PRIMARY KEY, "seconds" float8 NOT NULL, "seededOn" date NOT NULL DEFAULT current_date)');
  const earlier = await db.query<{ seconds: number; seeded_on: string }>('SELECT "seconds", "seededOn"::text AS seeded_on FROM desk_bench_seed WHERE "size" = $1', [JSON.stringify(size)]);
  const found = earlier[0];
  if (found !== undefined) return { seconds: found.seconds, reused: true, seededOn: found.seeded_on };
  const [accounts] = await db.query<{ n: number }>('SELECT count(*)::int AS "n" FROM "AccountMdl"');
  if ((accounts?.n ?? 0) > 0) throw new Error('the desk bench store holds other rows: use an empty schema or folder');
  const seconds = await seedDeskRows(db, size, log);
  await db.query('INSERT INTO desk_bench_seed ("size", "seconds") VALUES ($1, $2)', [JSON.stringify(size), seconds]);
  return { seconds, reused: false, seededOn: new Date().toISOString().slice(0, 10) };
}

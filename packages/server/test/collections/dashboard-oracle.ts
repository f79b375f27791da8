// The collections dashboard computed the straightforward way, by aggregates over the base tables
// (AccountMdl, TransactionMdl, PromiseMdl, contact_attempts) — what the service answered before it read
// pre-computed totals. The rollup tests hold the service to it, series by series.
import { AGING_BUCKETS, liquidationRate } from '@steward/collections';
import type { CollectionsDashboard, DashboardScope } from '../../src/collections/dashboard/dashboard-service.js';
import type { Queryable } from '../../src/db/database.js';
import { SqlParams } from '../../src/db/sql-params.js';

const DAY_MS = 86_400_000;
const num = (value: string | number | null | undefined): number => Number(value ?? 0);

/** The WHERE condition on account alias `a` for a scope. */
function scopeSql(scope: DashboardScope, params: SqlParams): string {
  const parts: string[] = [];
  if (scope.kind === 'client') parts.push(`a."clientNumber" = ${params.add(scope.clientNumber)}`);
  if (scope.kind === 'assigned') parts.push(`a."assignedTo" = ${params.add(scope.collector)}`);
  if (scope.kind !== 'client' && scope.clientNumber !== null) parts.push(`a."clientNumber" = ${params.add(scope.clientNumber)}`);
  return parts.length === 0 ? 'true' : parts.join(' AND ');
}

const CENTS_OF_TRANSACTION = `coalesce(t."amountCents", round(coalesce(t."paymentAmount", 0) * 100))`;
const COLLECTION_TYPES = `lower(t."transactionType") IN ('payment', 'reversal')`;

/** Every figure of the dashboard for `from`..`to` as of the UTC date `today`, from the base tables. */
export async function dashboardFromBaseTables(db: Queryable, scope: DashboardScope, from: string, to: string, today: string): Promise<CollectionsDashboard> {
  const days = Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS) + 1;

  let params = new SqlParams([from, to, days]);
  const byDay = await db.query<{ date: string; cents: string | number; previous: string | number }>(
    `WITH sums AS (
       SELECT t."paymentDate" AS day, sum(${CENTS_OF_TRANSACTION}) AS cents
         FROM "TransactionMdl" t JOIN "AccountMdl" a ON a."id" = t."accountmdlID"
        WHERE ${COLLECTION_TYPES} AND t."paymentDate" BETWEEN $1::date - $3::int AND $2::date AND ${scopeSql(scope, params)}
        GROUP BY t."paymentDate")
     SELECT d.day::date::text AS date, coalesce(cur.cents, 0)::bigint AS cents, coalesce(prev.cents, 0)::bigint AS previous
       FROM generate_series($1::date, $2::date, interval '1 day') AS d(day)
       LEFT JOIN sums cur ON cur.day = d.day::date
       LEFT JOIN sums prev ON prev.day = d.day::date - $3::int
      ORDER BY d.day`,
    params.values,
  );

  params = new SqlParams([from, to]);
  const byMonth = await db.query<{ month: string; cents: string | number; previous: string | number }>(
    `WITH sums AS (
       SELECT date_trunc('month', t."paymentDate")::date AS month, sum(${CENTS_OF_TRANSACTION}) AS cents
         FROM "TransactionMdl" t JOIN "AccountMdl" a ON a."id" = t."accountmdlID"
        WHERE ${COLLECTION_TYPES} AND t."paymentDate" >= (date_trunc('month', $1::date) - interval '1 year')::date
          AND t."paymentDate" < (date_trunc('month', $2::date) + interval '1 month')::date AND ${scopeSql(scope, params)}
        GROUP BY 1)
     SELECT to_char(m.month, 'YYYY-MM') AS month, coalesce(cur.cents, 0)::bigint AS cents, coalesce(prev.cents, 0)::bigint AS previous
       FROM generate_series(date_trunc('month', $1::date), date_trunc('month', $2::date), interval '1 month') AS m(month)
       LEFT JOIN sums cur ON cur.month = m.month::date
       LEFT JOIN sums prev ON prev.month = (m.month - interval '1 year')::date
      ORDER BY m.month`,
    params.values,
  );

  params = new SqlParams();
  const liquidation = await db.query<{ clientNumber: string | null; client_name: string | null; placed: string | number; collected: string | number }>(
    `SELECT a."clientNumber", coalesce(max(c."clientName"), max(a."clientName")) AS client_name,
            (sum(coalesce(a."originalUpbLoaded", 0)) * 100)::bigint AS placed, (sum(coalesce(a."amountPaid", 0)) * 100)::bigint AS collected
       FROM "AccountMdl" a LEFT JOIN "ClientMdl" c ON c."clientNumber" = a."clientNumber"
      WHERE ${scopeSql(scope, params)}
      GROUP BY a."clientNumber"
      ORDER BY a."clientNumber" NULLS LAST`,
    params.values,
  );

  params = new SqlParams([from, to, today]);
  const promiseRows = await db.query<{ state: string; n: string | number; amount: string | number; paid: string | number }>(
    `SELECT CASE WHEN i.state = 'partially_kept' THEN (CASE WHEN i.last_keep < $3::date THEN 'broken' ELSE 'pending' END) ELSE i.state END AS state,
            count(*) AS n, sum(i.amount) AS amount, sum(i.paid) AS paid
       FROM "PromiseMdl" p JOIN "AccountMdl" a ON a."id" = p."accountmdlID"
       CROSS JOIN LATERAL (
         SELECT x->>'state' AS state, (x->>'amountCents')::bigint AS amount, coalesce((x->>'paidCents')::bigint, 0) AS paid,
                (x->>'dueDate')::date AS due, (x->>'lastKeepDate')::date AS last_keep
           FROM jsonb_array_elements(coalesce(p."installments", '[]')::jsonb) AS x) i
      WHERE p."status" <> 'cancelled' AND i.state <> 'cancelled' AND i.due BETWEEN $1::date AND $2::date AND ${scopeSql(scope, params)}
      GROUP BY 1`,
    params.values,
  );
  const of = (state: string) => promiseRows.find((r) => r.state === state);

  params = new SqlParams([from, to]);
  const contacts = await db.query<{ date: string; outcome: string; n: string | number }>(
    `SELECT (c.attempted_at AT TIME ZONE 'UTC')::date::text AS date, c.outcome, count(*) AS n
       FROM contact_attempts c JOIN "AccountMdl" a ON a."id" = c.account_id
      WHERE c.attempted_at >= ($1::date)::timestamp AT TIME ZONE 'UTC' AND c.attempted_at < ($2::date + 1)::timestamp AT TIME ZONE 'UTC' AND ${scopeSql(scope, params)}
      GROUP BY 1, 2
      ORDER BY 1, 2`,
    params.values,
  );

  params = new SqlParams([today]);
  const aging = await db.query<{ bucket: string; n: string | number; balance: string | number }>(
    `SELECT CASE WHEN d.days <= 30 THEN '0-30' WHEN d.days <= 60 THEN '31-60' WHEN d.days <= 90 THEN '61-90' WHEN d.days <= 180 THEN '91-180' ELSE '180+' END AS bucket,
            count(*) AS n, (sum(d.balance) * 100)::bigint AS balance
       FROM (SELECT CASE WHEN a."delinquencyDate" IS NULL OR a."delinquencyDate" > $1::date THEN 0 ELSE $1::date - a."delinquencyDate" END AS days,
                    coalesce(a."currentUpb", 0) AS balance
               FROM "AccountMdl" a WHERE ${scopeSql(scope, params)}) d
      GROUP BY 1`,
    params.values,
  );

  return {
    collectionsByDay: byDay.map((r) => ({ date: r.date, cents: num(r.cents), previousCents: num(r.previous) })),
    collectionsByMonth: byMonth.map((r) => ({ month: r.month, cents: num(r.cents), previousCents: num(r.previous) })),
    liquidationByClient: liquidation.map((r) => ({
      clientNumber: r.clientNumber,
      clientName: r.client_name,
      placedCents: num(r.placed),
      collectedCents: num(r.collected),
      rate: liquidationRate(num(r.collected), num(r.placed)),
    })),
    promises: {
      dueCount: promiseRows.reduce((sum, r) => sum + num(r.n), 0),
      keptCount: num(of('kept')?.n),
      brokenCount: num(of('broken')?.n),
      pendingCount: num(of('pending')?.n),
      dueCents: promiseRows.reduce((sum, r) => sum + num(r.amount), 0),
      keptCents: num(of('kept')?.amount),
      brokenCents: num(of('broken')?.amount) - num(of('broken')?.paid),
    },
    contactsByOutcome: contacts.map((r) => ({ date: r.date, outcome: r.outcome, count: num(r.n) })),
    agingBuckets: AGING_BUCKETS.map((bucket) => {
      const row = aging.find((r) => r.bucket === bucket);
      return { bucket, accounts: num(row?.n), balanceCents: num(row?.balance) };
    }),
  };
}

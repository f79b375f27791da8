// The portfolio at a glance (collectionsDashboard): SQL aggregates over the accounts the caller may
// see — a client user their client's, a collector (staff, not a supervisor) their assigned accounts,
// supervisors and Admins everything. Sums are whole cents returned as numbers (exact up to 2^53).
import { AGING_BUCKETS, liquidationRate, type AgingBucket } from '@steward/collections';
import type { Queryable } from '../../db/database.js';
import { SqlParams } from '../../db/sql-params.js';
import type { Clock } from '../../time/clock.js';
import { isLocalDate, MoneyOperationError } from '../payments/money-error.js';

/** Which accounts a dashboard covers. */
export type DashboardScope =
  | { readonly kind: 'all'; readonly clientNumber: string | null }
  | { readonly kind: 'client'; readonly clientNumber: string }
  | { readonly kind: 'assigned'; readonly collector: string; readonly clientNumber: string | null };

/** One day's collections and the same day one period earlier. */
export interface DayCollections {
  readonly date: string;
  readonly cents: number;
  readonly previousCents: number;
}

/** One month's collections and the same month a year earlier. */
export interface MonthCollections {
  readonly month: string;
  readonly cents: number;
  readonly previousCents: number;
}

/** What was placed with the agency and collected, per client. */
export interface ClientLiquidation {
  readonly clientNumber: string | null;
  readonly clientName: string | null;
  readonly placedCents: number;
  readonly collectedCents: number;
  readonly rate: number | null;
}

/** Installments due in the range, by state. */
export interface PromiseFigures {
  readonly dueCount: number;
  readonly keptCount: number;
  readonly brokenCount: number;
  readonly pendingCount: number;
  readonly dueCents: number;
  readonly keptCents: number;
  readonly brokenCents: number;
}

/** The dashboard's figures (CollectionsDashboard). */
export interface CollectionsDashboard {
  readonly collectionsByDay: readonly DayCollections[];
  readonly collectionsByMonth: readonly MonthCollections[];
  readonly liquidationByClient: readonly ClientLiquidation[];
  readonly promises: PromiseFigures;
  readonly contactsByOutcome: readonly { readonly date: string; readonly outcome: string; readonly count: number }[];
  readonly agingBuckets: readonly { readonly bucket: AgingBucket; readonly accounts: number; readonly balanceCents: number }[];
}

/** Longest range the dashboard answers, in days (a chart of more days is unreadable anyway). */
export const MAX_DASHBOARD_DAYS = 731;

const DAY_MS = 86_400_000;

/** Whole days from `from` to `to`, both included. */
function daysIn(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS) + 1;
}

/** The WHERE condition on account alias `a` for a scope. */
function scopeSql(scope: DashboardScope, params: SqlParams): string {
  const parts: string[] = [];
  if (scope.kind === 'client') parts.push(`a."clientNumber" = ${params.add(scope.clientNumber)}`);
  if (scope.kind === 'assigned') parts.push(`a."assignedTo" = ${params.add(scope.collector)}`);
  if (scope.kind !== 'client' && scope.clientNumber !== null) parts.push(`a."clientNumber" = ${params.add(scope.clientNumber)}`);
  return parts.length === 0 ? 'true' : parts.join(' AND ');
}

/** Net collections of a transaction in cents: desk postings carry cents, imported payments dollars. */
const CENTS_OF_TRANSACTION = `coalesce(t."amountCents", round(coalesce(t."paymentAmount", 0) * 100))`;
const COLLECTION_TYPES = `lower(t."transactionType") IN ('payment', 'reversal')`;

const num = (value: string | number | null | undefined): number => Number(value ?? 0);

/** Computes the dashboard's figures. */
export class DashboardService {
  private readonly db: Queryable;
  private readonly clock: Clock;

  constructor(deps: { readonly db: Queryable; readonly clock: Clock }) {
    this.db = deps.db;
    this.clock = deps.clock;
  }

  /** Every figure for `from`..`to` (both included) over the scope's accounts. */
  async dashboard(scope: DashboardScope, from: string, to: string): Promise<CollectionsDashboard> {
    if (!isLocalDate(from) || !isLocalDate(to)) throw new MoneyOperationError('INVALID_INPUT', 'from and to must be calendar dates YYYY-MM-DD.');
    if (from > to) throw new MoneyOperationError('INVALID_INPUT', `from (${from}) must not be after to (${to}).`);
    const days = daysIn(from, to);
    if (days > MAX_DASHBOARD_DAYS) throw new MoneyOperationError('INVALID_INPUT', `The range is ${days} days; the dashboard shows at most ${MAX_DASHBOARD_DAYS}.`);
    const today = this.clock.now().toISOString().slice(0, 10);
    const [collectionsByDay, collectionsByMonth, liquidationByClient, promises, contactsByOutcome, agingBuckets] = await Promise.all([
      this.byDay(scope, from, to, days),
      this.byMonth(scope, from, to),
      this.liquidation(scope),
      this.promiseFigures(scope, from, to, today),
      this.contacts(scope, from, to),
      this.aging(scope, today),
    ]);
    return { collectionsByDay, collectionsByMonth, liquidationByClient, promises, contactsByOutcome, agingBuckets };
  }

  private async byDay(scope: DashboardScope, from: string, to: string, days: number): Promise<DayCollections[]> {
    const params = new SqlParams([from, to, days]);
    const rows = await this.db.query<{ date: string; cents: string | number; previous: string | number }>(
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
    return rows.map((r) => ({ date: r.date, cents: num(r.cents), previousCents: num(r.previous) }));
  }

  private async byMonth(scope: DashboardScope, from: string, to: string): Promise<MonthCollections[]> {
    const params = new SqlParams([from, to]);
    const rows = await this.db.query<{ month: string; cents: string | number; previous: string | number }>(
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
    return rows.map((r) => ({ month: r.month, cents: num(r.cents), previousCents: num(r.previous) }));
  }

  private async liquidation(scope: DashboardScope): Promise<ClientLiquidation[]> {
    const params = new SqlParams();
    const rows = await this.db.query<{ clientNumber: string | null; client_name: string | null; placed: string | number; collected: string | number }>(
      `SELECT a."clientNumber", coalesce(max(c."clientName"), max(a."clientName")) AS client_name,
              (sum(coalesce(a."originalUpbLoaded", 0)) * 100)::bigint AS placed, (sum(coalesce(a."amountPaid", 0)) * 100)::bigint AS collected
         FROM "AccountMdl" a LEFT JOIN "ClientMdl" c ON c."clientNumber" = a."clientNumber"
        WHERE ${scopeSql(scope, params)}
        GROUP BY a."clientNumber"
        ORDER BY a."clientNumber" NULLS LAST`,
      params.values,
    );
    return rows.map((r) => {
      const placedCents = num(r.placed);
      const collectedCents = num(r.collected);
      return { clientNumber: r.clientNumber, clientName: r.client_name, placedCents, collectedCents, rate: liquidationRate(collectedCents, placedCents) };
    });
  }

  private async promiseFigures(scope: DashboardScope, from: string, to: string, today: string): Promise<PromiseFigures> {
    const params = new SqlParams([from, to, today]);
    // A partly paid installment past its last keep date counts as broken (as it breaks its promise); before it, as pending.
    const rows = await this.db.query<{ state: string; n: string | number; amount: string | number; paid: string | number }>(
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
    const of = (state: string) => rows.find((r) => r.state === state);
    const broken = of('broken');
    return {
      dueCount: rows.reduce((sum, r) => sum + num(r.n), 0),
      keptCount: num(of('kept')?.n),
      brokenCount: num(broken?.n),
      pendingCount: num(of('pending')?.n),
      dueCents: rows.reduce((sum, r) => sum + num(r.amount), 0),
      keptCents: num(of('kept')?.amount),
      brokenCents: num(broken?.amount) - num(broken?.paid),
    };
  }

  private async contacts(scope: DashboardScope, from: string, to: string): Promise<{ date: string; outcome: string; count: number }[]> {
    const params = new SqlParams([from, to]);
    const rows = await this.db.query<{ date: string; outcome: string; n: string | number }>(
      `SELECT (c.attempted_at AT TIME ZONE 'UTC')::date::text AS date, c.outcome, count(*) AS n
         FROM contact_attempts c JOIN "AccountMdl" a ON a."id" = c.account_id
        WHERE c.attempted_at >= ($1::date)::timestamp AT TIME ZONE 'UTC' AND c.attempted_at < ($2::date + 1)::timestamp AT TIME ZONE 'UTC' AND ${scopeSql(scope, params)}
        GROUP BY 1, 2
        ORDER BY 1, 2`,
      params.values,
    );
    return rows.map((r) => ({ date: r.date, outcome: r.outcome, count: num(r.n) }));
  }

  private async aging(scope: DashboardScope, today: string): Promise<{ bucket: AgingBucket; accounts: number; balanceCents: number }[]> {
    const params = new SqlParams([today]);
    const rows = await this.db.query<{ bucket: string; n: string | number; balance: string | number }>(
      `SELECT CASE WHEN d.days <= 30 THEN '0-30' WHEN d.days <= 60 THEN '31-60' WHEN d.days <= 90 THEN '61-90' WHEN d.days <= 180 THEN '91-180' ELSE '180+' END AS bucket,
              count(*) AS n, (sum(d.balance) * 100)::bigint AS balance
         FROM (SELECT CASE WHEN a."delinquencyDate" IS NULL OR a."delinquencyDate" > $1::date THEN 0 ELSE $1::date - a."delinquencyDate" END AS days,
                      coalesce(a."currentUpb", 0) AS balance
                 FROM "AccountMdl" a WHERE ${scopeSql(scope, params)}) d
        GROUP BY 1`,
      params.values,
    );
    return AGING_BUCKETS.map((bucket) => {
      const row = rows.find((r) => r.bucket === bucket);
      return { bucket, accounts: num(row?.n), balanceCents: num(row?.balance) };
    });
  }
}

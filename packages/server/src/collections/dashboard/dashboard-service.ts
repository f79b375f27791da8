// The portfolio at a glance (collectionsDashboard) over the accounts the caller may see — a client user
// their client's, a collector (staff, not a supervisor) their assigned accounts, supervisors and Admins
// everything — read from the pre-computed totals of migration 0111 (dashboard-rollups.ts): each figure
// is a small sum over daily totals at the scope's grain plus the deltas not folded yet, and answers
// exactly what the same aggregate over the base tables would. Sums are whole cents returned as numbers
// (exact up to 2^53).
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

/** The rollup keys of a scope: null where the scope takes every client (or every collector). */
interface ScopeKeys {
  readonly client: string | null;
  readonly collector: string | null;
}

/** A value's key in desk_rollup (migration 0111): '=' and the value. */
const keyOf = (value: string): string => `=${value}`;

function scopeKeys(scope: DashboardScope): ScopeKeys {
  switch (scope.kind) {
    case 'client':
      return { client: keyOf(scope.clientNumber), collector: null };
    case 'assigned':
      return { client: scope.clientNumber === null ? null : keyOf(scope.clientNumber), collector: keyOf(scope.collector) };
    default:
      return { client: scope.clientNumber === null ? null : keyOf(scope.clientNumber), collector: null };
  }
}

/**
 * The rows of one metric in a scope (columns day, tag, aux, n, amount, paid, client_key): the folded
 * totals at the scope's grain plus the deltas not folded yet, which carry the finest keys. `perClient`
 * takes the folded rows of each client instead of the all-clients total (liquidation by client).
 * `where` filters on the shared columns.
 */
function metricRows(metric: string, keys: ScopeKeys, params: SqlParams, where: string, perClient = false): string {
  const m = params.add(metric);
  const client = keys.client === null ? null : params.add(keys.client);
  const collector = keys.collector === null ? null : params.add(keys.collector);
  const foldedClient = perClient ? (client === null ? `client_key <> '*'` : `client_key = ${client}`) : `client_key = ${client ?? `'*'`}`;
  const folded = [`metric = ${m}`, foldedClient, `collector_key = ${collector ?? `'*'`}`, where];
  const pending = [`metric = ${m}`, ...(client === null ? [] : [`client_key = ${client}`]), ...(collector === null ? [] : [`collector_key = ${collector}`]), where];
  const columns = 'day, tag, aux, n, amount, paid, client_key';
  return `SELECT ${columns} FROM desk_rollup WHERE ${folded.join(' AND ')}
          UNION ALL
          SELECT ${columns} FROM desk_rollup_delta WHERE ${pending.join(' AND ')}`;
}

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
         SELECT day, sum(amount) AS cents
           FROM (${metricRows('collected', scopeKeys(scope), params, 'day BETWEEN $1::date - $3::int AND $2::date')}) r
          GROUP BY day)
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
    const range = `day >= (date_trunc('month', $1::date) - interval '1 year')::date AND day < (date_trunc('month', $2::date) + interval '1 month')::date`;
    const rows = await this.db.query<{ month: string; cents: string | number; previous: string | number }>(
      `WITH sums AS (
         SELECT date_trunc('month', day)::date AS month, sum(amount) AS cents
           FROM (${metricRows('collected', scopeKeys(scope), params, range)}) r
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
    // The account metric's tag is the key of the accounts' own clientName: the client's name is the
    // ClientMdl's, else the greatest name among the client's accounts (as max() over them would give).
    const rows = await this.db.query<{ clientNumber: string | null; client_name: string | null; placed: string | number; collected: string | number }>(
      `WITH per_name AS (
         SELECT client_key, tag, sum(n) AS n, sum(amount) AS placed, sum(paid) AS collected
           FROM (${metricRows('account', scopeKeys(scope), params, 'true', true)}) r
          GROUP BY 1, 2),
       per_client AS (
         SELECT client_key, sum(n) AS n, sum(placed) AS placed, sum(collected) AS collected, max(tag) FILTER (WHERE n > 0 AND tag <> '') AS name_key
           FROM per_name GROUP BY 1)
       SELECT CASE WHEN p.client_key = '' THEN NULL ELSE substr(p.client_key, 2) END AS "clientNumber",
              coalesce((SELECT max(c."clientName") FROM "ClientMdl" c WHERE p.client_key <> '' AND c."clientNumber" = substr(p.client_key, 2)), substr(p.name_key, 2)) AS client_name,
              p.placed::bigint AS placed, p.collected::bigint AS collected
         FROM per_client p
        WHERE p.n > 0
        ORDER BY 1 NULLS LAST`,
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
    // A partly paid installment past its last keep date (aux) counts as broken (as it breaks its promise); before it, as pending.
    const rows = await this.db.query<{ state: string; n: string | number; amount: string | number; paid: string | number }>(
      `SELECT CASE WHEN tag = 'partially_kept' THEN (CASE WHEN aux < $3::date THEN 'broken' ELSE 'pending' END) ELSE tag END AS state,
              sum(n) AS n, sum(amount) AS amount, sum(paid) AS paid
         FROM (${metricRows('promise', scopeKeys(scope), params, 'day BETWEEN $1::date AND $2::date')}) r
        GROUP BY 1
       HAVING sum(n) <> 0`,
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
      `SELECT day::text AS date, tag AS outcome, sum(n) AS n
         FROM (${metricRows('contact', scopeKeys(scope), params, 'day BETWEEN $1::date AND $2::date')}) r
        GROUP BY day, tag
       HAVING sum(n) <> 0
        ORDER BY day, tag`,
      params.values,
    );
    return rows.map((r) => ({ date: r.date, outcome: r.outcome, count: num(r.n) }));
  }

  private async aging(scope: DashboardScope, today: string): Promise<{ bucket: AgingBucket; accounts: number; balanceCents: number }[]> {
    const params = new SqlParams([today]);
    // day is the delinquency date ('infinity' when none): not yet delinquent counts as 0 days.
    const rows = await this.db.query<{ bucket: string; n: string | number; balance: string | number }>(
      `SELECT CASE WHEN d.days <= 30 THEN '0-30' WHEN d.days <= 60 THEN '31-60' WHEN d.days <= 90 THEN '61-90' WHEN d.days <= 180 THEN '91-180' ELSE '180+' END AS bucket,
              sum(d.n) AS n, sum(d.amount) AS balance
         FROM (SELECT CASE WHEN r.day > $1::date THEN 0 ELSE $1::date - r.day END AS days, r.n, r.amount
                 FROM (${metricRows('aging', scopeKeys(scope), params, 'true')}) r) d
        GROUP BY 1`,
      params.values,
    );
    return AGING_BUCKETS.map((bucket) => {
      const row = rows.find((r) => r.bucket === bucket);
      return { bucket, accounts: num(row?.n), balanceCents: num(row?.balance) };
    });
  }
}

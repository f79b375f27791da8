// A collector's work queue: their assigned open accounts in the contract's priority. The order is
// worked out in SQL on indexed columns, tier by tier (each tier is one segment with its own index in
// migration 0109), with keyset pagination; the contact rules are then evaluated for the page's
// accounts only, and "callable now first" applied within each tier of the page. See docs/server.md
// "Collector's desk" for the exact order and where this approximates prioritizeQueue.
import type { AgingBucket, ContactChannel, ContactHistoryEntry, QueueFacts, QueueReason } from '@steward/collections';
import { AGING_BUCKETS, agingBucketOf, compareQueueEntries, daysPastDue, isAgingBucket, localDateOf, queueTier } from '@steward/collections';
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Queryable } from '../../db/database.js';
import { loadContactRuleSet } from '../../campaigns/contact-rule-store.js';
import type { Clock } from '../../time/clock.js';
import { loadDebtors } from '../../campaigns/planner/plan-store.js';
import type { CallInputs } from '../calls/call-rules.js';
import { CALL_HISTORY_DAYS, judgeCall } from '../calls/call-rules.js';
import type { DeskAccountRow } from '../desk-accounts.js';
import { DESK_ACCOUNT_COLUMNS } from '../desk-accounts.js';
import type { DeskActor } from '../desk-error.js';
import { DeskError } from '../desk-error.js';

/** Account statuses that take an account out of the queue (compared case-insensitively). */
export const CLOSED_STATUSES: readonly string[] = ['closed', 'paid', 'paid_in_full', 'settled', 'recalled', 'cancelled'];
/** Page size when none is asked for, and the largest allowed. */
export const DEFAULT_QUEUE_LIMIT = 25;
export const MAX_QUEUE_LIMIT = 100;
/** WorkQueuePage.total counts at most this many accounts (a total equal to it means "this many or more"). */
export const QUEUE_TOTAL_CAP = 10_000;

/** workQueue's arguments. */
export interface WorkQueueRequest {
  readonly collector?: string | null;
  readonly clientNumber?: string | null;
  readonly status?: string | null;
  readonly agingBucket?: string | null;
  readonly limit?: number | null;
  readonly nextToken?: string | null;
}

/** One queue row (WorkQueueItem). */
export interface WorkQueueItem {
  readonly accountId: string;
  readonly clientNumber: string | null;
  readonly clientName: string | null;
  readonly fileNumber: string | null;
  readonly accountStatus: string | null;
  readonly debtorId: string | null;
  readonly debtorName: string | null;
  readonly debtorTimeZone: string | null;
  readonly balanceCents: number;
  readonly daysPastDue: number;
  readonly agingBucket: AgingBucket;
  readonly tier: number;
  readonly reason: QueueReason;
  readonly callableNow: boolean;
  readonly nextCallableAt: Date | null;
  readonly callRefusal: string | null;
  readonly lastContactAt: Date | null;
  readonly promiseDueDate: string | null;
  readonly brokenPromiseAt: Date | null;
  readonly followUpAt: Date | null;
  readonly assignedTo: string | null;
}

/** A page of the queue. */
export interface WorkQueuePage {
  readonly items: readonly WorkQueueItem[];
  readonly nextToken: string | null;
  readonly total: number;
}

interface Segment {
  readonly tier: 1 | 2 | 3 | 4;
  /** Its condition ($1 today, $2 now). */
  readonly where: string;
  /** Its ORDER BY keys, each an SQL expression over `a` with its direction; all but lastContactAt are never null. */
  readonly keys: readonly { readonly expr: string; readonly desc: boolean; readonly nullsFirst?: boolean }[];
}

const DPD = `(CASE WHEN a."delinquencyDate" IS NULL OR a."delinquencyDate" > $1::date THEN 0 ELSE ($1::date - a."delinquencyDate") END)`;
const BALANCE = `COALESCE(a."currentUpb", 0)`;
const LAST_CONTACT = { expr: `a."lastContactAt"`, desc: false, nullsFirst: true };
const ID = { expr: `a."id"`, desc: false };
const GENERAL_KEYS = [{ expr: DPD, desc: true }, { expr: BALANCE, desc: true }, LAST_CONTACT, ID];
const IN_TIER_1 = `(a."promiseDueDate" IS NOT NULL AND a."promiseDueDate" <= $1::date)`;
const IN_TIER_2 = `a."brokenPromiseAt" IS NOT NULL`;
const IN_TIER_3 = `(a."followUpAt" IS NOT NULL AND a."followUpAt" <= $2)`;

/**
 * The queue in SQL, segment after segment. Tiers 1-3 are small and ordered by the computed keys; the
 * past-due rest is split so its big part (delinquent on or before today) is read in the order of the
 * (assignedTo, delinquencyDate, id) index: an earlier delinquency date is exactly more days past due.
 */
const SEGMENTS: readonly Segment[] = [
  { tier: 1, where: IN_TIER_1, keys: GENERAL_KEYS },
  { tier: 2, where: `NOT ${IN_TIER_1} AND ${IN_TIER_2}`, keys: GENERAL_KEYS },
  { tier: 3, where: `NOT ${IN_TIER_1} AND NOT ${IN_TIER_2} AND ${IN_TIER_3}`, keys: GENERAL_KEYS },
  {
    tier: 4,
    where: `NOT ${IN_TIER_1} AND NOT ${IN_TIER_2} AND NOT ${IN_TIER_3} AND a."delinquencyDate" <= $1::date`,
    keys: [{ expr: `a."delinquencyDate"`, desc: false }, { expr: BALANCE, desc: true }, LAST_CONTACT, ID],
  },
  {
    tier: 4,
    where: `NOT ${IN_TIER_1} AND NOT ${IN_TIER_2} AND NOT ${IN_TIER_3} AND (a."delinquencyDate" IS NULL OR a."delinquencyDate" > $1::date)`,
    keys: [{ expr: BALANCE, desc: true }, LAST_CONTACT, ID],
  },
];

interface PageToken {
  /** The collector and filters the token was issued for. */
  readonly q: string;
  /** Segment index. */
  readonly s: number;
  /** The last row's key values in the segment's order. */
  readonly k: readonly (string | number | null)[];
}

function sign(secret: string, body: string): string {
  return createHmac('sha256', secret).update(body).digest('base64url');
}

function encodeToken(secret: string, token: PageToken): string {
  const body = Buffer.from(JSON.stringify(token)).toString('base64url');
  return `${body}.${sign(secret, body)}`;
}

function decodeToken(secret: string, text: string, query: string): PageToken {
  const [body, mac] = text.split('.');
  const bad = new DeskError('BAD_REQUEST', 'nextToken is not one this queue issued; start again without it.');
  if (body === undefined || mac === undefined) throw bad;
  const expected = Buffer.from(sign(secret, body));
  const given = Buffer.from(mac);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) throw bad;
  let token: PageToken;
  try {
    token = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as PageToken;
  } catch {
    throw bad;
  }
  if (token.q !== query || !Number.isInteger(token.s) || token.s < 0 || token.s >= SEGMENTS.length || !Array.isArray(token.k)) throw bad;
  return token;
}

/** `(keys) > (values)` in the segment's mixed-direction order, with parameters from `add`. */
function afterKeys(segment: Segment, values: readonly (string | number | null)[], add: (value: unknown) => string): string {
  const alternatives: string[] = [];
  segment.keys.forEach((key, i) => {
    const equal = segment.keys.slice(0, i).map((k, j) => (values[j] === null ? `${k.expr} IS NULL` : `${k.expr} = ${add(values[j])}`));
    const value = values[i] ?? null;
    let after: string;
    if (value === null) after = key.nullsFirst === true ? `${key.expr} IS NOT NULL` : 'false';
    else after = `${key.expr} ${key.desc ? '<' : '>'} ${add(value)}`;
    alternatives.push([...equal, after].join(' AND '));
  });
  return `(${alternatives.map((a) => `(${a})`).join(' OR ')})`;
}

function orderBy(segment: Segment): string {
  return segment.keys.map((k) => `${k.expr} ${k.desc ? 'DESC' : 'ASC'}${k.nullsFirst === true ? ' NULLS FIRST' : ''}`).join(', ');
}

/** The delinquency-date range of an aging bucket as of `today` (inclusive bounds; null: open). */
function bucketDates(bucket: AgingBucket, today: string): { from: string | null; to: string | null; orUndated: boolean } {
  const day = (n: number): string => new Date(Date.parse(`${today}T00:00:00Z`) - n * 86_400_000).toISOString().slice(0, 10);
  switch (bucket) {
    case '0-30':
      return { from: day(30), to: null, orUndated: true };
    case '31-60':
      return { from: day(60), to: day(31), orUndated: false };
    case '61-90':
      return { from: day(90), to: day(61), orUndated: false };
    case '91-180':
      return { from: day(180), to: day(91), orUndated: false };
    default:
      return { from: null, to: day(181), orUndated: false };
  }
}

interface QueueRow extends DeskAccountRow {
  k0: string | number | null;
  k1: string | number | null;
  k2: string | number | null;
  k3: string | number | null;
}

/** What the queue service needs. */
export interface QueueDeps {
  readonly db: Queryable;
  readonly clock: Clock;
  /** Signs nextTokens. */
  readonly tokenSecret: string;
}

/** The collector's queue page; see the file comment. */
export async function workQueue(deps: QueueDeps, actor: DeskActor, request: WorkQueueRequest): Promise<WorkQueuePage> {
  const collector = (request.collector ?? '').trim() === '' ? actor.sub : (request.collector ?? '').trim();
  if (collector !== actor.sub && !actor.supervisor) throw new DeskError('NOT_AUTHORIZED', "Only a supervisor may see another collector's queue.");
  const limit = request.limit ?? DEFAULT_QUEUE_LIMIT;
  if (!Number.isInteger(limit) || limit < 1 || limit > MAX_QUEUE_LIMIT) throw new DeskError('BAD_REQUEST', `limit must be 1 to ${MAX_QUEUE_LIMIT}.`);
  const bucket = request.agingBucket ?? null;
  if (bucket !== null && !isAgingBucket(bucket)) throw new DeskError('BAD_REQUEST', `agingBucket must be one of ${AGING_BUCKETS.join(', ')}.`);
  const now = deps.clock.now();
  // The server's date: US debtors' local dates are never after it, so tier 1 read with it holds every promise due today where they are.
  const today = localDateOf(now, 'UTC');
  const params: unknown[] = [today, now];
  const add = (value: unknown): string => {
    params.push(value);
    return `$${params.length}`;
  };
  // $1 and $2 (today, now) are typed in every statement: a statement that does not use one still sends it, and PostgreSQL needs its type.
  const filters = [`$1::date IS NOT NULL AND $2::timestamptz IS NOT NULL`, `a."assignedTo" = ${add(collector)}`, `(a."accountStatus" IS NULL OR lower(a."accountStatus") <> ALL(${add([...CLOSED_STATUSES])}::text[]))`];
  if ((request.clientNumber ?? '') !== '') filters.push(`a."clientNumber" = ${add(request.clientNumber)}`);
  if ((request.status ?? '') !== '') filters.push(`a."accountStatus" = ${add(request.status)}`);
  if (bucket !== null) {
    const range = bucketDates(bucket, today);
    const parts: string[] = [];
    if (range.from !== null) parts.push(`a."delinquencyDate" >= ${add(range.from)}::date`);
    if (range.to !== null) parts.push(`a."delinquencyDate" <= ${add(range.to)}::date`);
    const dated = parts.join(' AND ');
    filters.push(range.orUndated ? `(a."delinquencyDate" IS NULL OR a."delinquencyDate" > $1::date OR (${dated}))` : `(${dated})`);
  }
  const base = filters.join(' AND ');
  const query = JSON.stringify([collector, request.clientNumber ?? null, request.status ?? null, bucket]);
  const start = request.nextToken === undefined || request.nextToken === null || request.nextToken === '' ? null : decodeToken(deps.tokenSecret, request.nextToken, query);
  const baseParams = params.length;

  const rows: { row: QueueRow; segment: number }[] = [];
  for (let s = start?.s ?? 0; s < SEGMENTS.length && rows.length < limit; s++) {
    const segment = SEGMENTS[s];
    if (segment === undefined) break;
    params.length = baseParams;
    const keyset = start !== null && s === start.s ? ` AND ${afterKeys(segment, start.k, add)}` : '';
    // Keys come back as text and go back as parameters: no driver's idea of a date or a numeric in between.
    const keys = segment.keys.map((k, i) => `(${k.expr})::text AS "k${i}"`).join(', ');
    const found = await deps.db.query<QueueRow>(
      `SELECT ${DESK_ACCOUNT_COLUMNS}, ${keys} FROM "AccountMdl" a WHERE ${base} AND ${segment.where}${keyset} ORDER BY ${orderBy(segment)} LIMIT ${limit - rows.length}`,
      params,
    );
    for (const row of found) rows.push({ row, segment: s });
  }
  params.length = baseParams;
  // Counted up to a cap: an exact count of a 125 000-account book costs more than the page itself.
  const counted = await deps.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM (SELECT 1 FROM "AccountMdl" a WHERE ${base} LIMIT ${QUEUE_TOTAL_CAP}) counted`, params);
  const total = Number(counted[0]?.n ?? 0);
  const last = rows[rows.length - 1];
  let nextToken: string | null = null;
  if (last !== undefined && rows.length === limit) {
    const segment = SEGMENTS[last.segment];
    if (segment === undefined) throw new Error('no segment');
    const k = segment.keys.map((_, i) => keyValue((last.row as unknown as Record<string, unknown>)[`k${i}`]));
    nextToken = encodeToken(deps.tokenSecret, { q: query, s: last.segment, k });
  }
  const items = await judgePage(deps, rows.map((r) => r.row), now, today);
  return { items, nextToken, total };
}

function keyValue(value: unknown): string | number | null {
  if (value === null || value === undefined) return null;
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'number' || typeof value === 'string') return value;
  return JSON.stringify(value);
}

function toDate(value: Date | string | null): Date | null {
  return value === null ? null : new Date(value);
}

/** Evaluates the contact rules for the page's accounts and orders the page by the full comparator (callable now first within a tier). */
async function judgePage(deps: QueueDeps, rows: readonly DeskAccountRow[], now: Date, today: string): Promise<WorkQueueItem[]> {
  if (rows.length === 0) return [];
  const rules = await loadContactRuleSet(deps.db);
  // Two statements for the whole page (debtors, attempts), not two per account.
  const ids = rows.map((r) => r.id);
  const debtors = await loadDebtors(deps.db, ids);
  const attempts = await deps.db.query<{ account_id: string; attempted_at: Date | string; channel: ContactChannel; conversation: boolean }>(
    `SELECT account_id, attempted_at, channel, conversation FROM contact_attempts WHERE account_id = ANY($1::text[]) AND attempted_at >= $2 ORDER BY attempted_at, id`,
    [ids, new Date(now.getTime() - CALL_HISTORY_DAYS * 86_400_000)],
  );
  const facts: (QueueFacts & { item: Omit<WorkQueueItem, 'tier' | 'reason'> })[] = [];
  for (const row of rows) {
    const history: ContactHistoryEntry[] = attempts.filter((a) => a.account_id === row.id).map((a) => ({ at: new Date(a.attempted_at), channel: a.channel, direction: 'outbound', conversation: a.conversation, accountId: row.id }));
    const inputs: CallInputs = { debtors: debtors.filter((d) => d.accountId === row.id), history, rules };
    const primary = [...inputs.debtors].sort((a, b) => (a.debtorSeq ?? Number.MAX_SAFE_INTEGER) - (b.debtorSeq ?? Number.MAX_SAFE_INTEGER) || (a.id < b.id ? -1 : 1))[0];
    const verdict = primary === undefined ? null : judgeCall(row, primary, inputs, now, deps.clock);
    const zone = verdict?.location.timeZones[0] ?? 'UTC';
    const debtorToday = localDateOf(now, primary?.timeZone ?? zone);
    const dpd = daysPastDue(row.delinquencyDate, today);
    const debtorName = primary === undefined ? null : [primary.firstName, primary.lastName].filter((p) => (p ?? '').trim() !== '').join(' ') || null;
    const item = {
      accountId: row.id,
      clientNumber: row.clientNumber,
      clientName: row.clientName,
      fileNumber: row.fileNumber,
      accountStatus: row.accountStatus,
      debtorId: primary?.id ?? null,
      debtorName,
      debtorTimeZone: primary?.timeZone ?? verdict?.location.timeZones[0] ?? null,
      balanceCents: row.balanceCents,
      daysPastDue: dpd,
      agingBucket: agingBucketOf(dpd),
      callableNow: verdict?.allowed ?? false,
      nextCallableAt: verdict === null ? null : verdict.allowed ? now : verdict.nextAllowedAt,
      callRefusal: primary === undefined ? 'The account has no debtor to call.' : verdict !== null && !verdict.allowed ? verdict.reasons.map((r) => r.message).join(' ') : null,
      lastContactAt: toDate(row.lastContactAt),
      promiseDueDate: row.promiseDueDate,
      brokenPromiseAt: toDate(row.brokenPromiseAt),
      followUpAt: toDate(row.followUpAt),
      assignedTo: row.assignedTo,
    };
    facts.push({
      accountId: row.id,
      balanceCents: row.balanceCents,
      daysPastDue: dpd,
      promiseDueDate: row.promiseDueDate,
      debtorToday,
      brokenPromiseAt: item.brokenPromiseAt,
      followUpAt: item.followUpAt,
      lastContactAt: item.lastContactAt,
      callableNow: item.callableNow,
      item,
    });
  }
  facts.sort((a, b) => compareQueueEntries(a, b, now));
  return facts.map((f) => ({ ...f.item, ...queueTier(f, now) }));
}

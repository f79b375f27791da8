// The audit trail's admin routes (GET {admin API}/audit/events and /audit/events.csv): the caller's
// access token in Authorization, Admins only. I/O (fetch, token) is injected; the rest is pure.
import { WebError } from '../../app/web-errors';

/** What the search form asks for; empty texts are left out. */
export interface AuditFilters {
  user: string;
  action: string;
  record: string;
  outcome: '' | 'success' | 'failure';
  /** YYYY-MM-DD, inclusive. */
  from: string;
  /** YYYY-MM-DD, inclusive (the whole day). */
  to: string;
}

/** No filter at all. */
export const NO_FILTERS: AuditFilters = { user: '', action: '', record: '', outcome: '', from: '', to: '' };

/** One field's values before and after. */
export interface AuditChange {
  before: unknown;
  after: unknown;
}

/** One event as the server returns it. */
export interface AuditEventView {
  seq: string;
  hash: string;
  at: string;
  category: 'security' | 'admin' | 'data';
  action: string;
  outcome: 'success' | 'failure';
  actor: { kind: string; sub?: string; name?: string };
  subject?: { sub?: string; name?: string };
  record?: { type: string; id: string };
  related?: { type: string; id: string }[];
  changes?: Record<string, AuditChange>;
  source?: { ip?: string; userAgent?: string; requestId?: string };
  details?: Record<string, unknown>;
}

/** A page of events, newest first. */
export interface AuditPage {
  events: AuditEventView[];
  nextToken: string | null;
}

/** The audit trail calls the admin page makes. */
export interface AuditApi {
  search: (filters: AuditFilters, options?: { limit?: number; nextToken?: string | null }) => Promise<AuditPage>;
  /** Every matching event as CSV (the server neutralises formula cells). */
  exportCsv: (filters: AuditFilters) => Promise<Blob>;
}

/** The query string of a search (filters set, then limit and nextToken). */
export function auditQuery(filters: AuditFilters, extra: Record<string, string | number | null | undefined> = {}): string {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(filters) as [string, string][]) if (value.trim() !== '') query.set(key, value.trim());
  for (const [key, value] of Object.entries(extra)) if (value !== undefined && value !== null && value !== '') query.set(key, String(value));
  return query.toString();
}

/** The first problem of the filters before anything is sent (a range that ends before it starts), or null. */
export function filtersProblem(filters: AuditFilters): string | null {
  if (filters.from !== '' && filters.to !== '' && filters.to < filters.from) return 'The end of the time range is before its start.';
  return null;
}

/** An audit API client at `adminEndpoint` (…/admin) using `accessToken()` for each call. */
export function createAuditApi(fetchFn: typeof fetch, adminEndpoint: string, accessToken: () => Promise<string | null>): AuditApi {
  const get = async (path: string, accept: string): Promise<Response> => {
    const token = await accessToken();
    if (token === null) throw new WebError('AuditForbidden', { message: 'Please use your credentials to sign in.' });
    let response: Response;
    try {
      response = await fetchFn(`${adminEndpoint}${path}`, { headers: { authorization: token, accept } });
    } catch (error) {
      throw new WebError('AuditFailed', { message: 'Network Error: Steward cannot reach the server.', cause: error });
    }
    if (response.status === 403) throw new WebError('AuditForbidden');
    if (!response.ok) {
      const body = (await response.json().catch(() => ({}))) as { message?: unknown };
      const message = typeof body.message === 'string' && body.message !== '' ? body.message : undefined;
      throw new WebError(response.status >= 500 || message === undefined ? 'AuditFailed' : 'AuditRefused', message === undefined ? {} : { message });
    }
    return response;
  };
  return {
    async search(filters, options = {}) {
      const response = await get(`/audit/events?${auditQuery(filters, { limit: options.limit ?? 50, nextToken: options.nextToken })}`, 'application/json');
      const body = (await response.json()) as Partial<AuditPage>;
      return { events: body.events ?? [], nextToken: body.nextToken ?? null };
    },
    async exportCsv(filters) {
      const response = await get(`/audit/events.csv?${auditQuery(filters)}`, 'text/csv');
      return response.blob();
    },
  };
}

/** A value as one short text: null as "(none)", objects as JSON, long texts cut. */
export function shortValue(value: unknown): string {
  if (value === null || value === undefined || value === '') return '(none)';
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return text.length > 60 ? `${text.slice(0, 57)}…` : text;
}

/** The changes of an event in words: "priority: low → high"; a created record lists its values, a deleted one what it had. */
export function describeChanges(changes: Record<string, AuditChange> | undefined): string[] {
  return Object.entries(changes ?? {}).map(([field, change]) => `${field}: ${shortValue(change.before)} → ${shortValue(change.after)}`);
}

/** Who did it, in words. */
export function actorLabel(event: Pick<AuditEventView, 'actor'>): string {
  const { actor } = event;
  if (actor.kind === 'anonymous') return 'Not signed in';
  if (actor.kind === 'cli') return 'Command line';
  if (actor.kind === 'system') return `System (${actor.name ?? 'server'})`;
  if (actor.kind === 'admin-credential') return `Admin key ${actor.name ?? ''}`.trim();
  return actor.name ?? actor.sub ?? 'Unknown';
}

/** What the event is about: its user, else its record. */
export function aboutLabel(event: Pick<AuditEventView, 'subject' | 'record'>): string {
  if (event.subject !== undefined) return event.subject.name ?? event.subject.sub ?? '';
  if (event.record !== undefined) return `${event.record.type} ${event.record.id}`;
  return '–';
}

// The audit trail over HTTP, with the caller's access token in Authorization (as the admin API):
//   GET /admin/audit/events      search (Admins only): user, action, record, recordType, outcome, from, to, limit, nextToken
//   GET /admin/audit/events.csv  the same search as CSV, every matching row up to AUDIT_CSV_MAX_ROWS (Admins only)
//   GET /account/sign-ins        the caller's own recent sign-ins (any signed-in user; only their own)
// Errors have the admin API's shape ({"__type", "message"}): 401 without a valid token, 403 for a
// non-admin on /admin/audit, 400 for bad input.
import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { StewardHandle } from '../app.js';
import { fail, isServiceError } from '../errors/catalogue.js';
import { toWireError } from '../errors/wire-error.js';
import { ADMINS_GROUP } from '../user-pool/admin/admin-safeguards.js';
import { groupsOfUser } from '../user-pool/users/user-repository.js';
import { AUDIT_CSV_COLUMNS, auditCsvLine, csvLine } from './audit-csv.js';
import { parseAuditToken, searchAuditLog, type AuditQuery } from './audit-search.js';
import { toOwnSignIn } from './auth-events.js';

/** Most rows one CSV export holds (narrow the search for more). */
export const AUDIT_CSV_MAX_ROWS = 100_000;
/** Largest page of the JSON search. */
export const AUDIT_PAGE_MAX = 200;
/** How many of their own sign-ins a user sees at most. */
export const OWN_SIGN_INS_MAX = 50;

type Query = Record<string, unknown>;

const text = (value: unknown, name: string, max = 256): string | undefined => {
  if (value === undefined || value === '') return undefined;
  if (typeof value !== 'string' || value.length > max) throw fail('InvalidParameterException', `${name} must be a text of at most ${max} characters.`);
  return value;
};

/** An instant from `YYYY-MM-DD` (midnight UTC) or an ISO date and time. */
function instant(value: unknown, name: string): Date | undefined {
  const given = text(value, name, 64);
  if (given === undefined) return undefined;
  const date = /^\d{4}-\d{2}-\d{2}$/.test(given) ? new Date(`${given}T00:00:00Z`) : /^\d{4}-\d{2}-\d{2}T/.test(given) ? new Date(given) : new Date(Number.NaN);
  if (!Number.isFinite(date.getTime())) throw fail('InvalidParameterException', `${name} must be a date (YYYY-MM-DD) or an ISO date and time; got ${JSON.stringify(given)}.`);
  return date;
}

function limitOf(value: unknown, fallback: number, max: number): number {
  const given = text(value, 'limit', 8);
  if (given === undefined) return fallback;
  if (!/^\d+$/.test(given) || Number(given) < 1 || Number(given) > max) throw fail('InvalidParameterException', `limit must be a whole number from 1 to ${max}.`);
  return Number(given);
}

/** The search of a query string (everything but limit and nextToken). */
export function auditQueryOf(query: Query, limit: number): AuditQuery {
  const outcome = text(query.outcome, 'outcome', 16);
  if (outcome !== undefined && outcome !== 'success' && outcome !== 'failure') throw fail('InvalidParameterException', 'outcome must be success or failure.');
  const from = instant(query.from, 'from');
  // A bare date as `to` means the whole of that day.
  const toText = text(query.to, 'to', 64);
  const to = instant(query.to, 'to');
  const until = to !== undefined && toText !== undefined && /^\d{4}-\d{2}-\d{2}$/.test(toText) ? new Date(to.getTime() + 86_400_000) : to;
  const token = text(query.nextToken, 'nextToken', 32);
  const fields = { user: text(query.user, 'user'), action: text(query.action, 'action', 128), record: text(query.record, 'record'), recordType: text(query.recordType, 'recordType', 128) };
  return {
    ...Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined)),
    ...(outcome !== undefined ? { outcome } : {}),
    ...(from !== undefined ? { from } : {}),
    ...(until !== undefined ? { to: until } : {}),
    ...(token !== undefined ? { before: parseAuditToken(token) } : {}),
    limit,
  };
}

function sendError(reply: FastifyReply, error: unknown, status?: number): FastifyReply {
  const wire = toWireError(error);
  return reply.status(status ?? wire.status).header('x-amzn-errortype', wire.body.__type).send(wire.body);
}

/** The signed-in caller of a request (its access token), or a 401 already sent. */
async function callerOf(steward: StewardHandle, request: FastifyRequest, reply: FastifyReply): Promise<{ sub: string; username: string } | undefined> {
  try {
    const token = (request.headers.authorization ?? '').replace(/^Bearer\s+/i, '').trim();
    if (token === '') throw fail('NotAuthorizedException', 'Missing access token in the Authorization header.');
    const verified = await steward.tokens.verifyAccessToken(token);
    return { sub: verified.user.sub, username: verified.user.username };
  } catch (error) {
    await sendError(reply, isServiceError(error) ? error : fail('NotAuthorizedException', 'Invalid Access Token'), 401);
    return undefined;
  }
}

/** The caller when they are in Admins (the database decides, not the token), or an error already sent. */
async function adminOf(steward: StewardHandle, request: FastifyRequest, reply: FastifyReply): Promise<{ sub: string } | undefined> {
  const caller = await callerOf(steward, request, reply);
  if (caller === undefined) return undefined;
  if (!(await groupsOfUser(steward.db, caller.sub)).includes(ADMINS_GROUP)) {
    await sendError(reply, fail('AccessDeniedException', `Only members of the ${ADMINS_GROUP} group may read the audit trail.`), 403);
    return undefined;
  }
  await steward.limits.assertRequestAllowed(`admin|${caller.sub}`);
  return caller;
}

/** Every matching row, newest first, as CSV lines (header first), at most AUDIT_CSV_MAX_ROWS. */
async function* csvRows(steward: StewardHandle, query: AuditQuery): AsyncGenerator<string> {
  // A byte-order mark, so spreadsheets read the file as UTF-8.
  yield `\uFEFF${csvLine(AUDIT_CSV_COLUMNS)}`;
  let before = query.before;
  let sent = 0;
  while (sent < AUDIT_CSV_MAX_ROWS) {
    const page = await searchAuditLog(steward.db, { ...query, limit: Math.min(1000, AUDIT_CSV_MAX_ROWS - sent), ...(before !== undefined ? { before } : {}) });
    yield page.events.map(auditCsvLine).join('');
    sent += page.events.length;
    if (page.nextToken === null) return;
    before = BigInt(page.nextToken);
  }
}

/** Registers the audit trail's routes. */
export async function registerAuditRoutes(app: FastifyInstance, steward: StewardHandle): Promise<void> {
  await app.register(async (scope) => {
    scope.setErrorHandler((error, request, reply) => {
      if (!isServiceError(error)) request.log.error({ err: error }, 'audit trail route failed unexpectedly');
      return sendError(reply, isServiceError(error) ? error : fail('InternalErrorException'));
    });

    scope.get('/admin/audit/events', async (request, reply) => {
      if ((await adminOf(steward, request, reply)) === undefined) return reply;
      const query = request.query as Query;
      const page = await searchAuditLog(steward.db, auditQueryOf(query, limitOf(query.limit, 50, AUDIT_PAGE_MAX)));
      return reply.header('cache-control', 'no-store').send({ events: page.events.map((e) => ({ seq: e.seq, hash: e.hash, ...e.entry })), nextToken: page.nextToken });
    });

    scope.get('/admin/audit/events.csv', async (request, reply) => {
      if ((await adminOf(steward, request, reply)) === undefined) return reply;
      const query = auditQueryOf(request.query as Query, AUDIT_CSV_MAX_ROWS);
      const name = `audit-${steward.clock.now().toISOString().slice(0, 19).replace(/:/g, '')}.csv`;
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${name}"`)
        .header('cache-control', 'no-store')
        .send(Readable.from(csvRows(steward, query)));
    });

    scope.get('/account/sign-ins', async (request, reply) => {
      const caller = await callerOf(steward, request, reply);
      if (caller === undefined) return reply;
      await steward.limits.assertRequestAllowed(`account|${caller.sub}`);
      const query = request.query as Query;
      // Only the caller's own: the subject is the token's user, whatever the query says.
      const page = await searchAuditLog(steward.db, { subjectSub: caller.sub, actions: ['sign_in'], limit: limitOf(query.limit, 20, OWN_SIGN_INS_MAX) });
      return reply.header('cache-control', 'no-store').send({ signIns: page.events.map(toOwnSignIn) });
    });
  });
}

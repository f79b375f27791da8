// ListUsers with Cognito's filter syntax (`attribute = "value"` or `attribute ^= "prefix"`) and an
// opaque pagination token (the last username key, base64url).
import { fail } from '../../errors/catalogue.js';
import { defineOperation } from '../operations/operation.js';
import { requirePool } from '../pools/pool-repository.js';
import { userFromRow } from '../users/user-repository.js';
import { usernameKey, usernamesCaseSensitive } from '../users/username-case.js';
import { toUserType } from '../users/user-shapes.js';
import { array, integer, object, optional, string, userPoolIdSchema } from '../wire/input-schema.js';

/** A parsed ListUsers filter. */
export interface UserFilter {
  readonly attribute: string;
  readonly operator: '=' | '^=';
  readonly value: string;
}

const FILTERABLE = new Set(['username', 'email', 'phone_number', 'name', 'given_name', 'family_name', 'preferred_username', 'cognito:user_status', 'status', 'sub']);

/** Parses `attribute = "value"` / `attribute ^= "value"`; undefined for an empty filter; InvalidParameterException otherwise. */
export function parseUserFilter(filter: string | undefined): UserFilter | undefined {
  if (filter === undefined || filter.trim() === '') return undefined;
  const match = /^\s*([\w:]+)\s*(\^?=)\s*"((?:[^"\\]|\\.)*)"\s*$/.exec(filter);
  if (match === null) throw fail('InvalidParameterException', 'Error while parsing filter.');
  const attribute = match[1] ?? '';
  if (!FILTERABLE.has(attribute)) throw fail('InvalidParameterException', `Invalid search attribute: ${attribute}`);
  return { attribute, operator: match[2] === '=' ? '=' : '^=', value: (match[3] ?? '').replace(/\\(.)/g, '$1') };
}

const likePrefix = (value: string): string => `${value.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The SQL condition (with one parameter at `$index`) and parameter value for a filter. */
export function filterCondition(filter: UserFilter, index: number, caseSensitive: boolean): { sql: string; param: unknown } {
  const p = `$${index}`;
  const op = (expr: string, value: string): { sql: string; param: unknown } =>
    filter.operator === '=' ? { sql: `${expr} = ${p}`, param: value } : { sql: `${expr} LIKE ${p}`, param: likePrefix(value) };
  switch (filter.attribute) {
    case 'username':
      return op('username_key', usernameKey(filter.value, caseSensitive));
    case 'cognito:user_status':
      return op('status', filter.value);
    case 'status':
      if (filter.operator !== '=' || !['Enabled', 'Disabled'].includes(filter.value)) throw fail('InvalidParameterException', 'status filter must be = "Enabled" or = "Disabled".');
      return { sql: `enabled = ${p}`, param: filter.value === 'Enabled' };
    case 'sub':
      return op('sub::text', filter.value);
    case 'email':
      return caseSensitive ? op(`attributes ->> 'email'`, filter.value) : op(`lower(attributes ->> 'email')`, filter.value.toLowerCase());
    default:
      return op(`attributes ->> '${filter.attribute}'`, filter.value);
  }
}

function decodeToken(token: string | undefined): string | undefined {
  if (token === undefined) return undefined;
  try {
    const parsed = JSON.parse(Buffer.from(token, 'base64url').toString('utf8')) as unknown;
    if (typeof parsed === 'object' && parsed !== null && typeof (parsed as { k?: unknown }).k === 'string') return (parsed as { k: string }).k;
  } catch {
    // fall through to the error below
  }
  throw fail('InvalidParameterException', 'Invalid pagination token.');
}

const input = object({
  UserPoolId: userPoolIdSchema,
  AttributesToGet: optional(array(string({ min: 1, max: 32 }), { max: 100 })),
  Limit: optional(integer(0, 60)),
  PaginationToken: optional(string({ min: 1, max: 1024 })),
  Filter: optional(string({ max: 256 })),
});

/** ListUsers: users of a pool by username, with filter and pagination (Limit up to 60). */
export const listUsers = defineOperation('ListUsers', input, { access: 'admin' })
  .step('pool', (ctx, i) => requirePool(ctx.db, i.UserPoolId))
  .step('page', async (ctx, i, s) => {
    const filter = parseUserFilter(i.Filter);
    const after = decodeToken(i.PaginationToken);
    const limit = i.Limit === undefined || i.Limit === 0 ? 60 : i.Limit;
    const params: unknown[] = [s.pool.id, after ?? null, limit + 1];
    let where = 'pool_id = $1 AND ($2::text IS NULL OR username_key > $2::text)';
    if (filter !== undefined) {
      const condition = filterCondition(filter, 4, usernamesCaseSensitive(s.pool));
      where += ` AND ${condition.sql}`;
      params.push(condition.param);
    }
    const rows = await ctx.db.query(`SELECT * FROM users WHERE ${where} ORDER BY username_key LIMIT $3`, params);
    const users = rows.map(userFromRow);
    const more = users.length > limit;
    const pageUsers = users.slice(0, limit);
    const last = pageUsers[pageUsers.length - 1];
    return { users: pageUsers, next: more && last !== undefined ? Buffer.from(JSON.stringify({ k: usernameKey(last.username, usernamesCaseSensitive(s.pool)) })).toString('base64url') : undefined };
  })
  .respond((_ctx, i, s) => ({
    Users: s.page.users.map((u) => toUserType(u, i.AttributesToGet)),
    ...(s.page.next !== undefined ? { PaginationToken: s.page.next } : {}),
  }));

// Reading the audit trail: one keyset page (newest first) of the rows matching a search by user,
// action, record and time range — for the admin API, its CSV export and AdminListUserAuthEvents.
import type { Queryable } from '../db/database.js';
import { SqlParams } from '../db/sql-params.js';
import { fail } from '../errors/catalogue.js';
import { recordSearchKey, userSearchKey, type AuditEntry } from './audit-event.js';
import { usernameKeySql } from '../user-pool/users/username-case.js';

/** What to look for; every given part must match. */
export interface AuditQuery {
  /** A username or sub, of who acted or whom the event is about (a username also finds events naming only the user's sub). */
  readonly user?: string;
  /** An action, or an action prefix: `admin` finds admin.user.created, `sign_in` finds sign_in. */
  readonly action?: string;
  /** Only these actions (AdminListUserAuthEvents). */
  readonly actions?: readonly string[];
  /** A record id (the changed record or a related one, e.g. an account). */
  readonly record?: string;
  /** A record type (AccountMdl, TransactionMdl, app_client…). */
  readonly recordType?: string;
  /** Only events about this user sub (the subject), e.g. a user's own sign-ins. */
  readonly subjectSub?: string;
  readonly outcome?: 'success' | 'failure';
  /** From this instant (inclusive). */
  readonly from?: Date;
  /** Until this instant (exclusive). */
  readonly to?: Date;
  readonly limit: number;
  /** Resume below this seq (the previous page's nextToken). */
  readonly before?: bigint;
}

/** One row as readers get it: its entry, seq and hash. */
export interface AuditRecordRow {
  readonly seq: string;
  readonly hash: string;
  readonly entry: AuditEntry;
}

/** A page, newest first; `nextToken` resumes after its last row. */
export interface AuditPage {
  readonly events: AuditRecordRow[];
  readonly nextToken: string | null;
}

/** The seq a nextToken stands for; InvalidParameterException for anything else. */
export function parseAuditToken(token: string): bigint {
  if (!/^[1-9][0-9]{0,18}$/.test(token)) throw fail('InvalidParameterException', 'Invalid NextToken.');
  return BigInt(token);
}

const likePrefix = (text: string): string => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** One page of matching rows. */
export async function searchAuditLog(db: Queryable, query: AuditQuery): Promise<AuditPage> {
  const params = new SqlParams();
  const where: string[] = [];
  if (query.user !== undefined && query.user.trim() !== '') {
    const user = query.user.trim();
    // A username also finds the events that name the user only by sub (a revoked sign-in, a reused token).
    where.push(
      `search_keys && (ARRAY[${params.add(userSearchKey(user))}::text] || ARRAY(SELECT 'u:' || sub::text FROM users WHERE username_key = ${usernameKeySql(params, 'users.pool_id', user)}))`,
    );
  }
  if (query.action !== undefined && query.action.trim() !== '') {
    const action = query.action.trim().replace(/\.+$/, '');
    where.push(`(action = ${params.add(action)}::text OR action LIKE ${params.add(`${likePrefix(action)}.%`)}::text)`);
  }
  if (query.actions !== undefined) where.push(`action = ANY(${params.add(query.actions)}::text[])`);
  if (query.record !== undefined && query.record.trim() !== '') where.push(`search_keys @> ARRAY[${params.add(recordSearchKey(query.record.trim()))}::text]`);
  if (query.recordType !== undefined && query.recordType.trim() !== '') where.push(`record_type = ${params.add(query.recordType.trim())}::text`);
  if (query.subjectSub !== undefined) where.push(`subject_sub = ${params.add(query.subjectSub)}::text`);
  if (query.outcome !== undefined) where.push(`outcome = ${params.add(query.outcome)}::text`);
  if (query.from !== undefined) where.push(`at >= ${params.add(query.from)}::timestamptz`);
  if (query.to !== undefined) where.push(`at < ${params.add(query.to)}::timestamptz`);
  if (query.before !== undefined) where.push(`seq < ${params.add(query.before.toString())}::bigint`);
  const rows = await db.query<{ seq: string | number; hash: Uint8Array; entry: string }>(
    `SELECT seq::text AS seq, hash, entry::text AS entry FROM audit_log ${where.length > 0 ? `WHERE ${where.join(' AND ')}` : ''} ORDER BY audit_log.seq DESC LIMIT ${params.add(query.limit + 1)}::int`,
    params.values,
  );
  const events = rows.slice(0, query.limit).map((row) => ({ seq: String(row.seq), hash: Buffer.from(row.hash).toString('hex'), entry: JSON.parse(row.entry) as AuditEntry }));
  const last = events[events.length - 1];
  return { events, nextToken: rows.length > query.limit && last !== undefined ? last.seq : null };
}

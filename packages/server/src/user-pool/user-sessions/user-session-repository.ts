// A user's sessions as Cognito's session operations see them. A token session is one sign-in: its
// refresh_tokens row (origin_jti), the refresh token and every access and id token issued from it.
// An SSO session is a managed-login session (hosted_sessions), whose anchor sign-in never leaves the
// server; that anchor is not listed as a token session of its own. Revoking a token session revokes
// its row (its refresh token is refused, and its access tokens with it: every check of an access
// token reads its origin); revoking an SSO session deletes it and revokes its anchor.
import type { AuditTrail } from '../../audit/audit-trail.js';
import type { Database, Queryable } from '../../db/database.js';
import { fail } from '../../errors/catalogue.js';
import type { Clock } from '../../time/clock.js';
import { processRevocations } from '../../tokens/revocation-feed.js';

/** Cognito's SessionType. */
export type SessionType = 'TOKEN' | 'SSO';

/** One live session of a user. */
export interface UserSession {
  readonly type: SessionType;
  /** origin_jti (TOKEN) or hosted_sessions.id (SSO). */
  readonly key: string;
  readonly clientId: string;
  readonly createdAt: Date;
  readonly lastActiveAt: Date;
  /** Where the sign-in came from, when known. */
  readonly ip: string | null;
  readonly deviceType: string | null;
  /** A token session made through managed login: the hosted (SSO) session it came through. */
  readonly hostedSessionId: string | null;
}

/** Cognito answers at most this many sessions, in one page. */
export const MAX_LISTED_SESSIONS = 125;

const PREFIX: Readonly<Record<SessionType, string>> = { TOKEN: 'tkn', SSO: 'sso' };

/** The SessionId of a session: its type's prefix and its key's 32 hex digits. */
export function sessionIdOf(session: Pick<UserSession, 'type' | 'key'>): string {
  return `${PREFIX[session.type]}${session.key.replace(/-/g, '')}`;
}

/** The type and key a SessionId names; ResourceNotFoundException when it cannot be one of ours. */
export function parseSessionId(sessionId: string): { type: SessionType; key: string } {
  const match = /^(tkn|sso)([0-9a-f]{32})$/.exec(sessionId);
  const hex = match?.[2];
  if (match === null || hex === undefined) throw fail('ResourceNotFoundException', 'Session not found.');
  const key = `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
  return { type: match[1] === 'sso' ? 'SSO' : 'TOKEN', key };
}

// A sign-in is a token session unless it anchors a hosted session.
const NOT_AN_ANCHOR = 'NOT EXISTS (SELECT 1 FROM hosted_sessions h WHERE h.origin_jti = r.origin_jti)';

/** The user's live sessions, newest first (at most MAX_LISTED_SESSIONS). */
export async function listUserSessions(q: Queryable, userSub: string, now: Date): Promise<UserSession[]> {
  const rows = await q.query<{ type: SessionType; key: string; client_id: string; created_at: Date; last_active_at: Date; ip: string | null; device_type: string | null; hosted_session_id: string | null }>(
    `SELECT 'TOKEN' AS type, r.origin_jti::text AS key, r.client_id, r.created_at, coalesce(r.last_used_at, r.created_at) AS last_active_at, r.ip, r.device_type,
            r.hosted_session_id::text AS hosted_session_id
       FROM refresh_tokens r
      WHERE r.user_sub = $1 AND r.revoked_at IS NULL AND r.expires_at > $2 AND ${NOT_AN_ANCHOR}
     UNION ALL
     SELECT 'SSO', h.id::text, r.client_id, h.created_at, h.created_at, r.ip, r.device_type, NULL
       FROM hosted_sessions h JOIN refresh_tokens r ON r.origin_jti = h.origin_jti AND r.revoked_at IS NULL AND r.expires_at > $2
      WHERE h.user_sub = $1 AND h.expires_at > $2
     ORDER BY 4 DESC, 2 LIMIT ${MAX_LISTED_SESSIONS}`,
    [userSub, now],
  );
  return rows.map((r) => ({
    type: r.type,
    key: r.key,
    clientId: r.client_id,
    createdAt: new Date(r.created_at),
    lastActiveAt: new Date(r.last_active_at),
    ip: r.ip,
    deviceType: r.device_type,
    hostedSessionId: r.hosted_session_id,
  }));
}

/**
 * Revokes one live session of the user: a token session's sign-in, or an SSO session (deleted, its
 * anchor revoked). `linked`: also the sessions linked to it — for an SSO session the token sessions
 * made through it, for a token session the SSO session it came through. ResourceNotFoundException
 * when the user has no such live session. Returns how many sessions ended.
 */
export async function revokeUserSession(q: Queryable, userSub: string, session: { type: SessionType; key: string }, now: Date, linked = false): Promise<number> {
  const rows =
    session.type === 'TOKEN'
      ? await q.query<{ hosted_session_id: string | null }>(
          `UPDATE refresh_tokens r SET revoked_at = $3 WHERE r.origin_jti = $1::uuid AND r.user_sub = $2 AND r.revoked_at IS NULL AND r.expires_at > $3 AND ${NOT_AN_ANCHOR}
           RETURNING r.hosted_session_id::text AS hosted_session_id`,
          [session.key, userSub, now],
        )
      : await q.query<{ hosted_session_id: string | null }>(
          `WITH ended AS (DELETE FROM hosted_sessions WHERE id = $1::uuid AND user_sub = $2 AND expires_at > $3 RETURNING origin_jti)
           UPDATE refresh_tokens SET revoked_at = $3 WHERE origin_jti IN (SELECT origin_jti FROM ended) AND revoked_at IS NULL RETURNING NULL::text AS hosted_session_id`,
          [session.key, userSub, now],
        );
  const revoked = rows[0];
  if (revoked === undefined) throw fail('ResourceNotFoundException', 'Session not found.');
  if (!linked) return 1;
  if (session.type === 'SSO') {
    const tokens = await q.query('UPDATE refresh_tokens SET revoked_at = $3 WHERE hosted_session_id = $1::uuid AND user_sub = $2 AND revoked_at IS NULL RETURNING 1', [session.key, userSub, now]);
    return 1 + tokens.length;
  }
  if (revoked.hosted_session_id === null) return 1;
  const parent = await q.query(
    `WITH ended AS (DELETE FROM hosted_sessions WHERE id = $1::uuid AND user_sub = $2 RETURNING origin_jti)
     UPDATE refresh_tokens SET revoked_at = $3 WHERE origin_jti IN (SELECT origin_jti FROM ended) AND revoked_at IS NULL RETURNING 1`,
    [revoked.hosted_session_id, userSub, now],
  );
  return 1 + parent.length;
}

/**
 * MaxPerUser, applied when a sign-in creates token session `newOriginJti`: with session tracking on
 * in the pool, the user's least recently used token sessions beyond the limit are revoked (the new
 * one always stays). One statement, reading the pool's configuration itself; returns how many were evicted.
 */
export async function evictBeyondSessionLimit(q: Queryable, poolId: string, userSub: string, newOriginJti: string, now: Date): Promise<number> {
  const rows = await q.query(
    `WITH limit_of AS (
       SELECT (settings -> 'sessionConfiguration' -> 'TokenSession' ->> 'MaxPerUser')::int AS max_per_user FROM user_pools
        WHERE id = $1 AND settings -> 'sessionConfiguration' ->> 'UserSessionTracking' = 'ENABLED'),
     ranked AS (
       SELECT r.origin_jti, row_number() OVER (ORDER BY r.origin_jti = $3::uuid DESC, coalesce(r.last_used_at, r.created_at) DESC, r.created_at DESC) AS n
         FROM refresh_tokens r
        WHERE r.user_sub = $2 AND r.revoked_at IS NULL AND r.expires_at > $4 AND ${NOT_AN_ANCHOR})
     UPDATE refresh_tokens SET revoked_at = $4
      WHERE origin_jti IN (SELECT ranked.origin_jti FROM ranked, limit_of WHERE ranked.n > limit_of.max_per_user) AND revoked_at IS NULL
      RETURNING 1`,
    [poolId, userSub, newOriginJti, now],
  );
  return rows.length;
}

/** What ending sessions beyond the limit takes of the server's services. */
export interface EvictionServices {
  readonly db: Database;
  readonly clock: Clock;
  readonly audit: AuditTrail;
}

/**
 * evictBeyondSessionLimit for a sign-in that just stored `newOriginJti`, with a `session.evicted`
 * event in the same transaction when it ended sessions, and the revocation announced to in-process caches.
 */
export async function endSessionsBeyondLimit(services: EvictionServices, poolId: string, user: { readonly sub: string; readonly username: string }, newOriginJti: string): Promise<void> {
  const evicted = await services.audit.change(
    (tx) => evictBeyondSessionLimit(tx, poolId, user.sub, newOriginJti, services.clock.now()),
    (count) =>
      count > 0
        ? { action: 'session.evicted', actor: { kind: 'system', name: 'system' }, subject: { sub: user.sub, name: user.username }, details: { sessionsEnded: count, poolId } }
        : undefined,
  );
  if (evicted > 0) processRevocations.publish({ sub: user.sub });
}

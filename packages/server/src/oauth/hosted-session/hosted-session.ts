// The hosted page's own sign-in session: a cookie naming a server-side row, so a second authorize
// from any app client of the pool skips the form until the session ends (logout, expiry, prompt=login).
//
// Only the SHA-256 of the cookie value is stored (hosted_sessions.cookie_hash). A new value is drawn
// at every sign-in, whatever cookie the browser brought (no session fixation). The session lasts
// HOSTED_SESSION_TTL_SECONDS from the sign-in (absolute, not sliding; longer when an app client
// reuses SSO sessions longer: SetUserPoolClientSessionConfiguration), and is anchored to the
// refresh_tokens row of the sign-in that created it: its tokens never leave the server, and every
// revocation of the user's sign-ins (GlobalSignOut, AdminUserGlobalSignOut, disabling the user, a
// password reset by an administrator) revokes the anchor and so ends the hosted session with them.
import type { AuditSource } from '../../audit/audit-event.js';
import { sourceOfHttp } from '../../audit/operation-audit.js';
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ServerServices } from '../../user-pool/operations/operation-context.js';
import type { HostedSignIn } from '../authorize/authorization-response.js';
import { SSO_MAX_VALIDITY } from '../../user-pool/user-sessions/session-configuration.js';
import { clearCookie, readCookie, setCookie } from './browser-cookies.js';

/** How long a hosted session lasts after the sign-in: one hour, as Cognito's managed-login cookie. */
export const HOSTED_SESSION_TTL_SECONDS = 3600;

/** The sign-in a hosted session is made from. */
export interface CompletedHostedSignIn {
  readonly poolId: string;
  readonly userSub: string;
  readonly authTime: Date;
  /** origin_jti of the internal sign-in's refresh_tokens row: the session's anchor. */
  readonly originJti: string;
}

/** SHA-256 (base64url) of a cookie value: what the table stores. */
export function cookieHash(value: string): string {
  return createHash('sha256').update(value).digest('base64url');
}

interface SessionRow {
  id: string;
  pool_id: string;
  user_sub: string;
  auth_time: Date | string;
}

/**
 * The live hosted session of this browser for the pool, or undefined: none, another pool's,
 * expired, its anchor revoked (global sign-out, user disabled, password reset) or the user gone,
 * disabled or no longer confirmed. With `clientId`, only while that app client still reuses it: its
 * SSO MaxValidityMinutes since the sign-in (SetUserPoolClientSessionConfiguration, in force while the
 * pool tracks sessions; otherwise Cognito's default, 60).
 */
export async function readHostedSession(steward: ServerServices, request: FastifyRequest, poolId: string, clientId?: string): Promise<HostedSignIn | undefined> {
  const value = readCookie(steward.config, request, 'session');
  if (value === undefined) return undefined;
  const now = steward.clock.now();
  const reuse =
    clientId === undefined
      ? ''
      : `AND h.auth_time > $3::timestamptz - make_interval(mins => (
           SELECT CASE WHEN p.settings -> 'sessionConfiguration' ->> 'UserSessionTracking' = 'ENABLED' THEN coalesce(c.sso_max_validity_minutes, ${SSO_MAX_VALIDITY.default}) ELSE ${SSO_MAX_VALIDITY.default} END
             FROM user_pools p JOIN app_clients c ON c.pool_id = p.id AND c.id = $4 WHERE p.id = h.pool_id))`;
  const rows = await steward.db.query<SessionRow>(
    `SELECT h.id, h.pool_id, h.user_sub, h.auth_time
       FROM hosted_sessions h
       JOIN refresh_tokens r ON r.origin_jti = h.origin_jti AND r.revoked_at IS NULL AND r.expires_at > $3
       JOIN users u ON u.sub = h.user_sub AND u.enabled AND u.status = 'CONFIRMED'
      WHERE h.cookie_hash = $1 AND h.pool_id = $2 AND h.expires_at > $3 ${reuse}`,
    [cookieHash(value), poolId, now, ...(clientId === undefined ? [] : [clientId])],
  );
  const row = rows[0];
  if (row === undefined) return undefined;
  return { sessionId: row.id, poolId: row.pool_id, userSub: row.user_sub, authTime: new Date(row.auth_time) };
}

/**
 * How long a new hosted session of the pool lasts: an hour, or, while the pool tracks sessions, the
 * longest SSO MaxValidityMinutes of its app clients when longer (each client reuses it only for its own).
 */
async function hostedSessionSeconds(steward: ServerServices, poolId: string): Promise<number> {
  const rows = await steward.db.query<{ minutes: number | null }>(
    `SELECT max(c.sso_max_validity_minutes) AS minutes FROM user_pools p JOIN app_clients c ON c.pool_id = p.id
      WHERE p.id = $1 AND p.settings -> 'sessionConfiguration' ->> 'UserSessionTracking' = 'ENABLED'`,
    [poolId],
  );
  return Math.max(HOSTED_SESSION_TTL_SECONDS, (rows[0]?.minutes ?? 0) * 60);
}

/**
 * Starts the hosted session of a completed sign-in: ends the one the browser's cookie named (if
 * any), stores a new one under a fresh random cookie value, shortens the anchor's life to the
 * session's, and sets the cookie (HttpOnly, SameSite=Lax, Secure on https). Undefined when the
 * sign-in was revoked meanwhile (a concurrent global sign-out): then there is no session.
 */
export async function startHostedSession(steward: ServerServices, request: FastifyRequest, reply: FastifyReply, signIn: CompletedHostedSignIn): Promise<HostedSignIn | undefined> {
  const previous = readCookie(steward.config, request, 'session');
  if (previous !== undefined) await endSessionsNamed(steward, previous);
  const value = randomBytes(32).toString('base64url');
  const id = randomUUID();
  const now = steward.clock.now();
  const expiresAt = new Date(signIn.authTime.getTime() + (await hostedSessionSeconds(steward, signIn.poolId)) * 1000);
  // Casts: the values go through SELECT, which would otherwise leave them untyped.
  const stored = await steward.db.query<{ id: string }>(
    `WITH anchored AS (UPDATE refresh_tokens SET expires_at = least(expires_at, $7::timestamptz) WHERE origin_jti = $5::uuid AND user_sub = $4::uuid AND revoked_at IS NULL RETURNING origin_jti)
     INSERT INTO hosted_sessions (id, cookie_hash, pool_id, user_sub, origin_jti, auth_time, expires_at, created_at)
     SELECT $1::uuid, $2::text, $3::text, $4::uuid, origin_jti, $6::timestamptz, $7::timestamptz, $8::timestamptz FROM anchored
     RETURNING id`,
    [id, cookieHash(value), signIn.poolId, signIn.userSub, signIn.originJti, signIn.authTime, expiresAt, now],
  );
  // The anchor was revoked between the sign-in and now (a concurrent global sign-out): no session.
  if (stored.length === 0) return undefined;
  setCookie(steward.config, reply, 'session', value, Math.max(1, Math.floor((expiresAt.getTime() - now.getTime()) / 1000)));
  return { sessionId: id, poolId: signIn.poolId, userSub: signIn.userSub, authTime: signIn.authTime };
}

/**
 * Deletes the hosted sessions a cookie value names and revokes their anchors. With `source` (a
 * /logout), the audit trail records each one ended; a session replaced by a new sign-in is not a sign-out.
 */
async function endSessionsNamed(steward: ServerServices, value: string, source?: AuditSource): Promise<void> {
  await steward.audit.change(
    (tx) =>
      tx.query<{ user_sub: string; username: string | null }>(
        `WITH ended AS (DELETE FROM hosted_sessions WHERE cookie_hash = $1 RETURNING origin_jti, user_sub),
              revoked AS (UPDATE refresh_tokens SET revoked_at = $2 WHERE origin_jti IN (SELECT origin_jti FROM ended) AND revoked_at IS NULL)
         SELECT e.user_sub, u.username FROM ended e LEFT JOIN users u ON u.sub = e.user_sub`,
        [cookieHash(value), steward.clock.now()],
      ),
    (ended) =>
      (source === undefined ? [] : ended).map((row) => {
        const who = { sub: row.user_sub, name: row.username ?? row.user_sub };
        return { action: 'sign_out.hosted' as const, actor: { kind: 'user' as const, ...who }, subject: who, source };
      }),
  );
}

/** Ends this browser's hosted sessions (the /logout endpoint) and clears the cookie. */
export async function endHostedSession(steward: ServerServices, request: FastifyRequest, reply: FastifyReply): Promise<void> {
  const value = readCookie(steward.config, request, 'session');
  if (value !== undefined) await endSessionsNamed(steward, value, sourceOfHttp(request));
  clearCookie(steward.config, reply, 'session');
}

/** Deletes ended hosted sessions and abandoned sign-ins of the hosted page (the server's housekeeping). */
export async function pruneHostedLogin(steward: Pick<ServerServices, 'db' | 'clock'>): Promise<void> {
  const now = steward.clock.now();
  await steward.db.query('DELETE FROM hosted_sessions WHERE expires_at <= $1', [now]);
  await steward.db.query('DELETE FROM hosted_login_flows WHERE expires_at <= $1', [now]);
}

// Refresh with and without rotation (GetTokensFromRefreshToken, the OAuth token endpoint's
// refresh_token grant). A sign-in is a token family: its refresh_tokens row (origin_jti) holds the
// current refresh token; with the app client's RefreshTokenRotation ENABLED each refresh replaces
// it, and the replaced token keeps working only for RetryGracePeriodSeconds. Presenting a replaced
// token after that is reuse: the whole family is revoked (its access tokens with it).
//
// What to do is decided by one pure function (decideRefresh); the statements below carry it out.
// Each write is one conditional statement, so concurrent refreshes of one token, in any number of
// processes, cannot both rotate it: the loser finds its token rotated out and is decided again.
import { randomBytes } from 'node:crypto';
import type { Queryable } from '../db/database.js';
import { fail } from '../errors/catalogue.js';
import type { Clock } from '../time/clock.js';
import type { ClientRecord } from '../user-pool/pools/pool-repository.js';
import { findUserBySub, groupsOfUser, type UserRecord } from '../user-pool/users/user-repository.js';
import type { RevocationFeed } from './revocation-feed.js';
import type { AuthenticationResult } from './token-service.js';

/** The presented refresh token as stored: its family's current token, or one rotated out at `rotatedOutAt`. */
export type PresentedToken = { readonly kind: 'current' } | { readonly kind: 'rotated-out'; readonly rotatedOutAt: Date };

/** What the decision needs of the token's family (its sign-in). */
export interface FamilyState {
  readonly revoked: boolean;
  readonly expiresAt: Date;
}

/** The app client's RefreshTokenRotation setting. */
export interface RotationPolicy {
  readonly enabled: boolean;
  readonly retryGracePeriodSeconds: number;
}

/** What a refresh does. */
export type RefreshDecision =
  /** New access and id tokens, no new refresh token (rotation off). */
  | { readonly kind: 'reissue' }
  /** The family's current token with rotation on: replace it and answer with its successor. */
  | { readonly kind: 'rotate' }
  /** A rotated-out token inside its grace period (a client's retry): rotate the family's current token and answer with its successor. */
  | { readonly kind: 'retry' }
  /** A rotated-out token after its grace period: revoke the family, RefreshTokenReuseException. */
  | { readonly kind: 'reuse' }
  | { readonly kind: 'refuse'; readonly reason: 'revoked' | 'expired' };

/** True while a token rotated out at `rotatedOutAt` is inside a grace period of `graceSeconds` (0: never). */
export function withinGrace(rotatedOutAt: Date, graceSeconds: number, now: Date): boolean {
  return now.getTime() < rotatedOutAt.getTime() + graceSeconds * 1000;
}

/**
 * Decides a refresh of `presented`, a token of `family`, at `now` under the client's `policy`. A
 * token replaced longer ago than the grace period is reuse whatever became of its family since, so
 * every late copy gets the same answer (concurrent copies too, whichever revoked the family first).
 */
export function decideRefresh(presented: PresentedToken, family: FamilyState, policy: RotationPolicy, now: Date): RefreshDecision {
  if (presented.kind === 'rotated-out' && !withinGrace(presented.rotatedOutAt, policy.retryGracePeriodSeconds, now)) return { kind: 'reuse' };
  if (family.revoked) return { kind: 'refuse', reason: 'revoked' };
  if (family.expiresAt.getTime() <= now.getTime()) return { kind: 'refuse', reason: 'expired' };
  if (presented.kind === 'current') return { kind: policy.enabled ? 'rotate' : 'reissue' };
  return { kind: policy.enabled ? 'retry' : 'reissue' };
}

/** A refresh token's family as stored, and where the token stands in it. */
export interface TokenFamily {
  readonly originJti: string;
  readonly clientId: string;
  readonly userSub: string;
  readonly deviceKey: string | null;
  readonly authTime: Date;
  readonly expiresAt: Date;
  readonly revokedAt: Date | null;
  /** The sign-in's OAuth scopes (null: a sign-in through the JSON API). */
  readonly scopes: readonly string[] | null;
  readonly presented: PresentedToken;
}

/** The columns of a `refresh_tokens` row the token service reads. */
export interface RefreshTokenRow {
  origin_jti: string;
  client_id: string;
  user_sub: string;
  device_key: string | null;
  auth_time: Date;
  expires_at: Date;
  revoked_at: Date | null;
  /** OAuth scopes of the sign-in (migration 0005); null for the JSON API. */
  scopes: string[] | null;
}

interface FamilyRow extends RefreshTokenRow {
  superseded_at: Date | null;
}

const FAMILY_COLUMNS = 'r.origin_jti, r.client_id, r.user_sub, r.device_key, r.auth_time, r.expires_at, r.revoked_at, r.scopes';

/** The family of the refresh token whose hash is `tokenHash`, whether it is current or rotated out; undefined for unknown tokens. */
export async function findTokenFamily(q: Queryable, tokenHash: string): Promise<TokenFamily | undefined> {
  // One snapshot: a rotation moves a hash from the first branch to the second in one statement, so
  // the token is found exactly once (or not at all).
  const rows = await q.query<FamilyRow>(
    `SELECT ${FAMILY_COLUMNS}, NULL::timestamptz AS superseded_at FROM refresh_tokens r WHERE r.token_hash = $1
     UNION ALL
     SELECT ${FAMILY_COLUMNS}, g.superseded_at FROM rotated_refresh_tokens g JOIN refresh_tokens r ON r.origin_jti = g.origin_jti WHERE g.token_hash = $1`,
    [tokenHash],
  );
  const row = rows[0];
  if (row === undefined) return undefined;
  return {
    originJti: row.origin_jti,
    clientId: row.client_id,
    userSub: row.user_sub,
    deviceKey: row.device_key,
    authTime: new Date(row.auth_time),
    expiresAt: new Date(row.expires_at),
    revokedAt: row.revoked_at === null ? null : new Date(row.revoked_at),
    scopes: row.scopes,
    presented: row.superseded_at === null ? { kind: 'current' } : { kind: 'rotated-out', rotatedOutAt: new Date(row.superseded_at) },
  };
}

/**
 * Replaces the family's current refresh token with `$1` (a hash) and records the replaced one as
 * rotated out at `$3`, in one statement. `match` picks the row: the presented token while it is
 * still current (`token_hash = $2`: of two concurrent rotations, the second finds no row), or the
 * family whatever token is current (`origin_jti = $2`, a retry inside the grace period). SET reads
 * the row as locked, so `previous_token_hash` is the token really replaced. No row: lost the race,
 * or the family was revoked or expired meanwhile. The family's last use (its session's
 * LastActiveDate) moves with it.
 */
function rotationSql(match: 'token_hash' | 'origin_jti'): string {
  return `WITH moved AS (
      UPDATE refresh_tokens SET token_hash = $1, previous_token_hash = token_hash, last_used_at = $3
       WHERE ${match} = $2 AND revoked_at IS NULL AND expires_at > $3
       RETURNING origin_jti, previous_token_hash)
    INSERT INTO rotated_refresh_tokens (token_hash, origin_jti, superseded_at)
    SELECT previous_token_hash, origin_jti, $3 FROM moved RETURNING origin_jti`;
}
const ROTATE_PRESENTED_SQL = rotationSql('token_hash');
/** Revokes a family ($1: origin_jti) at $2, unless it was revoked already; returns the row when it did. */
export const REVOKE_FAMILY_SQL = 'UPDATE refresh_tokens SET revoked_at = $2 WHERE origin_jti = $1 AND revoked_at IS NULL RETURNING user_sub';
const ROTATE_FAMILY_SQL = rotationSql('origin_jti');
/** Records a refresh without rotation ($1: origin_jti, at $2): the session's LastActiveDate, and what MaxPerUser evicts by. */
const TOUCH_FAMILY_SQL = 'UPDATE refresh_tokens SET last_used_at = $2 WHERE origin_jti = $1';

/** What signing new access and id tokens of a family takes (TokenService's signer). */
export interface FamilySigning {
  readonly client: ClientRecord;
  readonly user: UserRecord;
  readonly groups: string[];
  readonly authTime: Date;
  readonly originJti: string;
  readonly deviceKey: string | null;
  readonly now: Date;
  /** The sign-in's OAuth scopes, kept by every refresh (null: the JSON API's). */
  readonly scopes: readonly string[] | null;
}

/** What refreshWithRotation uses of the token service. */
export interface RefreshDependencies {
  readonly db: Queryable;
  readonly clock: Clock;
  readonly revocations: RevocationFeed;
  /** The stored form of a refresh token (SHA-256 hex). */
  readonly hash: (token: string) => string;
  readonly sign: (signing: FamilySigning) => Promise<AuthenticationResult>;
  /** Revokes a family whose rotated-out token came back (default: one UPDATE on `db`); the token service records it in the audit trail. */
  readonly revokeReused?: (family: TokenFamily, now: Date) => Promise<void>;
}

/** Decisions are retaken after a lost race; each retake moves the token further (current → rotated out → refused). */
const MAX_DECISIONS = 3;

/**
 * Refreshes with `refreshToken` for `client` (already authenticated): new access and id tokens,
 * plus `RefreshToken` when the client rotates. NotAuthorizedException for unknown, foreign,
 * revoked or expired tokens, a `deviceKey` other than the sign-in's, a deleted or disabled user;
 * RefreshTokenReuseException (after revoking the family) for a rotated-out token past its grace.
 */
export async function refreshWithRotation(deps: RefreshDependencies, client: ClientRecord, refreshToken: string, options: { readonly deviceKey?: string } = {}): Promise<AuthenticationResult> {
  const presentedHash = deps.hash(refreshToken);
  for (let attempt = 0; attempt < MAX_DECISIONS; attempt++) {
    const family = await findTokenFamily(deps.db, presentedHash);
    if (family === undefined || family.clientId !== client.id) throw fail('NotAuthorizedException', 'Invalid Refresh Token');
    const given = options.deviceKey;
    if (given !== undefined && given !== '' && family.deviceKey !== null && given !== family.deviceKey) throw fail('NotAuthorizedException', 'Invalid Refresh Token');
    const now = deps.clock.now();
    const decision = decideRefresh(family.presented, { revoked: family.revokedAt !== null, expiresAt: family.expiresAt }, client.refreshTokenRotation, now);
    switch (decision.kind) {
      case 'refuse':
        throw fail('NotAuthorizedException', decision.reason === 'revoked' ? 'Refresh Token has been revoked' : 'Refresh Token has expired');
      case 'reuse':
        if (deps.revokeReused !== undefined) await deps.revokeReused(family, now);
        else await deps.db.query(REVOKE_FAMILY_SQL, [family.originJti, now]);
        deps.revocations.publish({ sub: family.userSub });
        throw fail('RefreshTokenReuseException', 'Refresh Token has already been used; the sign-in is revoked');
      case 'reissue': {
        const tokens = await deps.sign(await signingFor(deps, client, family, now));
        await deps.db.query(TOUCH_FAMILY_SQL, [family.originJti, now]);
        return tokens;
      }
      case 'rotate':
      case 'retry': {
        // The user is checked first: a disabled user's refresh must not move the family on.
        const signing = await signingFor(deps, client, family, now);
        const next = randomBytes(48).toString('base64url');
        const moved = await deps.db.query(decision.kind === 'rotate' ? ROTATE_PRESENTED_SQL : ROTATE_FAMILY_SQL, [
          deps.hash(next),
          decision.kind === 'rotate' ? presentedHash : family.originJti,
          now,
        ]);
        if (moved.length === 0) continue;
        return { ...(await deps.sign(signing)), RefreshToken: next };
      }
    }
  }
  throw fail('NotAuthorizedException', 'Invalid Refresh Token');
}

/** The user of the family (NotAuthorizedException when deleted or disabled) with their groups. */
async function signingFor(deps: RefreshDependencies, client: ClientRecord, family: TokenFamily, now: Date): Promise<FamilySigning> {
  const user = await findUserBySub(deps.db, family.userSub);
  if (user === undefined) throw fail('NotAuthorizedException', 'Invalid Refresh Token');
  if (!user.enabled) throw fail('NotAuthorizedException', 'User is disabled.');
  const groups = await groupsOfUser(deps.db, user.sub);
  return { client, user, groups, authTime: family.authTime, originJti: family.originJti, deviceKey: family.deviceKey, now, scopes: family.scopes };
}

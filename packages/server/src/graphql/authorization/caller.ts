import type { Queryable } from '../../db/database.js';

/** The claims of a verified access token that the data API uses. */
export interface AccessTokenClaims {
  readonly sub: string;
  readonly username?: string;
  readonly 'cognito:groups'?: readonly string[];
  readonly token_use?: string;
  readonly [claim: string]: unknown;
}

/** Verifies an access token (signature against the pool's keys, expiry, revocation); rejects when invalid. */
export type VerifyAccessToken = (token: string) => Promise<AccessTokenClaims>;

/** The product profile of a caller: their own UserMdl, if any. */
export interface CallerProfile {
  readonly userMdlId: string;
  readonly userType: string | null;
  readonly clientNumber: string | null;
}

/** Who is calling, as the access rules see it. */
export interface Caller {
  readonly sub: string;
  readonly username: string;
  readonly groups: readonly string[];
  /** In the `Admins` group: may do everything. */
  readonly isAdmin: boolean;
  /** userType 'staff' or in the `Staff` group: sees the whole business. */
  readonly isStaff: boolean;
  /** Set for client users only (a clientNumber on their UserMdl, not staff): the one client they may see. */
  readonly clientNumber: string | null;
  /** Id of the caller's own UserMdl, when they have one. */
  readonly userMdlId: string | null;
}

/** Group whose members may do everything, as on the hosted pool. */
export const ADMINS_GROUP = 'Admins';
/** Group whose members count as staff even without a UserMdl. */
export const STAFF_GROUP = 'Staff';

/** Derives the caller from the token claims and their profile (pure). */
export function callerFrom(claims: AccessTokenClaims, profile: CallerProfile | null): Caller {
  const groups = Array.isArray(claims['cognito:groups']) ? claims['cognito:groups'].filter((g): g is string => typeof g === 'string') : [];
  const isAdmin = groups.includes(ADMINS_GROUP);
  const isStaff = isAdmin || groups.includes(STAFF_GROUP) || profile?.userType === 'staff';
  const clientNumber = !isStaff && profile !== null && profile.clientNumber !== null && profile.clientNumber !== '' ? profile.clientNumber : null;
  return {
    sub: claims.sub,
    username: typeof claims.username === 'string' ? claims.username : claims.sub,
    groups,
    isAdmin,
    isStaff,
    clientNumber,
    userMdlId: profile?.userMdlId ?? null,
  };
}

/**
 * Caches callers' profiles for a few seconds: every request needs one, and it changes rarely.
 * Writes to UserMdl through this API clear the cache; other processes see a change after `ttlMs`.
 */
export class CallerProfiles {
  private readonly cache = new Map<string, { profile: CallerProfile | null; until: number }>();
  constructor(
    private readonly db: Queryable,
    private readonly ttlMs = 5000,
    private readonly maxEntries = 10_000,
  ) {}

  /** The profile of subject `sub` (its UserMdl with that userId), or null. */
  async get(sub: string): Promise<CallerProfile | null> {
    const now = Date.now();
    const hit = this.cache.get(sub);
    if (hit !== undefined && hit.until > now) return hit.profile;
    const rows = await this.db.query<{ id: string; userType: string | null; clientNumber: string | null }>(
      'SELECT "id", "userType", "clientNumber" FROM "UserMdl" WHERE "userId" = $1 LIMIT 1',
      [sub],
    );
    const row = rows[0];
    const profile = row === undefined ? null : { userMdlId: row.id, userType: row.userType, clientNumber: row.clientNumber };
    if (this.cache.size >= this.maxEntries) this.cache.clear();
    if (this.ttlMs > 0) this.cache.set(sub, { profile, until: now + this.ttlMs });
    return profile;
  }

  /** Forgets every cached profile (after a write to UserMdl). */
  invalidate(): void {
    this.cache.clear();
  }
}

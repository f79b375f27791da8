import type { AuditSource } from '../../audit/audit-event.js';
import type { Queryable } from '../../db/database.js';
import type { RevocationFeed } from '../../tokens/revocation-feed.js';
import { groupsOfUserSql } from '../../user-pool/users/user-repository.js';

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
  /** Groups of the user pool (see GroupSource for where they come from). */
  readonly groups: readonly string[];
  /** In the `Admins` group: may do everything. */
  readonly isAdmin: boolean;
  /** userType 'staff' or in the `Staff` group: sees the whole business. */
  readonly isStaff: boolean;
  /** Set for client users only (a clientNumber on their UserMdl, not staff): the one client they may see. */
  readonly clientNumber: string | null;
  /** Id of the caller's own UserMdl, when they have one. */
  readonly userMdlId: string | null;
  /** Where the request came from (address, user agent, request id), for the audit trail. */
  readonly source?: AuditSource;
}

/** Group whose members may do everything, as on the hosted pool. */
export const ADMINS_GROUP = 'Admins';
/** Group whose members count as staff even without a UserMdl. */
export const STAFF_GROUP = 'Staff';
/** Group whose members (with Admins) supervise collectors: see any collector's queue, assign accounts, override a blocked call. */
export const SUPERVISORS_GROUP = 'Supervisors';

/** True for Admins and members of the Supervisors group. */
export function isSupervisor(caller: Pick<Caller, 'isAdmin' | 'groups'>): boolean {
  return caller.isAdmin || caller.groups.includes(SUPERVISORS_GROUP);
}

/**
 * Where the data API learns a caller's groups: `user-pool` reads the pool's `group_members` at
 * request time (a removal takes effect within the profile cache's TTL); `token` trusts the
 * access token's `cognito:groups`, which lasts as long as the token (only for an API without the
 * user pool's tables, e.g. tests issuing their own tokens).
 */
export type GroupSource = 'user-pool' | 'token';

/** The `cognito:groups` claim of a token (strings only). */
export function tokenGroups(claims: AccessTokenClaims): string[] {
  return Array.isArray(claims['cognito:groups']) ? claims['cognito:groups'].filter((g): g is string => typeof g === 'string') : [];
}

/** Derives the caller from the token claims, their profile and their groups (pure). */
export function callerFrom(claims: AccessTokenClaims, profile: CallerProfile | null, groups: readonly string[]): Caller {
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

/** What the database says about a caller. */
export interface CallerRecord {
  readonly profile: CallerProfile | null;
  /** The caller's groups in the user pool, by precedence; null when groups come from the token. */
  readonly groups: readonly string[] | null;
}

/** Options of CallerProfiles. */
export interface CallerProfilesOptions {
  /** How long a record is reused, ms; 0 disables the cache. */
  readonly ttlMs: number;
  readonly groups: GroupSource;
  /** Announcements (revocations, group changes) that drop a user's cached record at once. */
  readonly revocations: RevocationFeed | null;
  readonly maxEntries?: number;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Caches callers' profiles and groups for a few seconds: every request needs them, and they change
 * rarely. Both come from one statement, so reading the groups costs no extra round trip. Writes to
 * UserMdl through this API clear the cache; an announcement on `revocations` (a group change or
 * revocation in this process) drops that user's record at once; other processes' changes are seen
 * within `ttlMs`.
 */
export class CallerProfiles {
  private readonly cache = new Map<string, { record: CallerRecord; until: number }>();
  /** Bumped on every invalidation: a lookup that was running meanwhile is not cached. */
  private generation = 0;
  private readonly unsubscribe: () => void;
  private readonly sql: string;

  constructor(
    private readonly db: Queryable,
    private readonly options: CallerProfilesOptions,
  ) {
    const profile = 'SELECT "id", "userType", "clientNumber" FROM "UserMdl" WHERE "userId" = $1 LIMIT 1';
    this.sql =
      options.groups === 'user-pool'
        ? `SELECT p."id", p."userType", p."clientNumber", ARRAY(${groupsOfUserSql('$2')}) AS "groups" FROM (SELECT 1) AS "caller" LEFT JOIN LATERAL (${profile}) AS p ON TRUE`
        : profile;
    this.unsubscribe = options.revocations === null ? () => undefined : options.revocations.subscribe(({ sub }) => this.forget(sub));
  }

  /** The profile of subject `sub` (its UserMdl with that userId, or null) and, from the user pool, their groups. */
  async get(sub: string): Promise<CallerRecord> {
    const now = Date.now();
    const hit = this.cache.get(sub);
    if (hit !== undefined && hit.until > now) return hit.record;
    const generation = this.generation;
    const fromPool = this.options.groups === 'user-pool';
    // group_members.user_sub is a uuid: another subject has no groups (and must not fail the cast).
    const params = fromPool ? [sub, UUID.test(sub) ? sub : null] : [sub];
    const rows = await this.db.query<{ id: string | null; userType: string | null; clientNumber: string | null; groups?: string[] }>(this.sql, params);
    const row = rows[0];
    const record: CallerRecord = {
      profile: row === undefined || row.id === null ? null : { userMdlId: row.id, userType: row.userType, clientNumber: row.clientNumber },
      groups: fromPool ? (row?.groups ?? []) : null,
    };
    if (this.options.ttlMs > 0 && generation === this.generation) {
      if (this.cache.size >= (this.options.maxEntries ?? 10_000)) this.cache.clear();
      this.cache.set(sub, { record, until: now + this.options.ttlMs });
    }
    return record;
  }

  /** Forgets every cached record (after a write to UserMdl). */
  invalidate(): void {
    this.generation += 1;
    this.cache.clear();
  }

  private forget(sub: string): void {
    this.generation += 1;
    this.cache.delete(sub);
  }

  /** Stops listening to announcements (the API is closing). */
  close(): void {
    this.unsubscribe();
    this.cache.clear();
  }
}

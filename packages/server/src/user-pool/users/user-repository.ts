import type { Queryable } from '../../db/database.js';
import { SqlParams } from '../../db/sql-params.js';
import { fail } from '../../errors/catalogue.js';
import type { PoolRecord } from '../pools/pool-repository.js';
import { caseSensitiveSql, usernameKey, usernameKeySql, usernamesCaseSensitive } from './username-case.js';

/** Cognito's user statuses. */
export type UserStatus = 'UNCONFIRMED' | 'CONFIRMED' | 'FORCE_CHANGE_PASSWORD' | 'RESET_REQUIRED' | 'ARCHIVED' | 'EXTERNAL_PROVIDER';

/** MFA kinds a user may prefer. */
export type MfaKind = 'SMS_MFA' | 'SOFTWARE_TOKEN_MFA' | 'EMAIL_OTP';

/** A user as stored. `attributes` never contains `sub` (it is `sub`). */
export interface UserRecord {
  readonly sub: string;
  readonly poolId: string;
  readonly username: string;
  readonly status: UserStatus;
  readonly enabled: boolean;
  readonly attributes: Readonly<Record<string, string>>;
  readonly srpSalt: string | null;
  readonly srpVerifier: string | null;
  /** USER_ID_FOR_SRP the verifier was derived for (the sub); null for verifiers derived for the username before. */
  readonly srpIdentity: string | null;
  readonly passwordHash: string | null;
  readonly passwordChangedAt: Date | null;
  readonly temporaryPasswordExpiresAt: Date | null;
  readonly preferredMfa: MfaKind | null;
  readonly smsMfaEnabled: boolean;
  readonly softwareTokenMfaEnabled: boolean;
  readonly emailMfaEnabled: boolean;
  /** Sealed (sealing/secret-box.ts, bound to "totp:<sub>"); open with openTotpSecret. */
  readonly totpSecret: string | null;
  /** Sealed like totpSecret (the same binding: verifying moves it to totpSecret as it is). */
  readonly totpPendingSecret: string | null;
  readonly createdAt: Date;
  readonly updatedAt: Date;
}

/** A users row as the database returns it (also as row_to_json, whose timestamps are strings). */
export interface UserRow {
  sub: string;
  pool_id: string;
  username: string;
  status: UserStatus;
  enabled: boolean;
  attributes: Record<string, string>;
  srp_salt: string | null;
  srp_verifier: string | null;
  srp_identity: string | null;
  password_hash: string | null;
  password_changed_at: Date | null;
  temporary_password_expires_at: Date | null;
  preferred_mfa: MfaKind | null;
  sms_mfa_enabled: boolean;
  software_token_mfa_enabled: boolean;
  email_mfa_enabled: boolean;
  totp_secret: string | null;
  totp_pending_secret: string | null;
  created_at: Date;
  updated_at: Date;
}

const date = (d: Date | null): Date | null => (d === null ? null : new Date(d));

/** A user record from a users row. */
export function toUser(r: UserRow): UserRecord {
  return {
    sub: r.sub,
    poolId: r.pool_id,
    username: r.username,
    status: r.status,
    enabled: r.enabled,
    attributes: r.attributes,
    srpSalt: r.srp_salt,
    srpVerifier: r.srp_verifier,
    srpIdentity: r.srp_identity ?? null,
    passwordHash: r.password_hash,
    passwordChangedAt: date(r.password_changed_at),
    temporaryPasswordExpiresAt: date(r.temporary_password_expires_at),
    preferredMfa: r.preferred_mfa,
    smsMfaEnabled: r.sms_mfa_enabled,
    softwareTokenMfaEnabled: r.software_token_mfa_enabled,
    emailMfaEnabled: r.email_mfa_enabled,
    totpSecret: r.totp_secret,
    totpPendingSecret: r.totp_pending_secret,
    createdAt: new Date(r.created_at),
    updatedAt: new Date(r.updated_at),
  };
}

/** The user with this username (in any case unless the pool is case-sensitive, see username-case.ts), or undefined. */
export async function findUserByUsername(q: Queryable, poolId: string, username: string): Promise<UserRecord | undefined> {
  const params = new SqlParams([poolId]);
  const rows = await q.query<UserRow>(`SELECT * FROM users WHERE pool_id = $1 AND username_key = ${usernameKeySql(params, '$1', username)}`, params.values);
  return rows[0] === undefined ? undefined : toUser(rows[0]);
}

const SUB_SHAPE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The sub a sign-in name may be (lower case), or null when it is not shaped like one. */
export function subShaped(login: string): string | null {
  return SUB_SHAPE.test(login) ? login.toLowerCase() : null;
}

/** The user with this sub, or undefined. */
export async function findUserBySub(q: Queryable, sub: string): Promise<UserRecord | undefined> {
  if (!/^[0-9a-f-]{36}$/i.test(sub)) return undefined;
  const rows = await q.query<UserRow>('SELECT * FROM users WHERE sub = $1', [sub]);
  return rows[0] === undefined ? undefined : toUser(rows[0]);
}

// A username first, else the sub: Cognito hands out the sub as USER_ID_FOR_SRP and clients send it
// back as USERNAME. One statement either way, so a sub-shaped name costs what any name costs.
const BY_NAME_OR_SUB = `(u.username_key = $2 OR u.sub = $3::uuid) ORDER BY (u.username_key = $2) DESC LIMIT 1`;

/**
 * The user a sign-in name refers to: the username, else the user whose sub it is, else (when the
 * pool allows email or phone as an alias) the one user whose verified email or phone it is.
 * `byName`: the username-or-sub lookup already done in another statement (userByNameSql; null when
 * no user has that name or sub).
 */
export async function findUserByLogin(q: Queryable, pool: PoolRecord, login: string, byName?: UserRecord | null): Promise<UserRecord | undefined> {
  const one = (rows: readonly UserRow[]): UserRecord | undefined => (rows.length === 1 && rows[0] !== undefined ? toUser(rows[0]) : undefined);
  const caseSensitive = usernamesCaseSensitive(pool);
  const named =
    byName !== undefined
      ? (byName ?? undefined)
      : one(await q.query<UserRow>(`SELECT u.* FROM users u WHERE u.pool_id = $1 AND ${BY_NAME_OR_SUB}`, [pool.id, usernameKey(login, caseSensitive), subShaped(login)]));
  if (named !== undefined) return named;
  // UsernameAttributes (pool.settings): the email or phone is the sign-in name itself, verified or not.
  const asUsername = Array.isArray(pool.settings.usernameAttributes) ? (pool.settings.usernameAttributes as string[]) : [];
  if ((pool.aliasAttributes.includes('email') || asUsername.includes('email')) && login.includes('@')) {
    const byEmail = one(
      await q.query<UserRow>(`SELECT * FROM users WHERE pool_id = $1 AND ${emailMatchSql(caseSensitive, '$2')} AND ($3::boolean OR attributes ->> 'email_verified' = 'true') LIMIT 2`, [
        pool.id,
        login,
        asUsername.includes('email'),
      ]),
    );
    if (byEmail !== undefined) return byEmail;
  }
  if ((pool.aliasAttributes.includes('phone_number') || asUsername.includes('phone_number')) && login.startsWith('+')) {
    return one(
      await q.query<UserRow>(`SELECT * FROM users WHERE pool_id = $1 AND attributes ->> 'phone_number' = $2 AND ($3::boolean OR attributes ->> 'phone_number_verified' = 'true') LIMIT 2`, [
        pool.id,
        login,
        asUsername.includes('phone_number'),
      ]),
    );
  }
  return undefined;
}

/**
 * A scalar subquery (JSON or NULL) of the user whose username (else sub) is `login` in the pool
 * `poolIdSql` (an SQL expression, e.g. a column of an outer query), for another statement to carry
 * (see findUserByLogin's `byName`). Adds its parameters to `params`.
 */
export function userByNameSql(params: SqlParams, poolIdSql: string, login: string): string {
  const key = usernameKeySql(params, poolIdSql, login);
  const sub = params.add(subShaped(login));
  return `SELECT row_to_json(u) FROM users u WHERE u.pool_id = ${poolIdSql} AND (u.username_key = ${key} OR u.sub = ${sub}::uuid)
    ORDER BY (u.username_key = ${key}) DESC LIMIT 1`;
}

/**
 * SQL (boolean) of whether a user's email is the one in parameter `valueSql`: exactly in a
 * case-sensitive pool, in any case otherwise (UsernameConfiguration covers the email alias too).
 */
export function emailMatchSql(caseSensitive: boolean, valueSql: string): string {
  return caseSensitive ? `attributes ->> 'email' = ${valueSql}::text` : `lower(attributes ->> 'email') = lower(${valueSql}::text)`;
}

/** Reads the value of userByNameSql (JSON with string timestamps, or null). */
export function userFromJson(value: unknown): UserRecord | null {
  return value === null || value === undefined ? null : toUser(value as UserRow);
}

/** The user a login names; UserNotFoundException 'User does not exist.' otherwise. */
export async function requireUserByLogin(q: Queryable, pool: PoolRecord, login: string): Promise<UserRecord> {
  const user = await findUserByLogin(q, pool, login);
  if (user === undefined) throw fail('UserNotFoundException', 'User does not exist.');
  return user;
}

/** Whether another user of the pool already has this verified email / phone (alias uniqueness; emails in any case unless the pool is case-sensitive). */
export async function aliasTakenBy(
  q: Queryable,
  pool: Pick<PoolRecord, 'id' | 'settings'>,
  attribute: 'email' | 'phone_number',
  value: string,
  exceptSub?: string,
): Promise<string | undefined> {
  const matches = attribute === 'email' ? emailMatchSql(usernamesCaseSensitive(pool), '$2') : `attributes ->> 'phone_number' = $2::text`;
  const rows = await q.query<{ sub: string }>(
    `SELECT sub FROM users WHERE pool_id = $1 AND ${matches}
        AND attributes ->> '${attribute}_verified' = 'true' AND ($3::uuid IS NULL OR sub <> $3::uuid) LIMIT 1`,
    [pool.id, value, exceptSub ?? null],
  );
  return rows[0]?.sub;
}

/** The fields of a new user. */
export interface NewUser {
  readonly sub: string;
  readonly poolId: string;
  readonly username: string;
  readonly status: UserStatus;
  readonly attributes: Readonly<Record<string, string>>;
  readonly srpSalt: string | null;
  readonly srpVerifier: string | null;
  /** Absent: a verifier derived for the username. */
  readonly srpIdentity?: string | null;
  readonly passwordHash: string | null;
  readonly temporaryPasswordExpiresAt?: Date | null;
}

/** Inserts a user (its username_key by the pool's UsernameConfiguration); a unique violation on users_pool_username means the username is taken. */
export async function insertUser(q: Queryable, user: NewUser, now: Date): Promise<UserRecord> {
  const rows = await q.query<UserRow>(
    `INSERT INTO users (sub, pool_id, username, username_key, status, attributes, srp_salt, srp_verifier, password_hash,
                        password_changed_at, temporary_password_expires_at, created_at, updated_at, srp_identity)
     VALUES ($1, $2, $3, CASE WHEN ${caseSensitiveSql('$2')} THEN $4 ELSE $14 END, $5, $6, $7, $8, $9, $10, $11, $12, $12, $13) RETURNING *`,
    [
      user.sub,
      user.poolId,
      user.username,
      usernameKey(user.username, true),
      user.status,
      JSON.stringify(user.attributes),
      user.srpSalt,
      user.srpVerifier,
      user.passwordHash,
      user.passwordHash === null ? null : now,
      user.temporaryPasswordExpiresAt ?? null,
      now,
      user.srpIdentity ?? null,
      usernameKey(user.username, false),
    ],
  );
  const row = rows[0];
  if (row === undefined) throw new Error('insert returned no row');
  return toUser(row);
}

/** Columns a user update may change. */
export interface UserPatch {
  status?: UserStatus;
  enabled?: boolean;
  attributes?: Readonly<Record<string, string>>;
  srpSalt?: string | null;
  srpVerifier?: string | null;
  srpIdentity?: string | null;
  passwordHash?: string | null;
  passwordChangedAt?: Date | null;
  temporaryPasswordExpiresAt?: Date | null;
  preferredMfa?: MfaKind | null;
  smsMfaEnabled?: boolean;
  softwareTokenMfaEnabled?: boolean;
  emailMfaEnabled?: boolean;
  totpSecret?: string | null;
  totpPendingSecret?: string | null;
}

const COLUMNS: Record<keyof UserPatch, string> = {
  status: 'status',
  enabled: 'enabled',
  attributes: 'attributes',
  srpSalt: 'srp_salt',
  srpVerifier: 'srp_verifier',
  srpIdentity: 'srp_identity',
  passwordHash: 'password_hash',
  passwordChangedAt: 'password_changed_at',
  temporaryPasswordExpiresAt: 'temporary_password_expires_at',
  preferredMfa: 'preferred_mfa',
  smsMfaEnabled: 'sms_mfa_enabled',
  softwareTokenMfaEnabled: 'software_token_mfa_enabled',
  emailMfaEnabled: 'email_mfa_enabled',
  totpSecret: 'totp_secret',
  totpPendingSecret: 'totp_pending_secret',
};

/** Updates the given columns of a user (and updated_at); returns the new record. */
export async function updateUser(q: Queryable, sub: string, patch: UserPatch, now: Date): Promise<UserRecord> {
  const sets: string[] = [];
  const params: unknown[] = [sub, now];
  for (const [key, column] of Object.entries(COLUMNS) as [keyof UserPatch, string][]) {
    if (!(key in patch) || patch[key] === undefined) continue;
    const value = patch[key];
    params.push(key === 'attributes' ? JSON.stringify(value) : value);
    sets.push(`${column} = $${params.length}`);
  }
  const rows = await q.query<UserRow>(`UPDATE users SET ${[...sets, 'updated_at = $2'].join(', ')} WHERE sub = $1 RETURNING *`, params);
  const row = rows[0];
  if (row === undefined) throw fail('UserNotFoundException', 'User does not exist.');
  return toUser(row);
}

/** Deletes a user and (by cascade) their codes, tokens, devices, credentials and memberships. */
export async function deleteUser(q: Queryable, sub: string): Promise<void> {
  await q.query('DELETE FROM users WHERE sub = $1', [sub]);
}

/** Names of the user's groups, by precedence then name (the order of `cognito:groups`). */
export async function groupsOfUser(q: Queryable, sub: string): Promise<string[]> {
  const rows = await q.query<{ name: string }>(groupsOfUserSql('$1'), [sub]);
  return rows.map((r) => r.name);
}

/** The query of groupsOfUser (rows with `name`, precedence order) with the user's sub in parameter `subParameter`, to join other statements. */
export function groupsOfUserSql(subParameter: string): string {
  return `SELECT g.name FROM group_members m JOIN groups g ON g.pool_id = m.pool_id AND g.name = m.group_name
      WHERE m.user_sub = ${subParameter} ORDER BY g.precedence NULLS LAST, g.name`;
}

/** Maps a `users` row (for modules that select users themselves, e.g. ListUsers). */
export function userFromRow(row: unknown): UserRecord {
  return toUser(row as UserRow);
}

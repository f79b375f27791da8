// Issuing, verifying and revoking the user pool's tokens. Access and id tokens are RS256 JWTs with
// Cognito's claim sets; refresh tokens are opaque random strings stored as a SHA-256 hash. Each
// sign-in is one row of refresh_tokens keyed by origin_jti: revoking the row revokes the refresh
// token and every access token of that sign-in.
import type { AuditTrail } from '../audit/audit-trail.js';
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { decodeJwt, decodeProtectedHeader, errors as joseErrors, jwtVerify, type JWTPayload } from 'jose';
import type { Config } from '../config/config.js';
import type { Database, Queryable } from '../db/database.js';
import { SqlParams } from '../db/sql-params.js';
import { fail, isServiceError } from '../errors/catalogue.js';
import { noMetrics, type Metrics } from '../metrics/metrics.js';
import { addSeconds, epochSeconds, type Clock } from '../time/clock.js';
import type { ClientRecord, PoolRecord } from '../user-pool/pools/pool-repository.js';
import { findUserBySub, groupsOfUser, groupsOfUserSql, type UserRecord } from '../user-pool/users/user-repository.js';
import { signRs256Jwt } from './jwt-sign.js';
import { processRevocations, type RevocationFeed } from './revocation-feed.js';
import { findTokenFamily, refreshWithRotation, REVOKE_FAMILY_SQL, type RefreshDependencies, type RefreshTokenRow, type TokenFamily } from './refresh-rotation.js';
import type { SigningKeys } from './signing-keys.js';
import { applyClaimChanges, customizedScopes, type ClientTokenCustomizer, type TokenCustomization, type TokenCustomizer, type TokenGenerationSource } from './token-customization.js';

/** The tokens of a successful authentication, as Cognito's AuthenticationResult. */
export interface AuthenticationResult {
  AccessToken: string;
  IdToken: string;
  RefreshToken?: string;
  ExpiresIn: number;
  TokenType: 'Bearer';
  NewDeviceMetadata?: { DeviceKey: string; DeviceGroupKey: string };
}

/** Claims of a verified access token. */
export interface AccessTokenClaims extends JWTPayload {
  sub: string;
  client_id: string;
  token_use: 'access';
  scope: string;
  username: string;
  origin_jti: string;
  jti: string;
  event_id: string;
  auth_time: number;
  device_key?: string;
  'cognito:groups'?: string[];
}

/** Claims of a verified id token. */
export interface IdTokenClaims extends JWTPayload {
  sub: string;
  aud: string;
  token_use: 'id';
  'cognito:username': string;
  origin_jti: string;
  auth_time: number;
  [attribute: string]: unknown;
}

/** What a sign-in hands to issueForSignIn. */
export interface SignInGrant {
  readonly client: ClientRecord;
  readonly user: UserRecord;
  readonly authTime: Date;
  readonly deviceKey?: string | null;
  /**
   * Managed login (OAuth): the granted scopes, stored with the sign-in so refreshes keep them; the
   * access token's `scope` lists them. Undefined for the JSON API (`aws.cognito.signin.user.admin`).
   */
  readonly scopes?: readonly string[];
  /** Managed login: the authorization request's nonce, for the id token (not kept for refreshes). */
  readonly nonce?: string;
  /** Where the sign-in came from (its session's LastIPAddress and DeviceType), when known. */
  readonly from?: { readonly ip?: string; readonly deviceType?: string };
  /** The user's pool, when the caller has it (saves the customizer reading it). */
  readonly pool?: PoolRecord;
  /** The customization already asked for (customize()), so a refusal came before the sign-in was stored; null: nothing to change. */
  readonly customization?: TokenCustomization | null;
  /** Managed login: the hosted (SSO) session the sign-in came through (its OriginSessionId). */
  readonly hostedSessionId?: string;
}

/** A sign-in's origin before it is stored: its grant, origin_jti and refresh token. */
export interface SignInOrigin {
  readonly grant: SignInGrant;
  readonly originJti: string;
  readonly refreshToken: string;
  readonly expiresAt: Date;
  readonly createdAt: Date;
}

/** A sign-in RevokeToken ended. */
export interface RevokedSignIn {
  readonly userSub: string;
  readonly username: string;
  readonly originJti: string;
}

/** A verified access token together with the current user record. */
export interface VerifiedAccess {
  readonly claims: AccessTokenClaims;
  readonly user: UserRecord;
  readonly poolId: string;
}

/** SHA-256 (hex) of an opaque token, the form it is stored in. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

const BOOLEAN_ATTRIBUTES = new Set(['email_verified', 'phone_number_verified']);

/** The id-token claims of a user's attributes the client may read (verified flags as booleans). */
export function attributeClaims(user: UserRecord, client: ClientRecord): Record<string, string | boolean | number> {
  const claims: Record<string, string | boolean | number> = {};
  for (const [name, value] of Object.entries(user.attributes)) {
    if (client.readAttributes !== null && !client.readAttributes.includes(name)) continue;
    if (BOOLEAN_ATTRIBUTES.has(name)) claims[name] = value === 'true';
    else if (name === 'updated_at' && /^\d+$/.test(value)) claims[name] = Number(value);
    else claims[name] = value;
  }
  return claims;
}

/** The access token `scope` of a sign-in through the JSON API. */
export const USER_POOL_API_SCOPE = 'aws.cognito.signin.user.admin';

/** Issues, verifies and revokes tokens. One instance per process; all state is in the database. */
export class TokenService {
  constructor(
    private readonly db: Database,
    private readonly config: Pick<Config, 'issuerBaseUrl' | 'accessTokenTtlSeconds' | 'idTokenTtlSeconds' | 'refreshTokenTtlSeconds'>,
    private readonly clock: Clock,
    readonly keys: SigningKeys,
    /** Where revocations are announced, for in-process caches of verified access tokens. */
    private readonly revocations: RevocationFeed = processRevocations,
    /** Where refresh outcomes are counted. */
    private readonly metrics: Pick<Metrics, 'tokenRefresh'> = noMetrics,
    /** Where a refresh token's reuse (a stolen token, likely) is recorded with the revocation it causes. */
    private readonly audit?: AuditTrail,
  ) {}

  private customizer: TokenCustomizer | undefined;
  private clientCustomizer: ClientTokenCustomizer | undefined;

  /** Installs what is asked before each pair of tokens is signed (the PreTokenGeneration trigger). */
  useCustomizer(customizer: TokenCustomizer | undefined): void {
    this.customizer = customizer;
  }

  /** Installs what is asked before each client_credentials access token is signed (PreTokenGeneration V3_0). */
  useClientCustomizer(customizer: ClientTokenCustomizer | undefined): void {
    this.clientCustomizer = customizer;
  }

  /** Asks the customizer now, for a sign-in that wants its refusal before anything is stored (pass the result as SignInGrant.customization). */
  async customize(request: Parameters<TokenCustomizer>[0]): Promise<TokenCustomization | null> {
    return (await this.customizer?.(request)) ?? null;
  }

  /** The `iss` of a pool's tokens. */
  issuer(poolId: string): string {
    return `${this.config.issuerBaseUrl}/${poolId}`;
  }

  /** Issues access, id and refresh tokens for a completed sign-in (records the origin). */
  async issueForSignIn(grant: SignInGrant, q: Queryable = this.db): Promise<AuthenticationResult> {
    const origin = this.newOrigin(grant);
    const params = new SqlParams();
    // One round trip: record the origin and read the groups for cognito:groups.
    const groupRows = await q.query<{ name: string }>(`WITH ${this.originInsertCte(origin, params, 'origin')} ${groupsOfUserSql(params.add(grant.user.sub))}`, params.values);
    return this.tokensForOrigin(origin, groupRows.map((r) => r.name));
  }

  /** A new sign-in record (origin_jti and refresh token), not stored yet: see originInsertCte. */
  newOrigin(grant: SignInGrant): SignInOrigin {
    const now = this.clock.now();
    const refreshTtl = grant.client.refreshTokenTtlSeconds ?? this.config.refreshTokenTtlSeconds;
    return { grant, originJti: randomUUID(), refreshToken: randomBytes(48).toString('base64url'), expiresAt: addSeconds(now, refreshTtl), createdAt: now };
  }

  /**
   * The CTE `name AS (INSERT INTO refresh_tokens …)` storing `origin`, inserted only when `condition`
   * (an SQL boolean) holds, so a sign-in can record its origin in the statement that ends it.
   */
  originInsertCte(origin: SignInOrigin, params: SqlParams, name: string, condition = 'true'): string {
    const { grant } = origin;
    // Casts: the values go through SELECT, which would otherwise leave them untyped.
    return `${name} AS (INSERT INTO refresh_tokens (origin_jti, token_hash, pool_id, client_id, user_sub, device_key, auth_time, expires_at, created_at, scopes, ip, device_type, hosted_session_id)
      SELECT ${params.add(origin.originJti)}::uuid, ${params.add(hashToken(origin.refreshToken))}::text, ${params.add(grant.user.poolId)}::text, ${params.add(grant.client.id)}::text,
             ${params.add(grant.user.sub)}::uuid, ${params.add(grant.deviceKey ?? null)}::text, ${params.add(grant.authTime)}::timestamptz, ${params.add(origin.expiresAt)}::timestamptz,
             ${params.add(origin.createdAt)}::timestamptz, ${params.add(grant.scopes === undefined ? null : JSON.stringify(grant.scopes))}::jsonb,
             ${params.add(grant.from?.ip ?? null)}::text, ${params.add(grant.from?.deviceType ?? null)}::text, ${params.add(grant.hostedSessionId ?? null)}::uuid WHERE ${condition})`;
  }

  /** Signs the access and id tokens of a stored origin (`groups`: the user's group names for cognito:groups). */
  async tokensForOrigin(origin: SignInOrigin, groups: string[]): Promise<AuthenticationResult> {
    const { grant } = origin;
    const tokens = await this.sign({
      client: grant.client,
      user: grant.user,
      groups,
      authTime: grant.authTime,
      originJti: origin.originJti,
      deviceKey: grant.deviceKey ?? null,
      now: origin.createdAt,
      scopes: grant.scopes ?? null,
      ...(grant.nonce !== undefined ? { nonce: grant.nonce } : {}),
      source: grant.scopes !== undefined ? 'HostedAuth' : 'Authentication',
      ...(grant.pool !== undefined ? { pool: grant.pool } : {}),
      ...(grant.customization !== undefined ? { customization: grant.customization } : {}),
    });
    return { ...tokens, RefreshToken: origin.refreshToken };
  }

  /**
   * REFRESH_TOKEN_AUTH: new access and id tokens for a valid refresh token of this client (same
   * origin_jti, no new refresh token). NotAuthorizedException when it is unknown, revoked, expired,
   * of another client, or its user is gone or disabled.
   */
  refresh(client: ClientRecord, refreshToken: string): Promise<AuthenticationResult> {
    return this.counted(this.reissue(client, refreshToken));
  }

  private async reissue(client: ClientRecord, refreshToken: string): Promise<AuthenticationResult> {
    const rows = await this.db.query<RefreshTokenRow>('SELECT * FROM refresh_tokens WHERE token_hash = $1', [hashToken(refreshToken)]);
    const origin = rows[0];
    if (origin === undefined || origin.client_id !== client.id) throw fail('NotAuthorizedException', 'Invalid Refresh Token');
    if (origin.revoked_at !== null) throw fail('NotAuthorizedException', 'Refresh Token has been revoked');
    const now = this.clock.now();
    if (new Date(origin.expires_at) <= now) throw fail('NotAuthorizedException', 'Refresh Token has expired');
    const user = await findUserBySub(this.db, origin.user_sub);
    if (user === undefined) throw fail('NotAuthorizedException', 'Invalid Refresh Token');
    if (!user.enabled) throw fail('NotAuthorizedException', 'User is disabled.');
    const groups = await groupsOfUser(this.db, user.sub);
    const tokens = await this.sign({ client, user, groups, authTime: new Date(origin.auth_time), originJti: origin.origin_jti, deviceKey: origin.device_key, now, scopes: origin.scopes });
    await this.touch(origin.origin_jti, now);
    return tokens;
  }

  /** Records a refresh of sign-in `originJti` (LastActiveDate of its session; MaxPerUser evicts the least recently used). */
  private async touch(originJti: string, now: Date): Promise<void> {
    await this.db.query('UPDATE refresh_tokens SET last_used_at = $2 WHERE origin_jti = $1', [originJti, now]);
  }

  /**
   * GetTokensFromRefreshToken, and the OAuth token endpoint's grant_type=refresh_token:
   * `refreshGrant(client, refreshToken, { deviceKey? }): Promise<AuthenticationResult>` — new access
   * and id tokens of the same sign-in, plus `RefreshToken` only when the client rotates refresh
   * tokens (refresh-rotation.ts: grace period, reuse revokes the sign-in). Authenticate the client
   * (its secret) before calling. Throws NotAuthorizedException (unknown, foreign, revoked or expired
   * token, another device key, user gone or disabled) or RefreshTokenReuseException.
   */
  refreshGrant(client: ClientRecord, refreshToken: string, options: { deviceKey?: string } = {}): Promise<AuthenticationResult> {
    return this.counted(refreshWithRotation(this.refreshDependencies(), client, refreshToken, options));
  }

  /**
   * The OAuth token endpoint's refresh_token grant: refreshGrant, plus the sign-in's OAuth scopes
   * (null for a sign-in through the JSON API), which decide whether an id token goes back.
   */
  async refreshGrantWithScopes(client: ClientRecord, refreshToken: string): Promise<{ tokens: AuthenticationResult; scopes: readonly string[] | null }> {
    let scopes: readonly string[] | null = null;
    const deps = this.refreshDependencies();
    const refreshed = refreshWithRotation(
      {
        ...deps,
        sign: (signing) => {
          scopes = signing.scopes;
          return deps.sign(signing);
        },
      },
      client,
      refreshToken,
    );
    const tokens = await this.counted(refreshed);
    return { tokens, scopes };
  }

  /** Counts a refresh by how it ended: a new refresh token is a rotation; a refusal after reuse revoked the sign-in. */
  private async counted(refresh: Promise<AuthenticationResult>): Promise<AuthenticationResult> {
    try {
      const result = await refresh;
      this.metrics.tokenRefresh(result.RefreshToken !== undefined ? 'rotated' : 'reissued');
      return result;
    } catch (error) {
      this.metrics.tokenRefresh(isServiceError(error, 'RefreshTokenReuseException') ? 'reuse_detected' : 'refused');
      throw error;
    }
  }

  private refreshDependencies(): RefreshDependencies {
    // Refreshes keep the sign-in's OAuth scopes (FamilySigning carries them).
    const audit = this.audit;
    return {
      db: this.db,
      clock: this.clock,
      revocations: this.revocations,
      hash: hashToken,
      // refreshWithRotation records the family's last use itself (in the rotation's statement when it rotates).
      sign: (signing) => this.sign(signing),
      ...(audit !== undefined
        ? {
            revokeReused: async (family: TokenFamily, now: Date) => {
              await audit.change(
                (tx) => tx.query(REVOKE_FAMILY_SQL, [family.originJti, now]),
                (revoked) =>
                  revoked.length > 0
                    ? { action: 'token.reuse_detected', actor: { kind: 'system', name: 'system' }, subject: { sub: family.userSub }, details: { clientId: family.clientId } }
                    : undefined,
              );
            },
          }
        : {}),
    };
  }

  /**
   * The client_credentials grant: an access token for the app client itself (`sub` = client id,
   * the granted resource-server scopes), no id or refresh token, no sign-in record: it cannot be
   * revoked and is refused wherever a user is needed. The client customizer (PreTokenGeneration
   * V3_0), when installed, is asked first with `clientMetadata`; its error refuses the token.
   */
  async issueForClient(client: ClientRecord, scopes: readonly string[], clientMetadata?: Readonly<Record<string, string>>): Promise<{ AccessToken: string; ExpiresIn: number; TokenType: 'Bearer' }> {
    const custom = await this.clientCustomizer?.({ client, scopes, ...(clientMetadata !== undefined ? { clientMetadata } : {}) });
    const granted = custom?.accessToken?.scopesToAdd === undefined && custom?.accessToken?.scopesToSuppress === undefined ? scopes : customizedScopes(scopes, custom, USER_POOL_API_SCOPE);
    const key = await this.keys.activeKey();
    const iat = epochSeconds(this.clock.now());
    const ttl = client.accessTokenTtlSeconds ?? this.config.accessTokenTtlSeconds;
    const access = signRs256Jwt(
      { alg: 'RS256', kid: key.kid },
      applyClaimChanges(
        { sub: client.id, token_use: 'access', scope: granted.join(' '), auth_time: iat, iss: this.issuer(client.poolId), exp: iat + ttl, iat, version: 2, jti: randomUUID(), client_id: client.id },
        custom?.accessToken,
      ),
      key.signingKey,
    );
    return { AccessToken: access, ExpiresIn: ttl, TokenType: 'Bearer' };
  }

  private async sign(args: {
    client: ClientRecord;
    user: UserRecord;
    groups: string[];
    authTime: Date;
    originJti: string;
    deviceKey: string | null;
    now: Date;
    /** OAuth scopes (null or absent: the JSON API's aws.cognito.signin.user.admin). */
    scopes?: readonly string[] | null;
    nonce?: string;
    /** Why (for the customizer); refreshes by default. */
    source?: TokenGenerationSource;
    pool?: PoolRecord;
    customization?: TokenCustomization | null;
  }): Promise<AuthenticationResult> {
    const { client, user, now } = args;
    const baseScopes = args.scopes ?? [USER_POOL_API_SCOPE];
    const custom = args.customization !== undefined ? (args.customization ?? undefined) : await this.customizer?.({ client, user, groups: args.groups, scopes: baseScopes, source: args.source ?? 'RefreshTokens', ...(args.pool !== undefined ? { pool: args.pool } : {}) });
    const groups = custom?.groups !== undefined ? [...custom.groups] : args.groups;
    // null: the JSON API's token, unless a customization changed its scopes.
    const scopes = custom?.accessToken?.scopesToAdd === undefined && custom?.accessToken?.scopesToSuppress === undefined ? (args.scopes ?? null) : customizedScopes(baseScopes, custom, USER_POOL_API_SCOPE);
    const key = await this.keys.activeKey();
    const iss = this.issuer(user.poolId);
    const iat = epochSeconds(now);
    const authTime = epochSeconds(args.authTime);
    const eventId = randomUUID();
    const accessTtl = client.accessTokenTtlSeconds ?? this.config.accessTokenTtlSeconds;
    const idTtl = client.idTokenTtlSeconds ?? this.config.idTokenTtlSeconds;
    const groupClaim = groups.length > 0 ? { 'cognito:groups': groups } : {};

    const header = { alg: 'RS256', kid: key.kid } as const;
    const access = signRs256Jwt(
      header,
      applyClaimChanges({
        sub: user.sub,
        ...groupClaim,
        ...(args.deviceKey !== null ? { device_key: args.deviceKey } : {}),
        iss,
        version: 2,
        client_id: client.id,
        origin_jti: args.originJti,
        event_id: eventId,
        token_use: 'access',
        scope: scopes === null ? USER_POOL_API_SCOPE : scopes.join(' '),
        auth_time: authTime,
        exp: iat + accessTtl,
        iat,
        jti: randomUUID(),
        username: user.username,
      }, custom?.accessToken),
      key.signingKey,
    );

    const id = signRs256Jwt(
      header,
      applyClaimChanges({
        sub: user.sub,
        ...groupClaim,
        ...(custom?.iamRoles !== undefined && custom.iamRoles.length > 0 ? { 'cognito:roles': [...custom.iamRoles] } : {}),
        ...(custom?.preferredRole !== undefined ? { 'cognito:preferred_role': custom.preferredRole } : {}),
        ...attributeClaims(user, client),
        iss,
        'cognito:username': user.username,
        ...(args.nonce !== undefined ? { nonce: args.nonce } : {}),
        // OIDC at_hash for tokens of managed login: the left half of the access token's SHA-256.
        ...(args.scopes !== undefined && args.scopes !== null ? { at_hash: createHash('sha256').update(access).digest().subarray(0, 16).toString('base64url') } : {}),
        origin_jti: args.originJti,
        aud: client.id,
        event_id: eventId,
        token_use: 'id',
        auth_time: authTime,
        exp: iat + idTtl,
        iat,
        jti: randomUUID(),
      }, custom?.idToken),
      key.signingKey,
    );

    return { AccessToken: access, IdToken: id, ExpiresIn: accessTtl, TokenType: 'Bearer' };
  }

  /** Verifies signature, issuer, expiry and token_use of a JWT of this server; returns its claims and pool id. */
  private async verifyJwt(token: string, use: 'access' | 'id', label: string): Promise<{ payload: JWTPayload; poolId: string }> {
    let kid: string | undefined;
    let iss: unknown;
    try {
      kid = decodeProtectedHeader(token).kid;
      iss = decodeJwt(token).iss;
    } catch {
      throw fail('NotAuthorizedException', `Invalid ${label}`);
    }
    const prefix = `${this.config.issuerBaseUrl}/`;
    if (kid === undefined || typeof iss !== 'string' || !iss.startsWith(prefix)) throw fail('NotAuthorizedException', `Invalid ${label}`);
    const poolId = iss.slice(prefix.length);
    const key = await this.keys.publicKey(kid);
    if (key === undefined) throw fail('NotAuthorizedException', `Invalid ${label}`);
    let payload: JWTPayload;
    try {
      ({ payload } = await jwtVerify(token, key, { issuer: iss, algorithms: ['RS256'], currentDate: this.clock.now(), clockTolerance: 0 }));
    } catch (error) {
      if (error instanceof joseErrors.JWTExpired) throw fail('NotAuthorizedException', `${label} has expired`);
      throw fail('NotAuthorizedException', `Invalid ${label}`);
    }
    if (payload.token_use !== use || typeof payload.sub !== 'string' || typeof payload.origin_jti !== 'string') {
      throw fail('NotAuthorizedException', `Invalid ${label}`);
    }
    return { payload, poolId };
  }

  /** Throws NotAuthorizedException unless the sign-in `originJti` is live (not revoked, not expired, user present). */
  private async assertOriginLive(originJti: string, sub: string, label: string): Promise<RefreshTokenRow> {
    if (!/^[0-9a-f-]{36}$/i.test(originJti)) throw fail('NotAuthorizedException', `Invalid ${label}`);
    const rows = await this.db.query<RefreshTokenRow>('SELECT * FROM refresh_tokens WHERE origin_jti = $1', [originJti]);
    const origin = rows[0];
    if (origin === undefined || origin.user_sub !== sub || origin.revoked_at !== null) throw fail('NotAuthorizedException', `${label} has been revoked`);
    return origin;
  }

  /**
   * Checks an access token for every operation that takes one: signature by a published key,
   * issuer, expiry, token_use=access, the client (when given), and that its sign-in was not
   * revoked (RevokeToken, GlobalSignOut, AdminUserGlobalSignOut, disable, delete).
   * Throws NotAuthorizedException ('Invalid Access Token', 'Access Token has expired',
   * 'Access Token has been revoked', 'User is disabled.').
   */
  async verifyAccessToken(token: string, options: { clientId?: string } = {}): Promise<VerifiedAccess> {
    const label = 'Access Token';
    const { payload, poolId } = await this.verifyJwt(token, 'access', label);
    const claims = payload as AccessTokenClaims;
    if (options.clientId !== undefined && claims.client_id !== options.clientId) throw fail('NotAuthorizedException', `Invalid ${label}`);
    await this.assertOriginLive(claims.origin_jti, claims.sub, label);
    const user = await findUserBySub(this.db, claims.sub);
    if (user === undefined || user.poolId !== poolId) throw fail('NotAuthorizedException', `${label} has been revoked`);
    if (!user.enabled) throw fail('NotAuthorizedException', 'User is disabled.');
    return { claims, user, poolId };
  }

  /** Checks an id token the same way (aud must be `clientId` when given). */
  async verifyIdToken(token: string, options: { clientId?: string } = {}): Promise<{ claims: IdTokenClaims; poolId: string }> {
    const label = 'Id Token';
    const { payload, poolId } = await this.verifyJwt(token, 'id', label);
    const claims = payload as IdTokenClaims;
    if (options.clientId !== undefined && claims.aud !== options.clientId) throw fail('NotAuthorizedException', `Invalid ${label}`);
    await this.assertOriginLive(claims.origin_jti, claims.sub, label);
    return { claims, poolId };
  }

  /**
   * RevokeToken: revokes a refresh token of `client` (current or rotated out) and, with it, every
   * access token of the same sign-in. Unknown tokens are accepted silently (RFC 7009); another client's token gives
   * UnauthorizedException.
   */
  async revokeRefreshToken(client: ClientRecord, token: string, onRevoked?: (tx: Queryable, revoked: RevokedSignIn) => Promise<void>): Promise<void> {
    // Any generation of a rotating sign-in revokes the whole sign-in.
    const family = await findTokenFamily(this.db, hashToken(token));
    if (family === undefined) return;
    if (family.clientId !== client.id) throw fail('UnauthorizedException', 'The refresh token was not issued to this client.');
    const revoke = (q: Queryable) =>
      q.query<{ username: string | null }>(
        'UPDATE refresh_tokens r SET revoked_at = $2 WHERE r.origin_jti = $1 AND r.revoked_at IS NULL RETURNING (SELECT u.username FROM users u WHERE u.sub = r.user_sub) AS username',
        [family.originJti, this.clock.now()],
      );
    if (onRevoked === undefined) await revoke(this.db);
    else {
      // What records the revocation (the audit trail) commits with it, and only when it revoked something.
      await this.db.transaction(async (tx) => {
        const rows = await revoke(tx);
        if (rows[0] !== undefined) await onRevoked(tx, { userSub: family.userSub, username: rows[0].username ?? family.userSub, originJti: family.originJti });
      });
    }
    this.revocations.publish({ sub: family.userSub });
  }

  /**
   * Revokes one sign-in by its origin_jti (its refresh token and every access token of it): managed
   * login's answer to a replayed authorization code. Returns whether a live sign-in was revoked.
   */
  async revokeOrigin(originJti: string): Promise<boolean> {
    const rows = await this.db.query<{ user_sub: string }>('UPDATE refresh_tokens SET revoked_at = $2 WHERE origin_jti = $1 AND revoked_at IS NULL RETURNING user_sub', [
      originJti,
      this.clock.now(),
    ]);
    for (const row of rows) this.revocations.publish({ sub: row.user_sub });
    return rows.length > 0;
  }

  /**
   * Revokes every sign-in of a user (GlobalSignOut, AdminUserGlobalSignOut, disable, password reset).
   * Announced before `q` commits: listeners must not trust a check of this user for a while (see
   * the data API's verified-token cache).
   */
  async revokeAllForUser(userSub: string, q: Queryable = this.db): Promise<number> {
    const rows = await q.query<{ origin_jti: string }>('UPDATE refresh_tokens SET revoked_at = $2 WHERE user_sub = $1 AND revoked_at IS NULL RETURNING origin_jti', [
      userSub,
      this.clock.now(),
    ]);
    this.revocations.publish({ sub: userSub });
    return rows.length;
  }

  /** Deletes sign-in records whose refresh token expired over a day ago (their access tokens expired too). */
  async prune(): Promise<void> {
    await this.db.query('DELETE FROM refresh_tokens WHERE expires_at <= $1', [addSeconds(this.clock.now(), -24 * 3600)]);
  }
}

import type { Queryable } from '../../db/database.js';
import { fail } from '../../errors/catalogue.js';
import { isSealedValue, type SecretBox } from '../../sealing/secret-box.js';

/** Password rules of a pool. */
export interface PasswordPolicy {
  readonly minimumLength: number;
  readonly requireLowercase: boolean;
  readonly requireUppercase: boolean;
  readonly requireNumbers: boolean;
  readonly requireSymbols: boolean;
  readonly temporaryPasswordValidityDays: number;
}

/** A custom attribute the pool's schema allows (name includes the `custom:` prefix). */
export interface CustomAttribute {
  readonly name: string;
  readonly mutable: boolean;
  /** Cognito's AttributeDataType (String when absent: attributes stored before it was kept). */
  readonly dataType?: 'String' | 'Number' | 'DateTime' | 'Boolean';
  readonly developerOnly?: boolean;
  readonly stringConstraints?: { readonly MinLength?: string; readonly MaxLength?: string };
  readonly numberConstraints?: { readonly MinValue?: string; readonly MaxValue?: string };
}

/** How the pool treats devices. */
export interface DeviceConfiguration {
  readonly challengeRequiredOnNewDevice: boolean;
  readonly deviceOnlyRememberedOnUserPrompt: boolean;
}

/** A user pool as stored. */
export interface PoolRecord {
  readonly id: string;
  readonly name: string;
  readonly mfaConfiguration: 'OFF' | 'ON' | 'OPTIONAL';
  readonly enabledMfas: readonly ('SMS_MFA' | 'SOFTWARE_TOKEN_MFA' | 'EMAIL_OTP')[];
  readonly passwordPolicy: PasswordPolicy;
  readonly aliasAttributes: readonly string[];
  readonly autoVerifiedAttributes: readonly string[];
  readonly requiredAttributes: readonly string[];
  readonly customAttributes: readonly CustomAttribute[];
  readonly deviceConfiguration: DeviceConfiguration;
  readonly webauthnConfiguration: Readonly<Record<string, unknown>>;
  readonly settings: Readonly<Record<string, unknown>>;
  readonly createdAt: Date;
}

/** An app client as stored. */
export interface ClientRecord {
  readonly id: string;
  readonly poolId: string;
  readonly name: string;
  /** The client secret, opened (it is stored sealed, see sealClientSecret); null for a public client. */
  readonly secret: string | null;
  /** The client's other active secret(s) during a rotation (AddUserPoolClientSecret), opened; accepted like `secret`. */
  readonly otherSecrets?: readonly string[];
  readonly explicitAuthFlows: readonly string[];
  readonly callbackUrls: readonly string[];
  readonly logoutUrls: readonly string[];
  readonly accessTokenTtlSeconds: number | null;
  readonly idTokenTtlSeconds: number | null;
  readonly refreshTokenTtlSeconds: number | null;
  readonly readAttributes: readonly string[] | null;
  readonly writeAttributes: readonly string[] | null;
  readonly enableTokenRevocation: boolean;
  readonly preventUserExistenceErrors: boolean;
  /** Managed login: which OAuth flows the client may use ('code', 'implicit', 'client_credentials'). */
  readonly allowedOAuthFlows: readonly OAuthFlow[];
  readonly allowedOAuthScopes: readonly string[];
  /** Cognito's AllowedOAuthFlowsUserPoolClient: false keeps the client out of managed login. */
  readonly allowedOAuthFlowsUserPoolClient: boolean;
  readonly supportedIdentityProviders: readonly string[];
  /** RefreshTokenRotation: Feature ENABLED and its RetryGracePeriodSeconds (0–60). */
  readonly refreshTokenRotation: { readonly enabled: boolean; readonly retryGracePeriodSeconds: number };
}

/** An OAuth flow an app client may be allowed (Cognito's AllowedOAuthFlows). */
export type OAuthFlow = 'code' | 'implicit' | 'client_credentials';

/** The password policy Cognito uses by default and the spec requires. */
export const DEFAULT_PASSWORD_POLICY: PasswordPolicy = {
  minimumLength: 8,
  requireLowercase: true,
  requireUppercase: true,
  requireNumbers: true,
  requireSymbols: true,
  temporaryPasswordValidityDays: 7,
};

/** A user_pools row as the driver returns it. */
export interface PoolRow {
  id: string;
  name: string;
  mfa_configuration: PoolRecord['mfaConfiguration'];
  enabled_mfas: PoolRecord['enabledMfas'];
  password_policy: PasswordPolicy;
  alias_attributes: string[];
  auto_verified_attributes: string[];
  required_attributes: string[];
  custom_attributes: CustomAttribute[];
  device_configuration: DeviceConfiguration;
  webauthn_configuration: Record<string, unknown>;
  settings: Record<string, unknown>;
  created_at: Date;
}

/** Maps a user_pools row (also for readers that select more columns). */
export function toPool(r: PoolRow): PoolRecord {
  return {
    id: r.id,
    name: r.name,
    mfaConfiguration: r.mfa_configuration,
    enabledMfas: r.enabled_mfas,
    passwordPolicy: { ...DEFAULT_PASSWORD_POLICY, ...r.password_policy },
    aliasAttributes: r.alias_attributes,
    autoVerifiedAttributes: r.auto_verified_attributes,
    requiredAttributes: r.required_attributes,
    customAttributes: r.custom_attributes,
    deviceConfiguration: r.device_configuration,
    webauthnConfiguration: r.webauthn_configuration,
    settings: r.settings,
    createdAt: new Date(r.created_at),
  };
}

interface ClientRow {
  id: string;
  pool_id: string;
  name: string;
  secret: string | null;
  more_secrets?: { secret: string }[] | null;
  explicit_auth_flows: string[];
  callback_urls: string[];
  logout_urls: string[];
  access_token_ttl_seconds: number | null;
  id_token_ttl_seconds: number | null;
  refresh_token_ttl_seconds: number | null;
  read_attributes: string[] | null;
  write_attributes: string[] | null;
  enable_token_revocation: boolean;
  prevent_user_existence_errors: boolean;
  allowed_oauth_flows: OAuthFlow[];
  allowed_oauth_scopes: string[];
  allowed_oauth_flows_user_pool_client: boolean;
  supported_identity_providers: string[];
  refresh_token_rotation: boolean;
  refresh_token_grace_seconds: number;
}

/**
 * Where app clients are read from: the database (or a transaction) and the SecretBox that opens
 * their secrets. The server's services (`steward`, an operation's `ctx`) are one.
 */
export interface ClientSource {
  readonly db: Queryable;
  readonly secrets: SecretBox;
}

// A client secret is stored sealed (a database reader must not be able to authenticate as a
// confidential client), bound to its client: a sealed secret copied to another client does not open.
// reseal-stored-secrets.ts seals plain ones from before and re-seals under a new DATA_SEALING_SECRET.
const clientSecretBinding = (clientId: string): string => `client-secret:${clientId}`;

/** The stored form of the secret of client `clientId` (what NewClient.sealedSecret takes). */
export function sealClientSecret(secrets: SecretBox, clientId: string, secret: string): string {
  return secrets.seal(clientSecretBinding(clientId), secret);
}

/** Maps a client row, opening its secret: the one place a stored client secret is opened, so every reader of a ClientRecord gets it plain. */
function toClient(r: ClientRow, secrets: SecretBox): ClientRecord {
  return {
    id: r.id,
    poolId: r.pool_id,
    name: r.name,
    secret: r.secret === null ? null : secrets.open(clientSecretBinding(r.id), r.secret),
    otherSecrets: (r.more_secrets ?? []).map((m) => secrets.open(clientSecretBinding(r.id), m.secret)),
    explicitAuthFlows: r.explicit_auth_flows,
    callbackUrls: r.callback_urls,
    logoutUrls: r.logout_urls,
    accessTokenTtlSeconds: r.access_token_ttl_seconds,
    idTokenTtlSeconds: r.id_token_ttl_seconds,
    refreshTokenTtlSeconds: r.refresh_token_ttl_seconds,
    readAttributes: r.read_attributes,
    writeAttributes: r.write_attributes,
    enableTokenRevocation: r.enable_token_revocation,
    preventUserExistenceErrors: r.prevent_user_existence_errors,
    allowedOAuthFlows: r.allowed_oauth_flows,
    allowedOAuthScopes: r.allowed_oauth_scopes,
    allowedOAuthFlowsUserPoolClient: r.allowed_oauth_flows_user_pool_client,
    supportedIdentityProviders: r.supported_identity_providers,
    refreshTokenRotation: { enabled: r.refresh_token_rotation, retryGracePeriodSeconds: r.refresh_token_grace_seconds },
  };
}

/** The pool with this id, or undefined. */
export async function findPool(q: Queryable, poolId: string): Promise<PoolRecord | undefined> {
  const rows = await q.query<PoolRow>('SELECT * FROM user_pools WHERE id = $1', [poolId]);
  return rows[0] === undefined ? undefined : toPool(rows[0]);
}

/** The pool with this id; ResourceNotFoundException when there is none. */
export async function requirePool(q: Queryable, poolId: string): Promise<PoolRecord> {
  const pool = await findPool(q, poolId);
  if (pool === undefined) throw fail('ResourceNotFoundException', `User pool ${poolId} does not exist.`);
  return pool;
}

/** The app client with this id, or undefined. */
export async function findClient(source: ClientSource, clientId: string): Promise<ClientRecord | undefined> {
  const rows = await source.db.query<ClientRow>('SELECT * FROM app_clients WHERE id = $1', [clientId]);
  return rows[0] === undefined ? undefined : toClient(rows[0], source.secrets);
}

/** The app client and its pool; ResourceNotFoundException when the client does not exist. */
export async function requireClient(source: ClientSource, clientId: string): Promise<{ client: ClientRecord; pool: PoolRecord }> {
  const { client, pool } = await requireClientWith(source, clientId, 'NULL', []);
  return { client, pool };
}

/**
 * requireClient plus `side`, the value of the scalar subquery `sideSql` (its parameters start at $2),
 * in the same round trip: every sign-in request starts here and most need one more read. `withSql`:
 * a `WITH …` of CTEs (e.g. data-modifying ones) for `sideSql` to read, run in the same statement.
 */
export async function requireClientWith(
  source: ClientSource,
  clientId: string,
  sideSql: string,
  sideParams: readonly unknown[],
  withSql = '',
): Promise<{ client: ClientRecord; pool: PoolRecord; side: unknown }> {
  // Three JSON columns rather than c.*: fewer values for the driver to parse on a hot path.
  const rows = await source.db.query<{ client: ClientRow; pool: PoolRow; side: unknown }>(
    `${withSql} SELECT row_to_json(c) AS client, row_to_json(p) AS pool, (${sideSql}) AS side FROM app_clients c JOIN user_pools p ON p.id = c.pool_id WHERE c.id = $1`,
    [clientId, ...sideParams],
  );
  const row = rows[0];
  if (row === undefined) throw fail('ResourceNotFoundException', `User pool client ${clientId} does not exist.`);
  return { client: toClient(row.client, source.secrets), pool: toPool(row.pool), side: row.side };
}

/** All app clients of a pool, oldest first. */
export async function listClients(source: ClientSource, poolId: string): Promise<ClientRecord[]> {
  const rows = await source.db.query<ClientRow>('SELECT * FROM app_clients WHERE pool_id = $1 ORDER BY created_at, id', [poolId]);
  return rows.map((row) => toClient(row, source.secrets));
}

/** What a new pool may set; the rest takes the defaults. */
export interface NewPool {
  readonly id: string;
  readonly name: string;
  readonly mfaConfiguration?: PoolRecord['mfaConfiguration'];
  readonly passwordPolicy?: PasswordPolicy;
  readonly aliasAttributes?: readonly string[];
  readonly customAttributes?: readonly CustomAttribute[];
  readonly enabledMfas?: PoolRecord['enabledMfas'];
  readonly autoVerifiedAttributes?: readonly string[];
  readonly requiredAttributes?: readonly string[];
  readonly deviceConfiguration?: DeviceConfiguration;
  readonly settings?: Readonly<Record<string, unknown>>;
}

/** Inserts a user pool (members left out take the first-start pool's values). */
export async function insertPool(q: Queryable, pool: NewPool, now: Date): Promise<void> {
  await q.query(
    `INSERT INTO user_pools (id, name, mfa_configuration, password_policy, alias_attributes, custom_attributes, created_at, updated_at,
                             enabled_mfas, auto_verified_attributes, required_attributes, device_configuration, settings)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $7, $8, $9, $10, $11, $12)`,
    [
      pool.id,
      pool.name,
      pool.mfaConfiguration ?? 'ON',
      JSON.stringify(pool.passwordPolicy ?? DEFAULT_PASSWORD_POLICY),
      JSON.stringify(pool.aliasAttributes ?? ['email']),
      JSON.stringify(pool.customAttributes ?? []),
      now,
      JSON.stringify(pool.enabledMfas ?? ['SMS_MFA', 'SOFTWARE_TOKEN_MFA', 'EMAIL_OTP']),
      JSON.stringify(pool.autoVerifiedAttributes ?? ['email']),
      JSON.stringify(pool.requiredAttributes ?? ['email']),
      JSON.stringify(pool.deviceConfiguration ?? { challengeRequiredOnNewDevice: true, deviceOnlyRememberedOnUserPrompt: true }),
      JSON.stringify(pool.settings ?? {}),
    ],
  );
}

/** What a new app client may set. */
export interface NewClient {
  readonly id: string;
  readonly poolId: string;
  readonly name: string;
  readonly callbackUrls?: readonly string[];
  readonly logoutUrls?: readonly string[];
  readonly accessTokenTtlSeconds?: number;
  readonly idTokenTtlSeconds?: number;
  readonly refreshTokenTtlSeconds?: number;
  /** The secret as sealClientSecret stored it (sealed for this client's id); null or absent: a public client. */
  readonly sealedSecret?: string | null;
  readonly allowedOAuthFlows?: readonly OAuthFlow[];
  readonly allowedOAuthScopes?: readonly string[];
  readonly allowedOAuthFlowsUserPoolClient?: boolean;
  readonly supportedIdentityProviders?: readonly string[];
  readonly refreshTokenRotation?: { readonly enabled: boolean; readonly retryGracePeriodSeconds: number };
}

/** The managed-login settings the client created on first start gets (`pnpm start` works out of the box). */
export const DEFAULT_MANAGED_LOGIN = {
  allowedOAuthFlows: ['code'],
  allowedOAuthScopes: ['openid', 'email', 'phone', 'profile', 'aws.cognito.signin.user.admin'],
  allowedOAuthFlowsUserPoolClient: true,
  supportedIdentityProviders: ['COGNITO'],
} as const satisfies Partial<NewClient>;

/** Inserts an app client (public unless `sealedSecret` is given). */
export async function insertClient(q: Queryable, client: NewClient, now: Date): Promise<void> {
  const sealedSecret = client.sealedSecret ?? null;
  if (sealedSecret !== null && !isSealedValue(sealedSecret)) throw new Error('insertClient takes the client secret sealed (sealClientSecret), never plain.');
  await q.query(
    `INSERT INTO app_clients (id, pool_id, name, callback_urls, logout_urls, access_token_ttl_seconds, id_token_ttl_seconds, refresh_token_ttl_seconds, created_at, updated_at,
                              secret, allowed_oauth_flows, allowed_oauth_scopes, allowed_oauth_flows_user_pool_client, supported_identity_providers, refresh_token_rotation, refresh_token_grace_seconds)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $9, $10, $11, $12, $13, $14, $15, $16)`,
    [
      client.id,
      client.poolId,
      client.name,
      JSON.stringify(client.callbackUrls ?? []),
      JSON.stringify(client.logoutUrls ?? []),
      client.accessTokenTtlSeconds ?? null,
      client.idTokenTtlSeconds ?? null,
      client.refreshTokenTtlSeconds ?? null,
      now,
      sealedSecret,
      JSON.stringify(client.allowedOAuthFlows ?? []),
      JSON.stringify(client.allowedOAuthScopes ?? []),
      client.allowedOAuthFlowsUserPoolClient ?? false,
      JSON.stringify(client.supportedIdentityProviders ?? []),
      client.refreshTokenRotation?.enabled ?? false,
      client.refreshTokenRotation?.retryGracePeriodSeconds ?? 0,
    ],
  );
}

/** Inserts a group if it does not exist yet. */
export async function ensureGroup(q: Queryable, poolId: string, name: string, description: string | null, now: Date, precedence: number | null = null): Promise<void> {
  await q.query(
    `INSERT INTO groups (pool_id, name, description, precedence, created_at, updated_at)
     VALUES ($1, $2, $3, $4, $5, $5) ON CONFLICT (pool_id, name) DO NOTHING`,
    [poolId, name, description, precedence, now],
  );
}

/** A group as stored. */
export interface GroupRecord {
  readonly poolId: string;
  readonly name: string;
  readonly description: string | null;
  readonly precedence: number | null;
  readonly roleArn: string | null;
  readonly createdAt: Date;
  readonly updatedAt: Date;
}

interface GroupRow {
  pool_id: string;
  name: string;
  description: string | null;
  precedence: number | null;
  role_arn: string | null;
  created_at: Date;
  updated_at: Date;
}

/** Maps a `groups` row. */
export function toGroup(row: unknown): GroupRecord {
  const r = row as GroupRow;
  return {
    poolId: r.pool_id,
    name: r.name,
    description: r.description,
    precedence: r.precedence,
    roleArn: r.role_arn,
    createdAt: new Date(r.created_at),
    updatedAt: new Date(r.updated_at),
  };
}

/** The group, or ResourceNotFoundException 'Group not found.'. */
export async function requireGroup(q: Queryable, poolId: string, name: string): Promise<GroupRecord> {
  const rows = await q.query<GroupRow>('SELECT * FROM groups WHERE pool_id = $1 AND name = $2', [poolId, name]);
  if (rows[0] === undefined) throw fail('ResourceNotFoundException', 'Group not found.');
  return toGroup(rows[0]);
}

/** The default pool and client the server created on first start (what /runtime-config.json shows). */
export interface DefaultPool {
  readonly userPoolId: string;
  readonly clientId: string;
  readonly identityPoolId: string;
}

/** Reads the default pool/client/identity pool ids, or undefined before the first seed. */
export async function findDefaultPool(q: Queryable): Promise<DefaultPool | undefined> {
  const rows = await q.query<{ value: DefaultPool }>(`SELECT value FROM server_settings WHERE key = 'default_pool'`);
  return rows[0]?.value;
}

/** Records the default pool/client/identity pool ids. */
export async function saveDefaultPool(q: Queryable, value: DefaultPool): Promise<void> {
  await q.query(
    `INSERT INTO server_settings (key, value) VALUES ('default_pool', $1)
     ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value`,
    [JSON.stringify(value)],
  );
}

// App clients as the admin operations see them: a pool's clients with every stored setting, their
// secrets, and writing CreateUserPoolClient / UpdateUserPoolClient settings.
import { randomInt } from 'node:crypto';
import type { Database, Queryable } from '../../db/database.js';
import { fail } from '../../errors/catalogue.js';
import { newClientId } from '../../seed/seed.js';
import type { ServerServices } from '../operations/operation-context.js';
import { findClient, insertClient, sealClientSecret, type ClientRecord, type ClientSource } from '../pools/pool-repository.js';
import { DEFAULT_VALIDITY_UNITS, type ClientSettings, type TokenValidityUnits } from './client-settings.js';

/** A client with what DescribeUserPoolClient shows beyond ClientRecord. */
export interface AppClientDetails {
  readonly client: ClientRecord;
  readonly defaultRedirectUri: string | null;
  readonly tokenValidityUnits: TokenValidityUnits;
  readonly createdAt: Date;
  readonly updatedAt: Date;
}

const SECRET_ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';

/** A new client secret in Cognito's form: 51 lowercase letters and digits (~263 bits). */
export function newClientSecret(): string {
  let secret = '';
  for (let i = 0; i < 51; i++) secret += SECRET_ALPHABET[randomInt(0, SECRET_ALPHABET.length)] ?? '';
  return secret;
}

/** The client `clientId` of pool `poolId` with its details; ResourceNotFoundException when the pool has no such client. */
export async function requirePoolClient(source: ClientSource, poolId: string, clientId: string): Promise<AppClientDetails> {
  const client = await findClient(source, clientId);
  const rows = await source.db.query<{ default_redirect_uri: string | null; token_validity_units: Partial<TokenValidityUnits> | null; created_at: Date; updated_at: Date }>(
    'SELECT default_redirect_uri, token_validity_units, created_at, updated_at FROM app_clients WHERE id = $1 AND pool_id = $2',
    [clientId, poolId],
  );
  const row = rows[0];
  if (client === undefined || row === undefined) throw fail('ResourceNotFoundException', `User pool client ${clientId} does not exist.`);
  return {
    client,
    defaultRedirectUri: row.default_redirect_uri,
    tokenValidityUnits: { ...DEFAULT_VALIDITY_UNITS, ...row.token_validity_units },
    createdAt: new Date(row.created_at),
    updatedAt: new Date(row.updated_at),
  };
}

/** Every custom scope (`<identifier>/<scope name>`) of the pool's resource servers. */
export async function customScopesOf(q: Queryable, poolId: string): Promise<Set<string>> {
  const rows = await q.query<{ scope: string }>(
    `SELECT s.identifier || '/' || (e ->> 'ScopeName') AS scope FROM resource_servers s, jsonb_array_elements(s.scopes) e WHERE s.pool_id = $1`,
    [poolId],
  );
  return new Set(rows.map((r) => r.scope));
}

const json = (value: readonly unknown[] | TokenValidityUnits | null): string | null => (value === null ? null : JSON.stringify(value));

/** Writes every setting of the client (UpdateUserPoolClient replaces them all); false when the pool has no such client. */
export async function saveClientSettings(q: Queryable, poolId: string, clientId: string, settings: ClientSettings, now: Date): Promise<boolean> {
  const rows = await q.query(
    `UPDATE app_clients SET name = $3, explicit_auth_flows = $4, callback_urls = $5, logout_urls = $6, default_redirect_uri = $7,
            allowed_oauth_flows = $8, allowed_oauth_scopes = $9, allowed_oauth_flows_user_pool_client = $10, supported_identity_providers = $11,
            access_token_ttl_seconds = $12, id_token_ttl_seconds = $13, refresh_token_ttl_seconds = $14, token_validity_units = $15,
            read_attributes = $16, write_attributes = $17, enable_token_revocation = $18, prevent_user_existence_errors = $19,
            refresh_token_rotation = $20, refresh_token_grace_seconds = $21, updated_at = $22
      WHERE id = $1 AND pool_id = $2 RETURNING id`,
    [
      clientId,
      poolId,
      settings.name,
      json(settings.explicitAuthFlows),
      json(settings.callbackUrls),
      json(settings.logoutUrls),
      settings.defaultRedirectUri,
      json(settings.allowedOAuthFlows),
      json(settings.allowedOAuthScopes),
      settings.allowedOAuthFlowsUserPoolClient,
      json(settings.supportedIdentityProviders),
      settings.accessTokenTtlSeconds,
      settings.idTokenTtlSeconds,
      settings.refreshTokenTtlSeconds,
      json(settings.tokenValidityUnits),
      json(settings.readAttributes),
      json(settings.writeAttributes),
      settings.enableTokenRevocation,
      settings.preventUserExistenceErrors,
      settings.refreshTokenRotation.enabled,
      settings.refreshTokenRotation.retryGracePeriodSeconds,
      now,
    ],
  );
  return rows.length > 0;
}

/** Creates a client of the pool with these settings (and `secret`, stored sealed, or none); returns its id. */
export async function createPoolClient(
  services: Pick<ServerServices, 'db' | 'secrets'>,
  poolId: string,
  settings: ClientSettings,
  secret: string | null,
  now: Date,
  recordCreated?: (tx: Queryable, clientId: string) => Promise<void>,
): Promise<string> {
  const id = newClientId();
  const sealedSecret = secret === null ? null : sealClientSecret(services.secrets, id, secret);
  await services.db.transaction(async (tx) => {
    await insertClient(tx, { id, poolId, name: settings.name, sealedSecret }, now);
    await saveClientSettings(tx, poolId, id, settings, now);
    // Last: what records the creation (the audit trail) commits with it.
    await recordCreated?.(tx, id);
  });
  return id;
}

/** One page of the pool's clients, oldest first. */
export async function listPoolClients(q: Queryable, poolId: string, limit: number, offset: number): Promise<{ clients: { id: string; name: string }[]; more: boolean }> {
  const rows = await q.query<{ id: string; name: string }>('SELECT id, name FROM app_clients WHERE pool_id = $1 ORDER BY created_at, id LIMIT $2 OFFSET $3', [poolId, limit + 1, offset]);
  return { clients: rows.slice(0, limit), more: rows.length > limit };
}

/**
 * Deletes the client and, with it, every sign-in made through it (their refresh and access tokens
 * stop working). Returns the users whose sign-ins ended, for the revocation feed.
 */
export async function deletePoolClient(db: Database, poolId: string, clientId: string, recordDeleted?: (tx: Queryable, signInsEnded: number) => Promise<void>): Promise<string[]> {
  return db.transaction(async (tx) => {
    const ended = await tx.query<{ user_sub: string }>(
      'DELETE FROM refresh_tokens WHERE client_id = (SELECT id FROM app_clients WHERE id = $1 AND pool_id = $2) RETURNING user_sub',
      [clientId, poolId],
    );
    const deleted = await tx.query('DELETE FROM app_clients WHERE id = $1 AND pool_id = $2 RETURNING id', [clientId, poolId]);
    if (deleted.length === 0) throw fail('ResourceNotFoundException', `User pool client ${clientId} does not exist.`);
    await recordDeleted?.(tx, ended.length);
    return [...new Set(ended.map((r) => r.user_sub))];
  });
}

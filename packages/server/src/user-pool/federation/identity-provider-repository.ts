// A pool's identity providers (tables identity_providers, identity_provider_identifiers). The secret
// members of ProviderDetails are sealed by the SecretBox for "identity-provider:<id>" before they
// reach the database, and opened when a provider is read.
import { randomUUID } from 'node:crypto';
import { isUniqueViolation, type Queryable } from '../../db/database.js';
import { fail } from '../../errors/catalogue.js';
import type { SecretBox } from '../../sealing/secret-box.js';
import type { ProviderType } from './provider-details.js';

/** An identity provider as the operations see it (secrets opened). */
export interface IdentityProviderRecord {
  readonly id: string;
  readonly poolId: string;
  readonly name: string;
  readonly type: ProviderType;
  /** ProviderDetails without the secret members. */
  readonly details: Readonly<Record<string, string>>;
  /** The secret members of ProviderDetails (client_secret, private_key), opened. */
  readonly secrets: Readonly<Record<string, string>>;
  readonly attributeMapping: Readonly<Record<string, string>>;
  readonly idpIdentifiers: readonly string[];
  readonly acrMapping: Readonly<Record<string, string>>;
  readonly createdAt: Date;
  readonly updatedAt: Date;
}

interface ProviderRow {
  id: string;
  pool_id: string;
  name: string;
  provider_type: ProviderType;
  details: Record<string, string>;
  sealed_secrets: string | null;
  attribute_mapping: Record<string, string>;
  idp_identifiers: string[];
  acr_mapping: Record<string, string>;
  created_at: Date | string;
  updated_at: Date | string;
}

/** What the sealed secrets of provider `id` are bound to (reseal-stored-secrets.ts seals them under the same). */
export function providerSecretsBinding(id: string): string {
  return `identity-provider:${id}`;
}

function toRecord(box: SecretBox, r: ProviderRow): IdentityProviderRecord {
  const secrets = r.sealed_secrets === null ? {} : (JSON.parse(box.open(providerSecretsBinding(r.id), r.sealed_secrets)) as Record<string, string>);
  return {
    id: r.id,
    poolId: r.pool_id,
    name: r.name,
    type: r.provider_type,
    details: r.details,
    secrets,
    attributeMapping: r.attribute_mapping,
    idpIdentifiers: r.idp_identifiers,
    acrMapping: r.acr_mapping,
    createdAt: new Date(r.created_at),
    updatedAt: new Date(r.updated_at),
  };
}

/** Reads need the database and the SecretBox. */
export interface ProviderStore {
  readonly db: Queryable;
  readonly secrets: SecretBox;
}

/** The pool's provider called `name`, or undefined. */
export async function findProvider(store: ProviderStore, poolId: string, name: string): Promise<IdentityProviderRecord | undefined> {
  const rows = await store.db.query<ProviderRow>('SELECT * FROM identity_providers WHERE pool_id = $1 AND name = $2', [poolId, name]);
  return rows[0] === undefined ? undefined : toRecord(store.secrets, rows[0]);
}

/** The pool's provider called `name`; ResourceNotFoundException when there is none. */
export async function requireProvider(store: ProviderStore, poolId: string, name: string): Promise<IdentityProviderRecord> {
  const provider = await findProvider(store, poolId, name);
  if (provider === undefined) throw fail('ResourceNotFoundException', `Identity provider ${name} does not exist in user pool ${poolId}.`);
  return provider;
}

/** The provider one of whose IdpIdentifiers is `identifier`; ResourceNotFoundException when none is. */
export async function requireProviderByIdentifier(store: ProviderStore, poolId: string, identifier: string): Promise<IdentityProviderRecord> {
  const rows = await store.db.query<ProviderRow>(
    'SELECT p.* FROM identity_providers p JOIN identity_provider_identifiers i ON i.provider_id = p.id WHERE i.pool_id = $1 AND i.identifier = $2',
    [poolId, identifier],
  );
  if (rows[0] === undefined) throw fail('ResourceNotFoundException', `No identity provider of user pool ${poolId} has the identifier ${identifier}.`);
  return toRecord(store.secrets, rows[0]);
}

/** One page of the pool's providers (name and type only, so no secret is opened), by name. */
export async function listProviders(
  q: Queryable,
  poolId: string,
  limit: number,
  offset: number,
): Promise<{ providers: { name: string; type: ProviderType; createdAt: Date; updatedAt: Date }[]; more: boolean }> {
  const rows = await q.query<Pick<ProviderRow, 'name' | 'provider_type' | 'created_at' | 'updated_at'>>(
    'SELECT name, provider_type, created_at, updated_at FROM identity_providers WHERE pool_id = $1 ORDER BY name LIMIT $2 OFFSET $3',
    [poolId, limit + 1, offset],
  );
  return {
    providers: rows.slice(0, limit).map((r) => ({ name: r.name, type: r.provider_type, createdAt: new Date(r.created_at), updatedAt: new Date(r.updated_at) })),
    more: rows.length > limit,
  };
}

/** The names of the pool's providers (what SupportedIdentityProviders may name besides COGNITO). */
export async function providerNames(q: Queryable, poolId: string): Promise<Set<string>> {
  return new Set((await q.query<{ name: string }>('SELECT name FROM identity_providers WHERE pool_id = $1', [poolId])).map((r) => r.name));
}

/** A provider to store (a new one gets its id from newProviderId). */
export type ProviderWrite = Omit<IdentityProviderRecord, 'createdAt' | 'updatedAt'>;

/** A fresh provider id. */
export function newProviderId(): string {
  return randomUUID();
}

function sealedSecrets(box: SecretBox, provider: ProviderWrite): string | null {
  return Object.keys(provider.secrets).length === 0 ? null : box.seal(providerSecretsBinding(provider.id), JSON.stringify(provider.secrets));
}

async function saveIdentifiers(q: Queryable, provider: ProviderWrite): Promise<void> {
  await q.query('DELETE FROM identity_provider_identifiers WHERE provider_id = $1', [provider.id]);
  for (const identifier of provider.idpIdentifiers) {
    try {
      await q.query('INSERT INTO identity_provider_identifiers (pool_id, identifier, provider_id) VALUES ($1, $2, $3)', [provider.poolId, identifier, provider.id]);
    } catch (error) {
      if (isUniqueViolation(error)) throw fail('DuplicateProviderException', `The identifier ${identifier} is already used by another identity provider of the user pool.`);
      throw error;
    }
  }
}

/** Inserts a provider (in `tx`); DuplicateProviderException when the name or an identifier is taken. */
export async function insertProvider(tx: Queryable, box: SecretBox, provider: ProviderWrite, now: Date): Promise<void> {
  try {
    await tx.query(
      `INSERT INTO identity_providers (id, pool_id, name, provider_type, details, sealed_secrets, attribute_mapping, idp_identifiers, acr_mapping, created_at, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $10)`,
      [
        provider.id,
        provider.poolId,
        provider.name,
        provider.type,
        JSON.stringify(provider.details),
        sealedSecrets(box, provider),
        JSON.stringify(provider.attributeMapping),
        JSON.stringify(provider.idpIdentifiers),
        JSON.stringify(provider.acrMapping),
        now,
      ],
    );
  } catch (error) {
    if (isUniqueViolation(error)) throw fail('DuplicateProviderException', `A provider with the name ${provider.name} already exists in the user pool.`);
    throw error;
  }
  await saveIdentifiers(tx, provider);
}

/** Replaces a provider's settings (in `tx`); false when it no longer exists. */
export async function updateProvider(tx: Queryable, box: SecretBox, provider: ProviderWrite, now: Date): Promise<boolean> {
  const rows = await tx.query(
    `UPDATE identity_providers SET details = $2, sealed_secrets = $3, attribute_mapping = $4, idp_identifiers = $5, acr_mapping = $6, updated_at = $7
      WHERE id = $1 RETURNING id`,
    [
      provider.id,
      JSON.stringify(provider.details),
      sealedSecrets(box, provider),
      JSON.stringify(provider.attributeMapping),
      JSON.stringify(provider.idpIdentifiers),
      JSON.stringify(provider.acrMapping),
      now,
    ],
  );
  if (rows.length === 0) return false;
  await saveIdentifiers(tx, provider);
  return true;
}

/** Deletes a provider (its identifiers and linked identities go with it); false when there is none. */
export async function deleteProvider(tx: Queryable, id: string): Promise<boolean> {
  return (await tx.query('DELETE FROM identity_providers WHERE id = $1 RETURNING id', [id])).length > 0;
}

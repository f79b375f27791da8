// Identity pools and their identities (tables identity_pools, identities).
import { randomUUID } from 'node:crypto';
import type { Queryable } from '../db/database.js';
import { fail } from '../errors/catalogue.js';

/** An identity pool as stored. */
export interface IdentityPoolRecord {
  readonly id: string;
  readonly name: string;
  readonly allowUnauthenticated: boolean;
  readonly userPoolId: string | null;
  readonly clientIds: readonly string[];
}

/** An identity: authenticated (loginKey = "<provider>:<sub>") or a guest (loginKey null). */
export interface IdentityRecord {
  readonly id: string;
  readonly identityPoolId: string;
  readonly loginKey: string | null;
}

/** The identity pool; ResourceNotFoundException when unknown. */
export async function requireIdentityPool(q: Queryable, id: string): Promise<IdentityPoolRecord> {
  const rows = await q.query<{ id: string; name: string; allow_unauthenticated: boolean; user_pool_id: string | null; client_ids: string[] }>(
    'SELECT id, name, allow_unauthenticated, user_pool_id, client_ids FROM identity_pools WHERE id = $1',
    [id],
  );
  const row = rows[0];
  if (row === undefined) throw fail('ResourceNotFoundException', `IdentityPool '${id}' not found.`);
  return { id: row.id, name: row.name, allowUnauthenticated: row.allow_unauthenticated, userPoolId: row.user_pool_id, clientIds: row.client_ids };
}

/** The identity; ResourceNotFoundException when unknown. */
export async function requireIdentity(q: Queryable, id: string): Promise<IdentityRecord> {
  const rows = await q.query<{ id: string; identity_pool_id: string; login_key: string | null }>('SELECT id, identity_pool_id, login_key FROM identities WHERE id = $1', [id]);
  const row = rows[0];
  if (row === undefined) throw fail('ResourceNotFoundException', `Identity '${id}' not found.`);
  return { id: row.id, identityPoolId: row.identity_pool_id, loginKey: row.login_key };
}

/** The identity of a login in the pool, created on first use (also under a race). */
export async function identityForLogin(q: Queryable, pool: IdentityPoolRecord, loginKey: string, now: Date): Promise<string> {
  const region = pool.id.split(':')[0] ?? 'local';
  const rows = await q.query<{ id: string }>(
    `INSERT INTO identities (id, identity_pool_id, login_key, created_at, last_used_at) VALUES ($1, $2, $3, $4, $4)
     ON CONFLICT (identity_pool_id, login_key) DO UPDATE SET last_used_at = EXCLUDED.last_used_at RETURNING id`,
    [`${region}:${randomUUID()}`, pool.id, loginKey, now],
  );
  const id = rows[0]?.id;
  if (id === undefined) throw new Error('identity upsert returned no row');
  return id;
}

/** A new guest identity. */
export async function createGuestIdentity(q: Queryable, pool: IdentityPoolRecord, now: Date): Promise<string> {
  const id = `${pool.id.split(':')[0] ?? 'local'}:${randomUUID()}`;
  await q.query('INSERT INTO identities (id, identity_pool_id, login_key, created_at, last_used_at) VALUES ($1, $2, NULL, $3, $3)', [id, pool.id, now]);
  return id;
}

/** Records a use of an identity. */
export async function touchIdentity(q: Queryable, id: string, now: Date): Promise<void> {
  await q.query('UPDATE identities SET last_used_at = $2 WHERE id = $1', [id, now]);
}

// Resource servers: the custom OAuth scopes (`<identifier>/<scope name>`) a pool's app clients may
// be allowed, as CreateResourceServer and its siblings manage them.
import { isUniqueViolation, type Queryable } from '../../db/database.js';
import { fail } from '../../errors/catalogue.js';

/** One scope of a resource server, in Cognito's ResourceServerScopeType shape. */
export interface ResourceServerScope {
  readonly ScopeName: string;
  readonly ScopeDescription: string;
}

/** A resource server as stored. */
export interface ResourceServerRecord {
  readonly poolId: string;
  readonly identifier: string;
  readonly name: string;
  readonly scopes: readonly ResourceServerScope[];
}

interface ResourceServerRow {
  pool_id: string;
  identifier: string;
  name: string;
  scopes: ResourceServerScope[];
}

const toRecord = (r: ResourceServerRow): ResourceServerRecord => ({ poolId: r.pool_id, identifier: r.identifier, name: r.name, scopes: r.scopes });

/** The resource server; ResourceNotFoundException when the pool has none with that identifier. */
export async function requireResourceServer(q: Queryable, poolId: string, identifier: string): Promise<ResourceServerRecord> {
  const rows = await q.query<ResourceServerRow>('SELECT * FROM resource_servers WHERE pool_id = $1 AND identifier = $2', [poolId, identifier]);
  if (rows[0] === undefined) throw fail('ResourceNotFoundException', `Resource server ${identifier} does not exist.`);
  return toRecord(rows[0]);
}

/** One page of the pool's resource servers, by identifier. */
export async function listResourceServers(q: Queryable, poolId: string, limit: number, offset: number): Promise<{ servers: ResourceServerRecord[]; more: boolean }> {
  const rows = await q.query<ResourceServerRow>('SELECT * FROM resource_servers WHERE pool_id = $1 ORDER BY identifier LIMIT $2 OFFSET $3', [poolId, limit + 1, offset]);
  return { servers: rows.slice(0, limit).map(toRecord), more: rows.length > limit };
}

/** Inserts a resource server; InvalidParameterException when the identifier is taken. */
export async function insertResourceServer(q: Queryable, server: ResourceServerRecord, now: Date): Promise<void> {
  try {
    await q.query('INSERT INTO resource_servers (pool_id, identifier, name, scopes, created_at) VALUES ($1, $2, $3, $4, $5)', [
      server.poolId,
      server.identifier,
      server.name,
      JSON.stringify(server.scopes),
      now,
    ]);
  } catch (error) {
    if (isUniqueViolation(error)) throw fail('InvalidParameterException', `A resource server with identifier ${server.identifier} already exists in the user pool.`);
    throw error;
  }
}

/** Replaces a resource server's name and scopes; false when there is none. */
export async function updateResourceServer(q: Queryable, server: ResourceServerRecord): Promise<boolean> {
  const rows = await q.query('UPDATE resource_servers SET name = $3, scopes = $4 WHERE pool_id = $1 AND identifier = $2 RETURNING identifier', [
    server.poolId,
    server.identifier,
    server.name,
    JSON.stringify(server.scopes),
  ]);
  return rows.length > 0;
}

/** Deletes a resource server; false when there is none. */
export async function deleteResourceServer(q: Queryable, poolId: string, identifier: string): Promise<boolean> {
  return (await q.query('DELETE FROM resource_servers WHERE pool_id = $1 AND identifier = $2 RETURNING identifier', [poolId, identifier])).length > 0;
}

/** The pool's app clients that are allowed any of `scopes`, with those scopes. */
export async function clientsAllowedScopes(q: Queryable, poolId: string, scopes: readonly string[]): Promise<{ clientId: string; scopes: string[] }[]> {
  if (scopes.length === 0) return [];
  const rows = await q.query<{ id: string; allowed_oauth_scopes: string[] }>('SELECT id, allowed_oauth_scopes FROM app_clients WHERE pool_id = $1 ORDER BY created_at, id', [poolId]);
  return rows.map((r) => ({ clientId: r.id, scopes: r.allowed_oauth_scopes.filter((s) => scopes.includes(s)) })).filter((c) => c.scopes.length > 0);
}

// Terms documents of app clients (table terms): a name (terms-of-use… or privacy-policy…) and a URL
// per language, shown as links on the hosted login page.
import { randomUUID } from 'node:crypto';
import { isUniqueViolation, type Queryable } from '../../db/database.js';
import { fail } from '../../errors/catalogue.js';

/** Stored terms. */
export interface TermsRecord {
  readonly id: string;
  readonly poolId: string;
  readonly clientId: string;
  readonly name: string;
  readonly source: 'LINK';
  readonly enforcement: 'NONE';
  readonly links: Readonly<Record<string, string>>;
  readonly createdAt: Date;
  readonly updatedAt: Date;
}

interface Row {
  id: string;
  pool_id: string;
  client_id: string;
  name: string;
  source: 'LINK';
  enforcement: 'NONE';
  links: Record<string, string>;
  created_at: Date | string;
  updated_at: Date | string;
}

const toRecord = (r: Row): TermsRecord => ({
  id: r.id,
  poolId: r.pool_id,
  clientId: r.client_id,
  name: r.name,
  source: r.source,
  enforcement: r.enforcement,
  links: r.links,
  createdAt: new Date(r.created_at),
  updatedAt: new Date(r.updated_at),
});

function taken(error: unknown, name: string): never {
  if (isUniqueViolation(error)) throw fail('TermsExistsException', `The app client already has terms named ${name}.`);
  throw error;
}

/** The pool's terms `id`; ResourceNotFoundException when there are none. */
export async function requireTerms(q: Queryable, poolId: string, id: string): Promise<TermsRecord> {
  const rows = await q.query<Row>('SELECT * FROM terms WHERE pool_id = $1 AND id = $2', [poolId, id]);
  if (rows[0] === undefined) throw fail('ResourceNotFoundException', `Terms ${id} do not exist in user pool ${poolId}.`);
  return toRecord(rows[0]);
}

/** The client's terms called `name`; ResourceNotFoundException when there are none. */
export async function requireTermsByName(q: Queryable, poolId: string, clientId: string, name: string): Promise<TermsRecord> {
  const rows = await q.query<Row>('SELECT * FROM terms WHERE pool_id = $1 AND client_id = $2 AND name = $3', [poolId, clientId, name]);
  if (rows[0] === undefined) throw fail('ResourceNotFoundException', `App client ${clientId} has no terms named ${name}.`);
  return toRecord(rows[0]);
}

/** Every terms document of a client, oldest first (what the hosted page shows). */
export async function termsOfClient(q: Queryable, poolId: string, clientId: string): Promise<TermsRecord[]> {
  return (await q.query<Row>('SELECT * FROM terms WHERE pool_id = $1 AND client_id = $2 ORDER BY created_at, name', [poolId, clientId])).map(toRecord);
}

/** One page of the pool's terms, oldest first. */
export async function listTerms(q: Queryable, poolId: string, limit: number, offset: number): Promise<{ terms: TermsRecord[]; more: boolean }> {
  const rows = await q.query<Row>('SELECT * FROM terms WHERE pool_id = $1 ORDER BY created_at, id LIMIT $2 OFFSET $3', [poolId, limit + 1, offset]);
  return { terms: rows.slice(0, limit).map(toRecord), more: rows.length > limit };
}

/** What CreateTerms / UpdateTerms store. */
export interface TermsWrite {
  readonly name: string;
  readonly links: Readonly<Record<string, string>>;
}

/** Inserts terms; TermsExistsException when the client has terms of that name. Returns the id. */
export async function insertTerms(tx: Queryable, poolId: string, clientId: string, write: TermsWrite, now: Date): Promise<string> {
  const id = randomUUID();
  try {
    await tx.query("INSERT INTO terms (id, pool_id, client_id, name, source, enforcement, links, created_at, updated_at) VALUES ($1, $2, $3, $4, 'LINK', 'NONE', $5, $6, $6)", [
      id,
      poolId,
      clientId,
      write.name,
      JSON.stringify(write.links),
      now,
    ]);
  } catch (error) {
    taken(error, write.name);
  }
  return id;
}

/** Replaces the name and links of terms; false when they no longer exist. */
export async function updateTerms(tx: Queryable, id: string, write: TermsWrite, now: Date): Promise<boolean> {
  try {
    return (await tx.query('UPDATE terms SET name = $2, links = $3, updated_at = $4 WHERE id = $1 RETURNING id', [id, write.name, JSON.stringify(write.links), now])).length > 0;
  } catch (error) {
    return taken(error, write.name);
  }
}

/** Deletes terms; false when there are none. */
export async function deleteTerms(tx: Queryable, id: string): Promise<boolean> {
  return (await tx.query('DELETE FROM terms WHERE id = $1 RETURNING id', [id])).length > 0;
}

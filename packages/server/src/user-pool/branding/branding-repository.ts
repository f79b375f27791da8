// Managed-login branding styles (table managed_login_brandings): one per app client.
import { randomUUID } from 'node:crypto';
import { isUniqueViolation, type Queryable } from '../../db/database.js';
import { fail } from '../../errors/catalogue.js';

/** One asset as stored (AssetType, Bytes base64). */
export interface BrandingAsset {
  readonly Category: string;
  readonly ColorMode: string;
  readonly Extension: string;
  readonly Bytes?: string;
  readonly ResourceId?: string;
}

/** A stored branding style. */
export interface BrandingRecord {
  readonly id: string;
  readonly poolId: string;
  readonly clientId: string;
  readonly useCognitoProvidedValues: boolean;
  readonly settings: Readonly<Record<string, unknown>> | null;
  readonly assets: readonly BrandingAsset[];
  readonly createdAt: Date;
  readonly updatedAt: Date;
}

interface Row {
  id: string;
  pool_id: string;
  client_id: string;
  use_cognito_provided_values: boolean;
  settings: Record<string, unknown> | null;
  assets: BrandingAsset[];
  created_at: Date | string;
  updated_at: Date | string;
}

const toRecord = (r: Row): BrandingRecord => ({
  id: r.id,
  poolId: r.pool_id,
  clientId: r.client_id,
  useCognitoProvidedValues: r.use_cognito_provided_values,
  settings: r.settings,
  assets: r.assets,
  createdAt: new Date(r.created_at),
  updatedAt: new Date(r.updated_at),
});

/** The pool's branding style `id`; ResourceNotFoundException when there is none. */
export async function requireBranding(q: Queryable, poolId: string, id: string): Promise<BrandingRecord> {
  const rows = await q.query<Row>('SELECT * FROM managed_login_brandings WHERE pool_id = $1 AND id = $2', [poolId, id]);
  if (rows[0] === undefined) throw fail('ResourceNotFoundException', `Managed login branding ${id} does not exist in user pool ${poolId}.`);
  return toRecord(rows[0]);
}

/** The branding style of a client of the pool; ResourceNotFoundException when it has none. */
export async function requireBrandingOfClient(q: Queryable, poolId: string, clientId: string): Promise<BrandingRecord> {
  const rows = await q.query<Row>('SELECT * FROM managed_login_brandings WHERE pool_id = $1 AND client_id = $2', [poolId, clientId]);
  if (rows[0] === undefined) throw fail('ResourceNotFoundException', `App client ${clientId} has no managed login branding.`);
  return toRecord(rows[0]);
}

/** What a branding style holds besides its ids and dates. */
export interface BrandingContent {
  readonly useCognitoProvidedValues: boolean;
  readonly settings: Readonly<Record<string, unknown>> | null;
  readonly assets: readonly BrandingAsset[];
}

/** Inserts a style for a client; ManagedLoginBrandingExistsException when it has one. Returns its id. */
export async function insertBranding(tx: Queryable, poolId: string, clientId: string, content: BrandingContent, now: Date): Promise<string> {
  const id = randomUUID();
  try {
    await tx.query(
      `INSERT INTO managed_login_brandings (id, pool_id, client_id, use_cognito_provided_values, settings, assets, created_at, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $7)`,
      [id, poolId, clientId, content.useCognitoProvidedValues, content.settings === null ? null : JSON.stringify(content.settings), JSON.stringify(content.assets), now],
    );
  } catch (error) {
    if (isUniqueViolation(error)) throw fail('ManagedLoginBrandingExistsException', `App client ${clientId} already has a managed login branding; update or delete it.`);
    throw error;
  }
  return id;
}

/** Replaces a style's content; false when it no longer exists. */
export async function updateBranding(tx: Queryable, id: string, content: BrandingContent, now: Date): Promise<boolean> {
  const rows = await tx.query('UPDATE managed_login_brandings SET use_cognito_provided_values = $2, settings = $3, assets = $4, updated_at = $5 WHERE id = $1 RETURNING id', [
    id,
    content.useCognitoProvidedValues,
    content.settings === null ? null : JSON.stringify(content.settings),
    JSON.stringify(content.assets),
    now,
  ]);
  return rows.length > 0;
}

/** Deletes a style; false when there is none. */
export async function deleteBranding(tx: Queryable, id: string): Promise<boolean> {
  return (await tx.query('DELETE FROM managed_login_brandings WHERE id = $1 RETURNING id', [id])).length > 0;
}

/** A style as the hosted page needs it: no asset bytes (they are fetched one at a time, by URL). */
export interface BrandingStyleRecord {
  readonly id: string;
  readonly useCognitoProvidedValues: boolean;
  readonly settings: Readonly<Record<string, unknown>> | null;
  readonly assets: ReadonlyArray<{ readonly Category: string; readonly ColorMode: string; readonly Extension: string }>;
  readonly updatedAt: Date;
}

interface StyleRow {
  id: string;
  use_cognito_provided_values: boolean;
  settings: Record<string, unknown> | null;
  asset_kinds: Array<{ Category: string; ColorMode: string; Extension: string }>;
  updated_at: Date | string;
}

// The assets' kinds without their bytes (up to 40 MB a style): a page view reads kilobytes.
const STYLE_COLUMNS = `id, use_cognito_provided_values, settings, updated_at,
  (SELECT coalesce(jsonb_agg(jsonb_build_object('Category', a ->> 'Category', 'ColorMode', a ->> 'ColorMode', 'Extension', a ->> 'Extension')), '[]'::jsonb)
     FROM jsonb_array_elements(managed_login_brandings.assets) AS a) AS asset_kinds`;

const toStyle = (r: StyleRow): BrandingStyleRecord => ({ id: r.id, useCognitoProvidedValues: r.use_cognito_provided_values, settings: r.settings, assets: r.asset_kinds, updatedAt: new Date(r.updated_at) });

/** The style of a client of the pool, without asset bytes, or undefined. */
export async function findStyleOfClient(q: Queryable, poolId: string, clientId: string): Promise<BrandingStyleRecord | undefined> {
  const rows = await q.query<StyleRow>(`SELECT ${STYLE_COLUMNS} FROM managed_login_brandings WHERE pool_id = $1 AND client_id = $2`, [poolId, clientId]);
  return rows[0] === undefined ? undefined : toStyle(rows[0]);
}

/** The style `id`, without asset bytes, or undefined. */
export async function findStyle(q: Queryable, id: string): Promise<BrandingStyleRecord | undefined> {
  const rows = await q.query<StyleRow>(`SELECT ${STYLE_COLUMNS} FROM managed_login_brandings WHERE id = $1`, [id]);
  return rows[0] === undefined ? undefined : toStyle(rows[0]);
}

/** One asset of style `id` (its extension and base64 bytes), or undefined. */
export async function findStyleAsset(q: Queryable, id: string, category: string, colorMode: string): Promise<{ extension: string; bytes: string } | undefined> {
  const rows = await q.query<{ extension: string; bytes: string | null }>(
    `SELECT a ->> 'Extension' AS extension, a ->> 'Bytes' AS bytes
       FROM managed_login_brandings, jsonb_array_elements(managed_login_brandings.assets) AS a
      WHERE id = $1 AND a ->> 'Category' = $2 AND a ->> 'ColorMode' = $3`,
    [id, category, colorMode],
  );
  const row = rows[0];
  return row === undefined || row.bytes === null ? undefined : { extension: row.extension, bytes: row.bytes };
}

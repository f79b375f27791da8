// Classic hosted-UI customization (table ui_customizations): one row per pool (client_id NULL, which
// Cognito calls ALL) and one per app client that has its own (deleted with the client). A client
// without its own uses the pool's.
import { createHash } from 'node:crypto';
import type { Queryable } from '../../db/database.js';

/** The client key of the pool-wide customization. */
export const ALL_CLIENTS = 'ALL';

/** A stored customization. */
export interface UiCustomizationRecord {
  readonly poolId: string;
  /** An app client id, or ALL_CLIENTS. */
  readonly clientKey: string;
  readonly css: string | null;
  readonly cssVersion: string | null;
  readonly imageType: 'image/png' | 'image/jpeg' | null;
  readonly imageBase64: string | null;
  /** Changes with every save: in the asset URLs, so browsers never keep an old stylesheet or logo. */
  readonly version: string;
  readonly createdAt: Date;
  readonly updatedAt: Date;
}

interface Row {
  pool_id: string;
  client_id: string | null;
  css: string | null;
  css_version: string | null;
  image_type: 'image/png' | 'image/jpeg' | null;
  image_base64: string | null;
  created_at: Date | string;
  updated_at: Date | string;
}

const stored = (clientKey: string): string => (clientKey === ALL_CLIENTS ? '' : clientKey);
// Rows are found by coalesce(client_id, ''), the unique index's expression.
const KEY = "pool_id = $1 AND coalesce(client_id, '') = $2";

function toRecord(r: Row): UiCustomizationRecord {
  const version = createHash('sha256')
    .update(`${r.css_version ?? ''}\n${r.image_base64 ?? ''}\n${new Date(r.updated_at).getTime()}`)
    .digest('base64url')
    .slice(0, 12);
  return {
    poolId: r.pool_id,
    clientKey: r.client_id ?? ALL_CLIENTS,
    css: r.css,
    cssVersion: r.css_version,
    imageType: r.image_type,
    imageBase64: r.image_base64,
    version,
    createdAt: new Date(r.created_at),
    updatedAt: new Date(r.updated_at),
  };
}

/** The customization stored under `clientKey` (a client id or ALL), if any. */
export async function findCustomization(q: Queryable, poolId: string, clientKey: string): Promise<UiCustomizationRecord | undefined> {
  const rows = await q.query<Row>(`SELECT * FROM ui_customizations WHERE ${KEY}`, [poolId, stored(clientKey)]);
  return rows[0] === undefined ? undefined : toRecord(rows[0]);
}

/** What applies to a client: its own customization, else the pool's. */
export async function effectiveCustomization(q: Queryable, poolId: string, clientId: string): Promise<UiCustomizationRecord | undefined> {
  return (await findCustomization(q, poolId, clientId)) ?? (await findCustomization(q, poolId, ALL_CLIENTS));
}

/** What SetUICustomization stores: both parts (a part left out is removed, as Cognito's). */
export interface CustomizationWrite {
  readonly poolId: string;
  readonly clientKey: string;
  readonly css: string | null;
  readonly image: { readonly type: 'image/png' | 'image/jpeg'; readonly base64: string } | null;
}

/** Stores (or replaces) a customization; one with neither part is removed. */
export async function saveCustomization(tx: Queryable, write: CustomizationWrite, now: Date): Promise<void> {
  if (write.css === null && write.image === null) {
    await tx.query(`DELETE FROM ui_customizations WHERE ${KEY}`, [write.poolId, stored(write.clientKey)]);
    return;
  }
  const cssVersion = write.css === null ? null : createHash('sha256').update(write.css).digest('hex').slice(0, 16);
  await tx.query(
    `INSERT INTO ui_customizations (pool_id, client_id, css, css_version, image_type, image_base64, created_at, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $7)
     ON CONFLICT (pool_id, (coalesce(client_id, ''))) DO UPDATE SET css = $3, css_version = $4, image_type = $5, image_base64 = $6, updated_at = $7`,
    [write.poolId, write.clientKey === ALL_CLIENTS ? null : write.clientKey, write.css, cssVersion, write.image?.type ?? null, write.image?.base64 ?? null, now],
  );
}

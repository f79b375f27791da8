// Registered passkeys (table webauthn_credentials).
import type { Queryable } from '../../../db/database.js';

/** A passkey as stored. */
export interface PasskeyRecord {
  readonly credentialId: string;
  readonly poolId: string;
  readonly userSub: string;
  /** COSE public key, base64url. */
  readonly publicKey: string;
  readonly signCount: number;
  readonly transports: readonly string[];
  readonly friendlyName: string | null;
  readonly relyingPartyId: string;
  readonly authenticatorAttachment: string | null;
  readonly createdAt: Date;
}

interface PasskeyRow {
  credential_id: string;
  pool_id: string;
  user_sub: string;
  public_key: string;
  sign_count: number;
  transports: string[];
  friendly_name: string | null;
  relying_party_id: string;
  authenticator_attachment: string | null;
  created_at: Date;
}

function toPasskey(r: PasskeyRow): PasskeyRecord {
  return {
    credentialId: r.credential_id,
    poolId: r.pool_id,
    userSub: r.user_sub,
    publicKey: r.public_key,
    signCount: Number(r.sign_count),
    transports: r.transports,
    friendlyName: r.friendly_name,
    relyingPartyId: r.relying_party_id,
    authenticatorAttachment: r.authenticator_attachment,
    createdAt: new Date(r.created_at),
  };
}

const COLUMNS = 'credential_id, pool_id, user_sub, public_key, sign_count::int AS sign_count, transports, friendly_name, relying_party_id, authenticator_attachment, created_at';

/** The user's passkeys, oldest first, optionally after a credential id (paging) and limited. */
export async function listPasskeys(q: Queryable, userSub: string, options: { afterId?: string; limit?: number } = {}): Promise<PasskeyRecord[]> {
  const rows = await q.query<PasskeyRow>(
    `SELECT ${COLUMNS} FROM webauthn_credentials WHERE user_sub = $1 AND ($2::text IS NULL OR credential_id > $2::text) ORDER BY credential_id LIMIT $3`,
    [userSub, options.afterId ?? null, options.limit ?? 1000],
  );
  return rows.map(toPasskey);
}

/** The user's passkey with this id, or undefined. */
export async function findPasskey(q: Queryable, userSub: string, credentialId: string): Promise<PasskeyRecord | undefined> {
  const rows = await q.query<PasskeyRow>(`SELECT ${COLUMNS} FROM webauthn_credentials WHERE credential_id = $1 AND user_sub = $2`, [credentialId, userSub]);
  return rows[0] === undefined ? undefined : toPasskey(rows[0]);
}

/** Stores a new passkey; false when the credential id is already registered. */
export async function insertPasskey(q: Queryable, passkey: Omit<PasskeyRecord, 'createdAt'>, now: Date): Promise<boolean> {
  const rows = await q.query(
    `INSERT INTO webauthn_credentials (credential_id, pool_id, user_sub, public_key, sign_count, transports, friendly_name, relying_party_id, authenticator_attachment, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) ON CONFLICT (credential_id) DO NOTHING RETURNING 1`,
    [
      passkey.credentialId,
      passkey.poolId,
      passkey.userSub,
      passkey.publicKey,
      passkey.signCount,
      JSON.stringify(passkey.transports),
      passkey.friendlyName,
      passkey.relyingPartyId,
      passkey.authenticatorAttachment,
      now,
    ],
  );
  return rows.length > 0;
}

/** Records a use: the authenticator's new signature counter. */
export async function recordPasskeyUse(q: Queryable, credentialId: string, signCount: number, now: Date): Promise<void> {
  await q.query('UPDATE webauthn_credentials SET sign_count = $2, last_used_at = $3 WHERE credential_id = $1', [credentialId, signCount, now]);
}

/** Deletes the user's passkey; false when there was none. */
export async function deletePasskey(q: Queryable, userSub: string, credentialId: string): Promise<boolean> {
  const rows = await q.query('DELETE FROM webauthn_credentials WHERE credential_id = $1 AND user_sub = $2 RETURNING 1', [credentialId, userSub]);
  return rows.length > 0;
}

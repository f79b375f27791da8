// The per-pool secret trigger requests are signed with. Created on first use (or by `cli triggers
// secret rotate`), sealed at rest (SecretBox, bound to "trigger-secret:<pool id>") so a reader of
// the database cannot forge requests to the pool's webhooks. Rotation keeps the previous secret
// active (both sign) for PREVIOUS_SECRET_GRACE_MS or until it is retired.
import { randomBytes } from 'node:crypto';
import type { Queryable } from '../../db/database.js';
import type { SecretBox } from '../../sealing/secret-box.js';

/** How long a rotated-out secret keeps signing (receivers have a day to switch). */
export const PREVIOUS_SECRET_GRACE_MS = 24 * 60 * 60 * 1000;

/** What the sealed column is bound to (reseal-stored-secrets.ts uses the same). */
export const triggerSecretBinding = (poolId: string): string => `trigger-secret:${poolId}`;

interface SecretRow {
  current_secret: string;
  previous_secret: string | null;
  previous_expires_at: Date | string | null;
}

/** The secrets a pool's requests are signed with: the current one first, then the previous one while it is active. */
export interface TriggerSecrets {
  readonly current: string;
  readonly previous: string | null;
}

const newSecret = (): string => `whsec_${randomBytes(32).toString('base64url')}`;

function opened(secrets: SecretBox, poolId: string, row: SecretRow, now: Date): TriggerSecrets {
  const previousActive = row.previous_secret !== null && row.previous_expires_at !== null && new Date(row.previous_expires_at) > now;
  return {
    current: secrets.open(triggerSecretBinding(poolId), row.current_secret),
    previous: previousActive && row.previous_secret !== null ? secrets.open(triggerSecretBinding(poolId), row.previous_secret) : null,
  };
}

/** The pool's active secrets, creating the first one when the pool has none. */
export async function activeTriggerSecrets(q: Queryable, secrets: SecretBox, poolId: string, now: Date): Promise<TriggerSecrets> {
  const rows = await q.query<SecretRow>('SELECT current_secret, previous_secret, previous_expires_at FROM trigger_secrets WHERE pool_id = $1', [poolId]);
  if (rows[0] !== undefined) return opened(secrets, poolId, rows[0], now);
  // Two first uses at once: the one that inserts wins, the other reads the winner's.
  const inserted = await q.query<SecretRow>(
    `INSERT INTO trigger_secrets (pool_id, current_secret, rotated_at) VALUES ($1, $2, $3)
     ON CONFLICT (pool_id) DO UPDATE SET pool_id = trigger_secrets.pool_id
     RETURNING current_secret, previous_secret, previous_expires_at`,
    [poolId, secrets.seal(triggerSecretBinding(poolId), newSecret()), now],
  );
  const row = inserted[0];
  if (row === undefined) throw new Error('storing the first trigger secret returned no row');
  return opened(secrets, poolId, row, now);
}

/** Rotates: a new current secret; the old current one keeps signing for PREVIOUS_SECRET_GRACE_MS. Returns both. */
export async function rotateTriggerSecret(q: Queryable, secrets: SecretBox, poolId: string, now: Date): Promise<TriggerSecrets> {
  await activeTriggerSecrets(q, secrets, poolId, now);
  await q.query(
    `UPDATE trigger_secrets SET previous_secret = current_secret, previous_expires_at = $3, current_secret = $2, rotated_at = $4 WHERE pool_id = $1`,
    [poolId, secrets.seal(triggerSecretBinding(poolId), newSecret()), new Date(now.getTime() + PREVIOUS_SECRET_GRACE_MS), now],
  );
  return activeTriggerSecrets(q, secrets, poolId, now);
}

/** Retires the previous secret at once (after every receiver has the new one). */
export async function retirePreviousTriggerSecret(q: Queryable, poolId: string): Promise<void> {
  await q.query('UPDATE trigger_secrets SET previous_secret = NULL, previous_expires_at = NULL WHERE pool_id = $1', [poolId]);
}

// Start-up pass over the sealed columns: TOTP secrets stored plain by a version before sealing, or
// sealed under a secret that is now in DATA_SEALING_PREVIOUS_SECRETS, are sealed under the current
// DATA_SEALING_SECRET. Pending sign-ins are not re-sealed: they live three minutes.
import type { Database } from '../db/database.js';
import { isSealedValue, type SecretBox } from './secret-box.js';

const COLUMNS = ['totp_secret', 'totp_pending_secret'] as const;

/** Seals plain and re-seals old-key TOTP secrets under the current key; returns how many values changed. */
export async function resealStoredSecrets(db: Database, secrets: SecretBox): Promise<number> {
  let changed = 0;
  for (const column of COLUMNS) {
    const rows = await db.query<{ sub: string; value: string }>(`SELECT sub, ${column} AS value FROM users WHERE ${column} IS NOT NULL`);
    for (const row of rows) {
      if (!secrets.needsReseal(row.value)) continue;
      // Both columns are bound to "totp:<sub>" (sealTotpSecret).
      const bound = `totp:${row.sub}`;
      const plain = isSealedValue(row.value) ? secrets.open(bound, row.value) : row.value;
      await db.query(`UPDATE users SET ${column} = $2 WHERE sub = $1 AND ${column} = $3`, [row.sub, secrets.seal(bound, plain), row.value]);
      changed++;
    }
  }
  return changed;
}

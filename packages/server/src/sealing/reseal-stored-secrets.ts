// Start-up pass over the sealed columns: TOTP secrets, app-client secrets and identity-provider secrets stored plain by a
// version before sealing, or sealed under a secret that is now in DATA_SEALING_PREVIOUS_SECRETS, are
// sealed under the current DATA_SEALING_SECRET. Pending sign-ins are not re-sealed: they live three
// minutes. Idempotent: a value already sealed under the current secret is left alone.
import type { Database } from '../db/database.js';
import { isSealedValue, type SecretBox } from './secret-box.js';

/** A column of sealed values: its table, the key of its rows, and what each value is bound to. */
interface SealedColumn {
  readonly table: string;
  readonly key: string;
  readonly column: string;
  /** The binding its writer seals the value of row `key` for. */
  readonly boundTo: (key: string) => string;
}

const SEALED_COLUMNS: readonly SealedColumn[] = [
  // Both TOTP columns are bound to "totp:<sub>" (sealTotpSecret).
  { table: 'users', key: 'sub', column: 'totp_secret', boundTo: (sub) => `totp:${sub}` },
  { table: 'users', key: 'sub', column: 'totp_pending_secret', boundTo: (sub) => `totp:${sub}` },
  // "client-secret:<client id>" (sealClientSecret in pool-repository.ts).
  { table: 'app_clients', key: 'id', column: 'secret', boundTo: (id) => `client-secret:${id}` },
  // "identity-provider:<id>" (providerSecretsBinding in federation/identity-provider-repository.ts).
  { table: 'identity_providers', key: 'id', column: 'sealed_secrets', boundTo: (id) => `identity-provider:${id}` },
  // "trigger-secret:<pool id>" (user-pool/triggers/trigger-secrets.ts).
  { table: 'trigger_secrets', key: 'pool_id', column: 'current_secret', boundTo: (id) => `trigger-secret:${id}` },
  { table: 'trigger_secrets', key: 'pool_id', column: 'previous_secret', boundTo: (id) => `trigger-secret:${id}` },
];

/** Seals plain and re-seals old-key stored secrets under the current key; returns how many values changed. */
export async function resealStoredSecrets(db: Database, secrets: SecretBox): Promise<number> {
  let changed = 0;
  for (const { table, key, column, boundTo } of SEALED_COLUMNS) {
    const rows = await db.query<{ key: string; value: string }>(`SELECT ${key} AS key, ${column} AS value FROM ${table} WHERE ${column} IS NOT NULL`);
    for (const row of rows) {
      if (!secrets.needsReseal(row.value)) continue;
      const bound = boundTo(row.key);
      const plain = isSealedValue(row.value) ? secrets.open(bound, row.value) : row.value;
      // Only if unchanged meanwhile (another process starting, or a write since the read).
      const updated = await db.query(`UPDATE ${table} SET ${column} = $2 WHERE ${key} = $1 AND ${column} = $3 RETURNING 1`, [row.key, secrets.seal(bound, plain), row.value]);
      changed += updated.length;
    }
  }
  return changed + (await resealMoreClientSecrets(db, secrets));
}

/** The second secrets of rotating app clients (app_clients.more_secrets, a JSON list), bound like the first. */
async function resealMoreClientSecrets(db: Database, secrets: SecretBox): Promise<number> {
  let changed = 0;
  const rows = await db.query<{ id: string; more: { secret: string }[] }>(`SELECT id, more_secrets AS more FROM app_clients WHERE more_secrets <> '[]'::jsonb`);
  for (const row of rows) {
    if (!row.more.some((m) => secrets.needsReseal(m.secret))) continue;
    const bound = `client-secret:${row.id}`;
    const resealed = row.more.map((m) => (secrets.needsReseal(m.secret) ? { ...m, secret: secrets.seal(bound, isSealedValue(m.secret) ? secrets.open(bound, m.secret) : m.secret) } : m));
    const updated = await db.query('UPDATE app_clients SET more_secrets = $2 WHERE id = $1 AND more_secrets = $3::jsonb RETURNING 1', [row.id, JSON.stringify(resealed), JSON.stringify(row.more)]);
    changed += updated.length;
  }
  return changed;
}

// Retention (AUDIT_RETENTION_DAYS): rows older than the retention are deleted as a prefix of the
// chain — everything before the oldest row still inside it — and the anchor moves to the last row
// deleted (its seq and hash: the first kept row's prev_hash), so the rest still verifies from there.
// One process at a time prunes (an advisory lock); the prune itself is recorded (audit.pruned).
import type { Database } from '../db/database.js';
import type { Clock } from '../time/clock.js';
import { addSeconds } from '../time/clock.js';
import type { AuditTrail } from './audit-trail.js';
import type { ChainPoint } from './audit-chain.js';

/** What a prune did. */
export interface PruneResult {
  readonly deleted: number;
  /** The new anchor (unchanged when nothing was old enough). */
  readonly anchor: ChainPoint;
}

/** What pruning needs. */
export interface RetentionDeps {
  readonly db: Database;
  readonly clock: Clock;
  readonly audit: AuditTrail;
}

/**
 * Deletes the rows older than `days` (a prefix of the chain) and moves the anchor; undefined when
 * another process is pruning. `days` 0 keeps everything.
 */
export async function pruneAuditLog(deps: RetentionDeps, days: number): Promise<PruneResult | undefined> {
  if (days <= 0) return undefined;
  const cutoff = addSeconds(deps.clock.now(), -days * 86400);
  return deps.audit.transaction(async (tx, audit) => {
    const [lock] = await tx.query<{ got: boolean }>(`SELECT pg_try_advisory_xact_lock(hashtext('steward-audit-prune:' || current_schema())) AS got`);
    if (lock?.got !== true) return undefined;
    const [anchorRow] = await tx.query<{ seq: string; hash: Uint8Array }>(`SELECT seq::text AS seq, hash FROM audit_chain WHERE name = 'anchor' FOR UPDATE`);
    if (anchorRow === undefined) throw new Error('audit_chain has no anchor row');
    const anchor: ChainPoint = { seq: BigInt(anchorRow.seq), hash: Buffer.from(anchorRow.hash) };
    // The oldest row still inside the retention: everything before it goes.
    const [kept] = await tx.query<{ seq: string; prev_hash: Uint8Array }>('SELECT seq::text AS seq, prev_hash FROM audit_log WHERE at >= $1 ORDER BY audit_log.seq LIMIT 1', [cutoff]);
    let next: ChainPoint;
    if (kept !== undefined) next = { seq: BigInt(kept.seq) - 1n, hash: Buffer.from(kept.prev_hash) };
    else {
      const [last] = await tx.query<{ seq: string; hash: Uint8Array }>('SELECT seq::text AS seq, hash FROM audit_log ORDER BY audit_log.seq DESC LIMIT 1');
      if (last === undefined) return { deleted: 0, anchor };
      next = { seq: BigInt(last.seq), hash: Buffer.from(last.hash) };
    }
    if (next.seq <= anchor.seq) return { deleted: 0, anchor };
    // The append-only trigger lets this transaction, and only it, delete.
    await tx.query(`SELECT set_config('steward.audit_prune', 'on', true)`);
    const [deleted] = await tx.query<{ n: number }>('WITH d AS (DELETE FROM audit_log WHERE seq <= $1::bigint RETURNING 1) SELECT count(*)::int AS n FROM d', [next.seq.toString()]);
    const count = Number(deleted?.n ?? 0);
    await tx.query(`SELECT set_config('steward.audit_prune', 'off', true)`);
    await tx.query(`UPDATE audit_chain SET seq = $1::bigint, hash = $2 WHERE name = 'anchor'`, [next.seq.toString(), next.hash]);
    audit.record({
      action: 'audit.pruned',
      actor: { kind: 'system', name: 'retention' },
      details: { retentionDays: days, cutoff: cutoff.toISOString(), deletedThrough: next.seq.toString(), rows: count, anchorHash: next.hash.toString('hex') },
    });
    return { deleted: count, anchor: next };
  });
}

// Verifying the stored chain (`cli audit verify`): reads the anchor, the head and every row between
// them in seq order, in one repeatable-read snapshot, through ChainVerifier.
import type { Database, Queryable } from '../db/database.js';
import { ChainVerifier, type ChainPoint, type ChainProblem, type ChainRow } from './audit-chain.js';

/** What a verification found. */
export interface ChainReport {
  readonly rows: number;
  readonly anchor: ChainPoint;
  readonly head: ChainPoint;
  /** The first problem; undefined when the chain is whole. */
  readonly problem?: ChainProblem;
}

interface StoredRow {
  seq: string | number;
  at: Date | string;
  action: string;
  outcome: string;
  actor_sub: string | null;
  actor_name: string | null;
  subject_sub: string | null;
  subject_name: string | null;
  record_type: string | null;
  record_id: string | null;
  search_keys: string[];
  entry_text: string;
  prev_hash: Uint8Array;
  hash: Uint8Array;
}

const PAGE = 2000;

/** The chain's anchor and head as stored in audit_chain. */
export async function chainEnds(q: Queryable): Promise<{ anchor: ChainPoint; head: ChainPoint }> {
  const rows = await q.query<{ name: string; seq: string | number; hash: Uint8Array }>('SELECT name, seq::text AS seq, hash FROM audit_chain');
  const point = (name: string): ChainPoint => {
    const row = rows.find((r) => r.name === name);
    if (row === undefined) throw new Error(`audit_chain has no ${name} row`);
    return { seq: BigInt(String(row.seq)), hash: Buffer.from(row.hash) };
  };
  return { anchor: point('anchor'), head: point('head') };
}

/** Checks every row from the anchor to the head; `expected`: points noted earlier that must still be on the chain. */
export async function verifyAuditChain(db: Database, expected: readonly ChainPoint[] = []): Promise<ChainReport> {
  return db.transaction(async (tx) => {
    // One snapshot for the whole walk: rows appended or pruned meanwhile do not look like tampering.
    await tx.query('SET TRANSACTION ISOLATION LEVEL REPEATABLE READ');
    const { anchor, head } = await chainEnds(tx);
    const verifier = new ChainVerifier(anchor, expected);
    let after = anchor.seq;
    for (;;) {
      // Rows past the head, or at or below the anchor, are checked too: the verifier names them.
      const rows = await tx.query<StoredRow>(
        `SELECT seq::text AS seq, at, action, outcome, actor_sub, actor_name, subject_sub, subject_name, record_type, record_id, search_keys, entry::text AS entry_text, prev_hash, hash
           FROM audit_log WHERE seq > $1::bigint ORDER BY audit_log.seq LIMIT ${PAGE}`,
        [after.toString()],
      );
      for (const row of rows) {
        const chainRow: ChainRow = {
          seq: BigInt(String(row.seq)),
          at: new Date(row.at).toISOString(),
          action: row.action,
          outcome: row.outcome,
          actor_sub: row.actor_sub,
          actor_name: row.actor_name,
          subject_sub: row.subject_sub,
          subject_name: row.subject_name,
          record_type: row.record_type,
          record_id: row.record_id,
          search_keys: row.search_keys,
          entryText: row.entry_text,
          prevHash: Buffer.from(row.prev_hash),
          hash: Buffer.from(row.hash),
        };
        const problem = verifier.add(chainRow);
        if (problem !== undefined) return { rows: verifier.rows, anchor, head, problem };
        after = chainRow.seq;
      }
      if (rows.length < PAGE) break;
    }
    // A row left at or below the anchor (inserted before the pruned range) breaks the chain too.
    const stale = await tx.query<{ seq: string }>('SELECT seq::text AS seq FROM audit_log WHERE seq <= $1::bigint ORDER BY audit_log.seq LIMIT 1', [anchor.seq.toString()]);
    if (stale[0] !== undefined) return { rows: verifier.rows, anchor, head, problem: { seq: BigInt(stale[0].seq), problem: `row ${stale[0].seq} is at or before the anchor (row ${anchor.seq}): pruned rows do not come back (inserted?)` } };
    const problem = verifier.finish(head);
    return { rows: verifier.rows, anchor, head, ...(problem !== undefined ? { problem } : {}) };
  });
}

// The audit log's hash chain, checked row by row (pure: rows come in, the first problem goes out).
// hash(n) = SHA-256(hash(n-1) || UTF-8 of "<seq>\n<entry as jsonb text>"), from the anchor (the
// genesis, or what retention pruned last) to the head. Any edit of a row's entry, seq or hash, any
// row deleted, inserted or moved breaks the chain at that row or at the end.
import { createHash, timingSafeEqual } from 'node:crypto';
import { columnsOf, type AuditColumns } from './audit-event.js';

/** The hash the chain starts from on a new database. */
export const GENESIS_HASH: Buffer = Buffer.alloc(32);

/** The hash of the row `seq` whose entry renders as `entryText`, after the row hashed `previous`. */
export function chainHash(previous: Uint8Array, seq: bigint | number, entryText: string): Buffer {
  return createHash('sha256').update(previous).update(`${String(seq)}\n${entryText}`, 'utf8').digest();
}

/** A point of the chain: a row's seq and hash (the head, the anchor, or one an operator noted down). */
export interface ChainPoint {
  readonly seq: bigint;
  readonly hash: Buffer;
}

/** One stored row, as verification reads it. */
export interface ChainRow extends Omit<AuditColumns, 'at'> {
  readonly seq: bigint;
  /** The `at` column, as an ISO instant. */
  readonly at: string;
  readonly prevHash: Buffer;
  readonly hash: Buffer;
  /** entry::text. */
  readonly entryText: string;
}

/** The first thing wrong with the chain. */
export interface ChainProblem {
  /** The row where the chain breaks (for rows missing at the end: the head's seq). */
  readonly seq: bigint;
  readonly problem: string;
}

const same = (a: Buffer, b: Buffer): boolean => a.length === b.length && timingSafeEqual(a, b);
const hex = (b: Buffer): string => b.toString('hex');

function columnProblem(row: ChainRow): string | undefined {
  let entry: Record<string, unknown>;
  try {
    entry = JSON.parse(row.entryText) as Record<string, unknown>;
  } catch {
    return 'its entry is not JSON';
  }
  const expected = columnsOf(entry);
  if (new Date(expected.at).getTime() !== new Date(row.at).getTime()) return 'its at column does not match its entry';
  for (const key of ['action', 'outcome', 'actor_sub', 'actor_name', 'subject_sub', 'subject_name', 'record_type', 'record_id'] as const) {
    if (expected[key] !== row[key]) return `its ${key} column does not match its entry`;
  }
  if (JSON.stringify(expected.search_keys) !== JSON.stringify(row.search_keys)) return 'its search_keys column does not match its entry';
  return undefined;
}

/**
 * Checks rows in seq order against the chain, starting after `anchor`. Feed every row to `add`
 * (it returns the first problem and keeps returning it), then call `finish` with the head.
 * `expected`: points an operator recorded earlier (seq and hash); each must be on the chain.
 */
export class ChainVerifier {
  private next: bigint;
  private previous: Buffer;
  private problem: ChainProblem | undefined;
  private checked = 0;
  private readonly expected: Map<bigint, Buffer>;

  constructor(
    readonly anchor: ChainPoint,
    expected: readonly ChainPoint[] = [],
  ) {
    this.next = anchor.seq + 1n;
    this.previous = anchor.hash;
    this.expected = new Map(expected.map((p) => [p.seq, p.hash]));
  }

  /** Rows checked so far. */
  get rows(): number {
    return this.checked;
  }

  /** Checks the next row; returns the first problem found so far, if any. */
  add(row: ChainRow): ChainProblem | undefined {
    if (this.problem !== undefined) return this.problem;
    this.checked += 1;
    const fail = (seq: bigint, problem: string): ChainProblem => (this.problem = { seq, problem });
    if (row.seq !== this.next) {
      return row.seq > this.next
        ? fail(row.seq, `row ${this.next}${row.seq - this.next > 1n ? `–${row.seq - 1n}` : ''} is missing before row ${row.seq} (deleted?)`)
        : fail(row.seq, `row ${row.seq} appears out of order after row ${this.next - 1n} (inserted?)`);
    }
    if (!same(row.prevHash, this.previous)) return fail(row.seq, `row ${row.seq}'s prev_hash is not the hash of the row before it (a row inserted, deleted or replaced)`);
    if (!same(chainHash(this.previous, row.seq, row.entryText), row.hash)) return fail(row.seq, `row ${row.seq}'s hash does not match its content (edited?)`);
    const columns = columnProblem(row);
    if (columns !== undefined) return fail(row.seq, `row ${row.seq}: ${columns} (edited?)`);
    const noted = this.expected.get(row.seq);
    if (noted !== undefined && !same(noted, row.hash)) return fail(row.seq, `row ${row.seq}'s hash ${hex(row.hash)} is not the ${hex(noted)} noted for it (the chain was rewritten)`);
    this.previous = row.hash;
    this.next += 1n;
    return undefined;
  }

  /** Ends the check at `head`: the last row must be the head. Returns the first problem, if any. */
  finish(head: ChainPoint): ChainProblem | undefined {
    if (this.problem !== undefined) return this.problem;
    const last = this.next - 1n;
    if (last < head.seq) return (this.problem = { seq: last + 1n, problem: `rows ${last + 1n}–${head.seq} are missing: the chain ends at row ${last} but its head is row ${head.seq} (deleted?)` });
    if (last > head.seq) return (this.problem = { seq: head.seq + 1n, problem: `row ${head.seq + 1n} is past the chain's head (row ${head.seq}) (inserted?)` });
    if (!same(this.previous, head.hash)) return (this.problem = { seq: head.seq, problem: `row ${head.seq}'s hash is not the head's (edited?)` });
    for (const [seq] of this.expected) {
      if (seq <= this.anchor.seq) return (this.problem = { seq, problem: `row ${seq} noted earlier was pruned (anchor is row ${this.anchor.seq})` });
      if (seq > head.seq) return (this.problem = { seq, problem: `row ${seq} noted earlier is past the head (row ${head.seq}): rows were deleted` });
    }
    return undefined;
  }
}

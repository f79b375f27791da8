import { describe, expect, it } from 'vitest';
import { toAuditEntry } from './audit-event.js';
import { chainHash, ChainVerifier, GENESIS_HASH, type ChainPoint, type ChainRow } from './audit-chain.js';
import { columnsOf } from './audit-event.js';

/** A chain of `n` rows as audit_append would store them (entry text as jsonb renders sorted keys; here: as given). */
function chain(n: number, anchor: ChainPoint = { seq: 0n, hash: GENESIS_HASH }): ChainRow[] {
  const rows: ChainRow[] = [];
  let previous = anchor.hash;
  for (let i = 1; i <= n; i++) {
    const seq = anchor.seq + BigInt(i);
    const entry = toAuditEntry({ action: 'data.update', actor: { kind: 'user', sub: `sub-${i}`, name: `user${i}` }, record: { type: 'AccountMdl', id: `a${i}` } }, new Date(Date.UTC(2026, 0, 1, 0, 0, i)));
    const entryText = JSON.stringify(entry);
    const hash = chainHash(previous, seq, entryText);
    rows.push({ seq, ...columnsOf(entry as unknown as Record<string, unknown>), prevHash: previous, hash, entryText });
    previous = hash;
  }
  return rows;
}

function check(rows: readonly ChainRow[], head: ChainPoint, anchor: ChainPoint = { seq: 0n, hash: GENESIS_HASH }, expected: ChainPoint[] = []) {
  const verifier = new ChainVerifier(anchor, expected);
  for (const row of rows) if (verifier.add(row) !== undefined) break;
  return verifier.finish(head);
}

const headOf = (rows: readonly ChainRow[]): ChainPoint => ({ seq: rows.at(-1)?.seq ?? 0n, hash: rows.at(-1)?.hash ?? GENESIS_HASH });

describe('the audit chain', () => {
  it('verifies a whole chain, and an empty one at its anchor', () => {
    const rows = chain(5);
    expect(check(rows, headOf(rows))).toBeUndefined();
    expect(check([], { seq: 0n, hash: GENESIS_HASH })).toBeUndefined();
  });

  // Threat: someone with write access to the database rewrites history (who did what) unnoticed.
  it('names an edited entry', () => {
    const rows = chain(5);
    const edited = rows.map((r) => (r.seq === 3n ? { ...r, entryText: r.entryText.replace('user3', 'someone-else') } : r));
    expect(check(edited, headOf(rows))).toMatchObject({ seq: 3n, problem: expect.stringMatching(/hash does not match/) as unknown });
  });

  it('names a column edited to disagree with its entry', () => {
    const rows = chain(4);
    expect(check(rows.map((r) => (r.seq === 2n ? { ...r, actor_name: 'mallory' } : r)), headOf(rows))).toMatchObject({ seq: 2n, problem: expect.stringMatching(/actor_name/) as unknown });
  });

  it('names the row after a deleted one, and a deleted tail against the head', () => {
    const rows = chain(5);
    expect(check(rows.filter((r) => r.seq !== 3n), headOf(rows))).toMatchObject({ seq: 4n, problem: expect.stringMatching(/row 3 is missing/) as unknown });
    expect(check(rows.slice(0, 3), headOf(rows))).toMatchObject({ seq: 4n, problem: expect.stringMatching(/rows 4–5 are missing/) as unknown });
  });

  it('names an inserted row, renumbered or past the head', () => {
    const rows = chain(4);
    const forged = chain(1, { seq: 2n, hash: rows[1]?.hash ?? GENESIS_HASH })[0];
    if (forged === undefined) throw new Error('no forged row');
    // Inserted after row 2, the rows after it renumbered: row 4 (old 3) no longer chains.
    const renumbered = [...rows.slice(0, 2), forged, ...rows.slice(2).map((r) => ({ ...r, seq: r.seq + 1n }))];
    expect(check(renumbered, headOf(rows))).toMatchObject({ seq: 4n, problem: expect.stringMatching(/prev_hash/) as unknown });
    // Appended past the head without moving it.
    const appended = [...rows, ...chain(1, headOf(rows))];
    expect(check(appended, headOf(rows))).toMatchObject({ seq: 5n, problem: expect.stringMatching(/past the chain's head/) as unknown });
  });

  it('verifies from a retention anchor, and catches a rewritten chain against a noted head', () => {
    const all = chain(6);
    const anchor: ChainPoint = { seq: 3n, hash: all[2]?.hash ?? GENESIS_HASH };
    expect(check(all.slice(3), headOf(all), anchor)).toBeUndefined();
    // A whole chain recomputed by a forger: consistent in itself, but not the head noted earlier.
    const noted = headOf(all);
    const rewritten = chain(6).map((r) => ({ ...r }));
    rewritten.forEach((r, i) => {
      if (i === 5) r.entryText = r.entryText.replace('user6', 'forged');
    });
    let previous = GENESIS_HASH;
    const consistent = rewritten.map((r) => {
      const hash = chainHash(previous, r.seq, r.entryText);
      const row = { ...r, ...columnsOf(JSON.parse(r.entryText) as Record<string, unknown>), prevHash: previous, hash };
      previous = hash;
      return row;
    });
    expect(check(consistent, headOf(consistent))).toBeUndefined();
    expect(check(consistent, headOf(consistent), undefined, [noted])).toMatchObject({ seq: 6n, problem: expect.stringMatching(/noted for it/) as unknown });
  });
});

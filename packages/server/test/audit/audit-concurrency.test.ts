// The chain under concurrent writers: two server processes on one PostgreSQL, many GraphQL writes
// and postings at once (some on one account, whose row lock serialises them). Every committed write
// has its row, seqs have no gaps or repeats, and the chain verifies: appends never interleave.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyAuditChain } from '../../src/audit/audit-verify.js';
import { gqlAt, makeAccount, POST_PAYMENT } from '../collections/money-harness.js';
import { issueTokensFor } from '../harness.js';
import { startTwoProcesses, type TwoProcesses } from '../server-process.js';

/** Runs `tasks` with at most `width` in flight. */
async function inParallel<T>(tasks: readonly (() => Promise<T>)[], width: number): Promise<T[]> {
  const results: T[] = new Array<T>(tasks.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < tasks.length) {
        const index = next++;
        const task = tasks[index];
        if (task !== undefined) results[index] = await task();
      }
    }),
  );
  return results;
}

describe('the audit chain under two server processes on one PostgreSQL', () => {
  let two: TwoProcesses;

  beforeAll(async () => {
    two = await startTwoProcesses({ CLIENT_REQUEST_LIMIT: '0' });
  }, 120_000);
  afterAll(async () => two?.close());

  it('records every concurrent write once, in one unbroken chain', async () => {
    const { server, other } = two;
    const staff = (await issueTokensFor(server, 'staff')).AccessToken;
    const urls = [server.url, other.url];
    const shared = await makeAccount(server.db, { originalCents: 10_000_000 });
    const own = await Promise.all(Array.from({ length: 4 }, () => makeAccount(server.db, { originalCents: 10_000_000 })));
    const today = new Date().toISOString().slice(0, 10);
    const before = Number((await server.db.query<{ n: string }>('SELECT count(*)::text AS n FROM audit_log'))[0]?.n ?? 0);

    const tickets = Array.from({ length: 60 }, (_, i) => async () => {
      const res = await gqlAt<{ createTicketMdl: { id: string } }>(urls[i % 2] ?? '', staff, 'mutation ($i: CreateTicketMdlInput!) { createTicketMdl(input: $i) { id } }', { i: { subject: `concurrent ${i}` } });
      expect(res.errors, JSON.stringify(res.errors)).toBeUndefined();
      return res.data?.createTicketMdl.id ?? '';
    });
    const postings = Array.from({ length: 24 }, (_, i) => async () => {
      // Half on one shared account (its row lock), half spread over four.
      const account = i % 2 === 0 ? shared : (own[i % 4] ?? shared);
      const res = await gqlAt<{ postPayment: { transactionId: string } }>(urls[(i + 1) % 2] ?? '', staff, POST_PAYMENT, {
        input: { accountId: account.id, amountCents: 100 + i, paymentDate: today, method: 'card', clientReference: `concurrent-${i}` },
      });
      expect(res.errors, JSON.stringify(res.errors)).toBeUndefined();
      return res.data?.postPayment.transactionId ?? '';
    });
    const [ids, transactions] = await Promise.all([inParallel(tickets, 8), inParallel(postings, 8)]);

    const rows = await server.db.query<{ action: string; record_id: string }>(`SELECT action, record_id FROM audit_log WHERE seq > $1 ORDER BY audit_log.seq`, [before]);
    const created = rows.filter((r) => r.action === 'data.create').map((r) => r.record_id);
    expect(created.sort()).toEqual([...ids].sort());
    const posted = rows.filter((r) => r.action === 'desk.payment_posted');
    expect(posted).toHaveLength(2 * transactions.length);
    for (const id of transactions) expect(posted.map((r) => r.record_id)).toContain(id);

    const [span] = await server.db.query<{ n: string; low: string; high: string }>('SELECT count(*)::text AS n, min(seq)::text AS low, max(seq)::text AS high FROM audit_log');
    expect(Number(span?.n)).toBe(Number(span?.high) - Number(span?.low) + 1);
    const report = await verifyAuditChain(server.db);
    expect(report.problem).toBeUndefined();
    expect(report.rows).toBe(Number(span?.n));
  }, 120_000);
});

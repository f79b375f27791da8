// The audit trail's own guarantees, on the real server and both databases: rows hash-chained in
// order; the table append-only; edits, deletions and insertions found by the verification (the
// library and `cli audit verify`); each row committed with its change or not at all; retention
// pruning that keeps what remains verifiable.
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../src/admin/cli-commands.js';
import { pruneAuditLog } from '../../src/audit/audit-retention.js';
import { verifyAuditChain } from '../../src/audit/audit-verify.js';
import { AUTH_TEST_ENV, advance, createTestUser, signInWithTotp } from '../auth/auth-fixtures.js';
import { BOTH_DATABASES, issueTokensFor, startTestServer, TEST_POSTGRES_URL, type TestServer } from '../harness.js';
import { auditRows, entriesOf, tamper, withToken } from './audit-fixtures.js';

describe.each(BOTH_DATABASES)('the audit trail (%s)', (database) => {
  let server: TestServer;
  let admin: string;

  /** `cli audit verify` on this server's PostgreSQL schema (PGlite in memory is not reachable from another open). */
  const cliVerify = async (...extra: string[]): Promise<{ code: number; output: string }> => {
    const lines: string[] = [];
    const code = await runCli(['audit', 'verify', ...extra], { DATABASE_URL: TEST_POSTGRES_URL, DATABASE_SCHEMA: server.schema, LOG_LEVEL: 'silent', SEED_DEMO: 'false' }, (l) => lines.push(l));
    return { code, output: lines.join('\n') };
  };

  beforeAll(async () => {
    server = await startTestServer({ database, env: AUTH_TEST_ENV });
    admin = (await issueTokensFor(server, 'admin')).AccessToken;
    // Some history: admin actions through the admin API and a sign-in with MFA.
    expect((await withToken(server, admin, 'POST', '/admin/createUser', { username: 'audited', attributes: { email: 'audited@example.com' }, suppressInvitation: true })).status).toBe(200);
    expect((await withToken(server, admin, 'POST', '/admin/disableUser', { username: 'audited' })).status).toBe(200);
    await signInWithTotp(server, await createTestUser(server, { mfa: 'totp' }));
  });
  afterAll(async () => server.close());

  it('chains each row to the one before it: SHA-256(previous hash, seq, entry), from the genesis to the head', async () => {
    const rows = await server.db.query<{ seq: string; prev_hash: Uint8Array; hash: Uint8Array; entry: string }>('SELECT seq::text AS seq, prev_hash, hash, entry::text AS entry FROM audit_log ORDER BY audit_log.seq');
    expect(rows.length).toBeGreaterThanOrEqual(3);
    let previous = Buffer.alloc(32);
    rows.forEach((row, index) => {
      expect(Number(row.seq)).toBe(index + 1);
      expect(Buffer.from(row.prev_hash).equals(previous)).toBe(true);
      const hash = createHash('sha256').update(previous).update(`${row.seq}\n${row.entry}`).digest();
      expect(Buffer.from(row.hash).equals(hash)).toBe(true);
      previous = hash;
    });
    const [head] = await server.db.query<{ seq: string; hash: Uint8Array }>(`SELECT seq::text AS seq, hash FROM audit_chain WHERE name = 'head'`);
    expect(head?.seq).toBe(rows.at(-1)?.seq);
    expect(Buffer.from(head?.hash ?? []).equals(previous)).toBe(true);
    const report = await verifyAuditChain(server.db);
    expect(report.problem).toBeUndefined();
    expect(report.rows).toBe(rows.length);
  });

  // Threat: application code (or an SQL injection through it) quietly rewriting or dropping history.
  it('refuses to update, delete or truncate its rows', async () => {
    await expect(server.db.query(`UPDATE audit_log SET action = 'sign_in'`)).rejects.toThrow(/append-only/);
    await expect(server.db.query('DELETE FROM audit_log')).rejects.toThrow(/append-only/);
    await expect(server.db.query('TRUNCATE audit_log')).rejects.toThrow(/append-only/);
    expect((await verifyAuditChain(server.db)).problem).toBeUndefined();
  });

  // Threat: someone with write access to the database (past the trigger) edits who did what.
  it('names an edited row', async () => {
    const [target] = await auditRows(server, ['admin.user.disabled']);
    if (target === undefined) throw new Error('no admin.user.disabled row');
    const [saved] = await server.db.query<{ entry: string }>('SELECT entry::text AS entry FROM audit_log WHERE seq = $1', [target.seq]);
    await tamper(server, `UPDATE audit_log SET entry = jsonb_set(entry, '{actor,name}', '"somebody-else"') WHERE seq = $1`, [target.seq]);
    try {
      const report = await verifyAuditChain(server.db);
      expect(report.problem?.seq).toBe(BigInt(target.seq));
      expect(report.problem?.problem).toMatch(/hash does not match/);
      if (database === 'postgres') {
        const cli = await cliVerify();
        expect(cli.code).toBe(1);
        expect(cli.output).toContain(`BROKEN at row ${target.seq}`);
      }
      // A derived column edited alone (the entry left as it was) is found too.
      await tamper(server, 'UPDATE audit_log SET entry = $2::jsonb, actor_name = $3 WHERE seq = $1', [target.seq, saved?.entry, 'somebody-else']);
      expect((await verifyAuditChain(server.db)).problem).toMatchObject({ seq: BigInt(target.seq), problem: expect.stringMatching(/actor_name/) as unknown });
    } finally {
      await tamper(server, 'UPDATE audit_log SET entry = $2::jsonb, actor_name = $2::jsonb->\'actor\'->>\'name\' WHERE seq = $1', [target.seq, saved?.entry]);
    }
    expect((await verifyAuditChain(server.db)).problem).toBeUndefined();
  });

  it('names the row after a deleted one, and a deleted last row', async () => {
    const rows = await auditRows(server);
    const middle = rows[1];
    const last = rows.at(-1);
    if (middle === undefined || last === undefined) throw new Error('too few rows');
    const copy = async (seq: number) => (await server.db.query<Record<string, unknown>>('SELECT * FROM audit_log WHERE seq = $1', [seq]))[0];
    const restore = async (row: Record<string, unknown> | undefined) => {
      if (row === undefined) return;
      const columns = Object.keys(row);
      await tamper(server, `INSERT INTO audit_log (${columns.join(', ')}) VALUES (${columns.map((_c, i) => `$${i + 1}`).join(', ')})`, columns.map((c) => row[c]));
    };
    const savedMiddle = await copy(middle.seq);
    await tamper(server, 'DELETE FROM audit_log WHERE seq = $1', [middle.seq]);
    try {
      expect((await verifyAuditChain(server.db)).problem).toMatchObject({ seq: BigInt(middle.seq + 1), problem: expect.stringMatching(new RegExp(`row ${middle.seq} is missing`)) as unknown });
    } finally {
      await restore(savedMiddle);
    }
    const savedLast = await copy(last.seq);
    await tamper(server, 'DELETE FROM audit_log WHERE seq = $1', [last.seq]);
    try {
      expect((await verifyAuditChain(server.db)).problem).toMatchObject({ seq: BigInt(last.seq), problem: expect.stringMatching(/missing/) as unknown });
    } finally {
      await restore(savedLast);
    }
    expect((await verifyAuditChain(server.db)).problem).toBeUndefined();
  });

  it('names an inserted row', async () => {
    const last = (await auditRows(server)).at(-1);
    if (last === undefined) throw new Error('no rows');
    // A forged row after the last, its chain hash computed right, but the head never moved.
    await tamper(
      server,
      `INSERT INTO audit_log (seq, at, action, outcome, actor_sub, actor_name, subject_sub, subject_name, record_type, record_id, search_keys, entry, prev_hash, hash)
       SELECT seq + 1, at, action, outcome, actor_sub, actor_name, subject_sub, subject_name, record_type, record_id, search_keys, entry, hash,
              sha256(hash || convert_to((seq + 1)::text || E'\\n' || entry::text, 'UTF8')) FROM audit_log WHERE seq = $1`,
      [last.seq],
    );
    try {
      expect((await verifyAuditChain(server.db)).problem).toMatchObject({ seq: BigInt(last.seq + 1), problem: expect.stringMatching(/past the chain's head/) as unknown });
    } finally {
      await tamper(server, 'DELETE FROM audit_log WHERE seq = $1', [last.seq + 1]);
    }
    expect((await verifyAuditChain(server.db)).problem).toBeUndefined();
    if (database === 'postgres') {
      const cli = await cliVerify();
      expect(cli.code).toBe(0);
      expect(cli.output).toMatch(/Audit trail: OK/);
      // A head noted earlier must still be on the chain.
      const head = /Head: (\d+:[0-9a-f]{64})/.exec(cli.output)?.[1] ?? '';
      expect((await cliVerify('--expect', head)).code).toBe(0);
      // A different head: its first hash digit changed (to 0, or to 1 when it already is 0).
      expect((await cliVerify('--expect', head.replace(/:(.)/, (_m, digit: string) => (digit === '0' ? ':1' : ':0')))).code).toBe(1);
    }
  });

  // Threat: SQL injection through a recorded value — the append goes with the COMMIT as a script
  // without parameters, each entry in a dollar-quoted literal.
  it('stores any text as given, quotes, dollars and backslashes included, through the append sent with the commit', async () => {
    const nasty = `'; DROP TABLE audit_log; -- $$ $audit_0123456789abcdef$ \\ "quoted" \u00e9`;
    await server.app.steward.audit.transaction(async (_tx, audit) => {
      audit.record({ action: 'admin.group.created', actor: { kind: 'cli', name: 'cli' }, subject: { name: 'quoting' }, details: { note: nasty } });
    });
    const [row] = (await auditRows(server)).filter((r) => r.entry.subject?.name === 'quoting');
    expect(row?.entry.details?.note).toBe(nasty);
    expect((await verifyAuditChain(server.db)).problem).toBeUndefined();
  });

  it('leaves no row when the change rolls back, even after its row was appended', async () => {
    const before = (await auditRows(server)).length;
    await expect(
      server.db.transaction(async (tx) => {
        await server.app.steward.audit.append(tx, { action: 'admin.user.enabled', actor: { kind: 'cli', name: 'cli' }, subject: { name: 'rolled-back' } });
        throw new Error('the change failed after its audit row');
      }),
    ).rejects.toThrow(/failed after/);
    expect((await auditRows(server)).length).toBe(before);
    expect((await verifyAuditChain(server.db)).problem).toBeUndefined();
  });

  it('commits a change and its row together: when the commit fails, neither is there', async () => {
    // A deferred check that refuses, at commit time, the commit of an admin.user.enabled row or of a successful sign-in.
    await server.db.exec(`
      CREATE FUNCTION test_refuse_commit() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'commit refused by the test'; END $$;
      CREATE CONSTRAINT TRIGGER test_refuse_commit AFTER INSERT ON audit_log DEFERRABLE INITIALLY DEFERRED
        FOR EACH ROW WHEN (NEW.action = 'admin.user.enabled' OR (NEW.action = 'sign_in' AND NEW.outcome = 'success')) EXECUTE FUNCTION test_refuse_commit();`);
    try {
      const enable = await withToken(server, admin, 'POST', '/admin/enableUser', { username: 'audited' });
      expect(enable.status).toBe(500);
      const [user] = await server.db.query<{ enabled: boolean }>(`SELECT enabled FROM users WHERE username = 'audited'`);
      expect(user?.enabled).toBe(false);
      expect(await entriesOf(server, 'admin.user.enabled')).toEqual([]);
      // A sign-in's tokens and its row are one statement: no row, no sign-in.
      const signer = await createTestUser(server, { mfa: 'totp' });
      await expect(signInWithTotp(server, signer)).rejects.toThrow();
      expect(await server.db.query('SELECT 1 FROM refresh_tokens WHERE user_sub = $1', [signer.sub])).toEqual([]);
    } finally {
      await server.db.exec('DROP TRIGGER test_refuse_commit ON audit_log; DROP FUNCTION test_refuse_commit();');
    }
    expect((await withToken(server, admin, 'POST', '/admin/enableUser', { username: 'audited' })).status).toBe(200);
    expect(await entriesOf(server, 'admin.user.enabled')).toHaveLength(1);
    expect((await verifyAuditChain(server.db)).problem).toBeUndefined();
  });

  it.runIf(database === 'postgres')('records admin actions made through the CLI, as the CLI', async () => {
    const lines: string[] = [];
    const env = { DATABASE_URL: TEST_POSTGRES_URL, DATABASE_SCHEMA: server.schema, LOG_LEVEL: 'silent', SEED_DEMO: 'false' };
    expect(await runCli(['set-session-length-max', '--seconds', '3600'], env, (l) => lines.push(l))).toBe(0);
    expect(await runCli(['add-to-group', '--username', 'audited', '--group', 'Admins'], env, (l) => lines.push(l))).toBe(0);
    expect((await entriesOf(server, 'admin.session_policy.set')).at(-1)).toMatchObject({ actor: { kind: 'cli', name: 'cli' }, changes: { maxSessionLengthSeconds: { after: 3600 } } });
    expect((await entriesOf(server, 'admin.group.member_added')).at(-1)).toMatchObject({ actor: { kind: 'cli' }, subject: { name: 'audited' }, details: { group: 'Admins' } });
    expect((await verifyAuditChain(server.db)).problem).toBeUndefined();
  });

  it('prunes rows past the retention as a prefix and stays verifiable from the new anchor', async () => {
    const before = await auditRows(server);
    advance(server, 40 * 86400);
    admin = (await issueTokensFor(server, 'admin')).AccessToken;
    expect((await withToken(server, admin, 'POST', '/admin/disableUser', { username: 'audited' })).status).toBe(200);
    const result = await pruneAuditLog(server.app.steward, 30);
    expect(result?.deleted).toBe(before.length);
    const after = await auditRows(server);
    expect(after.map((r) => r.entry.action)).toEqual(['admin.user.disabled', 'audit.pruned']);
    expect(after[0]?.seq).toBe((before.at(-1)?.seq ?? 0) + 1);
    const [anchor] = await server.db.query<{ seq: string }>(`SELECT seq::text AS seq FROM audit_chain WHERE name = 'anchor'`);
    expect(Number(anchor?.seq)).toBe(before.at(-1)?.seq);
    const report = await verifyAuditChain(server.db);
    expect(report.problem).toBeUndefined();
    expect(report.rows).toBe(2);
    // Nothing is old enough a second time; a row put back below the anchor is named.
    expect((await pruneAuditLog(server.app.steward, 30))?.deleted).toBe(0);
    await tamper(server, `INSERT INTO audit_log SELECT 1, at, action, outcome, actor_sub, actor_name, subject_sub, subject_name, record_type, record_id, search_keys, entry, prev_hash, hash FROM audit_log ORDER BY audit_log.seq LIMIT 1`);
    expect((await verifyAuditChain(server.db)).problem).toMatchObject({ seq: 1n, problem: expect.stringMatching(/before the anchor/) as unknown });
  });
});

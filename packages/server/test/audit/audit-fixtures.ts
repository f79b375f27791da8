// Shared by the audit trail's tests: reading the stored rows, the admin API over HTTP, and changing
// the table behind the append-only trigger's back (as someone with write access to the database could).
import type { AuditEntry } from '../../src/audit/audit-event.js';
import type { TestServer } from '../harness.js';

/** One stored row: its seq and its entry. */
export interface StoredAuditRow {
  readonly seq: number;
  readonly entry: AuditEntry;
}

/** The rows of the trail in seq order (optionally only these actions). */
export async function auditRows(server: TestServer, actions?: readonly string[]): Promise<StoredAuditRow[]> {
  const rows = await server.db.query<{ seq: string; entry: string }>(
    `SELECT seq::text AS seq, entry::text AS entry FROM audit_log ${actions === undefined ? '' : 'WHERE action = ANY($1::text[])'} ORDER BY audit_log.seq`,
    actions === undefined ? [] : [actions],
  );
  return rows.map((r) => ({ seq: Number(r.seq), entry: JSON.parse(r.entry) as AuditEntry }));
}

/** The entries of one action, oldest first. */
export async function entriesOf(server: TestServer, action: string): Promise<AuditEntry[]> {
  return (await auditRows(server, [action])).map((r) => r.entry);
}

/** Calls the server with an access token: GET with a query, POST with a JSON body. */
export async function withToken(server: TestServer, token: string | null, method: 'GET' | 'POST', path: string, body?: Record<string, unknown>): Promise<{ status: number; body: Record<string, unknown>; text: string; headers: Headers }> {
  const response = await fetch(`${server.url}${path}`, {
    method,
    headers: { ...(token !== null ? { authorization: token } : {}), ...(body !== undefined ? { 'content-type': 'application/json' } : {}), 'user-agent': 'audit-test-agent/1.0' },
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
  const text = await response.text();
  let parsed: Record<string, unknown> = {};
  try {
    parsed = JSON.parse(text) as Record<string, unknown>;
  } catch {
    parsed = {};
  }
  return { status: response.status, body: parsed, text, headers: response.headers };
}

/** Runs SQL on audit_log with its append-only trigger off, as an attacker with database access would. */
export async function tamper(server: TestServer, sql: string, params: readonly unknown[] = []): Promise<void> {
  await server.db.transaction(async (tx) => {
    await tx.query('ALTER TABLE audit_log DISABLE TRIGGER audit_log_append_only');
    await tx.query(sql, params);
    await tx.query('ALTER TABLE audit_log ENABLE TRIGGER audit_log_append_only');
  });
}

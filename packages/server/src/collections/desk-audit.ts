// The collector's desk in the audit trail: each operation records the records it created or changed
// (fields before and after) in its own transaction, after its timeline entry. Every event names the
// account as a related record, so searching the trail by the account's id finds all of them.
import type { AuditAction, AuditEvent, AuditSource, FieldChange } from '../audit/audit-event.js';
import type { AuditRecorder, AuditTrail } from '../audit/audit-trail.js';
import type { Database, Queryable } from '../db/database.js';

/** The database and, when writes are recorded, the audit trail. */
export interface AuditedDeps {
  readonly db: Database;
  readonly audit?: AuditTrail;
}

/** Who acts, as the desk's services know them (`source`: where their request came from). */
export interface AuditedActor {
  readonly sub: string;
  readonly name: string | null;
  readonly source?: AuditSource;
}

const NOTHING: AuditRecorder = { record: () => undefined };

/** Runs `fn` in one transaction, appending what it records (when the trail is on) as the last statement. */
export function deskTransaction<T>(deps: AuditedDeps, fn: (tx: Queryable, audit: AuditRecorder) => Promise<T>): Promise<T> {
  return deps.audit !== undefined ? deps.audit.transaction(fn, deps.db) : deps.db.transaction((tx) => fn(tx, NOTHING));
}

/** A desk event: `record` changed (or created) by `actor`, on `accountId`. */
export function deskEvent(
  actor: AuditedActor,
  action: AuditAction,
  record: { readonly type: string; readonly id: string },
  accountId: string | null,
  changes: Readonly<Record<string, FieldChange>> = {},
  details?: Readonly<Record<string, unknown>>,
): AuditEvent {
  return {
    action,
    actor: actor.sub === 'system' ? { kind: 'system', name: actor.name ?? 'system' } : { kind: 'user', sub: actor.sub, ...(actor.name !== null ? { name: actor.name } : {}) },
    record,
    ...(accountId !== null && !(record.type === 'AccountMdl' && record.id === accountId) ? { related: [{ type: 'AccountMdl', id: accountId }] } : {}),
    changes,
    ...(actor.source !== undefined ? { source: actor.source } : {}),
    ...(details !== undefined ? { details } : {}),
  };
}

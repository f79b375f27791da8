// The account's activity timeline (AccountActivityMdl, issue 22): every desk operation appends its entry
// in the same transaction as the change it records, so the timeline never shows a change that rolled
// back nor misses one that landed. Entries are never updated or deleted.
import { randomUUID } from 'node:crypto';
import type { Queryable } from '../../db/database.js';

/** What kinds of entry the timeline holds. */
export type ActivityKind =
  | 'call'
  | 'note'
  | 'promise'
  | 'payment'
  | 'reversal'
  | 'status'
  | 'dispute'
  | 'do_not_contact'
  | 'follow_up'
  | 'assignment'
  | 'override'
  | 'campaign_message'
  | 'import';

/** One timeline entry to append. */
export interface ActivityEntry {
  readonly accountId: string;
  readonly clientNumber: string | null;
  readonly kind: ActivityKind;
  readonly at: Date;
  /** The pool `sub` of who did it, or `system`. */
  readonly actor: string;
  readonly actorName?: string | null;
  readonly summary: string;
  readonly details?: Readonly<Record<string, unknown>>;
}

/** Appends one entry (inside the caller's transaction when `db` is one); returns its id. */
export async function appendActivity(db: Queryable, entry: ActivityEntry): Promise<string> {
  const id = randomUUID();
  await db.query(
    `INSERT INTO "AccountActivityMdl" ("id", "accountmdlID", "clientNumber", "kind", "at", "actor", "actorName", "summary", "details", "createdAt", "updatedAt")
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $5, $5)`,
    [id, entry.accountId, entry.clientNumber, entry.kind, entry.at, entry.actor, entry.actorName ?? null, entry.summary, entry.details === undefined ? null : JSON.stringify(entry.details)],
  );
  return id;
}

// Follow-ups a collector schedules and completes. AccountMdl.followUpAt is kept equal to the earliest
// open follow-up's due time in the same transaction (the queue orders by it); completing a
// broken-promise follow-up clears AccountMdl.brokenPromiseAt, as the promise has then been worked.
import { deskEvent, deskTransaction } from '../desk-audit.js';
import { fieldChanges } from '../../audit/audit-event.js';
import { randomUUID } from 'node:crypto';
import type { Queryable } from '../../db/database.js';
import { appendActivity } from '../activity/account-activity.js';
import { loadDeskAccount, optionalText } from '../desk-accounts.js';
import type { DeskActor } from '../desk-error.js';
import { DeskError } from '../desk-error.js';
import type { DeskDeps } from '../workspace/account-actions.js';

/** A follow-up as the API returns it. */
export interface FollowUpRow {
  id: string;
  accountId: string;
  assignedTo: string | null;
  dueAt: Date | string;
  reason: string;
  note: string | null;
  status: string;
  promiseId: string | null;
}

/** The SELECT list of FollowUpRow. */
export const FOLLOW_UP_COLUMNS = `"id", "accountmdlID" AS "accountId", "assignedTo", "dueAt", COALESCE("reason", 'scheduled') AS "reason", "note", COALESCE("status", 'open') AS "status", "promisemdlID" AS "promiseId"`;

/** Sets AccountMdl.followUpAt to the earliest open follow-up's due time (null when none). */
export async function refreshFollowUpAt(tx: Queryable, accountId: string): Promise<void> {
  await tx.query(
    `UPDATE "AccountMdl" SET "followUpAt" = (SELECT min("dueAt") FROM "FollowUpMdl" WHERE "accountmdlID" = $1 AND "status" = 'open') WHERE "id" = $1`,
    [accountId],
  );
}

async function loadFollowUp(tx: Queryable, id: string): Promise<FollowUpRow> {
  const rows = await tx.query<FollowUpRow>(`SELECT ${FOLLOW_UP_COLUMNS} FROM "FollowUpMdl" WHERE "id" = $1`, [id]);
  const row = rows[0];
  if (row === undefined) throw new DeskError('NOT_FOUND', `Follow-up ${id} does not exist.`);
  return row;
}

/** Schedules a follow-up on an account for its collector (the caller when the account has none). */
export async function scheduleFollowUp(deps: DeskDeps, actor: DeskActor, accountId: string, dueAtText: string, noteText: string | null | undefined): Promise<FollowUpRow> {
  const dueAt = new Date(dueAtText);
  if (!Number.isFinite(dueAt.getTime())) throw new DeskError('BAD_REQUEST', `dueAt must be a date and time, not ${JSON.stringify(dueAtText)}.`);
  const note = optionalText(noteText, 'note');
  return deskTransaction(deps, async (tx, audit) => {
    const now = deps.clock.now();
    const account = await loadDeskAccount(tx, accountId, true);
    const id = randomUUID();
    const assignedTo = account.assignedTo ?? actor.sub;
    await tx.query(
      `INSERT INTO "FollowUpMdl" ("id", "accountmdlID", "clientNumber", "fileNumber", "assignedTo", "dueAt", "reason", "note", "status", "createdBy", "createdAt", "updatedAt")
       VALUES ($1, $2, $3, $4, $5, $6, 'scheduled', $7, 'open', $8, $9, $9)`,
      [id, account.id, account.clientNumber, account.fileNumber, assignedTo, dueAt, note, actor.sub, now],
    );
    await refreshFollowUpAt(tx, account.id);
    await tx.query(`UPDATE "AccountMdl" SET "_version" = "_version" + 1, "updatedAt" = $2 WHERE "id" = $1`, [account.id, now]);
    await appendActivity(tx, {
      accountId: account.id,
      clientNumber: account.clientNumber,
      kind: 'follow_up',
      at: now,
      actor: actor.sub,
      actorName: actor.name,
      summary: `Follow-up scheduled for ${dueAt.toISOString()}${note === null ? '' : `: ${note}`}`,
      details: { followUpId: id, dueAt: dueAt.toISOString(), note, assignedTo, status: 'open' },
    });
    audit.record(deskEvent(actor, 'desk.follow_up_scheduled', { type: 'FollowUpMdl', id }, account.id, fieldChanges(null, { dueAt: dueAt.toISOString(), note, assignedTo, status: 'open' })));
    return loadFollowUp(tx, id);
  });
}

/** Completes an open follow-up (a done one is returned unchanged). */
export async function completeFollowUp(deps: DeskDeps, actor: DeskActor, id: string, noteText: string | null | undefined): Promise<FollowUpRow> {
  const note = optionalText(noteText, 'note');
  return deskTransaction(deps, async (tx, audit) => {
    const now = deps.clock.now();
    const found = await loadFollowUp(tx, id);
    const account = await loadDeskAccount(tx, found.accountId, true);
    const current = await loadFollowUp(tx, id);
    if (current.status !== 'open') return current;
    await tx.query(
      `UPDATE "FollowUpMdl" SET "status" = 'done', "doneAt" = $2, "doneBy" = $3, "note" = COALESCE($4, "note"), "_version" = "_version" + 1, "updatedAt" = $2 WHERE "id" = $1`,
      [id, now, actor.sub, note],
    );
    await refreshFollowUpAt(tx, account.id);
    const clearsBroken = current.reason === 'broken_promise';
    audit.record(deskEvent(actor, 'desk.follow_up_completed', { type: 'FollowUpMdl', id }, account.id, { status: { before: current.status, after: 'done' }, ...(note !== null ? { note: { before: current.note, after: note } } : {}) }));
    await tx.query(
      `UPDATE "AccountMdl" SET "brokenPromiseAt" = CASE WHEN $3 THEN NULL ELSE "brokenPromiseAt" END, "_version" = "_version" + 1, "updatedAt" = $2 WHERE "id" = $1`,
      [account.id, now, clearsBroken],
    );
    await appendActivity(tx, {
      accountId: account.id,
      clientNumber: account.clientNumber,
      kind: 'follow_up',
      at: now,
      actor: actor.sub,
      actorName: actor.name,
      summary: `Follow-up done${note === null ? '' : `: ${note}`}`,
      details: { followUpId: id, reason: current.reason, status: 'done', note, clearedBrokenPromise: clearsBroken },
    });
    return loadFollowUp(tx, id);
  });
}

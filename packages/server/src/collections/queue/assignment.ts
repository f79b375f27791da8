// Supervisors assign accounts to collectors in bulk, and list the collectors with their loads.
import { deskEvent, deskTransaction } from '../desk-audit.js';
import type { AuditTrail } from '../../audit/audit-trail.js';
import type { Database, Queryable } from '../../db/database.js';
import type { Clock } from '../../time/clock.js';
import { appendActivity } from '../activity/account-activity.js';
import type { DeskActor } from '../desk-error.js';
import { DeskError } from '../desk-error.js';

/** Most accounts one assignAccounts call takes. */
export const MAX_ASSIGN_ACCOUNTS = 1000;

/** A collector (staff user) and how many open and closed accounts are assigned to them. */
export interface CollectorRow {
  sub: string;
  username: string;
  name: string | null;
  assigned: number;
}

/**
 * Staff users (UserMdl userType staff, and pool users in the Admins or Staff group when the pool's
 * tables are there) with their assigned account counts.
 */
export async function listCollectors(db: Queryable, actor: DeskActor): Promise<CollectorRow[]> {
  if (!actor.supervisor) throw new DeskError('NOT_AUTHORIZED', 'Only a supervisor may list the collectors.');
  const rows = await db.query<{ sub: string; username: string | null; name: string | null; assigned: number }>(
    `SELECT u."userId" AS "sub",
            (SELECT p.username FROM users p WHERE p.sub::text = u."userId" LIMIT 1) AS "username",
            NULLIF(trim(concat_ws(' ', u."firstName", u."lastName")), '') AS "name",
            (SELECT count(*)::int FROM "AccountMdl" a WHERE a."assignedTo" = u."userId") AS "assigned"
       FROM "UserMdl" u WHERE lower(u."userType") = 'staff' ORDER BY u."userId"`,
  );
  return rows.map((r) => ({ sub: r.sub, username: r.username ?? r.sub, name: r.name, assigned: Number(r.assigned) }));
}

/** Assigns (or with null unassigns) accounts; returns how many changed; one activity entry per changed account. */
export async function assignAccounts(deps: { readonly db: Database; readonly clock: Clock; readonly audit?: AuditTrail }, actor: DeskActor, accountIds: readonly string[], collector: string | null): Promise<number> {
  if (!actor.supervisor) throw new DeskError('NOT_AUTHORIZED', 'Only a supervisor may assign accounts.');
  const ids = [...new Set(accountIds)];
  if (ids.length > MAX_ASSIGN_ACCOUNTS) throw new DeskError('BAD_REQUEST', `At most ${MAX_ASSIGN_ACCOUNTS} accounts per call.`);
  const target = collector === null || collector.trim() === '' ? null : collector.trim();
  return deskTransaction(deps, async (tx, audit) => {
    const now = deps.clock.now();
    if (target !== null) {
      const known = await tx.query<{ userId: string }>(`SELECT "userId" FROM "UserMdl" WHERE "userId" = $1 AND lower("userType") = 'staff' LIMIT 1`, [target]);
      if (known.length === 0) throw new DeskError('BAD_REQUEST', `${target} is not a staff user.`);
    }
    const changed = await tx.query<{ id: string; clientNumber: string | null; fileNumber: string | null; before: string | null }>(
      `UPDATE "AccountMdl" a SET "assignedTo" = $2, "_version" = a."_version" + 1, "updatedAt" = $3
         FROM (SELECT "id", "assignedTo" AS "before" FROM "AccountMdl" WHERE "id" = ANY($1::text[]) AND "assignedTo" IS DISTINCT FROM $2 ORDER BY "id" FOR UPDATE) old
        WHERE a."id" = old."id"
        RETURNING a."id", a."clientNumber", a."fileNumber", old."before"`,
      [ids, target, now],
    );
    for (const row of changed) {
      await appendActivity(tx, {
        accountId: row.id,
        clientNumber: row.clientNumber,
        kind: 'assignment',
        at: now,
        actor: actor.sub,
        actorName: actor.name,
        summary: target === null ? 'Unassigned' : `Assigned to ${target}`,
        details: { from: row.before, to: target },
      });
      audit.record(deskEvent(actor, 'desk.account_assigned', { type: 'AccountMdl', id: row.id }, row.id, { assignedTo: { before: row.before, after: target } }));
    }
    return changed.length;
  });
}

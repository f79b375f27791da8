// Keeps the user pool manageable: an administrator may not lock themselves out (disable, delete or
// demote their own account), and no change may leave the pool without an enabled member of Admins.
// Every path that can do so (Admin* operations behind the JSON endpoint, the admin REST API and the
// CLI, and self-service DeleteUser) goes through here.
import type { Queryable } from '../../db/database.js';
import { fail } from '../../errors/catalogue.js';
import type { OperationContext } from '../operations/operation-context.js';
import type { UserRecord } from '../users/user-repository.js';

/** The group whose enabled members administer the pool (the admin API's and the data API's Admins). */
export const ADMINS_GROUP = 'Admins';

/** A change that takes administrator rights away from an account. */
export type AdminRightsChange = 'disable' | 'delete' | 'leave-admins';

const SELF_MESSAGES: Record<Exclude<AdminRightsChange, 'delete'>, string> = {
  disable: 'An administrator cannot disable their own account.',
  'leave-admins': 'An administrator cannot remove their own account from the Admins group.',
};

/** Refuses an Admins-group caller (admin REST API) taking administrator rights from their own account. */
export function refuseSelfLockout(ctx: OperationContext, target: UserRecord, change: AdminRightsChange): void {
  if (ctx.caller.kind !== 'admin-user' || ctx.caller.sub !== target.sub) return;
  if (change === 'delete') throw fail('SelfDeletionNotAllowedException');
  throw fail('SelfLockoutNotAllowedException', SELF_MESSAGES[change]);
}

/**
 * Runs `change` in one transaction that first locks the pool's row and refuses the change when
 * `target` is the pool's last enabled member of Admins. The lock serialises such changes per pool,
 * so two admins disabling each other at once cannot both see the other as still enabled.
 */
export async function keepingAnEnabledAdmin<T>(ctx: OperationContext, target: UserRecord, change: (tx: Queryable) => Promise<T>): Promise<T> {
  return ctx.db.transaction(async (tx) => {
    await tx.query('SELECT id FROM user_pools WHERE id = $1 FOR UPDATE', [target.poolId]);
    const rows = await tx.query<{ target_is_admin: boolean; others: number }>(
      `SELECT EXISTS (SELECT 1 FROM users u JOIN group_members m ON m.user_sub = u.sub
                       WHERE u.sub = $2 AND u.enabled AND m.pool_id = $1 AND m.group_name = $3) AS target_is_admin,
              (SELECT count(*)::int FROM users u JOIN group_members m ON m.user_sub = u.sub
                WHERE u.sub <> $2 AND u.enabled AND m.pool_id = $1 AND m.group_name = $3) AS others`,
      [target.poolId, target.sub, ADMINS_GROUP],
    );
    const row = rows[0];
    if (row !== undefined && row.target_is_admin && Number(row.others) === 0) throw fail('LastAdministratorException');
    return change(tx);
  });
}

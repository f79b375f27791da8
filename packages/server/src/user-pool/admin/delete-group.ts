import { operationEvent } from '../../audit/operation-audit.js';
import { fail } from '../../errors/catalogue.js';
import { processRevocations } from '../../tokens/revocation-feed.js';
import { defineOperation } from '../operations/operation.js';
import { requireGroup, requirePool } from '../pools/pool-repository.js';
import { object, userPoolIdSchema } from '../wire/input-schema.js';
import { ADMINS_GROUP } from './admin-safeguards.js';
import { groupNameSchema } from './admin-groups.js';

/**
 * DeleteGroup: the group and its memberships go; the members stay. The Admins group cannot be
 * deleted: it would leave the pool without administrators (LastAdministratorException).
 */
export const deleteGroup = defineOperation('DeleteGroup', object({ UserPoolId: userPoolIdSchema, GroupName: groupNameSchema }), { access: 'admin' })
  .step('pool', (ctx, i) => requirePool(ctx.db, i.UserPoolId))
  .step('group', (ctx, i, s) => requireGroup(ctx.db, s.pool.id, i.GroupName))
  .do('refuse deleting Admins', (_ctx, _i, s) => {
    if (s.group.name === ADMINS_GROUP) throw fail('LastAdministratorException', 'The Admins group cannot be deleted: the pool would have no administrators.');
  })
  // The memberships and the group go in one transaction, with the trail's event.
  .step('members', (ctx, _i, s) =>
    ctx.audit.change(
      async (tx) => {
        const members = await tx.query<{ user_sub: string }>('DELETE FROM group_members WHERE pool_id = $1 AND group_name = $2 RETURNING user_sub', [s.pool.id, s.group.name]);
        await tx.query('DELETE FROM groups WHERE pool_id = $1 AND name = $2', [s.pool.id, s.group.name]);
        return members;
      },
      (members) => operationEvent(ctx, 'admin.group.deleted', undefined, { record: { type: 'group', id: s.group.name }, details: { members: members.length } }),
    ),
  )
  // The data API caches callers' groups for a few seconds: the change applies in this process at once.
  .do('announce the change', (_ctx, _i, s) => {
    for (const member of s.members) processRevocations.publish({ sub: member.user_sub });
  })
  .respond(() => ({}));

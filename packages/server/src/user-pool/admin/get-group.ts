import { defineOperation } from '../operations/operation.js';
import { requireGroup, requirePool } from '../pools/pool-repository.js';
import { object, userPoolIdSchema } from '../wire/input-schema.js';
import { groupNameSchema, toGroupType } from './admin-groups.js';

/** GetGroup: the group as GroupType (ResourceNotFoundException for an unknown pool or group). */
export const getGroup = defineOperation('GetGroup', object({ UserPoolId: userPoolIdSchema, GroupName: groupNameSchema }), { access: 'admin' })
  .step('pool', (ctx, i) => requirePool(ctx.db, i.UserPoolId))
  .step('group', (ctx, i, s) => requireGroup(ctx.db, s.pool.id, i.GroupName))
  .respond((_ctx, _i, s) => ({ Group: toGroupType(s.group) }));

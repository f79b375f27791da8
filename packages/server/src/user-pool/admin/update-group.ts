import { defineOperation } from '../operations/operation.js';
import { requireGroup, requirePool } from '../pools/pool-repository.js';
import { integer, object, optional, string, userPoolIdSchema } from '../wire/input-schema.js';
import { groupNameSchema, toGroupType } from './admin-groups.js';

/** UpdateGroup: changes only the members given (Description, Precedence, RoleArn), as Cognito does. */
export const updateGroup = defineOperation(
  'UpdateGroup',
  object({
    UserPoolId: userPoolIdSchema,
    GroupName: groupNameSchema,
    Description: optional(string({ max: 2048 })),
    Precedence: optional(integer(0, 2147483647)),
    RoleArn: optional(string({ min: 20, max: 2048 })),
  }),
  { access: 'admin' },
)
  .step('pool', (ctx, i) => requirePool(ctx.db, i.UserPoolId))
  .step('before', (ctx, i, s) => requireGroup(ctx.db, s.pool.id, i.GroupName))
  .do('update the group', (ctx, i, s) =>
    ctx.db.query('UPDATE groups SET description = $3, precedence = $4, role_arn = $5, updated_at = $6 WHERE pool_id = $1 AND name = $2', [
      s.pool.id,
      s.before.name,
      i.Description ?? s.before.description,
      i.Precedence ?? s.before.precedence,
      i.RoleArn ?? s.before.roleArn,
      ctx.clock.now(),
    ]),
  )
  .step('group', (ctx, _i, s) => requireGroup(ctx.db, s.pool.id, s.before.name))
  .respond((_ctx, _i, s) => ({ Group: toGroupType(s.group) }));

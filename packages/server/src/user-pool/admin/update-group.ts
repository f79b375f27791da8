import { fieldChanges } from '../../audit/audit-event.js';
import { operationEvent } from '../../audit/operation-audit.js';
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
  .do('update the group', (ctx, i, s) => {
    const after = { description: i.Description ?? s.before.description, precedence: i.Precedence ?? s.before.precedence, roleArn: i.RoleArn ?? s.before.roleArn };
    return ctx.audit.change(
      (tx) =>
        tx.query('UPDATE groups SET description = $3, precedence = $4, role_arn = $5, updated_at = $6 WHERE pool_id = $1 AND name = $2', [
          s.pool.id,
          s.before.name,
          after.description,
          after.precedence,
          after.roleArn,
          ctx.clock.now(),
        ]),
      () =>
        operationEvent(ctx, 'admin.group.updated', undefined, {
          record: { type: 'group', id: s.before.name },
          changes: fieldChanges({ description: s.before.description, precedence: s.before.precedence, roleArn: s.before.roleArn }, after),
        }),
    );
  })
  .step('group', (ctx, _i, s) => requireGroup(ctx.db, s.pool.id, s.before.name))
  .respond((_ctx, _i, s) => ({ Group: toGroupType(s.group) }));

import { fieldChanges } from '../../audit/audit-event.js';
import { operationEvent } from '../../audit/operation-audit.js';
import { isUniqueViolation, type Queryable } from '../../db/database.js';
import { fail } from '../../errors/catalogue.js';
import { epochSeconds } from '../../time/clock.js';
import { processRevocations } from '../../tokens/revocation-feed.js';
import { defineOperation } from '../operations/operation.js';
import { requireGroup, requirePool, toGroup, type GroupRecord } from '../pools/pool-repository.js';
import { userFromRow } from '../users/user-repository.js';
import { toUserType } from '../users/user-shapes.js';
import { integer, object, optional, string, userPoolIdSchema, usernameSchema } from '../wire/input-schema.js';
import { ADMINS_GROUP, keepingAnEnabledAdmin, refuseSelfLockout } from './admin-safeguards.js';
import { adminTarget } from './admin-target.js';

/** GroupNameType: 1–128 printable characters. */
export const groupNameSchema = string({ min: 1, max: 128, pattern: /^[\p{L}\p{M}\p{S}\p{N}\p{P}]+$/u });

/** Cognito's GroupType. */
export function toGroupType(g: GroupRecord) {
  return {
    GroupName: g.name,
    UserPoolId: g.poolId,
    ...(g.description !== null ? { Description: g.description } : {}),
    ...(g.precedence !== null ? { Precedence: g.precedence } : {}),
    ...(g.roleArn !== null ? { RoleArn: g.roleArn } : {}),
    CreationDate: epochSeconds(g.createdAt),
    LastModifiedDate: epochSeconds(g.updatedAt),
  };
}

function offsetToken(token: string | undefined): number {
  if (token === undefined) return 0;
  const n = Number(Buffer.from(token, 'base64url').toString('utf8'));
  if (!Number.isInteger(n) || n < 0) throw fail('InvalidParameterException', 'Invalid pagination token.');
  return n;
}
const nextToken = (offset: number): string => Buffer.from(String(offset)).toString('base64url');

const membership = object({ UserPoolId: userPoolIdSchema, Username: usernameSchema, GroupName: groupNameSchema });

/** AdminAddUserToGroup (idempotent). */
export const adminAddUserToGroup = defineOperation('AdminAddUserToGroup', membership, { access: 'admin' })
  .step('target', (ctx, i) => adminTarget(ctx, i.UserPoolId, i.Username))
  .step('group', (ctx, i) => requireGroup(ctx.db, i.UserPoolId, i.GroupName))
  .do('add the membership', (ctx, _i, s) =>
    ctx.audit.change(
      (tx) =>
        tx.query('INSERT INTO group_members (pool_id, group_name, user_sub, added_at) VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING RETURNING 1', [
          s.group.poolId,
          s.group.name,
          s.target.user.sub,
          ctx.clock.now(),
        ]),
      // Idempotent: adding a member again changes nothing and records nothing.
      (added) => (added.length > 0 ? operationEvent(ctx, 'admin.group.member_added', s.target.user, { details: { group: s.group.name } }) : undefined),
    ),
  )
  // The data API caches callers' groups for a few seconds: the change applies in this process at once.
  .do('announce the change', (_ctx, _i, s) => processRevocations.publish({ sub: s.target.user.sub }))
  .respond(() => ({}));

/** AdminRemoveUserFromGroup (idempotent). */
export const adminRemoveUserFromGroup = defineOperation('AdminRemoveUserFromGroup', membership, { access: 'admin' })
  .step('target', (ctx, i) => adminTarget(ctx, i.UserPoolId, i.Username))
  .step('group', (ctx, i) => requireGroup(ctx.db, i.UserPoolId, i.GroupName))
  .do('refuse leaving Admins yourself', (ctx, _i, s) => {
    if (s.group.name === ADMINS_GROUP) refuseSelfLockout(ctx, s.target.user, 'leave-admins');
  })
  .do('remove the membership, keeping an enabled admin', (ctx, _i, s) => {
    const remove = (q: Queryable) =>
      ctx.audit.within(
        q,
        (tx) => tx.query('DELETE FROM group_members WHERE pool_id = $1 AND group_name = $2 AND user_sub = $3 RETURNING 1', [s.group.poolId, s.group.name, s.target.user.sub]),
        (removed) => (removed.length > 0 ? operationEvent(ctx, 'admin.group.member_removed', s.target.user, { details: { group: s.group.name } }) : undefined),
      );
    return s.group.name === ADMINS_GROUP ? keepingAnEnabledAdmin(ctx, s.target.user, remove) : ctx.db.transaction(remove);
  })
  // The data API caches callers' groups for a few seconds: the removal applies in this process at once.
  .do('announce the change', (_ctx, _i, s) => processRevocations.publish({ sub: s.target.user.sub }))
  .respond(() => ({}));

/** AdminListGroupsForUser. */
export const adminListGroupsForUser = defineOperation(
  'AdminListGroupsForUser',
  object({ UserPoolId: userPoolIdSchema, Username: usernameSchema, Limit: optional(integer(0, 60)), NextToken: optional(string({ min: 1, max: 256 })) }),
  { access: 'admin' },
)
  .step('target', (ctx, i) => adminTarget(ctx, i.UserPoolId, i.Username))
  .step('page', async (ctx, i, s) => {
    const limit = i.Limit === undefined || i.Limit === 0 ? 60 : i.Limit;
    const offset = offsetToken(i.NextToken);
    const rows = await ctx.db.query(
      `SELECT g.* FROM group_members m JOIN groups g ON g.pool_id = m.pool_id AND g.name = m.group_name
        WHERE m.user_sub = $1 ORDER BY g.precedence NULLS LAST, g.name LIMIT $2 OFFSET $3`,
      [s.target.user.sub, limit + 1, offset],
    );
    return { groups: rows.slice(0, limit).map(toGroup), more: rows.length > limit, offset: offset + limit };
  })
  .respond((_ctx, _i, s) => ({ Groups: s.page.groups.map(toGroupType), ...(s.page.more ? { NextToken: nextToken(s.page.offset) } : {}) }));

/** CreateGroup. */
export const createGroup = defineOperation(
  'CreateGroup',
  object({ UserPoolId: userPoolIdSchema, GroupName: groupNameSchema, Description: optional(string({ max: 2048 })), Precedence: optional(integer(0, 2147483647)), RoleArn: optional(string({ min: 20, max: 2048 })) }),
  { access: 'admin' },
)
  .step('pool', (ctx, i) => requirePool(ctx.db, i.UserPoolId))
  .do('insert the group', async (ctx, i, s) => {
    const now = ctx.clock.now();
    try {
      await ctx.audit.change(
        (tx) =>
          tx.query('INSERT INTO groups (pool_id, name, description, precedence, role_arn, created_at, updated_at) VALUES ($1, $2, $3, $4, $5, $6, $6)', [
            s.pool.id,
            i.GroupName,
            i.Description ?? null,
            i.Precedence ?? null,
            i.RoleArn ?? null,
            now,
          ]),
        () => operationEvent(ctx, 'admin.group.created', undefined, { record: { type: 'group', id: i.GroupName }, changes: fieldChanges(null, { description: i.Description, precedence: i.Precedence }) }),
      );
    } catch (error) {
      if (isUniqueViolation(error)) throw fail('GroupExistsException', 'A group with the name already exists.');
      throw error;
    }
  })
  .step('group', (ctx, i) => requireGroup(ctx.db, i.UserPoolId, i.GroupName))
  .respond((_ctx, _i, s) => ({ Group: toGroupType(s.group) }));

/** ListGroups. */
export const listGroups = defineOperation(
  'ListGroups',
  object({ UserPoolId: userPoolIdSchema, Limit: optional(integer(0, 60)), NextToken: optional(string({ min: 1, max: 256 })) }),
  { access: 'admin' },
)
  .step('pool', (ctx, i) => requirePool(ctx.db, i.UserPoolId))
  .step('page', async (ctx, i, s) => {
    const limit = i.Limit === undefined || i.Limit === 0 ? 60 : i.Limit;
    const offset = offsetToken(i.NextToken);
    const rows = await ctx.db.query('SELECT * FROM groups WHERE pool_id = $1 ORDER BY precedence NULLS LAST, name LIMIT $2 OFFSET $3', [s.pool.id, limit + 1, offset]);
    return { groups: rows.slice(0, limit).map(toGroup), more: rows.length > limit, offset: offset + limit };
  })
  .respond((_ctx, _i, s) => ({ Groups: s.page.groups.map(toGroupType), ...(s.page.more ? { NextToken: nextToken(s.page.offset) } : {}) }));

/** ListUsersInGroup. */
export const listUsersInGroup = defineOperation(
  'ListUsersInGroup',
  object({ UserPoolId: userPoolIdSchema, GroupName: groupNameSchema, Limit: optional(integer(0, 60)), NextToken: optional(string({ min: 1, max: 256 })) }),
  { access: 'admin' },
)
  .step('group', (ctx, i) => requireGroup(ctx.db, i.UserPoolId, i.GroupName))
  .step('page', async (ctx, i, s) => {
    const limit = i.Limit === undefined || i.Limit === 0 ? 60 : i.Limit;
    const offset = offsetToken(i.NextToken);
    const rows = await ctx.db.query(
      `SELECT u.* FROM group_members m JOIN users u ON u.sub = m.user_sub WHERE m.pool_id = $1 AND m.group_name = $2
        ORDER BY u.username_key LIMIT $3 OFFSET $4`,
      [s.group.poolId, s.group.name, limit + 1, offset],
    );
    return { users: rows.slice(0, limit).map(userFromRow), more: rows.length > limit, offset: offset + limit };
  })
  .respond((_ctx, _i, s) => ({ Users: s.page.users.map((u) => toUserType(u)), ...(s.page.more ? { NextToken: nextToken(s.page.offset) } : {}) }));

import { defineOperation } from '../operations/operation.js';
import { object, userPoolIdSchema } from '../wire/input-schema.js';
import { fail } from '../../errors/catalogue.js';
import { toPool, type PoolRow } from './pool-repository.js';
import { toUserPoolType } from './user-pool-shapes.js';

/** DescribeUserPool: the pool's settings as UserPoolType, with its estimated number of users. */
export const describeUserPool = defineOperation('DescribeUserPool', object({ UserPoolId: userPoolIdSchema }), { access: 'admin' })
  .step('row', async (ctx, i) => {
    const rows = await ctx.db.query<PoolRow & { updated_at: Date; users: number }>(
      'SELECT p.*, (SELECT count(*)::int FROM users u WHERE u.pool_id = p.id) AS users FROM user_pools p WHERE p.id = $1',
      [i.UserPoolId],
    );
    const row = rows[0];
    if (row === undefined) throw fail('ResourceNotFoundException', `User pool ${i.UserPoolId} does not exist.`);
    return row;
  })
  .respond((ctx, _i, s) => ({ UserPool: toUserPoolType(toPool(s.row), ctx.config.region, new Date(s.row.updated_at), Number(s.row.users)) }));

import { defineOperation } from '../operations/operation.js';
import { object, userPoolIdSchema } from '../wire/input-schema.js';
import { describePool } from './pool-description.js';

/** DescribeUserPool: the pool's settings as UserPoolType, with its estimated number of users and its domains. */
export const describeUserPool = defineOperation('DescribeUserPool', object({ UserPoolId: userPoolIdSchema }), { access: 'admin' })
  .step('pool', (ctx, i) => describePool(ctx, i.UserPoolId))
  .respond((_ctx, _i, s) => ({ UserPool: s.pool }));

import { defineOperation } from '../operations/operation.js';
import { requirePool } from '../pools/pool-repository.js';
import { object, userPoolIdSchema } from '../wire/input-schema.js';
import { requireTerms } from './terms-repository.js';
import { termsIdSchema, toTermsType } from './terms-shapes.js';

/** DescribeTerms. */
export const describeTerms = defineOperation('DescribeTerms', object({ UserPoolId: userPoolIdSchema, TermsId: termsIdSchema }), { access: 'admin' })
  .step('pool', (ctx, i) => requirePool(ctx.db, i.UserPoolId))
  .step('terms', (ctx, i, s) => requireTerms(ctx.db, s.pool.id, i.TermsId))
  .respond((_ctx, _i, s) => ({ Terms: toTermsType(s.terms) }));

import { requirePoolClient } from '../app-clients/app-client-repository.js';
import { defineOperation } from '../operations/operation.js';
import { requirePool } from '../pools/pool-repository.js';
import { clientIdSchema, object, userPoolIdSchema } from '../wire/input-schema.js';
import { requireTermsByName } from './terms-repository.js';
import { termsNameSchema, toTermsType } from './terms-shapes.js';

/** DescribeTermsByClient: a client's terms of use or privacy policy. */
export const describeTermsByClient = defineOperation('DescribeTermsByClient', object({ UserPoolId: userPoolIdSchema, ClientId: clientIdSchema, TermsName: termsNameSchema }), { access: 'admin' })
  .step('pool', (ctx, i) => requirePool(ctx.db, i.UserPoolId))
  .do('check the client', (ctx, i, s) => requirePoolClient(ctx, s.pool.id, i.ClientId))
  .step('terms', (ctx, i, s) => requireTermsByName(ctx.db, s.pool.id, i.ClientId, i.TermsName))
  .respond((_ctx, _i, s) => ({ Terms: toTermsType(s.terms) }));

import { defineOperation } from '../operations/operation.js';
import { requirePool } from '../pools/pool-repository.js';
import { requireProvider } from './identity-provider-repository.js';
import { providerOfPool, toIdentityProviderType } from './identity-provider-shapes.js';

/** DescribeIdentityProvider. */
export const describeIdentityProvider = defineOperation('DescribeIdentityProvider', providerOfPool, { access: 'admin' })
  .step('pool', (ctx, i) => requirePool(ctx.db, i.UserPoolId))
  .step('provider', (ctx, i, s) => requireProvider(ctx, s.pool.id, i.ProviderName))
  .respond((_ctx, _i, s) => ({ IdentityProvider: toIdentityProviderType(s.provider) }));

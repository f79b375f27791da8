import { defineOperation } from '../operations/operation.js';
import { requirePool } from '../pools/pool-repository.js';
import { object, string, userPoolIdSchema } from '../wire/input-schema.js';
import { requireProviderByIdentifier } from './identity-provider-repository.js';
import { toIdentityProviderType } from './identity-provider-shapes.js';

/** GetIdentityProviderByIdentifier: the provider one of whose IdpIdentifiers is given. */
export const getIdentityProviderByIdentifier = defineOperation(
  'GetIdentityProviderByIdentifier',
  object({ UserPoolId: userPoolIdSchema, IdpIdentifier: string({ min: 1, max: 40, pattern: /^[\w\s+=.@-]+$/ }) }),
  { access: 'admin' },
)
  .step('pool', (ctx, i) => requirePool(ctx.db, i.UserPoolId))
  .step('provider', (ctx, i, s) => requireProviderByIdentifier(ctx, s.pool.id, i.IdpIdentifier))
  .respond((_ctx, _i, s) => ({ IdentityProvider: toIdentityProviderType(s.provider) }));

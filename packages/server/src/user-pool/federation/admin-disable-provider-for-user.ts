import { operationEvent } from '../../audit/operation-audit.js';
import { fail } from '../../errors/catalogue.js';
import { defineOperation } from '../operations/operation.js';
import { requirePool } from '../pools/pool-repository.js';
import { findUserBySub } from '../users/user-repository.js';
import { object, userPoolIdSchema } from '../wire/input-schema.js';
import { requireProvider } from './identity-provider-repository.js';
import { deleteLink, refreshIdentitiesAttribute } from './linked-identities.js';
import { COGNITO_PROVIDER, COGNITO_SUBJECT, federatedUserSchema } from './provider-user.js';

/** AdminDisableProviderForUser: removes the link of a federated identity from the user it was linked to. */
export const adminDisableProviderForUser = defineOperation('AdminDisableProviderForUser', object({ UserPoolId: userPoolIdSchema, User: federatedUserSchema }), { access: 'admin' })
  .step('pool', (ctx, i) => requirePool(ctx.db, i.UserPoolId))
  .step('provider', (ctx, i, s) => {
    if (i.User.ProviderName.toLowerCase() === COGNITO_PROVIDER.toLowerCase()) throw fail('InvalidParameterException', 'User must name a federated identity, not a user of the pool.');
    return requireProvider(ctx, s.pool.id, i.User.ProviderName);
  })
  .step('sub', async (ctx, i, s) => {
    const sub = await ctx.audit.transaction(async (tx, audit) => {
      // Cognito_Subject names the identity whatever attribute it was linked by; another name must match the link's.
      const attributeName = i.User.ProviderAttributeName === COGNITO_SUBJECT ? undefined : i.User.ProviderAttributeName;
      const unlinked = await deleteLink(tx, s.provider.id, i.User.ProviderAttributeValue, attributeName);
      if (unlinked === undefined) return undefined;
      await refreshIdentitiesAttribute(tx, unlinked, ctx.clock.now());
      const user = await findUserBySub(tx, unlinked);
      audit.record(
        operationEvent(ctx, 'admin.user.provider_unlinked', user === undefined ? undefined : { sub: user.sub, username: user.username }, {
          details: { provider: s.provider.name, providerUserId: i.User.ProviderAttributeValue },
        }),
      );
      return unlinked;
    });
    if (sub === undefined) throw fail('UserNotFoundException', `No user is linked to that ${s.provider.name} identity.`);
    return sub;
  })
  .respond(() => ({}));

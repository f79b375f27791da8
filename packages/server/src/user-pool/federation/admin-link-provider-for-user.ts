import { operationEvent } from '../../audit/operation-audit.js';
import { fail } from '../../errors/catalogue.js';
import { defineOperation } from '../operations/operation.js';
import { requirePool } from '../pools/pool-repository.js';
import { requireUserByLogin } from '../users/user-repository.js';
import { object, userPoolIdSchema } from '../wire/input-schema.js';
import { findProvider, requireProvider, type IdentityProviderRecord } from './identity-provider-repository.js';
import { insertLink, refreshIdentitiesAttribute } from './linked-identities.js';
import { SOCIAL_TYPES } from './provider-details.js';
import { COGNITO_PROVIDER, COGNITO_SUBJECT, destinationUserSchema, federatedUserSchema } from './provider-user.js';

/** The attribute names a source identity may be named by: Cognito_Subject, and for SAML/OIDC any mapped pool attribute. */
function checkSourceAttribute(provider: IdentityProviderRecord, attributeName: string): void {
  if (attributeName === COGNITO_SUBJECT) return;
  if (SOCIAL_TYPES.has(provider.type)) throw fail('InvalidParameterException', `SourceUser.ProviderAttributeName of a ${provider.type} identity must be ${COGNITO_SUBJECT}.`);
  if (provider.attributeMapping[attributeName] === undefined) {
    throw fail('InvalidParameterException', `SourceUser.ProviderAttributeName must be ${COGNITO_SUBJECT} or a user pool attribute mapped in ${provider.name}'s AttributeMapping.`);
  }
}

/**
 * AdminLinkProviderForUser: links a federated identity (SourceUser) to an existing user
 * (DestinationUser); the link shows in the user's `identities` attribute. Managed login does not
 * federate yet, so a link is stored, not yet used to sign in.
 */
export const adminLinkProviderForUser = defineOperation(
  'AdminLinkProviderForUser',
  object({ UserPoolId: userPoolIdSchema, DestinationUser: destinationUserSchema, SourceUser: federatedUserSchema }),
  { access: 'admin' },
)
  .step('pool', (ctx, i) => requirePool(ctx.db, i.UserPoolId))
  .step('source', async (ctx, i, s) => {
    if (i.SourceUser.ProviderName.toLowerCase() === COGNITO_PROVIDER.toLowerCase()) throw fail('InvalidParameterException', 'SourceUser must be a federated identity, not a user of the pool.');
    const provider = await requireProvider(ctx, s.pool.id, i.SourceUser.ProviderName);
    checkSourceAttribute(provider, i.SourceUser.ProviderAttributeName);
    return provider;
  })
  .step('user', async (ctx, i, s) => {
    const destination = i.DestinationUser;
    if (destination.ProviderName !== COGNITO_PROVIDER && (await findProvider(ctx, s.pool.id, destination.ProviderName)) === undefined) {
      throw fail('InvalidParameterException', `DestinationUser.ProviderName must be ${COGNITO_PROVIDER} or a provider of the pool.`);
    }
    return requireUserByLogin(ctx.db, s.pool, destination.ProviderAttributeValue);
  })
  .do('link the identity', (ctx, i, s) =>
    ctx.audit.change(
      async (tx) => {
        const now = ctx.clock.now();
        await insertLink(tx, { poolId: s.pool.id, providerId: s.source.id, attributeName: i.SourceUser.ProviderAttributeName, attributeValue: i.SourceUser.ProviderAttributeValue, sub: s.user.sub }, now);
        await refreshIdentitiesAttribute(tx, s.user.sub, now);
      },
      () =>
        operationEvent(ctx, 'admin.user.provider_linked', s.user, {
          details: { provider: s.source.name, attributeName: i.SourceUser.ProviderAttributeName, providerUserId: i.SourceUser.ProviderAttributeValue },
        }),
    ),
  )
  .respond(() => ({}));

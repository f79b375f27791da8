import { fieldChanges } from '../../audit/audit-event.js';
import { operationEvent } from '../../audit/operation-audit.js';
import { fail } from '../../errors/catalogue.js';
import { defineOperation } from '../operations/operation.js';
import { requirePool } from '../pools/pool-repository.js';
import { object, optional, userPoolIdSchema } from '../wire/input-schema.js';
import { insertProvider, newProviderId, requireProvider, type ProviderWrite } from './identity-provider-repository.js';
import {
  attributeMappingSchema,
  auditedProvider,
  idpIdentifiersSchema,
  newProviderNameSchema,
  optionalAcrMapping,
  providerDetailsSchema,
  providerTypeSchema,
  toIdentityProviderType,
} from './identity-provider-shapes.js';
import { checkAcrMapping, checkAttributeMapping, checkIdpIdentifiers, checkProviderDetails, SOCIAL_TYPES, splitSecrets } from './provider-details.js';

const input = object({
  UserPoolId: userPoolIdSchema,
  ProviderName: newProviderNameSchema,
  ProviderType: providerTypeSchema,
  ProviderDetails: providerDetailsSchema,
  AttributeMapping: optional(attributeMappingSchema),
  IdpIdentifiers: optional(idpIdentifiersSchema),
  AcrMapping: optionalAcrMapping,
});

/** CreateIdentityProvider: a SAML, OIDC or social provider of the pool (its secrets sealed at rest). */
export const createIdentityProvider = defineOperation('CreateIdentityProvider', input, { access: 'admin' })
  .step('pool', (ctx, i) => requirePool(ctx.db, i.UserPoolId))
  .step('provider', (_ctx, i, s): ProviderWrite => {
    // COGNITO names the pool's own users in SupportedIdentityProviders and identities.
    if (i.ProviderName.toLowerCase() === 'cognito') throw fail('InvalidParameterException', `${i.ProviderName} is a reserved provider name.`);
    if (SOCIAL_TYPES.has(i.ProviderType) && i.ProviderName !== i.ProviderType) {
      throw fail('InvalidParameterException', `A ${i.ProviderType} provider must be named ${i.ProviderType}.`);
    }
    const { plain, secrets } = splitSecrets(checkProviderDetails(i.ProviderType, i.ProviderDetails));
    return {
      id: newProviderId(),
      poolId: s.pool.id,
      name: i.ProviderName,
      type: i.ProviderType,
      details: plain,
      secrets,
      attributeMapping: checkAttributeMapping(s.pool, i.AttributeMapping ?? {}),
      idpIdentifiers: checkIdpIdentifiers(i.IdpIdentifiers ?? []),
      acrMapping: checkAcrMapping(i.ProviderType, i.AcrMapping),
    };
  })
  .do('insert the provider', (ctx, _i, s) =>
    ctx.audit.change(
      (tx) => insertProvider(tx, ctx.secrets, s.provider, ctx.clock.now()),
      () => operationEvent(ctx, 'admin.identity_provider.created', undefined, { record: { type: 'identity_provider', id: `${s.pool.id}/${s.provider.name}` }, changes: fieldChanges(null, auditedProvider(s.provider)) }),
    ),
  )
  .step('created', (ctx, _i, s) => requireProvider(ctx, s.pool.id, s.provider.name))
  .respond((_ctx, _i, s) => ({ IdentityProvider: toIdentityProviderType(s.created) }));

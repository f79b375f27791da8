import { fieldChanges } from '../../audit/audit-event.js';
import { operationEvent } from '../../audit/operation-audit.js';
import { fail } from '../../errors/catalogue.js';
import { defineOperation } from '../operations/operation.js';
import { requirePool } from '../pools/pool-repository.js';
import { object, optional, userPoolIdSchema } from '../wire/input-schema.js';
import { requireProvider, updateProvider, type ProviderWrite } from './identity-provider-repository.js';
import {
  attributeMappingSchema,
  auditedProvider,
  idpIdentifiersSchema,
  optionalAcrMapping,
  providerDetailsSchema,
  providerNameSchema,
  toIdentityProviderType,
} from './identity-provider-shapes.js';
import { checkAcrMapping, checkAttributeMapping, checkIdpIdentifiers, checkProviderDetails, SECRET_DETAIL_KEYS, splitSecrets } from './provider-details.js';

const input = object({
  UserPoolId: userPoolIdSchema,
  ProviderName: providerNameSchema,
  ProviderDetails: optional(providerDetailsSchema),
  AttributeMapping: optional(attributeMappingSchema),
  IdpIdentifiers: optional(idpIdentifiersSchema),
  AcrMapping: optionalAcrMapping,
});

/**
 * UpdateIdentityProvider: each member given replaces the stored one; members left out are kept. A
 * secret ProviderDetails member left out (a private_key, which describe never shows) keeps its value.
 */
export const updateIdentityProvider = defineOperation('UpdateIdentityProvider', input, { access: 'admin' })
  .step('pool', (ctx, i) => requirePool(ctx.db, i.UserPoolId))
  .step('current', (ctx, i, s) => requireProvider(ctx, s.pool.id, i.ProviderName))
  .step('provider', (_ctx, i, s): ProviderWrite => {
    const { current } = s;
    let details = current.details;
    let secrets = current.secrets;
    if (i.ProviderDetails !== undefined) {
      const kept = Object.fromEntries(SECRET_DETAIL_KEYS.filter((k) => i.ProviderDetails?.[k] === undefined && current.secrets[k] !== undefined).map((k) => [k, current.secrets[k] ?? '']));
      ({ plain: details, secrets } = splitSecrets(checkProviderDetails(current.type, { ...i.ProviderDetails, ...kept })));
    }
    return {
      id: current.id,
      poolId: current.poolId,
      name: current.name,
      type: current.type,
      details,
      secrets,
      attributeMapping: i.AttributeMapping === undefined ? current.attributeMapping : checkAttributeMapping(s.pool, i.AttributeMapping),
      idpIdentifiers: i.IdpIdentifiers === undefined ? current.idpIdentifiers : checkIdpIdentifiers(i.IdpIdentifiers),
      acrMapping: i.AcrMapping === undefined ? current.acrMapping : checkAcrMapping(current.type, i.AcrMapping),
    };
  })
  .do('save the provider', async (ctx, i, s) => {
    const saved = await ctx.audit.change(
      (tx) => updateProvider(tx, ctx.secrets, s.provider, ctx.clock.now()),
      (done) =>
        done
          ? operationEvent(ctx, 'admin.identity_provider.updated', undefined, {
              record: { type: 'identity_provider', id: `${s.pool.id}/${s.provider.name}` },
              changes: fieldChanges(auditedProvider(s.current), auditedProvider(s.provider)),
            })
          : undefined,
    );
    if (!saved) throw fail('ResourceNotFoundException', `Identity provider ${i.ProviderName} does not exist in user pool ${s.pool.id}.`);
  })
  .step('updated', (ctx, _i, s) => requireProvider(ctx, s.pool.id, s.provider.name))
  .respond((_ctx, _i, s) => ({ IdentityProvider: toIdentityProviderType(s.updated) }));

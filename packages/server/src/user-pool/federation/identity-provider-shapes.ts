// Wire shapes of the identity-provider operations: their input members and Cognito's
// IdentityProviderType / ProviderDescription answers.
import { epochSeconds } from '../../time/clock.js';
import { array, enumeration, object, optional, string, stringMap, userPoolIdSchema } from '../wire/input-schema.js';
import type { IdentityProviderRecord } from './identity-provider-repository.js';
import { describedDetails, PROVIDER_TYPES } from './provider-details.js';

/** A provider name as CreateIdentityProvider takes it (Cognito's pattern: no leading underscore or space). */
export const newProviderNameSchema = string({ min: 1, max: 32, pattern: /^[^_\p{Z}][\p{L}\p{M}\p{S}\p{N}\p{P}][^_\p{Z}]+$/u });
/** A provider name as the other operations take it. */
export const providerNameSchema = string({ min: 1, max: 32, pattern: /^[\p{L}\p{M}\p{S}\p{N}\p{P}]+$/u });
/** ProviderType. */
export const providerTypeSchema = enumeration(PROVIDER_TYPES);
/** ProviderDetails (a SAML MetadataFile may be long). */
export const providerDetailsSchema = stringMap({ maxEntries: 50, maxKeyLength: 64, maxValueLength: 131072 });
/** AttributeMapping: user pool attribute -> provider attribute. */
export const attributeMappingSchema = stringMap({ maxEntries: 100, maxKeyLength: 32, maxValueLength: 131072 });
/** IdpIdentifiers. */
export const idpIdentifiersSchema = array(string({ min: 1, max: 40, pattern: /^[\w\s+=.@-]+$/ }), { max: 50 });
/** AcrMapping. */
export const acrMappingSchema = stringMap({ maxEntries: 4, maxKeyLength: 8, maxValueLength: 256 });

/** UserPoolId + ProviderName. */
export const providerOfPool = object({ UserPoolId: userPoolIdSchema, ProviderName: providerNameSchema });

/** Optional AcrMapping member. */
export const optionalAcrMapping = optional(acrMappingSchema);

/** Cognito's IdentityProviderType. */
export function toIdentityProviderType(p: IdentityProviderRecord): Record<string, unknown> {
  return {
    UserPoolId: p.poolId,
    ProviderName: p.name,
    ProviderType: p.type,
    ProviderDetails: describedDetails(p.details, p.secrets),
    AttributeMapping: { ...p.attributeMapping },
    IdpIdentifiers: [...p.idpIdentifiers],
    ...(Object.keys(p.acrMapping).length > 0 ? { AcrMapping: { ...p.acrMapping } } : {}),
    LastModifiedDate: epochSeconds(p.updatedAt),
    CreationDate: epochSeconds(p.createdAt),
  };
}

/** What the audit trail records of a provider's settings: never a secret (only which secret members are set). */
export function auditedProvider(p: Pick<IdentityProviderRecord, 'type' | 'details' | 'secrets' | 'attributeMapping' | 'idpIdentifiers' | 'acrMapping'>): Record<string, unknown> {
  return { type: p.type, details: { ...p.details }, sealedMembers: Object.keys(p.secrets).sort(), attributeMapping: { ...p.attributeMapping }, idpIdentifiers: [...p.idpIdentifiers], acrMapping: { ...p.acrMapping } };
}

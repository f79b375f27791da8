// ProviderUserIdentifierType, the member AdminLinkProviderForUser and AdminDisableProviderForUser
// name users and federated identities with.
import { object, optional, string } from '../wire/input-schema.js';

/** Cognito's name for the pool's own users in a ProviderUserIdentifierType. */
export const COGNITO_PROVIDER = 'Cognito';

/** The attribute name that stands for the provider's own subject (sub, id, user_id). */
export const COGNITO_SUBJECT = 'Cognito_Subject';

const providerName = string({ min: 1, max: 32 });
const attributeValue = string({ min: 1, max: 2048 });

/** A federated identity: provider, attribute name and value all required. */
export const federatedUserSchema = object({ ProviderName: providerName, ProviderAttributeName: string({ min: 1, max: 2048 }), ProviderAttributeValue: attributeValue });

/** A destination user: the attribute name is ignored, as Cognito ignores it. */
export const destinationUserSchema = object({ ProviderName: providerName, ProviderAttributeName: optional(string({ max: 2048 })), ProviderAttributeValue: attributeValue });

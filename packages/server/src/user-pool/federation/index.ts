// Federation: a pool's identity providers and the federated identities linked to its users. The
// providers are stored and linked; managed login does not federate (redirect to them) yet.
import type { Operation } from '../operations/operation.js';
import { adminDisableProviderForUser } from './admin-disable-provider-for-user.js';
import { adminLinkProviderForUser } from './admin-link-provider-for-user.js';
import { createIdentityProvider } from './create-identity-provider.js';
import { deleteIdentityProvider } from './delete-identity-provider.js';
import { describeIdentityProvider } from './describe-identity-provider.js';
import { getIdentityProviderByIdentifier } from './get-identity-provider-by-identifier.js';
import { listIdentityProviders } from './list-identity-providers.js';
import { updateIdentityProvider } from './update-identity-provider.js';

/** The identity-provider operations (admin credential or CLI only). */
export const federationOperations: readonly Operation[] = [
  createIdentityProvider,
  describeIdentityProvider,
  updateIdentityProvider,
  deleteIdentityProvider,
  listIdentityProviders,
  getIdentityProviderByIdentifier,
  adminLinkProviderForUser,
  adminDisableProviderForUser,
];

export { providerNames } from './identity-provider-repository.js';

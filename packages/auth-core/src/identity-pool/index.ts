export { callIdentityPool, IDENTITY_POOL_TARGET_PREFIX } from './identity-pool-client.js';
export type { IdentityPoolTransport } from './identity-pool-client.js';
export type {
  GetCredentialsForIdentityRequest,
  GetCredentialsForIdentityResponse,
  GetIdRequest,
  GetIdResponse,
  IdentityPoolCredentials,
  IdentityPoolOperation,
  IdentityPoolOperations,
} from './identity-pool-operations.js';
export { CREDENTIALS_TTL_MS, clearCredentials, getCredentialsAndIdentityId, loginsProviderName } from './credentials.js';
export type { AWSCredentials, CredentialsAndIdentityId } from './credentials.js';

import type { AuthConfig } from '../config/auth-config.js';
import { postAwsJson } from '../cognito/aws-json-transport.js';
import type { FetchLike } from '../cognito/aws-json-transport.js';
import { AuthConfigError } from '../errors/auth-errors.js';
import { InvalidIdentityPoolIdException } from '../errors/catalogue.js';
import type { IdentityPoolOperation, IdentityPoolOperations } from './identity-pool-operations.js';

/** The X-Amz-Target prefix of the identity-pool API. */
export const IDENTITY_POOL_TARGET_PREFIX = 'AWSCognitoIdentityService';

/** What an identity-pool call needs from the runtime. */
export interface IdentityPoolTransport {
  readonly config: Pick<AuthConfig, 'identityPoolEndpoint'>;
  readonly fetch: FetchLike;
}

/**
 * Calls one Cognito identity-pool operation (X-Amz-Target AWSCognitoIdentityService.<operation>).
 * Throws CognitoServiceError or NetworkError; InvalidIdentityPoolIdException when no pool is configured.
 */
export async function callIdentityPool<Op extends IdentityPoolOperation>(
  runtime: IdentityPoolTransport,
  operation: Op,
  request: IdentityPoolOperations[Op]['request'],
): Promise<IdentityPoolOperations[Op]['response']> {
  const endpoint = runtime.config.identityPoolEndpoint;
  if (endpoint === undefined) throw new AuthConfigError(InvalidIdentityPoolIdException);
  const body = await postAwsJson({
    fetch: runtime.fetch,
    endpoint,
    targetPrefix: IDENTITY_POOL_TARGET_PREFIX,
    operation,
    service: 'identity-pool',
    body: request,
  });
  return body;
}

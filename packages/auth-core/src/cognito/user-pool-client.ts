import type { AuthConfig } from '../config/auth-config.js';
import { CognitoServiceError } from '../errors/auth-errors.js';
import { postAwsJson } from './aws-json-transport.js';
import type { FetchLike } from './aws-json-transport.js';
import type { UserPoolOperation, UserPoolRequest, UserPoolResponse } from './user-pool-operations.js';

/** The X-Amz-Target prefix of the user-pool API. */
export const USER_POOL_TARGET_PREFIX = 'AWSCognitoIdentityProviderService';

/** What a user-pool call needs from the runtime. */
export interface UserPoolTransport {
  readonly config: Pick<AuthConfig, 'userPoolEndpoint'>;
  readonly fetch: FetchLike;
}

/**
 * Calls one Cognito user-pool operation (POST {userPoolEndpoint}, X-Amz-Target
 * AWSCognitoIdentityProviderService.<operation>) and returns its typed response.
 * Throws CognitoServiceError (provider name kept) or NetworkError.
 */
export async function callUserPool<Op extends UserPoolOperation>(
  runtime: UserPoolTransport,
  operation: Op,
  request: UserPoolRequest<Op>,
): Promise<UserPoolResponse<Op>> {
  const body = await postAwsJson({
    fetch: runtime.fetch,
    endpoint: runtime.config.userPoolEndpoint,
    targetPrefix: USER_POOL_TARGET_PREFIX,
    operation,
    service: 'user-pool',
    body: request,
  });
  // The provider's JSON is trusted to match its documented shape, as an SDK would.
  return body;
}

/** The error for a 2xx answer that lacks a field the protocol promises. */
export function unexpectedResponse(operation: UserPoolOperation, missingField: string): CognitoServiceError {
  return new CognitoServiceError({
    name: 'UnknownError',
    message: `${operation} answered without ${missingField}.`,
    httpStatusCode: 200,
    service: 'user-pool',
    operation,
  });
}

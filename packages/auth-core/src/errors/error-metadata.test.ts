// aws-amplify's errors carry the provider response's request id and status in `metadata`; apps log
// it to quote to support. auth-core fills it from the HTTP response of every provider call.
import { describe, expect, it } from 'vitest';
import { postAwsJson } from '../cognito/aws-json-transport.js';
import { AuthError } from './auth-error.js';
import { AuthValidationError, CognitoServiceError } from './auth-errors.js';
import { EmptySignInUsername } from './catalogue.js';

/** A fetch that answers every request with `body` and `init`. */
function answering(body: unknown, init: ResponseInit): typeof fetch {
  return async () => new Response(JSON.stringify(body), init);
}

const call = { endpoint: 'https://cognito-idp.us-east-1.amazonaws.com/', targetPrefix: 'AWSCognitoIdentityProviderService', operation: 'GetUser', service: 'user-pool' as const, body: {} };

describe('AuthError.metadata', () => {
  it('carries the request id headers and the status of a provider error answer', async () => {
    const fetch = answering(
      { __type: 'NotAuthorizedException', message: 'Access Token has expired' },
      { status: 400, headers: { 'x-amzn-requestid': 'req-1', 'x-amz-id-2': 'ext-1' } },
    );
    const error = await postAwsJson({ ...call, fetch }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(CognitoServiceError);
    expect(error).toBeInstanceOf(AuthError);
    expect((error as AuthError).metadata).toEqual({ extendedRequestId: 'ext-1', httpStatusCode: 400, requestId: 'req-1' });
  });

  it('has the status even when the provider sends no request id', async () => {
    const error = await postAwsJson({ ...call, fetch: answering({ __type: 'InternalErrorException' }, { status: 500 }) }).catch((caught: unknown) => caught);
    expect((error as AuthError).metadata).toEqual({ extendedRequestId: undefined, httpStatusCode: 500, requestId: undefined });
  });

  it('is absent on errors raised before any request, as in aws-amplify', () => {
    expect(new AuthValidationError(EmptySignInUsername).metadata).toBeUndefined();
  });

  it('keeps only the three response fields it is given', () => {
    const metadata = { requestId: 'r', httpStatusCode: 418, extendedRequestId: 'x', cfId: 'ignored' };
    expect(new AuthError({ name: 'X', message: 'm', metadata }).metadata).toEqual({ requestId: 'r', httpStatusCode: 418, extendedRequestId: 'x' });
  });
});

import { describe, expect, it } from 'vitest';
import { CognitoServiceError, NetworkError } from '../errors/auth-errors.js';
import { createTestHarness } from '../../testing/test-runtime.js';
import { cleanErrorName } from './aws-json-transport.js';
import type { FetchLike } from './aws-json-transport.js';
import { cognitoError } from '../../testing/fake-cognito.js';
import { callUserPool } from './user-pool-client.js';

function runtimeWithFetch(fetch: FetchLike) {
  return { config: { userPoolEndpoint: 'https://idp.test/' }, fetch };
}

describe('callUserPool', () => {
  it('POSTs JSON to the regional endpoint with the Cognito headers and returns the typed answer', async () => {
    const { runtime, fake } = createTestHarness();
    fake.on('GetUser', (request) => ({ Username: 'alice', UserAttributes: [{ Name: 'email', Value: `${request.AccessToken}@x` }] }));
    const user = await callUserPool(runtime, 'GetUser', { AccessToken: 'tok' });
    expect(user.UserAttributes).toEqual([{ Name: 'email', Value: 'tok@x' }]);
    expect(fake.problems).toEqual([]);
    const [call] = fake.calls;
    expect(call?.url).toBe('https://cognito-idp.us-east-1.amazonaws.com/');
    expect(call?.headers).toMatchObject({
      'content-type': 'application/x-amz-json-1.1',
      'x-amz-target': 'AWSCognitoIdentityProviderService.GetUser',
      'cache-control': 'no-store',
    });
    expect(call?.body).toEqual({ AccessToken: 'tok' });
  });

  it('sends to the configured userPoolEndpoint', async () => {
    const { runtime, fake } = createTestHarness({ config: { userPoolEndpoint: 'http://127.0.0.1:3000/cognito' } });
    fake.on('GlobalSignOut', () => ({}));
    await callUserPool(runtime, 'GlobalSignOut', { AccessToken: 'a' });
    expect(fake.problems).toEqual([]);
    expect(fake.calls[0]?.url).toBe('http://127.0.0.1:3000/cognito');
  });

  it("turns {__type, message} into a CognitoServiceError keeping the provider's name", async () => {
    const { runtime, fake } = createTestHarness();
    fake.on('ConfirmSignUp', () => cognitoError('com.amazonaws.cognito#CodeMismatchException', 'Invalid verification code provided.'));
    const error = await callUserPool(runtime, 'ConfirmSignUp', { ClientId: 'c', Username: 'u', ConfirmationCode: '1' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CognitoServiceError);
    expect(error).toMatchObject({
      name: 'CodeMismatchException',
      message: 'Invalid verification code provided.',
      httpStatusCode: 400,
      service: 'user-pool',
      operation: 'ConfirmSignUp',
    });
  });

  it('reads the error name from the x-amzn-errortype header when the body has none', async () => {
    const fetch: FetchLike = async () =>
      new Response(JSON.stringify({ message: 'Rate exceeded' }), { status: 400, headers: { 'x-amzn-errortype': 'TooManyRequestsException:http://internal/' } });
    const error = await callUserPool(runtimeWithFetch(fetch), 'GetUser', { AccessToken: 'a' }).catch((e: unknown) => e);
    expect(error).toMatchObject({ name: 'TooManyRequestsException', message: 'Rate exceeded' });
  });

  it('reports a non-2xx answer without an error name as UnknownError', async () => {
    const fetch: FetchLike = async () => new Response('{}', { status: 500 });
    const error = await callUserPool(runtimeWithFetch(fetch), 'GetUser', { AccessToken: 'a' }).catch((e: unknown) => e);
    expect(error).toMatchObject({ name: 'UnknownError', httpStatusCode: 500 });
  });

  it('reports a fetch that throws as NetworkError with the cause kept', async () => {
    const cause = new TypeError('fetch failed');
    const fetch: FetchLike = async () => {
      throw cause;
    };
    const error = await callUserPool(runtimeWithFetch(fetch), 'GetUser', { AccessToken: 'a' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NetworkError);
    expect((error as NetworkError).underlyingError).toBe(cause);
    expect((error as NetworkError).message).toBe('Network Error');
  });

  it('reports a body that is not JSON (a proxy error page) as NetworkError', async () => {
    const fetch: FetchLike = async () => new Response('<html>502 Bad Gateway</html>', { status: 502 });
    const error = await callUserPool(runtimeWithFetch(fetch), 'GetUser', { AccessToken: 'a' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NetworkError);
    expect((error as Error).message).toContain('HTTP 502');
  });

  it('reports JSON that is not an object as NetworkError', async () => {
    const fetch: FetchLike = async () => new Response('[1,2]', { status: 200 });
    await expect(callUserPool(runtimeWithFetch(fetch), 'GetUser', { AccessToken: 'a' })).rejects.toBeInstanceOf(NetworkError);
  });

  it('treats an empty 200 body as an empty answer', async () => {
    const fetch: FetchLike = async () => new Response('', { status: 200 });
    await expect(callUserPool(runtimeWithFetch(fetch), 'RevokeToken', { ClientId: 'c', Token: 't' })).resolves.toEqual({});
  });
});

describe('cleanErrorName', () => {
  it.each([
    ['NotAuthorizedException', 'NotAuthorizedException'],
    ['com.amazonaws.cognito.identity.idp.model#UserNotFoundException', 'UserNotFoundException'],
    ['LimitExceededException:http://internal.amazon.com/coral/', 'LimitExceededException'],
    ['aws.protocoltests#ns#ResourceNotFoundException:extra', 'ResourceNotFoundException'],
  ])('turns %s into %s', (raw, expected) => {
    expect(cleanErrorName(raw)).toBe(expected);
  });
});

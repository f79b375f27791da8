import { describe, expect, it } from 'vitest';
import { cognitoError } from '../../testing/fake-cognito.js';
import { getDeviceMetadata, storeDeviceMetadata } from '../devices/device-store.js';
import type { PasskeyAuthenticationResponseJson, PasskeyGetOptionsJson, WebAuthnPort } from '../runtime/web-authn-port.js';
import { createTestHarness, epochSeconds, makeAuthenticationResult } from '../../testing/test-runtime.js';
import type { TestHarness } from '../../testing/test-runtime.js';
import { parseCognitoTimestamp } from '../srp/index.js';
import { loadTokens } from '../tokens/token-store.js';
import { loadSignInState } from '../machines/sign-in-state-store.js';
import { createTestUserPool, newDeviceMetadata } from '../../testing/test-user-pool.js';
import { confirmSignInWith } from './confirm-sign-in.js';
import { signInWith } from './sign-in.js';

const ALICE = { username: 'alice', password: 'Corr3ct-horse!' };

function setup(options: Parameters<typeof createTestHarness>[0] = {}) {
  const harness = createTestHarness(options);
  const pool = createTestUserPool(harness, [ALICE]);
  return { ...harness, harness, pool };
}

function body(h: TestHarness, operation: string, index = 0): Record<string, unknown> {
  const call = h.fake.callsTo(operation)[index];
  if (call === undefined) throw new Error(`no ${operation} call #${index}`);
  return call.body;
}

function responses(h: TestHarness, index: number): Record<string, string> {
  return body(h, 'RespondToAuthChallenge', index).ChallengeResponses as Record<string, string>;
}

const PASSKEY_OPTIONS: PasskeyGetOptionsJson = { challenge: 'Y2hhbGxlbmdl', rpId: 'app.example.com', userVerification: 'preferred' };
const ASSERTION: PasskeyAuthenticationResponseJson = {
  id: 'cred-1',
  rawId: 'cred-1',
  type: 'public-key',
  clientExtensionResults: {},
  response: { clientDataJSON: 'cd', authenticatorData: 'ad', signature: 'sig' },
};

function fakeWebAuthn(behaviour: { supported?: boolean; failWith?: string } = {}): WebAuthnPort & { requests: PasskeyGetOptionsJson[] } {
  const requests: PasskeyGetOptionsJson[] = [];
  return {
    requests,
    isSupported: () => behaviour.supported ?? true,
    create: () => Promise.reject(new Error('not used')),
    get: async (options) => {
      requests.push(options);
      if (behaviour.failWith !== undefined) throw new DOMException('ceremony failed', behaviour.failWith);
      return ASSERTION;
    },
  };
}

describe('signIn with USER_SRP_AUTH (the default)', () => {
  it('answers PASSWORD_VERIFIER with a claim the server verifies, stores the tokens and emits signedIn', async () => {
    const h = setup();
    const result = await signInWith(h.runtime, { username: 'alice', password: ALICE.password });

    expect(result).toEqual({ isSignedIn: true, nextStep: { signInStep: 'DONE' } });
    const initiate = body(h, 'InitiateAuth');
    expect(initiate.AuthFlow).toBe('USER_SRP_AUTH');
    expect(initiate.ClientId).toBe('client123');
    expect(initiate.AuthParameters).toEqual({ USERNAME: 'alice', SRP_A: expect.stringMatching(/^[0-9a-f]+$/) as unknown });
    const answer = responses(h, 0);
    expect(body(h, 'RespondToAuthChallenge').ChallengeName).toBe('PASSWORD_VERIFIER');
    expect(Object.keys(answer).sort()).toEqual(['PASSWORD_CLAIM_SECRET_BLOCK', 'PASSWORD_CLAIM_SIGNATURE', 'TIMESTAMP', 'USERNAME']);
    expect(answer.USERNAME).toBe('alice');
    expect(parseCognitoTimestamp(answer.TIMESTAMP ?? '').getTime()).toBe(Math.floor(h.clock.now() / 1000) * 1000);
    expect((await loadTokens(h.runtime))?.username).toBe('alice');
    expect((await loadTokens(h.runtime))?.signInDetails).toEqual({ loginId: 'alice', authFlowType: 'USER_SRP_AUTH' });
    // As aws-amplify: the event carries getCurrentUser()'s result, sign-in details included.
    expect(h.events).toEqual([
      { event: 'signedIn', data: { username: 'alice', userId: '11111111-2222-3333-4444-555555555555', signInDetails: { loginId: 'alice', authFlowType: 'USER_SRP_AUTH' } } },
    ]);
    expect(h.fake.problems).toEqual([]);
  });

  it('throws NotAuthorizedException for a wrong password and stores nothing', async () => {
    const h = setup();
    await expect(signInWith(h.runtime, { username: 'alice', password: 'Wrong-passw0rd' })).rejects.toMatchObject({
      name: 'NotAuthorizedException',
    });
    expect(await loadTokens(h.runtime)).toBeNull();
    expect(await loadSignInState(h.runtime)).toBeNull();
    expect(h.events).toEqual([]);
  });

  it('continues as the username Cognito names in the challenge and stores the tokens under it', async () => {
    const h = setup();
    // Sign-in by alias: Cognito answers with the internal username to use from now on.
    h.pool.onInitiate(() => ({ ChallengeName: 'CUSTOM_CHALLENGE', Session: 's', ChallengeParameters: { USERNAME: 'internal-42' } }));
    h.pool.onRespond('CUSTOM_CHALLENGE', (request) => h.pool.tokens(request.ChallengeResponses?.USERNAME));
    await signInWith(h.runtime, { username: 'alice@example.com', password: ALICE.password });
    await confirmSignInWith(h.runtime, { challengeResponse: 'answer' });
    expect(responses(h, 0).USERNAME).toBe('internal-42');
    expect((await loadTokens(h.runtime))?.username).toBe('internal-42');
  });
});

describe('signIn flows', () => {
  it('USER_PASSWORD_AUTH sends USERNAME and PASSWORD in InitiateAuth', async () => {
    const h = setup();
    h.pool.onInitiate(() => h.pool.tokens());
    const result = await signInWith(h.runtime, { username: 'alice', password: 'pw', options: { authFlowType: 'USER_PASSWORD_AUTH' } });
    expect(result.isSignedIn).toBe(true);
    expect(body(h, 'InitiateAuth')).toMatchObject({ AuthFlow: 'USER_PASSWORD_AUTH', AuthParameters: { USERNAME: 'alice', PASSWORD: 'pw' } });
    expect((await loadTokens(h.runtime))?.signInDetails?.authFlowType).toBe('USER_PASSWORD_AUTH');
  });

  it('CUSTOM_WITH_SRP starts CUSTOM_AUTH with SRP_A and CHALLENGE_NAME SRP_A, then answers PASSWORD_VERIFIER', async () => {
    const h = setup();
    h.pool.afterPassword(() => ({ ChallengeName: 'CUSTOM_CHALLENGE', Session: 'custom-1', ChallengeParameters: { question: '2+2?' } }));
    h.pool.onRespond('CUSTOM_CHALLENGE', (request) => (request.ChallengeResponses?.ANSWER === '4' ? h.pool.tokens() : cognitoError('NotAuthorizedException', 'wrong')));

    const first = await signInWith(h.runtime, { username: 'alice', password: ALICE.password, options: { authFlowType: 'CUSTOM_WITH_SRP' } });
    expect(body(h, 'InitiateAuth')).toMatchObject({
      AuthFlow: 'CUSTOM_AUTH',
      AuthParameters: { USERNAME: 'alice', CHALLENGE_NAME: 'SRP_A', SRP_A: expect.any(String) as unknown },
    });
    expect(first).toEqual({
      isSignedIn: false,
      nextStep: { signInStep: 'CONFIRM_SIGN_IN_WITH_CUSTOM_CHALLENGE', additionalInfo: { question: '2+2?' } },
    });
    expect(await confirmSignInWith(h.runtime, { challengeResponse: '4' })).toEqual({ isSignedIn: true, nextStep: { signInStep: 'DONE' } });
    expect(responses(h, 1)).toEqual({ USERNAME: 'alice', ANSWER: '4' });
    expect(body(h, 'RespondToAuthChallenge', 1).Session).toBe('custom-1');
  });

  it('CUSTOM_WITHOUT_SRP refuses a password before any request', async () => {
    const h = setup();
    await expect(
      signInWith(h.runtime, { username: 'alice', password: 'pw', options: { authFlowType: 'CUSTOM_WITHOUT_SRP' } }),
    ).rejects.toMatchObject({ name: 'CustomAuthSignInPassword' });
    expect(h.fake.calls).toEqual([]);
  });

  it('CUSTOM_WITHOUT_SRP starts CUSTOM_AUTH with the username only', async () => {
    const h = setup();
    h.pool.onInitiate(() => ({ ChallengeName: 'CUSTOM_CHALLENGE', Session: 's1', ChallengeParameters: {} }));
    const result = await signInWith(h.runtime, { username: 'alice', options: { authFlowType: 'CUSTOM_WITHOUT_SRP' } });
    expect(body(h, 'InitiateAuth')).toMatchObject({ AuthFlow: 'CUSTOM_AUTH', AuthParameters: { USERNAME: 'alice' } });
    expect(result.nextStep.signInStep).toBe('CONFIRM_SIGN_IN_WITH_CUSTOM_CHALLENGE');
  });

  it('USER_AUTH sends the preferred challenge and shows the email code step', async () => {
    const h = setup();
    h.pool.onInitiate(() => ({
      ChallengeName: 'EMAIL_OTP',
      Session: 'otp-1',
      ChallengeParameters: { CODE_DELIVERY_DELIVERY_MEDIUM: 'EMAIL', CODE_DELIVERY_DESTINATION: 'a***@e***' },
    }));
    const result = await signInWith(h.runtime, { username: 'alice', options: { authFlowType: 'USER_AUTH', preferredChallenge: 'EMAIL_OTP' } });
    expect(body(h, 'InitiateAuth')).toMatchObject({ AuthFlow: 'USER_AUTH', AuthParameters: { USERNAME: 'alice', PREFERRED_CHALLENGE: 'EMAIL_OTP' } });
    expect(result).toEqual({
      isSignedIn: false,
      nextStep: { signInStep: 'CONFIRM_SIGN_IN_WITH_EMAIL_CODE', codeDeliveryDetails: { deliveryMedium: 'EMAIL', destination: 'a***@e***' } },
    });
  });

  it('USER_AUTH without a preference lists the available first factors', async () => {
    const h = setup();
    h.pool.onInitiate(() => ({ ChallengeName: 'SELECT_CHALLENGE', Session: 'sel-1', AvailableChallenges: ['PASSWORD', 'PASSWORD_SRP', 'EMAIL_OTP', 'WEB_AUTHN'] }));
    const result = await signInWith(h.runtime, { username: 'alice', options: { authFlowType: 'USER_AUTH' } });
    expect(body(h, 'InitiateAuth').AuthParameters).toEqual({ USERNAME: 'alice' });
    expect(result).toEqual({
      isSignedIn: false,
      nextStep: { signInStep: 'CONTINUE_SIGN_IN_WITH_FIRST_FACTOR_SELECTION', availableChallenges: ['PASSWORD', 'PASSWORD_SRP', 'EMAIL_OTP', 'WEB_AUTHN'] },
    });
  });

  it('USER_AUTH with PASSWORD sends the password in InitiateAuth', async () => {
    const h = setup();
    h.pool.onInitiate(() => h.pool.tokens());
    await signInWith(h.runtime, { username: 'alice', password: 'pw', options: { authFlowType: 'USER_AUTH', preferredChallenge: 'PASSWORD' } });
    expect(body(h, 'InitiateAuth').AuthParameters).toEqual({ USERNAME: 'alice', PASSWORD: 'pw', PREFERRED_CHALLENGE: 'PASSWORD' });
  });

  it('USER_AUTH with PASSWORD_SRP sends SRP_A and runs the SRP exchange', async () => {
    const h = setup();
    const result = await signInWith(h.runtime, {
      username: 'alice',
      password: ALICE.password,
      options: { authFlowType: 'USER_AUTH', preferredChallenge: 'PASSWORD_SRP' },
    });
    expect(body(h, 'InitiateAuth')).toMatchObject({
      AuthFlow: 'USER_AUTH',
      AuthParameters: { USERNAME: 'alice', PREFERRED_CHALLENGE: 'PASSWORD_SRP', SRP_A: expect.any(String) as unknown },
    });
    expect(result.isSignedIn).toBe(true);
  });

  it('USER_AUTH with PASSWORD or PASSWORD_SRP needs a password', async () => {
    const h = setup();
    await expect(signInWith(h.runtime, { username: 'alice', options: { authFlowType: 'USER_AUTH', preferredChallenge: 'PASSWORD' } })).rejects.toMatchObject({
      name: 'EmptySignInPassword',
    });
    expect(h.fake.calls).toEqual([]);
  });

  it('forwards clientMetadata to InitiateAuth and to the automatic answers', async () => {
    const h = setup();
    await signInWith(h.runtime, { username: 'alice', password: ALICE.password, options: { clientMetadata: { app: 'web' } } });
    expect(body(h, 'InitiateAuth').ClientMetadata).toEqual({ app: 'web' });
    expect(body(h, 'RespondToAuthChallenge').ClientMetadata).toEqual({ app: 'web' });
  });
});

describe('signIn validation and refusals', () => {
  it('requires a username and, for SRP, a password, before any request', async () => {
    const h = setup();
    await expect(signInWith(h.runtime, { username: '', password: 'pw' })).rejects.toMatchObject({ name: 'EmptySignInUsername' });
    await expect(signInWith(h.runtime, { username: 'alice' })).rejects.toMatchObject({ name: 'EmptySignInPassword' });
    expect(h.fake.calls).toEqual([]);
  });

  it('refuses a sign-in while a user is signed in', async () => {
    const h = setup();
    await signInWith(h.runtime, { username: 'alice', password: ALICE.password });
    const calls = h.fake.calls.length;
    await expect(signInWith(h.runtime, { username: 'alice', password: ALICE.password })).rejects.toMatchObject({
      name: 'UserAlreadyAuthenticatedException',
      message: 'There is already a signed in user.',
    });
    expect(h.fake.calls.length).toBe(calls);
  });

  it('turns UserNotConfirmedException into the CONFIRM_SIGN_UP step', async () => {
    const h = setup();
    h.pool.onInitiate(() => cognitoError('UserNotConfirmedException', 'User is not confirmed.'));
    expect(await signInWith(h.runtime, { username: 'alice', password: 'pw' })).toEqual({ isSignedIn: false, nextStep: { signInStep: 'CONFIRM_SIGN_UP' } });
  });

  it('turns PasswordResetRequiredException into the RESET_PASSWORD step', async () => {
    const h = setup();
    h.pool.onInitiate(() => cognitoError('PasswordResetRequiredException', 'Password reset required for the user'));
    expect(await signInWith(h.runtime, { username: 'alice', password: 'pw' })).toEqual({ isSignedIn: false, nextStep: { signInStep: 'RESET_PASSWORD' } });
  });

  it('fails with SignInException on a challenge it cannot handle, and forgets the attempt', async () => {
    const h = setup();
    h.pool.onInitiate(() => ({ ChallengeName: 'ADMIN_NO_SRP_AUTH', Session: 's', ChallengeParameters: {} }));
    await expect(signInWith(h.runtime, { username: 'alice', password: 'pw' })).rejects.toMatchObject({ name: 'SignInException' });
    expect(await loadSignInState(h.runtime)).toBeNull();
  });

  it('fails with SignInException when MFA_SETUP offers nothing it can set up', async () => {
    const h = setup();
    h.pool.afterPassword(() => ({ ChallengeName: 'MFA_SETUP', Session: 's', ChallengeParameters: { MFAS_CAN_SETUP: '["SMS_MFA"]' } }));
    await expect(signInWith(h.runtime, { username: 'alice', password: ALICE.password })).rejects.toMatchObject({
      name: 'SignInException',
      message: expect.stringContaining('Cannot set up MFA') as unknown,
    });
  });

  it('reports tokens without an access token as UnexpectedSignInInterruptionException, never DONE', async () => {
    const h = setup();
    h.pool.afterPassword(() => ({ AuthenticationResult: { IdToken: 'x', RefreshToken: 'r' } }));
    await expect(signInWith(h.runtime, { username: 'alice', password: ALICE.password })).rejects.toMatchObject({
      name: 'UnexpectedSignInInterruptionException',
    });
    expect(await loadTokens(h.runtime)).toBeNull();
  });
});

describe('signIn with devices', () => {
  it('confirms the device Cognito offers with the tokens and stores it', async () => {
    const h = setup();
    h.pool.afterPassword((username) => h.pool.tokens(username, newDeviceMetadata('us-east-1_dev-1', 'group-1')));
    await signInWith(h.runtime, { username: 'alice', password: ALICE.password });
    const confirm = body(h, 'ConfirmDevice');
    expect(confirm).toMatchObject({ DeviceKey: 'us-east-1_dev-1', DeviceName: 'Test Browser' });
    expect(await getDeviceMetadata(h.runtime, 'alice')).toMatchObject({ deviceKey: 'us-east-1_dev-1', deviceGroupKey: 'group-1' });
  });

  it('sends DEVICE_KEY with the password claim and answers the device SRP challenges itself', async () => {
    const h = setup();
    h.pool.afterPassword((username) => h.pool.tokens(username, newDeviceMetadata('us-east-1_dev-2', 'group-2')));
    await signInWith(h.runtime, { username: 'alice', password: ALICE.password });
    await h.runtime.storage.removeItem('CognitoIdentityServiceProvider.client123.LastAuthUser');

    h.pool.afterPassword(() => ({ ChallengeName: 'DEVICE_SRP_AUTH', Session: h.pool.session(), ChallengeParameters: {} }));
    const result = await signInWith(h.runtime, { username: 'alice', password: ALICE.password });
    expect(result.isSignedIn).toBe(true);
    const names = h.fake.callsTo('RespondToAuthChallenge').map((call) => call.body.ChallengeName);
    expect(names).toEqual(['PASSWORD_VERIFIER', 'PASSWORD_VERIFIER', 'DEVICE_SRP_AUTH', 'DEVICE_PASSWORD_VERIFIER']);
    expect(responses(h, 1).DEVICE_KEY).toBe('us-east-1_dev-2');
    expect(responses(h, 2)).toMatchObject({ USERNAME: 'alice', DEVICE_KEY: 'us-east-1_dev-2', SRP_A: expect.any(String) as unknown });
    expect(Object.keys(responses(h, 3)).sort()).toEqual(['DEVICE_KEY', 'PASSWORD_CLAIM_SECRET_BLOCK', 'PASSWORD_CLAIM_SIGNATURE', 'TIMESTAMP', 'USERNAME']);
  });

  it('clears a device Cognito no longer knows and retries once without it', async () => {
    const h = setup();
    await storeDeviceMetadata(h.runtime, 'alice', { deviceKey: 'forgotten', deviceGroupKey: 'g', randomPassword: 'p' });
    const result = await signInWith(h.runtime, { username: 'alice', password: ALICE.password });
    expect(result.isSignedIn).toBe(true);
    expect(responses(h, 0).DEVICE_KEY).toBe('forgotten');
    expect(responses(h, 1).DEVICE_KEY).toBeUndefined();
    expect(await getDeviceMetadata(h.runtime, 'alice')).toBeNull();
  });

  it('fails with DeviceMetadataNotFoundException when Cognito asks for a device this browser lacks', async () => {
    const h = setup();
    h.pool.afterPassword(() => ({ ChallengeName: 'DEVICE_SRP_AUTH', Session: 's', ChallengeParameters: {} }));
    await expect(signInWith(h.runtime, { username: 'alice', password: ALICE.password })).rejects.toMatchObject({
      name: 'DeviceMetadataNotFoundException',
    });
  });
});

describe("the sign-in's username (storage keys and devices), as aws-amplify's", () => {
  // Steward's server: USERNAME is the name as typed, USER_ID_FOR_SRP (and the MFA challenges' one) the sub.
  const BOB = { username: 'bob', password: 'Corr3ct-horse!', userIdForSrp: 'sub-of-bob' };
  const LAST_AUTH_USER = 'CognitoIdentityServiceProvider.client123.LastAuthUser';

  function setupBob() {
    const harness = createTestHarness();
    const pool = createTestUserPool(harness, [BOB]);
    return { ...harness, harness, pool };
  }

  it('keys the session by the PASSWORD_VERIFIER challenge\'s USERNAME, answering with USER_ID_FOR_SRP, and a later challenge does not change it', async () => {
    const h = setupBob();
    h.pool.afterPassword(() => ({ ChallengeName: 'SOFTWARE_TOKEN_MFA', Session: 'totp', ChallengeParameters: { USER_ID_FOR_SRP: BOB.userIdForSrp } }));
    h.pool.onRespond('SOFTWARE_TOKEN_MFA', () => h.pool.tokens('bob'));
    await signInWith(h.runtime, { username: 'bob', password: BOB.password });
    expect(responses(h, 0).USERNAME).toBe(BOB.userIdForSrp);
    await confirmSignInWith(h.runtime, { challengeResponse: '123456' });
    expect(responses(h, 1)).toEqual({ USERNAME: 'bob', SOFTWARE_TOKEN_MFA_CODE: '123456' });
    expect(await h.runtime.storage.getItem(LAST_AUTH_USER)).toBe('bob');
    expect(await h.runtime.storage.getItem('CognitoIdentityServiceProvider.client123.bob.accessToken')).not.toBeNull();
    expect(await h.runtime.storage.getItem(`CognitoIdentityServiceProvider.client123.${BOB.userIdForSrp}.accessToken`)).toBeNull();
  });

  it('stores the remembered device under that username and skips MFA with it on the next sign-in', async () => {
    const h = setupBob();
    h.pool.afterPassword((username) => h.pool.tokens(username, newDeviceMetadata('us-east-1_bob-1', 'group-bob')));
    await signInWith(h.runtime, { username: 'bob', password: BOB.password });
    expect(await getDeviceMetadata(h.runtime, 'bob')).toMatchObject({ deviceKey: 'us-east-1_bob-1' });
    await h.runtime.storage.removeItem(LAST_AUTH_USER);

    h.pool.afterPassword(() => ({ ChallengeName: 'DEVICE_SRP_AUTH', Session: h.pool.session(), ChallengeParameters: {} }));
    const result = await signInWith(h.runtime, { username: 'bob', password: BOB.password });
    expect(result.isSignedIn).toBe(true);
    expect(responses(h, 1).DEVICE_KEY).toBe('us-east-1_bob-1');
    expect(h.fake.callsTo('RespondToAuthChallenge').map((call) => call.body.ChallengeName)).toEqual([
      'PASSWORD_VERIFIER',
      'PASSWORD_VERIFIER',
      'DEVICE_SRP_AUTH',
      'DEVICE_PASSWORD_VERIFIER',
    ]);
    expect(await h.runtime.storage.getItem(LAST_AUTH_USER)).toBe('bob');
  });

  it('still uses a device stored under USER_ID_FOR_SRP (where auth-core kept it before), moving it under the username', async () => {
    const h = setupBob();
    h.pool.afterPassword((username) => h.pool.tokens(username, newDeviceMetadata('us-east-1_bob-2', 'group-bob')));
    await signInWith(h.runtime, { username: 'bob', password: BOB.password });
    const device = await getDeviceMetadata(h.runtime, 'bob');
    if (device === null) throw new Error('no device stored');
    await h.runtime.storage.clear();
    await storeDeviceMetadata(h.runtime, BOB.userIdForSrp, device);

    h.pool.afterPassword(() => ({ ChallengeName: 'DEVICE_SRP_AUTH', Session: h.pool.session(), ChallengeParameters: {} }));
    expect((await signInWith(h.runtime, { username: 'bob', password: BOB.password })).isSignedIn).toBe(true);
    expect(responses(h, 1).DEVICE_KEY).toBe('us-east-1_bob-2');
    expect(await getDeviceMetadata(h.runtime, 'bob')).toEqual(device);
    expect(await getDeviceMetadata(h.runtime, BOB.userIdForSrp)).toBeNull();
  });

  it('USER_PASSWORD_AUTH takes USERNAME, else USER_ID_FOR_SRP of the first challenge; USER_AUTH keeps the name as typed', async () => {
    const mfa = { ChallengeName: 'EMAIL_OTP' as const, Session: 'otp', ChallengeParameters: { USER_ID_FOR_SRP: BOB.userIdForSrp } };
    const password = setupBob();
    password.pool.onInitiate(() => mfa);
    password.pool.onRespond('EMAIL_OTP', () => password.pool.tokens('bob'));
    await signInWith(password.runtime, { username: 'bob', password: BOB.password, options: { authFlowType: 'USER_PASSWORD_AUTH' } });
    await confirmSignInWith(password.runtime, { challengeResponse: '12345678' });
    expect(await password.runtime.storage.getItem(LAST_AUTH_USER)).toBe(BOB.userIdForSrp);

    const userAuth = setupBob();
    userAuth.pool.onInitiate(() => mfa);
    userAuth.pool.onRespond('EMAIL_OTP', () => userAuth.pool.tokens('bob'));
    await signInWith(userAuth.runtime, { username: 'bob', options: { authFlowType: 'USER_AUTH', preferredChallenge: 'EMAIL_OTP' } });
    await confirmSignInWith(userAuth.runtime, { challengeResponse: '12345678' });
    expect(await userAuth.runtime.storage.getItem(LAST_AUTH_USER)).toBe('bob');
  });
});

describe('signIn with a passkey (WEB_AUTHN)', () => {
  function passkeyChallenge(session = 'wa-1') {
    return { ChallengeName: 'WEB_AUTHN' as const, Session: session, ChallengeParameters: { CREDENTIAL_REQUEST_OPTIONS: JSON.stringify(PASSKEY_OPTIONS) } };
  }

  it('answers the challenge through the WebAuthn port and signs in', async () => {
    const webAuthn = fakeWebAuthn();
    const h = setup({ webAuthn });
    h.pool.onInitiate(() => passkeyChallenge());
    h.pool.onRespond('WEB_AUTHN', () => h.pool.tokens());
    const result = await signInWith(h.runtime, { username: 'alice', options: { authFlowType: 'USER_AUTH', preferredChallenge: 'WEB_AUTHN' } });
    expect(result).toEqual({ isSignedIn: true, nextStep: { signInStep: 'DONE' } });
    expect(webAuthn.requests).toEqual([PASSKEY_OPTIONS]);
    expect(responses(h, 0)).toEqual({ USERNAME: 'alice', CREDENTIAL: JSON.stringify(ASSERTION) });
    expect(body(h, 'RespondToAuthChallenge').Session).toBe('wa-1');
  });

  it('fails when a passkey challenge follows a passkey answer', async () => {
    const webAuthn = fakeWebAuthn();
    const h = setup({ webAuthn });
    h.pool.onInitiate(() => passkeyChallenge());
    h.pool.onRespond('WEB_AUTHN', () => passkeyChallenge('wa-2'));
    await expect(signInWith(h.runtime, { username: 'alice', options: { authFlowType: 'USER_AUTH', preferredChallenge: 'WEB_AUTHN' } })).rejects.toMatchObject({
      name: 'SignInException',
      message: expect.stringContaining('Sequential WEB_AUTHN') as unknown,
    });
    expect(webAuthn.requests).toHaveLength(1);
    expect(await loadTokens(h.runtime)).toBeNull();
  });

  it.each([
    [{ supported: false }, 'PasskeyNotSupported'],
    [{ failWith: 'NotAllowedError' }, 'PasskeyAuthenticationCanceled'],
    [{ failWith: 'AbortError' }, 'PasskeyOperationAborted'],
  ])('maps a failed ceremony (%o) to %s', async (behaviour, name) => {
    const h = setup({ webAuthn: fakeWebAuthn(behaviour) });
    h.pool.onInitiate(() => passkeyChallenge());
    await expect(signInWith(h.runtime, { username: 'alice', options: { authFlowType: 'USER_AUTH', preferredChallenge: 'WEB_AUTHN' } })).rejects.toMatchObject({ name });
  });

  it('ends the pending sign-in when the passkey chosen at the factor choice fails: the choice was spent, so it is not offered again', async () => {
    const webAuthn = fakeWebAuthn();
    const h = setup({ webAuthn });
    h.pool.onInitiate(() => ({ ChallengeName: 'SELECT_CHALLENGE', Session: 'sel-1', AvailableChallenges: ['PASSWORD', 'WEB_AUTHN'] }));
    h.pool.onRespond('SELECT_CHALLENGE', () => passkeyChallenge('wa-1'));
    h.pool.onRespond('WEB_AUTHN', () => cognitoError('NotAuthorizedException', 'The passkey could not be verified.'));
    const first = await signInWith(h.runtime, { username: 'alice', options: { authFlowType: 'USER_AUTH' } });
    expect(first.nextStep.signInStep).toBe('CONTINUE_SIGN_IN_WITH_FIRST_FACTOR_SELECTION');
    await expect(confirmSignInWith(h.runtime, { challengeResponse: 'WEB_AUTHN' })).rejects.toMatchObject({ name: 'NotAuthorizedException' });
    expect(body(h, 'RespondToAuthChallenge', 1).Session).toBe('wa-1');
    // Answering the choice again would send the spent session 'sel-1'; the caller is told to sign in again instead.
    await expect(confirmSignInWith(h.runtime, { challengeResponse: 'WEB_AUTHN' })).rejects.toMatchObject({ name: 'SignInException' });
    expect(h.fake.callsTo('RespondToAuthChallenge')).toHaveLength(2);
    expect(await loadSignInState(h.runtime)).toBeNull();
    // A fresh passkey sign-in works.
    h.pool.onInitiate(() => passkeyChallenge('wa-2'));
    h.pool.onRespond('WEB_AUTHN', () => h.pool.tokens());
    expect(await signInWith(h.runtime, { username: 'alice', options: { authFlowType: 'USER_AUTH', preferredChallenge: 'WEB_AUTHN' } })).toEqual({ isSignedIn: true, nextStep: { signInStep: 'DONE' } });
  });

  it('rejects a passkey challenge without request options', async () => {
    const h = setup({ webAuthn: fakeWebAuthn() });
    h.pool.onInitiate(() => ({ ChallengeName: 'WEB_AUTHN', Session: 's', ChallengeParameters: {} }));
    await expect(signInWith(h.runtime, { username: 'alice', options: { authFlowType: 'USER_AUTH' } })).rejects.toMatchObject({
      name: 'InvalidPasskeyAuthenticationOptions',
    });
  });
});

describe('signIn token receipt', () => {
  it('stores the refresh token and measures clock drift from the access token', async () => {
    const h = setup();
    h.pool.afterPassword((username) => ({
      AuthenticationResult: makeAuthenticationResult({ username, iat: epochSeconds(h.clock) + 30 }),
    }));
    await signInWith(h.runtime, { username: 'alice', password: ALICE.password });
    const tokens = await loadTokens(h.runtime);
    expect(tokens?.refreshToken).toBe('refresh-token-1');
    expect(tokens?.clockDrift).toBe(30_000);
  });
});

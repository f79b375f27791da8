// @steward/auth-core/testing as another team uses it: only the two public entries are imported
// (relative here, since the package cannot import itself by name in its own tests), and every
// flow goes through the public API against the in-memory user pool.
import { fileURLToPath } from 'node:url';

import { build } from 'esbuild';
import { afterEach, describe, expect, it } from 'vitest';
import {
  Hub,
  autoSignInWith,
  callUserPool,
  confirmResetPasswordWith,
  confirmSignInWith,
  confirmSignUpWith,
  fetchAuthSession,
  fetchAuthSessionWith,
  fetchUserAttributesWith,
  getCurrentUser,
  resetAuthRuntime,
  resetPasswordWith,
  signIn,
  signInWith,
  signOut,
  signOutWith,
  signUpWith,
  updatePasswordWith,
} from '../src/index.js';
import type { AuthHubPayload } from '../src/index.js';
import * as testing from '../testing/index.js';
import { configureInMemoryAuth, createInMemoryAuthRuntime, createInMemoryUserPool, createTestClock } from '../testing/index.js';

const PASSWORD = 'Corr3ct-horse!';
const packageDir = fileURLToPath(new URL('..', import.meta.url));

/** The files and packages an entry point reaches at run time (esbuild's view, type-only imports dropped). */
async function reached(entry: string): Promise<{ files: string[]; packages: string[] }> {
  const { metafile } = await build({
    absWorkingDir: packageDir,
    entryPoints: [entry],
    bundle: true,
    packages: 'external',
    format: 'esm',
    platform: 'neutral',
    write: false,
    outdir: 'unused',
    metafile: true,
    logLevel: 'silent',
  });
  const imports = Object.values(metafile.inputs).flatMap((input) => input.imports.filter((item) => item.external).map((item) => item.path));
  return { files: Object.keys(metafile.inputs), packages: [...new Set(imports)].sort() };
}

afterEach(() => resetAuthRuntime());

describe('@steward/auth-core/testing', () => {
  it('exports a small surface of functions and constants, none from a test runner', () => {
    expect(Object.keys(testing).sort()).toEqual([
      'FAKE_IDENTITY_POOL_ENDPOINT',
      'FAKE_USER_POOL_ENDPOINT',
      'cognitoError',
      'configureInMemoryAuth',
      'createFakeCognito',
      'createInMemoryAuthRuntime',
      'createInMemoryUserPool',
      'createRecordingCookies',
      'createTestClock',
      'makeAuthenticationResult',
      'makeJwt',
    ]);
  });

  it('is reached by no production entry point, and reaches no test runner or dev dependency itself', async () => {
    for (const entry of ['src/index.ts', 'src/srp/index.ts', 'src/cognito-provider/index.ts']) {
      expect((await reached(entry)).files.filter((file) => !file.startsWith('src/')), entry).toEqual([]);
    }
    const testingEntry = await reached('testing/index.ts');
    expect(testingEntry.files.filter((file) => file.startsWith('testing/')).sort()).toEqual([
      'testing/fake-cognito.ts',
      'testing/in-memory-auth.ts',
      'testing/in-memory-user-pool.ts',
      'testing/index.ts',
      'testing/test-runtime.ts',
    ]);
    // Only the package's own runtime dependencies: no vitest, fast-check or Node built-in.
    expect(testingEntry.packages.filter((name) => !/^(jose|xstate|@noble\/hashes)(\/|$)/.test(name))).toEqual([]);
  });

  it('signs a user in over SRP through configure() and the aws-amplify-named functions, then signs out', async () => {
    const pool = createInMemoryUserPool();
    const alice = pool.addUser({ username: 'alice', password: PASSWORD, attributes: { email: 'alice@example.com', given_name: 'Alice' } });
    configureInMemoryAuth(pool);
    const events: AuthHubPayload[] = [];
    const stop = Hub.listen('auth', ({ payload }) => events.push(payload));
    try {
      expect(await signIn({ username: 'alice', password: PASSWORD })).toEqual({ isSignedIn: true, nextStep: { signInStep: 'DONE' } });
      const session = await fetchAuthSession();
      expect(session.userSub).toBe(alice.sub);
      expect(session.tokens?.idToken?.payload).toMatchObject({ email: 'alice@example.com', given_name: 'Alice', 'cognito:username': 'alice' });
      expect(await getCurrentUser()).toMatchObject({ username: 'alice', userId: alice.sub });
      await signOut();
      expect((await fetchAuthSession()).tokens).toBeUndefined();
    } finally {
      stop();
    }
    expect(events.map((event) => event.event)).toEqual(['signedIn', 'signedOut']);
    expect(pool.cognito.callsTo('InitiateAuth')[0]?.body).toMatchObject({ AuthFlow: 'USER_SRP_AUTH' });
    expect(pool.cognito.callsTo('RevokeToken')).toHaveLength(1);
    expect(pool.cognito.problems).toEqual([]);
  });

  it('refuses a wrong password and an unknown user with Cognito error names, and sends an unconfirmed user to CONFIRM_SIGN_UP', async () => {
    const pool = createInMemoryUserPool();
    pool.addUser({ username: 'alice', password: PASSWORD });
    pool.addUser({ username: 'bob', password: PASSWORD, attributes: { email: 'bob@example.com' }, confirmed: false });
    const runtime = createInMemoryAuthRuntime(pool);
    await expect(signInWith(runtime, { username: 'alice', password: 'wrong' })).rejects.toMatchObject({ name: 'NotAuthorizedException' });
    await expect(signInWith(runtime, { username: 'carol', password: PASSWORD })).rejects.toMatchObject({ name: 'UserNotFoundException' });
    expect(await signInWith(runtime, { username: 'bob', password: PASSWORD })).toEqual({ isSignedIn: false, nextStep: { signInStep: 'CONFIRM_SIGN_UP' } });
    expect(pool.cognito.problems).toEqual([]);
  });

  it('asks for the SMS code it sent, refuses a wrong one and signs in with the right one', async () => {
    const pool = createInMemoryUserPool();
    pool.addUser({ username: 'alice', password: PASSWORD, attributes: { phone_number: '+447700900123' }, mfa: 'SMS' });
    const runtime = createInMemoryAuthRuntime(pool);

    const first = await signInWith(runtime, { username: 'alice', password: PASSWORD });
    expect(first).toEqual({
      isSignedIn: false,
      nextStep: { signInStep: 'CONFIRM_SIGN_IN_WITH_SMS_CODE', codeDeliveryDetails: { deliveryMedium: 'SMS', destination: '+********0123' } },
    });
    const code = pool.lastCode('alice', 'SIGN_IN');
    expect(pool.sentCodes).toEqual([{ username: 'alice', purpose: 'SIGN_IN', code, deliveryMedium: 'SMS', destination: '+447700900123' }]);
    const wrong = code === '000000' ? '111111' : '000000';
    await expect(confirmSignInWith(runtime, { challengeResponse: wrong })).rejects.toMatchObject({ name: 'CodeMismatchException' });
    expect(await confirmSignInWith(runtime, { challengeResponse: code })).toEqual({ isSignedIn: true, nextStep: { signInStep: 'DONE' } });
    expect(await fetchUserAttributesWith(runtime)).toMatchObject({ phone_number: '+447700900123' });
  });

  it('signs up, confirms with the emailed code and signs in automatically', async () => {
    const pool = createInMemoryUserPool();
    const runtime = createInMemoryAuthRuntime(pool);
    const signedUp = await signUpWith(runtime, {
      username: 'bob',
      password: PASSWORD,
      options: { userAttributes: { email: 'bob@example.com' }, autoSignIn: true },
    });
    expect(signedUp).toMatchObject({
      isSignUpComplete: false,
      nextStep: { signUpStep: 'CONFIRM_SIGN_UP', codeDeliveryDetails: { deliveryMedium: 'EMAIL', destination: 'b***@e***', attributeName: 'email' } },
    });
    expect(await confirmSignUpWith(runtime, { username: 'bob', confirmationCode: pool.lastCode('bob', 'SIGN_UP') })).toEqual({
      isSignUpComplete: true,
      nextStep: { signUpStep: 'COMPLETE_AUTO_SIGN_IN' },
    });
    expect(await autoSignInWith(runtime)).toEqual({ isSignedIn: true, nextStep: { signInStep: 'DONE' } });
    expect(pool.getUser('bob')).toMatchObject({ confirmed: true, attributes: { email: 'bob@example.com', email_verified: 'true' } });
    expect((await fetchAuthSessionWith(runtime)).userSub).toBe(signedUp.userId);
  });

  it('resets a forgotten password with the emailed code, and changes it while signed in', async () => {
    const pool = createInMemoryUserPool();
    pool.addUser({ username: 'alice', password: PASSWORD, attributes: { email: 'alice@example.com' } });
    const runtime = createInMemoryAuthRuntime(pool);
    await resetPasswordWith(runtime, { username: 'alice' });
    await confirmResetPasswordWith(runtime, { username: 'alice', confirmationCode: pool.lastCode('alice', 'RESET_PASSWORD'), newPassword: 'N3w-Secret!' });
    await expect(signInWith(runtime, { username: 'alice', password: PASSWORD })).rejects.toMatchObject({ name: 'NotAuthorizedException' });
    await signInWith(runtime, { username: 'alice', password: 'N3w-Secret!' });
    await updatePasswordWith(runtime, { oldPassword: 'N3w-Secret!', newPassword: 'Th1rd-Secret!' });
    expect(pool.getUser('alice')?.password).toBe('Th1rd-Secret!');
  });

  it('refreshes expired tokens by the shared test clock, and a global sign-out revokes them', async () => {
    const clock = createTestClock();
    const pool = createInMemoryUserPool({ clock, tokenLifetimeSeconds: 600 });
    pool.addUser({ username: 'alice', password: PASSWORD });
    const runtime = createInMemoryAuthRuntime(pool);
    await signInWith(runtime, { username: 'alice', password: PASSWORD });
    const before = (await fetchAuthSessionWith(runtime)).tokens?.accessToken.toString();

    clock.advance(11 * 60_000);
    const after = (await fetchAuthSessionWith(runtime)).tokens?.accessToken.toString();
    expect(pool.cognito.callsTo('GetTokensFromRefreshToken')).toHaveLength(1);
    expect(after).not.toBe(before);

    await signOutWith(runtime, { global: true });
    expect(pool.cognito.callsTo('GlobalSignOut')).toHaveLength(1);
    await expect(callUserPool(runtime, 'GetUser', { AccessToken: after ?? '' })).rejects.toMatchObject({ name: 'NotAuthorizedException' });
    expect(pool.cognito.problems).toEqual([]);
  });
});

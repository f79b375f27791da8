import { SimulatedClock } from 'xstate';
import { describe, expect, it, vi } from 'vitest';
import { cognitoError } from '../../testing/fake-cognito.js';
import { createTestHarness } from '../../testing/test-runtime.js';
import { loadTokens } from '../tokens/token-store.js';
import { AUTO_SIGN_IN_MAX_POLLS, AUTO_SIGN_IN_POLL_INTERVAL_MS, AUTO_SIGN_IN_TIMEOUT_MS } from '../machines/sign-up-machine.js';
import { createTestUserPool } from '../../testing/test-user-pool.js';
import { autoSignInWith } from './auto-sign-in.js';
import { confirmSignUpWith } from './confirm-sign-up.js';
import { signUpWith } from './sign-up.js';

const ALICE = { username: 'alice', password: 'Corr3ct-horse!' };
const START = Date.UTC(2025, 0, 15, 12, 0, 0);

/** A runtime whose clock is xstate's SimulatedClock, so the machine's delays run when the test says. */
function harness(verification: 'code' | 'link') {
  const clock = new SimulatedClock();
  clock.set(START);
  const h = createTestHarness({ config: { signUpVerificationMethod: verification }, io: { clock } });
  const pool = createTestUserPool(h, [ALICE]);
  let confirmed = false;
  h.fake.on('SignUp', () => ({ UserConfirmed: false, UserSub: 'sub-1', CodeDeliveryDetails: { DeliveryMedium: 'EMAIL', Destination: 'a***@e***' } }));
  h.fake.on('ConfirmSignUp', () => {
    confirmed = true;
    return { Session: 'confirm-session' };
  });
  const pollTimes: number[] = [];
  pool.onInitiate((request) => {
    pollTimes.push(clock.now());
    if (!confirmed) return cognitoError('UserNotConfirmedException', 'User is not confirmed.');
    return pool.startSrp(request.AuthParameters?.USERNAME ?? '', request.AuthParameters?.SRP_A ?? '');
  });
  return {
    ...h,
    clock,
    pool,
    pollTimes,
    confirm: () => {
      confirmed = true;
    },
  };
}

describe('autoSignIn after a code confirmation', () => {
  it('signs in with the sign-up credentials once confirmSignUp says COMPLETE_AUTO_SIGN_IN', async () => {
    const h = harness('code');
    await signUpWith(h.runtime, { ...ALICE, options: { autoSignIn: true } });
    await confirmSignUpWith(h.runtime, { username: 'alice', confirmationCode: '123456' });
    expect(await autoSignInWith(h.runtime)).toEqual({ isSignedIn: true, nextStep: { signInStep: 'DONE' } });
    expect((await loadTokens(h.runtime))?.username).toBe('alice');
    expect(h.events.map((event) => event.event)).toEqual(['signedIn']);
  });

  it('shares one attempt between calls 300 ms apart, then reports the flow as ended', async () => {
    const h = harness('code');
    await signUpWith(h.runtime, { ...ALICE, options: { autoSignIn: true } });
    await confirmSignUpWith(h.runtime, { username: 'alice', confirmationCode: '123456' });
    const first = autoSignInWith(h.runtime);
    h.clock.set(START + 299);
    const second = autoSignInWith(h.runtime);
    expect(await first).toEqual(await second);
    expect(h.fake.callsTo('InitiateAuth')).toHaveLength(1);
    h.clock.set(START + 300);
    await expect(autoSignInWith(h.runtime)).rejects.toMatchObject({ name: 'AutoSignInException' });
  });

  it('uses USER_AUTH with the confirmation session when auto sign-in asked for USER_AUTH', async () => {
    const h = harness('code');
    h.pool.onInitiate(() => h.pool.tokens());
    await signUpWith(h.runtime, { ...ALICE, options: { autoSignIn: { authFlowType: 'USER_AUTH' } } });
    await confirmSignUpWith(h.runtime, { username: 'alice', confirmationCode: '123456' });
    await autoSignInWith(h.runtime);
    expect(h.fake.callsTo('InitiateAuth')[0]?.body).toMatchObject({ AuthFlow: 'USER_AUTH', AuthParameters: { USERNAME: 'alice' }, Session: 'confirm-session' });
  });

  it('throws AutoSignInException when no sign-up asked for it', async () => {
    const h = harness('code');
    await expect(autoSignInWith(h.runtime)).rejects.toMatchObject({
      name: 'AutoSignInException',
      message: 'The autoSignIn flow has not started, or has been cancelled/completed.',
    });
    await signUpWith(h.runtime, ALICE);
    await confirmSignUpWith(h.runtime, { username: 'alice', confirmationCode: '123456' });
    h.clock.set(START + 1000);
    await expect(autoSignInWith(h.runtime)).rejects.toMatchObject({ name: 'AutoSignInException' });
    expect(h.fake.callsTo('InitiateAuth')).toEqual([]);
  });

  it('expires 3 minutes after sign-up: confirmSignUp is then DONE and autoSignIn refuses', async () => {
    const h = harness('code');
    await signUpWith(h.runtime, { ...ALICE, options: { autoSignIn: true } });
    h.clock.increment(AUTO_SIGN_IN_TIMEOUT_MS);
    expect((await confirmSignUpWith(h.runtime, { username: 'alice', confirmationCode: '123456' })).nextStep.signUpStep).toBe('DONE');
    await expect(autoSignInWith(h.runtime)).rejects.toMatchObject({ name: 'AutoSignInException' });
  });

  it('is still armed just before the 3 minutes end', async () => {
    const h = harness('code');
    await signUpWith(h.runtime, { ...ALICE, options: { autoSignIn: true } });
    h.clock.increment(AUTO_SIGN_IN_TIMEOUT_MS - 1);
    expect((await confirmSignUpWith(h.runtime, { username: 'alice', confirmationCode: '123456' })).nextStep.signUpStep).toBe('COMPLETE_AUTO_SIGN_IN');
  });

  it('passes the sign-in error on, and ends the flow', async () => {
    const h = harness('code');
    h.pool.onInitiate(() => cognitoError('NotAuthorizedException', 'Incorrect username or password.'));
    await signUpWith(h.runtime, { ...ALICE, options: { autoSignIn: true } });
    await confirmSignUpWith(h.runtime, { username: 'alice', confirmationCode: '123456' });
    await expect(autoSignInWith(h.runtime)).rejects.toMatchObject({ name: 'NotAuthorizedException' });
    h.clock.set(START + 1000);
    await expect(autoSignInWith(h.runtime)).rejects.toMatchObject({ name: 'AutoSignInException' });
  });
});

describe('autoSignIn with link verification', () => {
  async function pollsReach(h: ReturnType<typeof harness>, count: number) {
    await vi.waitFor(() => expect(h.pollTimes).toHaveLength(count), { timeout: 5000, interval: 1 });
  }

  it('polls every 5 seconds until the link is clicked, then signs in', async () => {
    const h = harness('link');
    expect((await signUpWith(h.runtime, { ...ALICE, options: { autoSignIn: true } })).nextStep.signUpStep).toBe('COMPLETE_AUTO_SIGN_IN');
    const result = autoSignInWith(h.runtime);
    h.clock.increment(AUTO_SIGN_IN_POLL_INTERVAL_MS - 1);
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(h.pollTimes).toEqual([]);
    for (let poll = 1; poll <= 3; poll += 1) {
      h.clock.increment(poll === 1 ? 1 : AUTO_SIGN_IN_POLL_INTERVAL_MS);
      await pollsReach(h, poll);
    }
    h.confirm();
    h.clock.increment(AUTO_SIGN_IN_POLL_INTERVAL_MS);
    expect(await result).toEqual({ isSignedIn: true, nextStep: { signInStep: 'DONE' } });
    expect(h.pollTimes.map((time) => time - START)).toEqual([5000, 10000, 15000, 20000]);
  });

  it('gives up with AutoSignInException after 3 minutes of polling', async () => {
    const h = harness('link');
    await signUpWith(h.runtime, { ...ALICE, options: { autoSignIn: true } });
    const result = autoSignInWith(h.runtime);
    const outcome = result.then(
      () => 'resolved',
      (error: unknown) => error,
    );
    for (let poll = 1; poll <= AUTO_SIGN_IN_MAX_POLLS; poll += 1) {
      h.clock.increment(AUTO_SIGN_IN_POLL_INTERVAL_MS);
      await pollsReach(h, poll);
    }
    expect(await outcome).toMatchObject({ name: 'AutoSignInException', message: 'The account was not confirmed on time.' });
    expect(h.pollTimes[h.pollTimes.length - 1]).toBe(START + AUTO_SIGN_IN_TIMEOUT_MS);
    expect(h.pollTimes).toHaveLength(36);
  });

  it('returns a further sign-in step as soon as the account is confirmed', async () => {
    const h = harness('link');
    h.pool.afterPassword(() => ({ ChallengeName: 'SOFTWARE_TOKEN_MFA', Session: 'mfa', ChallengeParameters: {} }));
    await signUpWith(h.runtime, { ...ALICE, options: { autoSignIn: true } });
    h.confirm();
    const result = autoSignInWith(h.runtime);
    h.clock.increment(AUTO_SIGN_IN_POLL_INTERVAL_MS);
    expect(await result).toEqual({ isSignedIn: false, nextStep: { signInStep: 'CONFIRM_SIGN_IN_WITH_TOTP_CODE' } });
  });
});

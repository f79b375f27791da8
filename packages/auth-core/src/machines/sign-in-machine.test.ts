// The sign-in machine as a UI drives it (createActor / @xstate/react's useMachine).
import { createActor, waitFor } from 'xstate';
import { describe, expect, it } from 'vitest';
import { cognitoError } from '../../testing/fake-cognito.js';
import { createAuthRuntime } from '../runtime/auth-runtime.js';
import { TEST_CONFIG, createTestHarness } from '../../testing/test-runtime.js';
import { isSignInSettled, signInMachine, signInResultOf } from './sign-in-machine.js';
import type { SignInMachineInput } from './sign-in-machine.js';
import { createTestUserPool } from '../../testing/test-user-pool.js';

const ALICE = { username: 'alice', password: 'Corr3ct-horse!' };

function start(input: SignInMachineInput) {
  const actor = createActor(signInMachine, { input });
  actor.start();
  return actor;
}

function smsHarness() {
  const h = createTestHarness();
  const pool = createTestUserPool(h, [ALICE]);
  pool.afterPassword(() => ({ ChallengeName: 'SMS_MFA', Session: 'sms-1', ChallengeParameters: { CODE_DELIVERY_DELIVERY_MEDIUM: 'SMS', CODE_DELIVERY_DESTINATION: '+***99' } }));
  pool.onRespond('SMS_MFA', (request) => (request.ChallengeResponses?.SMS_MFA_CODE === '123456' ? pool.tokens() : cognitoError('CodeMismatchException', 'Invalid code')));
  return { ...h, pool };
}

describe('sign-in machine driven by a UI', () => {
  it('starts idle when nothing is pending, goes to one state per step, and ends in signedIn with the DONE output', async () => {
    const h = smsHarness();
    const actor = start({ runtime: h.runtime });
    expect(actor.getSnapshot().value).toBe('restoring');
    expect((await waitFor(actor, isSignInSettled)).value).toBe('idle');

    actor.send({ type: 'SIGN_IN', ...ALICE });
    expect(actor.getSnapshot().matches('authenticating')).toBe(true);
    const waiting = await waitFor(actor, isSignInSettled);
    expect(waiting.value).toEqual({ awaitingChallenge: 'smsCode' });
    expect(waiting.context.nextStep).toEqual({ signInStep: 'CONFIRM_SIGN_IN_WITH_SMS_CODE', codeDeliveryDetails: { deliveryMedium: 'SMS', destination: '+***99' } });

    actor.send({ type: 'CONFIRM_SIGN_IN', challengeResponse: '123456' });
    const done = await waitFor(actor, isSignInSettled);
    expect(done.status).toBe('done');
    expect(done.value).toBe('signedIn');
    expect(done.output).toEqual({ isSignedIn: true, nextStep: { signInStep: 'DONE' } });
  });

  // Threat: a UI or devtools inspector persisting or logging machine snapshots leaks the password.
  it('holds the password and SRP values only while authenticating', async () => {
    const h = smsHarness();
    const actor = start({ runtime: h.runtime });
    await waitFor(actor, isSignInSettled);
    actor.send({ type: 'SIGN_IN', ...ALICE });
    const verifying = await waitFor(actor, (snapshot) => snapshot.matches({ authenticating: 'verifyingPassword' }));
    expect(verifying.context.secrets.password).toBe(ALICE.password);
    const waiting = await waitFor(actor, isSignInSettled);
    const { runtime: _runtime, ...context } = waiting.context;
    expect(waiting.context.secrets).toEqual({});
    expect(JSON.stringify(context)).not.toContain(ALICE.password);
    actor.stop();
  });

  it('stays on the step with the error after a wrong code, and accepts the right one', async () => {
    const h = smsHarness();
    const actor = start({ runtime: h.runtime });
    await waitFor(actor, isSignInSettled);
    actor.send({ type: 'SIGN_IN', ...ALICE });
    await waitFor(actor, isSignInSettled);
    actor.send({ type: 'CONFIRM_SIGN_IN', challengeResponse: '000000' });
    const retry = await waitFor(actor, isSignInSettled);
    expect(retry.value).toEqual({ awaitingChallenge: 'smsCode' });
    expect(retry.context.error).toMatchObject({ name: 'CodeMismatchException' });
    expect(() => signInResultOf(retry)).toThrow('Invalid code');
    actor.send({ type: 'CONFIRM_SIGN_IN', challengeResponse: '123456' });
    expect((await waitFor(actor, isSignInSettled)).status).toBe('done');
  });

  it('resumes the waiting step after a page reload (a new actor over the same storage)', async () => {
    const h = smsHarness();
    const first = start({ runtime: h.runtime });
    await waitFor(first, isSignInSettled);
    first.send({ type: 'SIGN_IN', ...ALICE });
    await waitFor(first, isSignInSettled);
    first.stop();

    const reloaded = createAuthRuntime(TEST_CONFIG, { fetch: h.fake.fetch, storage: h.storage, cookies: h.cookies, clock: h.clock });
    const actor = start({ runtime: reloaded });
    const resumed = await waitFor(actor, isSignInSettled);
    expect(resumed.value).toEqual({ awaitingChallenge: 'smsCode' });
    expect(resumed.context.username).toBe('alice');
    expect(signInResultOf(resumed).nextStep).toEqual({ signInStep: 'CONFIRM_SIGN_IN_WITH_SMS_CODE', codeDeliveryDetails: { deliveryMedium: 'SMS', destination: '+***99' } });
  });

  it('resumes TOTP setup after a reload without the shared secret, and still accepts the code', async () => {
    const h = createTestHarness();
    const pool = createTestUserPool(h, [ALICE]);
    pool.afterPassword(() => ({ ChallengeName: 'MFA_SETUP', Session: 'setup', ChallengeParameters: { MFAS_CAN_SETUP: '["SOFTWARE_TOKEN_MFA"]' } }));
    h.fake.on('AssociateSoftwareToken', () => ({ SecretCode: 'SEED', Session: 'assoc' }));
    h.fake.on('VerifySoftwareToken', () => ({ Status: 'SUCCESS', Session: 'verified' }));
    pool.onRespond('MFA_SETUP', () => pool.tokens());
    const first = start({ runtime: h.runtime });
    await waitFor(first, isSignInSettled);
    first.send({ type: 'SIGN_IN', ...ALICE });
    const step = (await waitFor(first, isSignInSettled)).context.nextStep;
    expect(step?.signInStep === 'CONTINUE_SIGN_IN_WITH_TOTP_SETUP' ? step.totpSetupDetails?.sharedSecret : undefined).toBe('SEED');
    first.stop();

    const actor = start({ runtime: h.runtime });
    const resumed = await waitFor(actor, isSignInSettled);
    expect(resumed.value).toEqual({ awaitingChallenge: 'totpSetup' });
    expect(resumed.context.nextStep).toEqual({ signInStep: 'CONTINUE_SIGN_IN_WITH_TOTP_SETUP' });
    actor.send({ type: 'CONFIRM_SIGN_IN', challengeResponse: '123456' });
    expect((await waitFor(actor, isSignInSettled)).status).toBe('done');
    expect(h.fake.callsTo('VerifySoftwareToken')[0]?.body.Session).toBe('assoc');
  });

  it('rejects CONFIRM_SIGN_IN while idle with SignInException (EmptyChallengeResponse without an answer)', async () => {
    const h = createTestHarness();
    const actor = start({ runtime: h.runtime });
    await waitFor(actor, isSignInSettled);
    actor.send({ type: 'CONFIRM_SIGN_IN', challengeResponse: '1' });
    expect(actor.getSnapshot().context.error).toMatchObject({ name: 'SignInException' });
    actor.send({ type: 'CONFIRM_SIGN_IN', challengeResponse: '' });
    expect(actor.getSnapshot().context.error).toMatchObject({ name: 'EmptyChallengeResponse' });
    expect(actor.getSnapshot().value).toBe('idle');
  });

  it('settles in confirmSignUpRequired and resetPasswordRequired for those provider answers, and can start again', async () => {
    const h = createTestHarness();
    const pool = createTestUserPool(h, [ALICE]);
    pool.onInitiate(() => cognitoError('UserNotConfirmedException', 'User is not confirmed.'));
    const actor = start({ runtime: h.runtime });
    await waitFor(actor, isSignInSettled);
    actor.send({ type: 'SIGN_IN', ...ALICE });
    expect((await waitFor(actor, isSignInSettled)).value).toBe('confirmSignUpRequired');
    pool.onInitiate(() => cognitoError('PasswordResetRequiredException', 'reset'));
    actor.send({ type: 'SIGN_IN', ...ALICE });
    const reset = await waitFor(actor, isSignInSettled);
    expect(reset.value).toBe('resetPasswordRequired');
    expect(signInResultOf(reset)).toEqual({ isSignedIn: false, nextStep: { signInStep: 'RESET_PASSWORD' } });
  });
});

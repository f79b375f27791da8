import { describe, expect, it } from 'vitest';
import { cognitoError } from '../../testing/fake-cognito.js';
import { storeDeviceMetadata } from '../devices/device-store.js';
import { createAuthRuntime } from '../runtime/auth-runtime.js';
import { TEST_CONFIG, createTestHarness } from '../../testing/test-runtime.js';
import type { TestHarness } from '../../testing/test-runtime.js';
import { loadTokens } from '../tokens/token-store.js';
import type { CognitoAnswer } from '../machines/challenges/sign-in-steps.js';
import { SIGN_IN_STATE_TTL_MS, loadSignInState, signInStateKey } from '../machines/sign-in-state-store.js';
import { createTestUserPool } from '../../testing/test-user-pool.js';
import type { TestUserPool } from '../../testing/test-user-pool.js';
import { confirmSignInWith } from './confirm-sign-in.js';
import { signInWith } from './sign-in.js';

const ALICE = { username: 'alice', password: 'Corr3ct-horse!' };
const DONE = { isSignedIn: true, nextStep: { signInStep: 'DONE' } };

interface Setup extends TestHarness {
  pool: TestUserPool;
}

/** A harness whose password sign-in is answered by `challenge`. */
function afterPassword(challenge: CognitoAnswer | ((pool: TestUserPool) => CognitoAnswer)): Setup {
  const harness = createTestHarness();
  const pool = createTestUserPool(harness, [ALICE]);
  pool.afterPassword(() => (typeof challenge === 'function' ? challenge(pool) : challenge));
  return { ...harness, pool };
}

async function signIn(h: Setup) {
  return signInWith(h.runtime, { username: 'alice', password: ALICE.password });
}

function lastRespond(h: TestHarness): Record<string, unknown> {
  const calls = h.fake.callsTo('RespondToAuthChallenge');
  const call = calls[calls.length - 1];
  if (call === undefined) throw new Error('no RespondToAuthChallenge');
  return call.body;
}

describe('confirmSignIn with MFA codes', () => {
  it.each([
    ['SMS_MFA', 'CONFIRM_SIGN_IN_WITH_SMS_CODE', 'SMS_MFA_CODE', { deliveryMedium: 'SMS', destination: '+*******1234' }],
    ['SMS_OTP', 'CONFIRM_SIGN_IN_WITH_SMS_CODE', 'SMS_OTP_CODE', { deliveryMedium: 'SMS', destination: '+*******1234' }],
    ['EMAIL_OTP', 'CONFIRM_SIGN_IN_WITH_EMAIL_CODE', 'EMAIL_OTP_CODE', { deliveryMedium: 'EMAIL', destination: 'a***@e***' }],
  ] as const)('%s shows %s with the delivery details and sends the code as %s', async (challengeName, step, codeKey, details) => {
    const h = afterPassword({
      ChallengeName: challengeName,
      Session: 'mfa-session',
      ChallengeParameters: { CODE_DELIVERY_DELIVERY_MEDIUM: details.deliveryMedium, CODE_DELIVERY_DESTINATION: details.destination },
    });
    h.pool.onRespond(challengeName, (request) => (request.ChallengeResponses?.[codeKey] === '123456' ? h.pool.tokens() : cognitoError('CodeMismatchException', 'bad')));

    expect(await signIn(h)).toEqual({ isSignedIn: false, nextStep: { signInStep: step, codeDeliveryDetails: details } });
    expect(await loadTokens(h.runtime)).toBeNull();
    expect(await confirmSignInWith(h.runtime, { challengeResponse: '123456' })).toEqual(DONE);
    expect(lastRespond(h)).toMatchObject({ ChallengeName: challengeName, Session: 'mfa-session', ChallengeResponses: { USERNAME: 'alice', [codeKey]: '123456' } });
    expect((await loadTokens(h.runtime))?.username).toBe('alice');
    expect(await loadSignInState(h.runtime)).toBeNull();
  });

  it('SOFTWARE_TOKEN_MFA shows the TOTP code step and sends SOFTWARE_TOKEN_MFA_CODE', async () => {
    const h = afterPassword({ ChallengeName: 'SOFTWARE_TOKEN_MFA', Session: 'totp-session', ChallengeParameters: {} });
    h.pool.onRespond('SOFTWARE_TOKEN_MFA', () => h.pool.tokens());
    expect(await signIn(h)).toEqual({ isSignedIn: false, nextStep: { signInStep: 'CONFIRM_SIGN_IN_WITH_TOTP_CODE' } });
    expect(await confirmSignInWith(h.runtime, { challengeResponse: '654321' })).toEqual(DONE);
    expect(lastRespond(h).ChallengeResponses).toEqual({ USERNAME: 'alice', SOFTWARE_TOKEN_MFA_CODE: '654321' });
  });

  it('keeps the step after a wrong code so the user can try again', async () => {
    const h = afterPassword({ ChallengeName: 'SOFTWARE_TOKEN_MFA', Session: 'totp-session', ChallengeParameters: {} });
    h.pool.onRespond('SOFTWARE_TOKEN_MFA', (request) =>
      request.ChallengeResponses?.SOFTWARE_TOKEN_MFA_CODE === '111111' ? h.pool.tokens() : cognitoError('CodeMismatchException', 'Invalid code'),
    );
    await signIn(h);
    await expect(confirmSignInWith(h.runtime, { challengeResponse: '000000' })).rejects.toMatchObject({ name: 'CodeMismatchException' });
    expect((await loadSignInState(h.runtime))?.challengeName).toBe('SOFTWARE_TOKEN_MFA');
    expect(await confirmSignInWith(h.runtime, { challengeResponse: '111111' })).toEqual(DONE);
  });

  it('sends the remembered DEVICE_KEY with an MFA code', async () => {
    const h = afterPassword({ ChallengeName: 'SMS_MFA', Session: 's', ChallengeParameters: {} });
    h.pool.onRespond('SMS_MFA', () => h.pool.tokens());
    h.pool.devices.set('dev-9', { deviceGroupKey: 'g', saltHex: '01', verifierHex: '02' });
    await storeDeviceMetadata(h.runtime, 'alice', { deviceKey: 'dev-9', deviceGroupKey: 'g', randomPassword: 'p' });
    await signIn(h);
    await confirmSignInWith(h.runtime, { challengeResponse: '123456' });
    expect(lastRespond(h).ChallengeResponses).toEqual({ USERNAME: 'alice', SMS_MFA_CODE: '123456', DEVICE_KEY: 'dev-9' });
  });
});

describe('confirmSignIn with MFA selection', () => {
  it('lists the allowed methods, maps the choice to Cognito names and continues', async () => {
    const h = afterPassword({ ChallengeName: 'SELECT_MFA_TYPE', Session: 'sel', ChallengeParameters: { MFAS_CAN_CHOOSE: '["SMS_MFA","SOFTWARE_TOKEN_MFA","EMAIL_OTP"]' } });
    h.pool.onRespond('SELECT_MFA_TYPE', () => ({ ChallengeName: 'SOFTWARE_TOKEN_MFA', Session: 'totp', ChallengeParameters: {} }));
    h.pool.onRespond('SOFTWARE_TOKEN_MFA', () => h.pool.tokens());

    expect(await signIn(h)).toEqual({ isSignedIn: false, nextStep: { signInStep: 'CONTINUE_SIGN_IN_WITH_MFA_SELECTION', allowedMFATypes: ['SMS', 'TOTP', 'EMAIL'] } });
    expect(await confirmSignInWith(h.runtime, { challengeResponse: 'TOTP' })).toEqual({
      isSignedIn: false,
      nextStep: { signInStep: 'CONFIRM_SIGN_IN_WITH_TOTP_CODE' },
    });
    expect(lastRespond(h).ChallengeResponses).toEqual({ USERNAME: 'alice', ANSWER: 'SOFTWARE_TOKEN_MFA' });
    expect(await confirmSignInWith(h.runtime, { challengeResponse: '123456' })).toEqual(DONE);
  });

  it('rejects a choice other than SMS, TOTP or EMAIL before any request and keeps the step', async () => {
    const h = afterPassword({ ChallengeName: 'SELECT_MFA_TYPE', Session: 'sel', ChallengeParameters: { MFAS_CAN_CHOOSE: '["SMS_MFA"]' } });
    h.pool.onRespond('SELECT_MFA_TYPE', () => ({ ChallengeName: 'SMS_MFA', Session: 'sms', ChallengeParameters: {} }));
    await signIn(h);
    const calls = h.fake.calls.length;
    await expect(confirmSignInWith(h.runtime, { challengeResponse: 'sms' })).rejects.toMatchObject({
      name: 'IncorrectMFAMethod',
      message: 'Incorrect MFA method was chosen. It should be either SMS, TOTP, or EMAIL',
    });
    expect(h.fake.calls.length).toBe(calls);
    expect((await confirmSignInWith(h.runtime, { challengeResponse: 'SMS' })).nextStep.signInStep).toBe('CONFIRM_SIGN_IN_WITH_SMS_CODE');
  });
});

describe('confirmSignIn with a new password', () => {
  it('lists missing attributes and sends NEW_PASSWORD with userAttributes.* responses', async () => {
    const h = afterPassword({
      ChallengeName: 'NEW_PASSWORD_REQUIRED',
      Session: 'np',
      ChallengeParameters: { requiredAttributes: '["userAttributes.given_name","userAttributes.family_name"]', userAttributes: '{"email":"a@x"}' },
    });
    h.pool.onRespond('NEW_PASSWORD_REQUIRED', () => h.pool.tokens());
    expect(await signIn(h)).toEqual({
      isSignedIn: false,
      nextStep: { signInStep: 'CONFIRM_SIGN_IN_WITH_NEW_PASSWORD_REQUIRED', missingAttributes: ['given_name', 'family_name'] },
    });
    const result = await confirmSignInWith(h.runtime, {
      challengeResponse: 'N3w-password!',
      options: { userAttributes: { given_name: 'Alice', family_name: 'Liddell' } },
    });
    expect(result).toEqual(DONE);
    expect(lastRespond(h).ChallengeResponses).toEqual({
      USERNAME: 'alice',
      NEW_PASSWORD: 'N3w-password!',
      'userAttributes.given_name': 'Alice',
      'userAttributes.family_name': 'Liddell',
    });
  });
});

describe('confirmSignIn with MFA setup', () => {
  const BOTH = { ChallengeName: 'MFA_SETUP' as const, Session: 'setup-1', ChallengeParameters: { MFAS_CAN_SETUP: '["SMS_MFA","EMAIL_OTP","SOFTWARE_TOKEN_MFA"]' } };

  it('offers EMAIL or TOTP when both can be set up', async () => {
    const h = afterPassword(BOTH);
    expect(await signIn(h)).toEqual({ isSignedIn: false, nextStep: { signInStep: 'CONTINUE_SIGN_IN_WITH_MFA_SETUP_SELECTION', allowedMFATypes: ['EMAIL', 'TOTP'] } });
  });

  it('sets up TOTP: AssociateSoftwareToken with the session, VerifySoftwareToken, then MFA_SETUP with the new session', async () => {
    const h = afterPassword(BOTH);
    h.fake.on('AssociateSoftwareToken', (request) => ({ SecretCode: 'JBSWY3DPEHPK3PXP', Session: `${request.Session ?? ''}+assoc` }));
    h.fake.on('VerifySoftwareToken', (request) => ({ Status: 'SUCCESS', Session: `${request.Session ?? ''}+verified` }));
    h.pool.onRespond('MFA_SETUP', () => h.pool.tokens());

    await signIn(h);
    const calls = h.fake.calls.length;
    const totp = await confirmSignInWith(h.runtime, { challengeResponse: 'TOTP' });
    expect(h.fake.calls.slice(calls).map((call) => call.operation)).toEqual(['AssociateSoftwareToken']);
    expect(h.fake.callsTo('AssociateSoftwareToken')[0]?.body).toEqual({ Session: 'setup-1' });
    if (totp.nextStep.signInStep !== 'CONTINUE_SIGN_IN_WITH_TOTP_SETUP') throw new Error(`unexpected ${totp.nextStep.signInStep}`);
    expect(totp.nextStep.totpSetupDetails.sharedSecret).toBe('JBSWY3DPEHPK3PXP');
    expect(totp.nextStep.totpSetupDetails.getSetupUri('Steward').href).toBe('otpauth://totp/Steward:alice?secret=JBSWY3DPEHPK3PXP&issuer=Steward');

    expect(await confirmSignInWith(h.runtime, { challengeResponse: '123456', options: { friendlyDeviceName: 'Phone' } })).toEqual(DONE);
    expect(h.fake.callsTo('VerifySoftwareToken')[0]?.body).toEqual({ UserCode: '123456', Session: 'setup-1+assoc', FriendlyDeviceName: 'Phone' });
    expect(lastRespond(h)).toMatchObject({ ChallengeName: 'MFA_SETUP', Session: 'setup-1+assoc+verified', ChallengeResponses: { USERNAME: 'alice' } });
  });

  it('goes straight to TOTP setup when only TOTP can be set up', async () => {
    const h = afterPassword({ ChallengeName: 'MFA_SETUP', Session: 'setup-2', ChallengeParameters: { MFAS_CAN_SETUP: '["SOFTWARE_TOKEN_MFA"]' } });
    h.fake.on('AssociateSoftwareToken', () => ({ SecretCode: 'SECRET', Session: 'assoc' }));
    const result = await signIn(h);
    expect(result.nextStep.signInStep).toBe('CONTINUE_SIGN_IN_WITH_TOTP_SETUP');
  });

  it('fails TOTP setup when VerifySoftwareToken reports ERROR, keeping the step', async () => {
    const h = afterPassword({ ChallengeName: 'MFA_SETUP', Session: 'setup-2', ChallengeParameters: { MFAS_CAN_SETUP: '["SOFTWARE_TOKEN_MFA"]' } });
    h.fake.on('AssociateSoftwareToken', () => ({ SecretCode: 'SECRET', Session: 'assoc' }));
    h.fake.on('VerifySoftwareToken', () => ({ Status: 'ERROR' }));
    await signIn(h);
    await expect(confirmSignInWith(h.runtime, { challengeResponse: '123456' })).rejects.toMatchObject({ name: 'EnableSoftwareTokenMFAException' });
    expect((await loadSignInState(h.runtime))?.signInSession).toBe('assoc');
  });

  it('sets up email: the choice EMAIL asks for the address, which goes as EMAIL, then the emailed code', async () => {
    const h = afterPassword(BOTH);
    h.pool.onRespond('MFA_SETUP', () => ({ ChallengeName: 'EMAIL_OTP', Session: 'otp', ChallengeParameters: { CODE_DELIVERY_DELIVERY_MEDIUM: 'EMAIL', CODE_DELIVERY_DESTINATION: 'a***@x' } }));
    h.pool.onRespond('EMAIL_OTP', () => h.pool.tokens());
    await signIn(h);
    expect(await confirmSignInWith(h.runtime, { challengeResponse: 'EMAIL' })).toEqual({ isSignedIn: false, nextStep: { signInStep: 'CONTINUE_SIGN_IN_WITH_EMAIL_SETUP' } });
    const email = await confirmSignInWith(h.runtime, { challengeResponse: 'alice@example.com' });
    expect(lastRespond(h)).toMatchObject({ ChallengeName: 'MFA_SETUP', Session: 'setup-1', ChallengeResponses: { USERNAME: 'alice', EMAIL: 'alice@example.com' } });
    expect(email.nextStep.signInStep).toBe('CONFIRM_SIGN_IN_WITH_EMAIL_CODE');
    expect(await confirmSignInWith(h.runtime, { challengeResponse: '777777' })).toEqual(DONE);
  });

  it('goes straight to the email setup step when only email can be set up', async () => {
    const h = afterPassword({ ChallengeName: 'MFA_SETUP', Session: 'setup-3', ChallengeParameters: { MFAS_CAN_SETUP: '["EMAIL_OTP"]' } });
    expect((await signIn(h)).nextStep).toEqual({ signInStep: 'CONTINUE_SIGN_IN_WITH_EMAIL_SETUP' });
  });

  it('rejects a setup answer that is not EMAIL, TOTP, digits or an address', async () => {
    const h = afterPassword(BOTH);
    await signIn(h);
    const calls = h.fake.calls.length;
    await expect(confirmSignInWith(h.runtime, { challengeResponse: 'SMS' })).rejects.toMatchObject({ name: 'IncorrectMFASetupAnswer' });
    expect(h.fake.calls.length).toBe(calls);
  });
});

describe('confirmSignIn with first-factor selection (USER_AUTH)', () => {
  function selectChallenge(): Setup {
    const harness = createTestHarness();
    const pool = createTestUserPool(harness, [ALICE]);
    pool.onInitiate(() => ({ ChallengeName: 'SELECT_CHALLENGE', Session: 'select-1', AvailableChallenges: ['PASSWORD', 'PASSWORD_SRP', 'EMAIL_OTP'] }));
    return { ...harness, pool };
  }
  const start = (h: Setup) => signInWith(h.runtime, { username: 'alice', options: { authFlowType: 'USER_AUTH' } });

  it('PASSWORD asks for the password without a request, then sends it with SELECT_CHALLENGE', async () => {
    const h = selectChallenge();
    h.pool.onRespond('SELECT_CHALLENGE', (request) => (request.ChallengeResponses?.PASSWORD === 'pw' ? h.pool.tokens() : cognitoError('NotAuthorizedException', 'no')));
    await start(h);
    const calls = h.fake.calls.length;
    expect(await confirmSignInWith(h.runtime, { challengeResponse: 'PASSWORD' })).toEqual({ isSignedIn: false, nextStep: { signInStep: 'CONFIRM_SIGN_IN_WITH_PASSWORD' } });
    expect(h.fake.calls.length).toBe(calls);
    expect(await confirmSignInWith(h.runtime, { challengeResponse: 'pw' })).toEqual(DONE);
    expect(lastRespond(h)).toMatchObject({ ChallengeName: 'SELECT_CHALLENGE', Session: 'select-1', ChallengeResponses: { ANSWER: 'PASSWORD', USERNAME: 'alice', PASSWORD: 'pw' } });
  });

  it('PASSWORD_SRP sends SRP_A with SELECT_CHALLENGE and completes the SRP exchange', async () => {
    const h = selectChallenge();
    h.pool.onRespond('SELECT_CHALLENGE', (request) => h.pool.startSrp('alice', request.ChallengeResponses?.SRP_A ?? ''));
    await start(h);
    await confirmSignInWith(h.runtime, { challengeResponse: 'PASSWORD_SRP' });
    expect(await confirmSignInWith(h.runtime, { challengeResponse: ALICE.password })).toEqual(DONE);
    const names = h.fake.callsTo('RespondToAuthChallenge').map((call) => call.body.ChallengeName);
    expect(names).toEqual(['SELECT_CHALLENGE', 'PASSWORD_VERIFIER']);
    expect(h.fake.callsTo('RespondToAuthChallenge')[0]?.body.ChallengeResponses).toMatchObject({ ANSWER: 'PASSWORD_SRP', USERNAME: 'alice' });
  });

  it('another factor is sent as the SELECT_CHALLENGE answer', async () => {
    const h = selectChallenge();
    h.pool.onRespond('SELECT_CHALLENGE', () => ({ ChallengeName: 'EMAIL_OTP', Session: 'otp', ChallengeParameters: { CODE_DELIVERY_DELIVERY_MEDIUM: 'EMAIL' } }));
    await start(h);
    expect((await confirmSignInWith(h.runtime, { challengeResponse: 'EMAIL_OTP' })).nextStep.signInStep).toBe('CONFIRM_SIGN_IN_WITH_EMAIL_CODE');
    expect(lastRespond(h).ChallengeResponses).toEqual({ USERNAME: 'alice', ANSWER: 'EMAIL_OTP' });
  });
});

describe('confirmSignIn and the persisted sign-in state', () => {
  it('requires a challenge response', async () => {
    const h = afterPassword({ ChallengeName: 'SMS_MFA', Session: 's', ChallengeParameters: {} });
    await signIn(h);
    await expect(confirmSignInWith(h.runtime, { challengeResponse: '' })).rejects.toMatchObject({ name: 'EmptyChallengeResponse' });
  });

  it('throws SignInException without a signIn first, with the message of aws-amplify', async () => {
    const h = createTestHarness();
    // aws-amplify 6's confirmSignIn text, line breaks and tabs included.
    const message = [
      '',
      '\t\t\tAn error occurred during the sign in process.',
      '',
      '\t\t\tThis most likely occurred due to:',
      '\t\t\t1. signIn was not called before confirmSignIn.',
      '\t\t\t2. signIn threw an exception.',
      '\t\t\t3. page was refreshed during the sign in flow and session has expired.',
      '\t\t\t',
    ].join('\n');
    await expect(confirmSignInWith(h.runtime, { challengeResponse: '123456' })).rejects.toMatchObject({ name: 'SignInException', message });
    expect(h.fake.calls).toEqual([]);
  });

  it('works after a page reload: a new runtime over the same storage continues the sign-in', async () => {
    const h = afterPassword({ ChallengeName: 'SMS_MFA', Session: 'sms-session', ChallengeParameters: {} });
    h.pool.onRespond('SMS_MFA', () => h.pool.tokens());
    await signIn(h);
    const reloaded = createAuthRuntime(TEST_CONFIG, { fetch: h.fake.fetch, storage: h.storage, cookies: h.cookies, clock: h.clock });
    h.clock.advance(SIGN_IN_STATE_TTL_MS - 1);
    expect(await confirmSignInWith(reloaded, { challengeResponse: '123456' })).toEqual(DONE);
    expect(lastRespond(h).Session).toBe('sms-session');
    expect(await loadTokens(reloaded)).not.toBeNull();
  });

  it('throws SignInException once 3 minutes have passed, and forgets the stored state', async () => {
    const h = afterPassword({ ChallengeName: 'SMS_MFA', Session: 'sms-session', ChallengeParameters: {} });
    await signIn(h);
    const calls = h.fake.calls.length;
    h.clock.advance(SIGN_IN_STATE_TTL_MS);
    await expect(confirmSignInWith(h.runtime, { challengeResponse: '123456' })).rejects.toMatchObject({ name: 'SignInException' });
    expect(h.fake.calls.length).toBe(calls);
    expect(await h.storage.getItem(signInStateKey('client123'))).toBeNull();
  });

  it('never persists the password, SRP values or the TOTP secret', async () => {
    const h = afterPassword({ ChallengeName: 'MFA_SETUP', Session: 'setup', ChallengeParameters: { MFAS_CAN_SETUP: '["SOFTWARE_TOKEN_MFA"]' } });
    h.fake.on('AssociateSoftwareToken', () => ({ SecretCode: 'TOPSECRETSEED', Session: 'assoc' }));
    await signIn(h);
    const stored = (await h.storage.getItem(signInStateKey('client123'))) ?? '';
    const srpA = (h.fake.callsTo('InitiateAuth')[0]?.body.AuthParameters as Record<string, string>).SRP_A ?? '';
    expect(stored).toContain('assoc');
    expect(srpA.length).toBeGreaterThan(100);
    expect(stored).not.toContain(ALICE.password);
    expect(stored).not.toContain('TOPSECRETSEED');
    expect(stored).not.toContain(srpA.slice(0, 32));
  });

  it('a new signIn replaces a pending one', async () => {
    const h = afterPassword({ ChallengeName: 'SMS_MFA', Session: 'first', ChallengeParameters: {} });
    await signIn(h);
    h.pool.afterPassword(() => ({ ChallengeName: 'SOFTWARE_TOKEN_MFA', Session: 'second', ChallengeParameters: {} }));
    expect((await signIn(h)).nextStep.signInStep).toBe('CONFIRM_SIGN_IN_WITH_TOTP_CODE');
    expect((await loadSignInState(h.runtime))?.signInSession).toBe('second');
  });

  it('a failed signIn forgets the pending sign-in', async () => {
    const h = afterPassword({ ChallengeName: 'SMS_MFA', Session: 'first', ChallengeParameters: {} });
    await signIn(h);
    await expect(signInWith(h.runtime, { username: 'alice', password: 'wrong-Passw0rd' })).rejects.toMatchObject({ name: 'NotAuthorizedException' });
    expect(await loadSignInState(h.runtime)).toBeNull();
  });
});

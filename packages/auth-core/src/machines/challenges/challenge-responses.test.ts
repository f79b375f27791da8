import { describe, expect, it } from 'vitest';
import { newPasswordAttributes, planChallengeAnswer } from './challenge-responses.js';
import type { PendingChallenge } from './sign-in-steps.js';

const pending = (name: PendingChallenge['name'], parameters: Record<string, string> = {}): PendingChallenge => ({ name, session: 'sess', parameters });

describe('confirmSignIn answers', () => {
  it('requires an answer', () => {
    expect(() => planChallengeAnswer(pending('SMS_MFA'), 'alice', '')).toThrow(expect.objectContaining({ name: 'EmptyChallengeResponse' }) as Error);
    expect(() => planChallengeAnswer(pending('SMS_MFA'), 'alice', undefined)).toThrow(expect.objectContaining({ name: 'EmptyChallengeResponse' }) as Error);
  });

  it.each([
    ['SMS_MFA', 'SMS_MFA_CODE'],
    ['SMS_OTP', 'SMS_OTP_CODE'],
    ['SOFTWARE_TOKEN_MFA', 'SOFTWARE_TOKEN_MFA_CODE'],
    ['EMAIL_OTP', 'EMAIL_OTP_CODE'],
  ] as const)('sends a %s code as %s, with the remembered device', (name, key) => {
    expect(planChallengeAnswer(pending(name), 'alice', '123456')).toEqual({ kind: 'respond', challengeName: name, responses: { USERNAME: 'alice', [key]: '123456' }, withDevice: true });
  });

  it('maps the MFA choice to the Cognito name and rejects other choices', () => {
    expect(planChallengeAnswer(pending('SELECT_MFA_TYPE'), 'alice', 'EMAIL')).toMatchObject({ responses: { ANSWER: 'EMAIL_OTP' } });
    expect(planChallengeAnswer(pending('SELECT_MFA_TYPE'), 'alice', 'SMS')).toMatchObject({ responses: { ANSWER: 'SMS_MFA' } });
    expect(() => planChallengeAnswer(pending('SELECT_MFA_TYPE'), 'alice', 'totp')).toThrow(expect.objectContaining({ name: 'IncorrectMFAMethod' }) as Error);
  });

  it('classifies MFA setup answers: a choice is local, digits verify TOTP, an address sets up email', () => {
    expect(planChallengeAnswer(pending('MFA_SETUP', { MFAS_CAN_SETUP: '["EMAIL_OTP","SOFTWARE_TOKEN_MFA"]' }), 'alice', 'TOTP')).toEqual({
      kind: 'local',
      challenge: { name: 'MFA_SETUP', session: 'sess', parameters: { MFAS_CAN_SETUP: '["SOFTWARE_TOKEN_MFA"]' } },
    });
    expect(planChallengeAnswer(pending('MFA_SETUP'), 'alice', '123456', { friendlyDeviceName: 'Phone' })).toEqual({ kind: 'verifyTotp', code: '123456', friendlyDeviceName: 'Phone' });
    expect(planChallengeAnswer(pending('MFA_SETUP'), 'alice', 'a@b.c')).toMatchObject({ kind: 'respond', challengeName: 'MFA_SETUP', responses: { EMAIL: 'a@b.c' } });
    expect(() => planChallengeAnswer(pending('MFA_SETUP'), 'alice', 'SMS')).toThrow(expect.objectContaining({ name: 'IncorrectMFASetupAnswer' }) as Error);
  });

  it('answers first-factor selection locally for passwords and with SELECT_CHALLENGE otherwise', () => {
    expect(planChallengeAnswer(pending('SELECT_CHALLENGE'), 'alice', 'PASSWORD_SRP')).toEqual({ kind: 'local', challenge: { name: 'PASSWORD_SRP', session: 'sess', parameters: {} } });
    expect(planChallengeAnswer(pending('SELECT_CHALLENGE'), 'alice', 'SMS_OTP')).toMatchObject({ challengeName: 'SELECT_CHALLENGE', responses: { ANSWER: 'SMS_OTP' } });
    expect(planChallengeAnswer(pending('PASSWORD'), 'alice', 'pw')).toMatchObject({ challengeName: 'SELECT_CHALLENGE', responses: { ANSWER: 'PASSWORD', PASSWORD: 'pw' } });
    expect(planChallengeAnswer(pending('PASSWORD_SRP'), 'alice', 'pw')).toEqual({ kind: 'passwordSrp', password: 'pw' });
  });

  it('sends the new password with the given attributes, skipping empty ones', () => {
    expect(newPasswordAttributes({ given_name: 'A', family_name: '', nickname: undefined })).toEqual({ 'userAttributes.given_name': 'A' });
    expect(planChallengeAnswer(pending('NEW_PASSWORD_REQUIRED'), 'alice', 'N3w!', { userAttributes: { email: 'a@b.c' } })).toMatchObject({
      responses: { USERNAME: 'alice', NEW_PASSWORD: 'N3w!', 'userAttributes.email': 'a@b.c' },
      withDevice: false,
    });
  });

  it('refuses challenges confirmSignIn cannot answer', () => {
    expect(() => planChallengeAnswer(pending('DEVICE_SRP_AUTH'), 'alice', 'x')).toThrow(expect.objectContaining({ name: 'SignInException' }) as Error);
  });
});

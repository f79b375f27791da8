import { describe, expect, it } from 'vitest';
import { createTotpSetupDetails } from '../../api/totp-setup-uri.js';
import {
  CHALLENGE_STEP_STATES,
  mfaSetupKind,
  nextStepForChallenge,
  parseMfaTypes,
  parseRequiredAttributes,
  pendingChallengeOf,
  routeAnswer,
  userStepForChallenge,
} from './sign-in-steps.js';

describe('Cognito challenge names and aws-amplify sign-in steps', () => {
  it.each([
    ['CUSTOM_CHALLENGE', 'CONFIRM_SIGN_IN_WITH_CUSTOM_CHALLENGE'],
    ['NEW_PASSWORD_REQUIRED', 'CONFIRM_SIGN_IN_WITH_NEW_PASSWORD_REQUIRED'],
    ['SELECT_MFA_TYPE', 'CONTINUE_SIGN_IN_WITH_MFA_SELECTION'],
    ['SMS_MFA', 'CONFIRM_SIGN_IN_WITH_SMS_CODE'],
    ['SMS_OTP', 'CONFIRM_SIGN_IN_WITH_SMS_CODE'],
    ['SOFTWARE_TOKEN_MFA', 'CONFIRM_SIGN_IN_WITH_TOTP_CODE'],
    ['EMAIL_OTP', 'CONFIRM_SIGN_IN_WITH_EMAIL_CODE'],
    ['PASSWORD', 'CONFIRM_SIGN_IN_WITH_PASSWORD'],
    ['PASSWORD_SRP', 'CONFIRM_SIGN_IN_WITH_PASSWORD'],
    ['SELECT_CHALLENGE', 'CONTINUE_SIGN_IN_WITH_FIRST_FACTOR_SELECTION'],
  ] as const)('%s waits as %s', (name, step) => {
    expect(userStepForChallenge(name)).toBe(step);
    expect(routeAnswer({ ChallengeName: name }, undefined)).toEqual({ kind: 'userStep', step });
    expect(CHALLENGE_STEP_STATES[step]).toMatch(/^[a-z][A-Za-z]+$/);
  });

  it('answers PASSWORD_VERIFIER, the device challenges and WEB_AUTHN itself', () => {
    expect(routeAnswer({ ChallengeName: 'PASSWORD_VERIFIER' }, undefined).kind).toBe('passwordVerifier');
    expect(routeAnswer({ ChallengeName: 'DEVICE_SRP_AUTH' }, undefined).kind).toBe('deviceSrp');
    expect(routeAnswer({ ChallengeName: 'DEVICE_PASSWORD_VERIFIER' }, undefined).kind).toBe('devicePasswordVerifier');
    expect(routeAnswer({ ChallengeName: 'WEB_AUTHN' }, 'SELECT_CHALLENGE').kind).toBe('passkey');
  });

  it('treats a WEB_AUTHN challenge right after a passkey answer as an error', () => {
    expect(routeAnswer({ ChallengeName: 'WEB_AUTHN' }, 'WEB_AUTHN').kind).toBe('repeatedPasskey');
  });

  it('finishes on tokens even when a challenge name is also present', () => {
    expect(routeAnswer({ ChallengeName: 'SMS_MFA', AuthenticationResult: { AccessToken: 'a' } }, undefined).kind).toBe('tokens');
  });

  it('reports answers it cannot use as unsupported', () => {
    expect(routeAnswer({}, undefined).kind).toBe('unsupported');
    expect(routeAnswer(undefined, undefined).kind).toBe('unsupported');
    expect(routeAnswer({ ChallengeName: 'ADMIN_NO_SRP_AUTH' }, undefined).kind).toBe('unsupported');
  });

  it('chooses the MFA setup step from MFAS_CAN_SETUP', () => {
    expect(mfaSetupKind({ MFAS_CAN_SETUP: '["SMS_MFA","SOFTWARE_TOKEN_MFA","EMAIL_OTP"]' })).toBe('selection');
    expect(mfaSetupKind({ MFAS_CAN_SETUP: '["EMAIL_OTP"]' })).toBe('email');
    expect(mfaSetupKind({ MFAS_CAN_SETUP: '["SOFTWARE_TOKEN_MFA"]' })).toBe('totp');
    expect(mfaSetupKind({ MFAS_CAN_SETUP: '["SMS_MFA"]' })).toBeUndefined();
    expect(mfaSetupKind({ MFAS_CAN_SETUP: 'not json' })).toBeUndefined();
    expect(routeAnswer({ ChallengeName: 'MFA_SETUP', ChallengeParameters: { MFAS_CAN_SETUP: '["SOFTWARE_TOKEN_MFA"]' } }, undefined).kind).toBe('totpSetup');
  });

  it('parses MFA lists and required attributes leniently', () => {
    expect(parseMfaTypes('["SMS_MFA","SOFTWARE_TOKEN_MFA","EMAIL_OTP","PUSH","SMS_MFA"]')).toEqual(['SMS', 'TOTP', 'EMAIL']);
    expect(parseMfaTypes(undefined)).toEqual([]);
    expect(parseMfaTypes('{')).toEqual([]);
    expect(parseRequiredAttributes('["userAttributes.email","custom:tier"]')).toEqual(['email', 'custom:tier']);
  });

  it('builds each next step in aws-amplify v6 shape', () => {
    const challenge = (name: Parameters<typeof userStepForChallenge>[0], parameters: Record<string, string> = {}) => ({ name, session: 's', parameters });
    expect(nextStepForChallenge(challenge('CUSTOM_CHALLENGE', { q: '1' }))).toEqual({ signInStep: 'CONFIRM_SIGN_IN_WITH_CUSTOM_CHALLENGE', additionalInfo: { q: '1' } });
    expect(nextStepForChallenge(challenge('SELECT_MFA_TYPE', { MFAS_CAN_CHOOSE: '["EMAIL_OTP"]' }))).toEqual({
      signInStep: 'CONTINUE_SIGN_IN_WITH_MFA_SELECTION',
      allowedMFATypes: ['EMAIL'],
    });
    expect(nextStepForChallenge(challenge('SMS_OTP', { CODE_DELIVERY_DELIVERY_MEDIUM: 'WHATSAPP' }))).toEqual({
      signInStep: 'CONFIRM_SIGN_IN_WITH_SMS_CODE',
      codeDeliveryDetails: { deliveryMedium: 'UNKNOWN' },
    });
    expect(nextStepForChallenge({ name: 'SELECT_CHALLENGE', session: 's', parameters: {}, availableChallenges: ['EMAIL_OTP'] })).toEqual({
      signInStep: 'CONTINUE_SIGN_IN_WITH_FIRST_FACTOR_SELECTION',
      availableChallenges: ['EMAIL_OTP'],
    });
    const details = createTotpSetupDetails('SEED', 'alice');
    expect(nextStepForChallenge(challenge('MFA_SETUP', { MFAS_CAN_SETUP: '["SOFTWARE_TOKEN_MFA"]' }), details)).toEqual({
      signInStep: 'CONTINUE_SIGN_IN_WITH_TOTP_SETUP',
      totpSetupDetails: details,
    });
    expect(nextStepForChallenge(challenge('WEB_AUTHN'))).toBeUndefined();
  });

  it('takes the pending challenge from an answer, copying its parameters', () => {
    const parameters = { a: '1' };
    const pending = pendingChallengeOf({ ChallengeName: 'SMS_MFA', Session: 's', ChallengeParameters: parameters, AvailableChallenges: ['PASSWORD'] });
    expect(pending).toEqual({ name: 'SMS_MFA', session: 's', parameters: { a: '1' }, availableChallenges: ['PASSWORD'] });
    expect(pending?.parameters).not.toBe(parameters);
    expect(pendingChallengeOf({})).toBeUndefined();
  });
});

import { describe, expect, it } from 'vitest';
import { decideNextStep, type NextStepFacts } from './next-step.js';

const base: NextStepFacts = {
  status: 'CONFIRMED',
  passwordChanged: false,
  deviceVerified: false,
  mfaDone: false,
  mfaConfiguration: 'ON',
  proven: 'password',
  usableMfa: ['SOFTWARE_TOKEN_MFA'],
  preferredMfa: null,
  setupOptions: ['SOFTWARE_TOKEN_MFA', 'EMAIL_OTP'],
};

describe('the next step of a sign-in', () => {
  it('asks a temporary-password user for a new password before anything else', () => {
    expect(decideNextStep({ ...base, status: 'FORCE_CHANGE_PASSWORD', device: { remembered: true } })).toEqual({ kind: 'NEW_PASSWORD_REQUIRED' });
    expect(decideNextStep({ ...base, status: 'FORCE_CHANGE_PASSWORD', passwordChanged: true })).toEqual({ kind: 'MFA', method: 'SOFTWARE_TOKEN_MFA' });
  });

  it('authenticates a remembered device instead of asking MFA, but not a device that is only tracked', () => {
    expect(decideNextStep({ ...base, device: { remembered: true } })).toEqual({ kind: 'DEVICE_SRP_AUTH' });
    expect(decideNextStep({ ...base, device: { remembered: true }, deviceVerified: true })).toEqual({ kind: 'TOKENS' });
    expect(decideNextStep({ ...base, device: { remembered: false } })).toEqual({ kind: 'MFA', method: 'SOFTWARE_TOKEN_MFA' });
  });

  it('asks the preferred method, the only one, or lets the user choose', () => {
    expect(decideNextStep({ ...base, usableMfa: ['SMS_MFA', 'SOFTWARE_TOKEN_MFA'], preferredMfa: 'SMS_MFA' })).toEqual({ kind: 'MFA', method: 'SMS_MFA' });
    expect(decideNextStep({ ...base, usableMfa: ['SMS_MFA', 'SOFTWARE_TOKEN_MFA'] })).toEqual({ kind: 'SELECT_MFA_TYPE', options: ['SMS_MFA', 'SOFTWARE_TOKEN_MFA'] });
    // A preference for a method that can no longer be used (no phone) is ignored.
    expect(decideNextStep({ ...base, usableMfa: ['EMAIL_OTP'], preferredMfa: 'SMS_MFA' })).toEqual({ kind: 'MFA', method: 'EMAIL_OTP' });
  });

  it('leads a user without MFA to MFA_SETUP when the pool requires it, and to tokens when optional', () => {
    expect(decideNextStep({ ...base, usableMfa: [] })).toEqual({ kind: 'MFA_SETUP', options: ['SOFTWARE_TOKEN_MFA', 'EMAIL_OTP'] });
    expect(decideNextStep({ ...base, usableMfa: [], mfaConfiguration: 'OPTIONAL' })).toEqual({ kind: 'TOKENS' });
    expect(decideNextStep({ ...base, mfaConfiguration: 'OPTIONAL' })).toEqual({ kind: 'MFA', method: 'SOFTWARE_TOKEN_MFA' });
    expect(decideNextStep({ ...base, mfaConfiguration: 'OFF' })).toEqual({ kind: 'TOKENS' });
    expect(decideNextStep({ ...base, usableMfa: [], setupOptions: [] })).toEqual({ kind: 'MFA_UNAVAILABLE' });
  });

  it('never takes the second factor from the channel of a one-time-code first factor', () => {
    const emailed = { ...base, proven: 'one-time-code' as const, firstFactorChannel: 'EMAIL_OTP' as const };
    expect(decideNextStep({ ...emailed, usableMfa: ['EMAIL_OTP', 'SOFTWARE_TOKEN_MFA'], preferredMfa: 'EMAIL_OTP' })).toEqual({ kind: 'MFA', method: 'SOFTWARE_TOKEN_MFA' });
    expect(decideNextStep({ ...emailed, usableMfa: ['EMAIL_OTP'] })).toEqual({ kind: 'MFA_SETUP', options: ['SOFTWARE_TOKEN_MFA'] });
    // Even where MFA is optional, a user who enabled MFA gets a real second factor.
    expect(decideNextStep({ ...emailed, usableMfa: ['EMAIL_OTP'], mfaConfiguration: 'OPTIONAL' })).toEqual({ kind: 'MFA_SETUP', options: ['SOFTWARE_TOKEN_MFA'] });
  });

  it('treats a user-verified passkey and password-plus-custom-challenge as MFA, but not a bare passkey or custom challenge', () => {
    expect(decideNextStep({ ...base, proven: 'passkey-verified-user' })).toEqual({ kind: 'TOKENS' });
    expect(decideNextStep({ ...base, proven: 'custom-with-password' })).toEqual({ kind: 'TOKENS' });
    expect(decideNextStep({ ...base, proven: 'passkey' })).toEqual({ kind: 'MFA', method: 'SOFTWARE_TOKEN_MFA' });
    expect(decideNextStep({ ...base, proven: 'custom' })).toEqual({ kind: 'MFA', method: 'SOFTWARE_TOKEN_MFA' });
  });

  it('issues tokens once MFA was answered', () => {
    expect(decideNextStep({ ...base, mfaDone: true })).toEqual({ kind: 'TOKENS' });
  });
});

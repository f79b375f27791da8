import { describe, expect, it } from 'vitest';
import { cognitoError } from '../../testing/fake-cognito.js';
import { createTestHarness, epochSeconds, makeAuthenticationResult } from '../../testing/test-runtime.js';
import type { TestHarness } from '../../testing/test-runtime.js';
import { storeAuthenticationResult } from '../tokens/authentication-result.js';
import { fetchMFAPreferenceWith, setUpTOTPWith, toMfaSettings, updateMFAPreferenceWith, verifyTOTPSetupWith } from './mfa.js';
import { buildTotpSetupUri } from './totp-setup-uri.js';

async function signedIn(): Promise<TestHarness & { accessToken: string }> {
  const harness = createTestHarness();
  const tokens = await storeAuthenticationResult(harness.runtime, 'alice', makeAuthenticationResult({ iat: epochSeconds(harness.clock) }));
  return { ...harness, accessToken: tokens.accessToken.toString() };
}

describe('TOTP setup link', () => {
  it('is a standard otpauth://totp URI with issuer and account', () => {
    expect(buildTotpSetupUri({ issuer: 'Steward', accountName: 'alice', secret: 'JBSWY3DPEHPK3PXP' }).href).toBe(
      'otpauth://totp/Steward:alice?secret=JBSWY3DPEHPK3PXP&issuer=Steward',
    );
  });

  it('encodes as the link of aws-amplify does: spaces and quotes percent-encoded (never "+"), "@" kept', () => {
    const uri = buildTotpSetupUri({ issuer: 'Steward Back Office', accountName: '"alice@example.com"', secret: 'ABC' });
    expect(uri.href).toBe('otpauth://totp/Steward%20Back%20Office:%22alice@example.com%22?secret=ABC&issuer=Steward%20Back%20Office');
    // aws-amplify's own construction (signInHelpers' getTOTPSetupDetails) gives the same href.
    expect(uri.href).toBe(new URL('otpauth://totp/Steward Back Office:"alice@example.com"?secret=ABC&issuer=Steward Back Office').href);
    expect(uri.searchParams.get('issuer')).toBe('Steward Back Office');
  });

  it('percent-encodes the characters that would break the link ("%", "?", "#"; "&", "+" in the issuer)', () => {
    const uri = buildTotpSetupUri({ issuer: 'R&D+Ops', accountName: 'a?b#c%d', secret: 'ABC' });
    expect(decodeURIComponent(uri.pathname)).toBe('/R&D+Ops:a?b#c%d');
    expect(uri.searchParams.get('issuer')).toBe('R&D+Ops');
    expect(uri.searchParams.get('secret')).toBe('ABC');
  });
});

describe('setUpTOTP and verifyTOTPSetup', () => {
  it('associates a software token and builds the setup link for the current user', async () => {
    const h = await signedIn();
    h.fake.on('AssociateSoftwareToken', () => ({ SecretCode: 'JBSWY3DPEHPK3PXP' }));
    const details = await setUpTOTPWith(h.runtime);
    expect(h.fake.callsTo('AssociateSoftwareToken')[0]?.body).toEqual({ AccessToken: h.accessToken });
    expect(details.sharedSecret).toBe('JBSWY3DPEHPK3PXP');
    // aws-amplify's default account name is JSON.stringify(cognito:username): quoted.
    expect(details.getSetupUri('Steward').href).toBe('otpauth://totp/Steward:%22alice%22?secret=JBSWY3DPEHPK3PXP&issuer=Steward');
    expect(decodeURIComponent(details.getSetupUri('Steward').pathname)).toBe('/Steward:"alice"');
    expect(details.getSetupUri('Steward', 'ops').href).toBe('otpauth://totp/Steward:ops?secret=JBSWY3DPEHPK3PXP&issuer=Steward');
  });

  it('fails clearly when Cognito returns no secret', async () => {
    const h = await signedIn();
    h.fake.on('AssociateSoftwareToken', () => ({}));
    await expect(setUpTOTPWith(h.runtime)).rejects.toMatchObject({ name: 'UnknownError', message: 'AssociateSoftwareToken answered without SecretCode.' });
  });

  it('verifies the code with the friendly device name', async () => {
    const h = await signedIn();
    h.fake.on('VerifySoftwareToken', () => ({ Status: 'SUCCESS' }));
    await verifyTOTPSetupWith(h.runtime, { code: '123456', options: { friendlyDeviceName: 'Phone' } });
    expect(h.fake.callsTo('VerifySoftwareToken')[0]?.body).toEqual({ AccessToken: h.accessToken, UserCode: '123456', FriendlyDeviceName: 'Phone' });
  });

  it('rejects an empty code, a wrong code and an ERROR status', async () => {
    const h = await signedIn();
    await expect(verifyTOTPSetupWith(h.runtime, { code: '' })).rejects.toMatchObject({ name: 'EmptyVerifyTOTPSetupCode' });
    h.fake.on('VerifySoftwareToken', () => cognitoError('EnableSoftwareTokenMFAException', 'Code mismatch'));
    await expect(verifyTOTPSetupWith(h.runtime, { code: '000000' })).rejects.toMatchObject({ name: 'EnableSoftwareTokenMFAException' });
    h.fake.on('VerifySoftwareToken', () => ({ Status: 'ERROR' }));
    await expect(verifyTOTPSetupWith(h.runtime, { code: '000000' })).rejects.toMatchObject({ name: 'EnableSoftwareTokenMFAException' });
  });
});

describe('MFA preferences', () => {
  it('maps each preference to Cognito settings', () => {
    expect(toMfaSettings('ENABLED')).toEqual({ Enabled: true });
    expect(toMfaSettings('DISABLED')).toEqual({ Enabled: false });
    expect(toMfaSettings('PREFERRED')).toEqual({ Enabled: true, PreferredMfa: true });
    expect(toMfaSettings('NOT_PREFERRED')).toEqual({ Enabled: true, PreferredMfa: false });
  });

  it('sends only the methods given', async () => {
    const h = await signedIn();
    h.fake.on('SetUserMFAPreference', () => ({}));
    await updateMFAPreferenceWith(h.runtime, { totp: 'PREFERRED', sms: 'DISABLED' });
    expect(h.fake.callsTo('SetUserMFAPreference')[0]?.body).toEqual({
      AccessToken: h.accessToken,
      SMSMfaSettings: { Enabled: false },
      SoftwareTokenMfaSettings: { Enabled: true, PreferredMfa: true },
    });
  });

  it('reads enabled and preferred methods from GetUser', async () => {
    const h = await signedIn();
    h.fake.on('GetUser', () => ({
      Username: 'alice',
      UserAttributes: [],
      UserMFASettingList: ['SMS_MFA', 'SOFTWARE_TOKEN_MFA', 'EMAIL_OTP'],
      PreferredMfaSetting: 'SOFTWARE_TOKEN_MFA',
    }));
    expect(await fetchMFAPreferenceWith(h.runtime)).toEqual({ enabled: ['SMS', 'TOTP', 'EMAIL'], preferred: 'TOTP' });
  });

  it('reports nothing for a user without MFA', async () => {
    const h = await signedIn();
    h.fake.on('GetUser', () => ({ Username: 'alice', UserAttributes: [] }));
    expect(await fetchMFAPreferenceWith(h.runtime)).toEqual({});
  });
});

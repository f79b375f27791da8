// The MFA settings GetUserPoolMfaConfig answers and SetUserPoolMfaConfig returns.
import { EMAIL_MFA_SETTING, type EmailMfaMessage } from '../codes/pool-messages.js';
import type { PoolRecord } from './pool-repository.js';
import { storedSetting } from './pool-settings.js';

/** The response body of Get/SetUserPoolMfaConfig for a pool. */
export function mfaConfigOf(pool: PoolRecord) {
  const rp = pool.webauthnConfiguration;
  const smsMessage = (storedSetting(pool, 'poolMessages') ?? {}).SmsAuthenticationMessage;
  const emailMessage = pool.settings[EMAIL_MFA_SETTING] as EmailMfaMessage | undefined;
  return {
    MfaConfiguration: pool.mfaConfiguration,
    SoftwareTokenMfaConfiguration: { Enabled: pool.enabledMfas.includes('SOFTWARE_TOKEN_MFA') },
    ...(pool.enabledMfas.includes('SMS_MFA') ? { SmsMfaConfiguration: typeof smsMessage === 'string' ? { SmsAuthenticationMessage: smsMessage } : {} } : {}),
    ...(pool.enabledMfas.includes('EMAIL_OTP') ? { EmailMfaConfiguration: { ...emailMessage } } : {}),
    WebAuthnConfiguration: {
      ...(typeof rp.relyingPartyId === 'string' ? { RelyingPartyId: rp.relyingPartyId } : {}),
      UserVerification: rp.userVerification === 'required' ? 'required' : 'preferred',
    },
  };
}

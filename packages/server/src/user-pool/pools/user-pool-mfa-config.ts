// The MFA settings GetUserPoolMfaConfig answers and SetUserPoolMfaConfig returns.
import type { PoolRecord } from './pool-repository.js';

/** The response body of Get/SetUserPoolMfaConfig for a pool. */
export function mfaConfigOf(pool: PoolRecord) {
  const rp = pool.webauthnConfiguration;
  return {
    MfaConfiguration: pool.mfaConfiguration,
    SoftwareTokenMfaConfiguration: { Enabled: pool.enabledMfas.includes('SOFTWARE_TOKEN_MFA') },
    ...(pool.enabledMfas.includes('SMS_MFA') ? { SmsMfaConfiguration: {} } : {}),
    ...(pool.enabledMfas.includes('EMAIL_OTP') ? { EmailMfaConfiguration: {} } : {}),
    WebAuthnConfiguration: {
      ...(typeof rp.relyingPartyId === 'string' ? { RelyingPartyId: rp.relyingPartyId } : {}),
      UserVerification: rp.userVerification === 'required' ? 'required' : 'preferred',
    },
  };
}

// Which MFA methods a user can be asked for, and which MFA_SETUP can offer.
import type { PoolRecord } from '../../pools/pool-repository.js';
import type { MfaKind, UserRecord } from '../../users/user-repository.js';

const present = (value: string | undefined): boolean => value !== undefined && value !== '';

/** Methods the user enabled, that the pool allows, and that can reach the user (phone, email, TOTP secret). */
export function usableMfaMethods(pool: PoolRecord, user: UserRecord): MfaKind[] {
  const methods: MfaKind[] = [];
  if (user.smsMfaEnabled && present(user.attributes.phone_number)) methods.push('SMS_MFA');
  if (user.softwareTokenMfaEnabled && user.totpSecret !== null) methods.push('SOFTWARE_TOKEN_MFA');
  if (user.emailMfaEnabled && present(user.attributes.email)) methods.push('EMAIL_OTP');
  return methods.filter((m) => pool.enabledMfas.includes(m));
}

/** What MFA_SETUP offers: an authenticator app and email, as far as the pool allows them (SMS needs a verified phone set up elsewhere). */
export function setupMfaOptions(pool: PoolRecord): MfaKind[] {
  return (['SOFTWARE_TOKEN_MFA', 'EMAIL_OTP'] as const).filter((m) => pool.enabledMfas.includes(m));
}

// MFA preferences, shared by AdminSetUserMFAPreference and SetUserMFAPreference.
import { fieldChanges, type FieldChange } from '../../audit/audit-event.js';
import { fail } from '../../errors/catalogue.js';
import { boolean, object, optional } from '../wire/input-schema.js';
import type { MfaKind, UserPatch, UserRecord } from './user-repository.js';

/** One MFA kind's settings as on the wire ({Enabled, PreferredMfa}). */
export const mfaSettingsSchema = optional(object({ Enabled: optional(boolean()), PreferredMfa: optional(boolean()) }));

/** The three settings blocks of a preference request. */
export interface MfaPreferenceRequest {
  readonly SMSMfaSettings?: { Enabled?: boolean; PreferredMfa?: boolean };
  readonly SoftwareTokenMfaSettings?: { Enabled?: boolean; PreferredMfa?: boolean };
  readonly EmailMfaSettings?: { Enabled?: boolean; PreferredMfa?: boolean };
}

/**
 * The user columns a preference request sets. InvalidParameterException when a kind is enabled
 * that the user cannot use (no phone, no verified TOTP secret, no email) or two are preferred.
 */
export function mfaPreferencePatch(user: UserRecord, request: MfaPreferenceRequest): UserPatch {
  const blocks: [MfaKind, { Enabled?: boolean; PreferredMfa?: boolean } | undefined][] = [
    ['SMS_MFA', request.SMSMfaSettings],
    ['SOFTWARE_TOKEN_MFA', request.SoftwareTokenMfaSettings],
    ['EMAIL_OTP', request.EmailMfaSettings],
  ];
  const enabled: Record<MfaKind, boolean> = { SMS_MFA: user.smsMfaEnabled, SOFTWARE_TOKEN_MFA: user.softwareTokenMfaEnabled, EMAIL_OTP: user.emailMfaEnabled };
  let preferred: MfaKind | null = user.preferredMfa;
  const newlyPreferred = blocks.filter(([, b]) => b?.PreferredMfa === true).map(([k]) => k);
  if (newlyPreferred.length > 1) throw fail('InvalidParameterException', 'Only one MFA method can be preferred.');
  for (const [kind, block] of blocks) {
    if (block === undefined) continue;
    const on = block.Enabled ?? (block.PreferredMfa === true ? true : enabled[kind]);
    if (on && !enabled[kind]) {
      if (kind === 'SMS_MFA' && (user.attributes.phone_number ?? '') === '') throw fail('InvalidParameterException', 'User does not have a phone number for SMS MFA.');
      if (kind === 'SOFTWARE_TOKEN_MFA' && user.totpSecret === null) throw fail('InvalidParameterException', 'User has not set up software token mfa');
      if (kind === 'EMAIL_OTP' && (user.attributes.email ?? '') === '') throw fail('InvalidParameterException', 'User does not have an email address for email MFA.');
    }
    enabled[kind] = on;
    if (block.PreferredMfa === true) {
      if (!on) throw fail('InvalidParameterException', 'A disabled MFA method cannot be preferred.');
      preferred = kind;
    } else if ((block.PreferredMfa === false || !on) && preferred === kind) {
      preferred = null;
    }
  }
  return { smsMfaEnabled: enabled.SMS_MFA, softwareTokenMfaEnabled: enabled.SOFTWARE_TOKEN_MFA, emailMfaEnabled: enabled.EMAIL_OTP, preferredMfa: preferred };
}

/** The MFA settings that differ between two versions of a user, for the audit trail (never the secrets). */
export function mfaChanges(before: UserRecord, after: UserRecord): Record<string, FieldChange> {
  const settings = (u: UserRecord) => ({ smsMfaEnabled: u.smsMfaEnabled, softwareTokenMfaEnabled: u.softwareTokenMfaEnabled, emailMfaEnabled: u.emailMfaEnabled, preferredMfa: u.preferredMfa });
  return fieldChanges(settings(before), settings(after));
}

// The legacy MFAOptions of SetUserSettings / AdminSetUserSettings: only SMS to phone_number, as on Cognito.
import { fail } from '../../errors/catalogue.js';
import type { UserPatch, UserRecord } from './user-repository.js';
import { array, enumeration, object, optional, string } from '../wire/input-schema.js';

/** MFAOptionListType. */
export const mfaOptionsSchema = array(object({ DeliveryMedium: optional(enumeration(['SMS', 'EMAIL'] as const)), AttributeName: optional(string({ min: 1, max: 32 })) }), { max: 10 });

/**
 * The patch MFAOptions asks for: SMS MFA on when an SMS option is listed, off when the list has
 * none (the preferred method is dropped with it). EMAIL or another attribute is refused, as Cognito does.
 */
export function mfaOptionsPatch(user: UserRecord, options: readonly { DeliveryMedium?: 'SMS' | 'EMAIL' | undefined; AttributeName?: string | undefined }[]): UserPatch {
  for (const option of options) {
    if (option.DeliveryMedium !== 'SMS') throw fail('InvalidParameterException', 'Only SMS can be set as an MFA delivery medium through MFAOptions.');
    if (option.AttributeName !== undefined && option.AttributeName !== 'phone_number') throw fail('InvalidParameterException', 'Only phone_number can be set as the MFA attribute.');
  }
  const sms = options.length > 0;
  if (sms && (user.attributes.phone_number ?? '') === '') throw fail('InvalidParameterException', 'User does not have a phone number to deliver SMS MFA codes to.');
  return { smsMfaEnabled: sms, ...(!sms && user.preferredMfa === 'SMS_MFA' ? { preferredMfa: null } : {}) };
}

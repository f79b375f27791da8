// The user as the admin operations return it (AdminGetUser, ListUsers, AdminCreateUser).
import { epochSeconds } from '../../time/clock.js';
import { attributesToWire, type AttributeType } from './attributes.js';
import type { MfaKind, UserRecord } from './user-repository.js';

/** Cognito's UserType. */
export interface UserType {
  Username: string;
  Attributes: AttributeType[];
  UserCreateDate: number;
  UserLastModifiedDate: number;
  Enabled: boolean;
  UserStatus: string;
  MFAOptions?: { DeliveryMedium: string; AttributeName: string }[];
}

/** The MFA methods a user has enabled, in Cognito's names. */
export function enabledMfaList(user: UserRecord): MfaKind[] {
  const list: MfaKind[] = [];
  if (user.smsMfaEnabled) list.push('SMS_MFA');
  if (user.softwareTokenMfaEnabled) list.push('SOFTWARE_TOKEN_MFA');
  if (user.emailMfaEnabled) list.push('EMAIL_OTP');
  return list;
}

/** A user as UserType (optionally only the named attributes). */
export function toUserType(user: UserRecord, attributesToGet?: readonly string[]): UserType {
  const attributes = attributesToWire(user).filter((a) => attributesToGet === undefined || attributesToGet.includes(a.Name));
  return {
    Username: user.username,
    Attributes: attributes,
    UserCreateDate: epochSeconds(user.createdAt),
    UserLastModifiedDate: epochSeconds(user.updatedAt),
    Enabled: user.enabled,
    UserStatus: user.status,
  };
}

/** MFA fields of GetUser / AdminGetUser. */
export function mfaFields(user: UserRecord): { PreferredMfaSetting?: string; UserMFASettingList: string[]; MFAOptions?: { DeliveryMedium: string; AttributeName: string }[] } {
  const list = enabledMfaList(user);
  return {
    ...(user.preferredMfa !== null ? { PreferredMfaSetting: user.preferredMfa } : {}),
    UserMFASettingList: list,
    ...(user.smsMfaEnabled ? { MFAOptions: [{ DeliveryMedium: 'SMS', AttributeName: 'phone_number' }] } : {}),
  };
}

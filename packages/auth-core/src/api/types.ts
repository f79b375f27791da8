// aws-amplify v6's public auth types (names and shapes of `aws-amplify/auth`), so an Amplify user can
// switch by changing imports. The sign-in, sign-up and reset output types are here too so the step
// machines and the account functions share one definition.
import type { ChallengeNameType, ClientMetadata } from '../cognito/user-pool-operations.js';
import type { AuthUser } from '../tokens/current-user.js';
import type { MfaMethod } from '../validation/mfa-answers.js';

/** Standard OIDC attributes Cognito knows. */
export type AuthStandardAttributeKey =
  | 'address'
  | 'birthdate'
  | 'email'
  | 'email_verified'
  | 'family_name'
  | 'gender'
  | 'given_name'
  | 'locale'
  | 'middle_name'
  | 'name'
  | 'nickname'
  | 'phone_number'
  | 'phone_number_verified'
  | 'picture'
  | 'preferred_username'
  | 'profile'
  | 'sub'
  | 'updated_at'
  | 'website'
  | 'zoneinfo';

/** Attributes that can be verified with a code. */
export type AuthVerifiableAttributeKey = 'email' | 'phone_number';
/** aws-amplify v6's name for the attributes that can be verified with a code. */
export type VerifiableUserAttributeKey = AuthVerifiableAttributeKey;

/** A standard or custom (`custom:…`) attribute name. */
export type UserAttributeKey = AuthStandardAttributeKey | (string & NonNullable<unknown>);

/** Attribute values by name. */
export type AuthUserAttributes<Key extends string = UserAttributeKey> = Partial<Record<Key, string>>;

/** One attribute to set. */
export interface AuthUserAttribute<Key extends string = UserAttributeKey> {
  attributeKey: Key;
  value: string;
}

/** How a code was sent. */
export type AuthDeliveryMedium = 'EMAIL' | 'SMS' | 'PHONE' | 'UNKNOWN';

/** Where a code was sent. */
export interface AuthCodeDeliveryDetails<Key extends string = UserAttributeKey> {
  destination?: string;
  deliveryMedium?: AuthDeliveryMedium;
  attributeName?: Key;
}

/** Where a code was sent, under aws-amplify v6's Cognito name. */
export type CodeDeliveryDetails<Key extends UserAttributeKey = UserAttributeKey> = AuthCodeDeliveryDetails<Key>;

/** Extra string data from the provider or a trigger. */
export type AuthAdditionalInfo = Record<string, string>;

/** Options every function accepts, as in aws-amplify (service-specific fields). */
export type AuthServiceOptions = Record<string, unknown>;

export type { ClientMetadata };

/** An MFA method: SMS, TOTP or EMAIL. */
export type AuthMFAType = MfaMethod;
/** A list of MFA methods. */
export type AuthAllowedMFATypes = AuthMFAType[];

/** TOTP setup: the shared secret and an otpauth:// link builder. */
export interface AuthTOTPSetupDetails {
  sharedSecret: string;
  getSetupUri(appName: string, accountName?: string): URL;
}

/** First factors of the USER_AUTH flow. */
export type AuthFactorType = 'WEB_AUTHN' | 'EMAIL_OTP' | 'SMS_OTP' | 'PASSWORD' | 'PASSWORD_SRP';

/** Cognito challenge names. */
export type ChallengeName = ChallengeNameType;

// ---- sign-in next steps (spec section 4) ----
export interface ContinueSignInWithTOTPSetup {
  signInStep: 'CONTINUE_SIGN_IN_WITH_TOTP_SETUP';
  totpSetupDetails: AuthTOTPSetupDetails;
}
export interface ContinueSignInWithEmailSetup {
  signInStep: 'CONTINUE_SIGN_IN_WITH_EMAIL_SETUP';
}
export interface ConfirmSignInWithTOTPCode {
  signInStep: 'CONFIRM_SIGN_IN_WITH_TOTP_CODE';
}
export interface ContinueSignInWithMFASelection {
  signInStep: 'CONTINUE_SIGN_IN_WITH_MFA_SELECTION';
  allowedMFATypes?: AuthAllowedMFATypes;
}
export interface ContinueSignInWithMFASetupSelection {
  signInStep: 'CONTINUE_SIGN_IN_WITH_MFA_SETUP_SELECTION';
  allowedMFATypes?: AuthAllowedMFATypes;
}
export interface ConfirmSignInWithCustomChallenge {
  signInStep: 'CONFIRM_SIGN_IN_WITH_CUSTOM_CHALLENGE';
  additionalInfo?: AuthAdditionalInfo;
}
export interface ConfirmSignInWithNewPasswordRequired<Key extends string = UserAttributeKey> {
  signInStep: 'CONFIRM_SIGN_IN_WITH_NEW_PASSWORD_REQUIRED';
  missingAttributes?: Key[];
}
export interface ConfirmSignInWithSMSCode {
  signInStep: 'CONFIRM_SIGN_IN_WITH_SMS_CODE';
  codeDeliveryDetails?: AuthCodeDeliveryDetails;
}
export interface ConfirmSignInWithEmailCode {
  signInStep: 'CONFIRM_SIGN_IN_WITH_EMAIL_CODE';
  codeDeliveryDetails?: AuthCodeDeliveryDetails;
}
export interface ConfirmSignUpStep {
  signInStep: 'CONFIRM_SIGN_UP';
}
export interface ResetPasswordStep {
  signInStep: 'RESET_PASSWORD';
}
export interface DoneSignInStep {
  signInStep: 'DONE';
}
export interface ContinueSignInWithFirstFactorSelection {
  signInStep: 'CONTINUE_SIGN_IN_WITH_FIRST_FACTOR_SELECTION';
  availableChallenges?: ChallengeName[];
}
export interface ConfirmSignInWithPassword {
  signInStep: 'CONFIRM_SIGN_IN_WITH_PASSWORD';
}

/** Every sign-in next step. */
export type AuthNextSignInStep<Key extends string = UserAttributeKey> =
  | ConfirmSignInWithCustomChallenge
  | ContinueSignInWithMFASelection
  | ConfirmSignInWithNewPasswordRequired<Key>
  | ConfirmSignInWithSMSCode
  | ConfirmSignInWithTOTPCode
  | ConfirmSignInWithEmailCode
  | ContinueSignInWithTOTPSetup
  | ContinueSignInWithEmailSetup
  | ContinueSignInWithMFASetupSelection
  | ContinueSignInWithFirstFactorSelection
  | ConfirmSignInWithPassword
  | ConfirmSignUpStep
  | ResetPasswordStep
  | DoneSignInStep;

/** signIn / confirmSignIn result. */
export interface AuthSignInOutput<Key extends string = UserAttributeKey> {
  isSignedIn: boolean;
  nextStep: AuthNextSignInStep<Key>;
}

// ---- sign-up ----
export interface ConfirmSignUpSignUpStep<Key extends string = UserAttributeKey> {
  signUpStep: 'CONFIRM_SIGN_UP';
  codeDeliveryDetails: AuthCodeDeliveryDetails<Key>;
}
export interface AutoSignInSignUpStep<Key extends string = UserAttributeKey> {
  signUpStep: 'COMPLETE_AUTO_SIGN_IN';
  codeDeliveryDetails?: AuthCodeDeliveryDetails<Key>;
}
export interface DoneSignUpStep {
  signUpStep: 'DONE';
}
/** Every sign-up next step. */
export type AuthNextSignUpStep<Key extends string = UserAttributeKey> = ConfirmSignUpSignUpStep<Key> | AutoSignInSignUpStep<Key> | DoneSignUpStep;
/** signUp / confirmSignUp result. */
export interface AuthSignUpOutput<Key extends string = UserAttributeKey> {
  isSignUpComplete: boolean;
  userId?: string;
  nextStep: AuthNextSignUpStep<Key>;
}

// ---- password reset ----
export type AuthResetPasswordStep = 'CONFIRM_RESET_PASSWORD_WITH_CODE' | 'DONE';
export interface AuthNextResetPasswordStep<Key extends string = UserAttributeKey> {
  resetPasswordStep: AuthResetPasswordStep;
  additionalInfo?: AuthAdditionalInfo;
  codeDeliveryDetails: AuthCodeDeliveryDetails<Key>;
}
/** resetPassword result. */
export interface AuthResetPasswordOutput<Key extends string = UserAttributeKey> {
  isPasswordReset: boolean;
  nextStep: AuthNextResetPasswordStep<Key>;
}

// ---- user attributes ----
export type AuthUpdateAttributeStep = 'CONFIRM_ATTRIBUTE_WITH_CODE' | 'DONE';
export interface AuthNextUpdateAttributeStep<Key extends string = UserAttributeKey> {
  updateAttributeStep: AuthUpdateAttributeStep;
  codeDeliveryDetails?: AuthCodeDeliveryDetails<Key>;
}
/** updateUserAttribute result. */
export interface UpdateUserAttributeOutput<Key extends string = UserAttributeKey> {
  isUpdated: boolean;
  nextStep: AuthNextUpdateAttributeStep<Key>;
}
/** updateUserAttributes result: one entry per attribute sent. */
export type UpdateUserAttributesOutput<Key extends string = UserAttributeKey> = Record<Key, UpdateUserAttributeOutput<Key>>;
/** fetchUserAttributes result. */
export type FetchUserAttributesOutput = AuthUserAttributes;

export interface UpdateUserAttributesInput {
  userAttributes: AuthUserAttributes;
  options?: AuthServiceOptions & { clientMetadata?: ClientMetadata };
}
export interface UpdateUserAttributeInput {
  userAttribute: AuthUserAttribute;
  options?: AuthServiceOptions & { clientMetadata?: ClientMetadata };
}
export interface ConfirmUserAttributeInput {
  userAttributeKey: AuthVerifiableAttributeKey;
  confirmationCode: string;
}
export interface SendUserAttributeVerificationCodeInput {
  userAttributeKey: AuthVerifiableAttributeKey;
  options?: AuthServiceOptions & { clientMetadata?: ClientMetadata };
}
/** sendUserAttributeVerificationCode result. */
export type SendUserAttributeVerificationCodeOutput = AuthCodeDeliveryDetails<AuthVerifiableAttributeKey>;
export interface DeleteUserAttributesInput {
  userAttributeKeys: [UserAttributeKey, ...UserAttributeKey[]];
}

// ---- password and MFA ----
export interface UpdatePasswordInput {
  oldPassword: string;
  newPassword: string;
}
export interface VerifyTOTPSetupInput {
  code: string;
  options?: AuthServiceOptions & { friendlyDeviceName?: string };
}
/** setUpTOTP result. */
export type SetUpTOTPOutput = AuthTOTPSetupDetails;
/** One MFA method's preference. */
export type MFAPreference = 'ENABLED' | 'DISABLED' | 'PREFERRED' | 'NOT_PREFERRED';
export interface UpdateMFAPreferenceInput {
  sms?: MFAPreference;
  totp?: MFAPreference;
  email?: MFAPreference;
}
/** fetchMFAPreference result. */
export interface FetchMFAPreferenceOutput {
  enabled?: AuthMFAType[];
  preferred?: AuthMFAType;
}

// ---- devices ----
export interface AuthDevice {
  id: string;
  name?: string;
}
type DeviceAttributeKey = 'device_status' | 'device_name' | 'last_ip_used';
/** A device as fetchDevices returns it. */
export type AWSAuthDevice = AuthDevice & {
  attributes: Partial<Record<DeviceAttributeKey, string>> & Record<string, string>;
  createDate?: Date;
  lastAuthenticatedDate?: Date;
  lastModifiedDate?: Date;
};
/** fetchDevices result. */
export type FetchDevicesOutput = AWSAuthDevice[];
export interface ForgetDeviceInput {
  device?: AuthDevice;
}

// ---- passkeys ----
/** A registered passkey. */
export interface AuthWebAuthnCredential {
  credentialId: string | undefined;
  friendlyCredentialName: string | undefined;
  relyingPartyId: string | undefined;
  authenticatorAttachment?: string;
  authenticatorTransports: string[] | undefined;
  createdAt: Date | undefined;
}
export interface ListWebAuthnCredentialsInput {
  pageSize?: number;
  nextToken?: string;
}
export interface ListWebAuthnCredentialsOutput {
  credentials: AuthWebAuthnCredential[];
  nextToken?: string;
}
export interface DeleteWebAuthnCredentialInput {
  credentialId: string;
}

// ---- session ----
/** getCurrentUser result (aws-amplify v6 GetCurrentUserOutput). */
export type GetCurrentUserOutput = AuthUser;

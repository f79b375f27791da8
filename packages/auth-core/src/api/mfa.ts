import { callUserPool, unexpectedResponse } from '../cognito/user-pool-client.js';
import type { MfaSettingsType } from '../cognito/user-pool-operations.js';
import { CognitoServiceError } from '../errors/auth-errors.js';
import { getAuthRuntime } from '../runtime/auth-runtime.js';
import type { AuthRuntime } from '../runtime/auth-runtime.js';
import { requireSignedIn } from '../tokens/auth-session.js';
import { assertVerifyTotpSetupCode } from '../validation/required-fields.js';
import { createTotpSetupDetails } from './totp-setup-uri.js';
import type {
  AuthMFAType,
  FetchMFAPreferenceOutput,
  MFAPreference,
  SetUpTOTPOutput,
  UpdateMFAPreferenceInput,
  VerifyTOTPSetupInput,
} from './types.js';

/** setUpTOTP on a runtime: AssociateSoftwareToken, returning the secret and an otpauth:// link builder. */
export async function setUpTOTPWith(runtime: AuthRuntime): Promise<SetUpTOTPOutput> {
  const tokens = await requireSignedIn(runtime);
  const response = await callUserPool(runtime, 'AssociateSoftwareToken', { AccessToken: tokens.accessToken.toString() });
  if (!response.SecretCode) throw unexpectedResponse('AssociateSoftwareToken', 'SecretCode');
  // aws-amplify's default account name: the ID token's cognito:username as a JSON string, quotes
  // included ("" without an ID token); sign-in's TOTP setup step names the user without quotes.
  return createTotpSetupDetails(response.SecretCode, JSON.stringify(tokens.idToken?.payload['cognito:username'] ?? ''));
}

/** Starts TOTP setup for the signed-in user (aws-amplify v6 setUpTOTP). */
export async function setUpTOTP(): Promise<SetUpTOTPOutput> {
  return setUpTOTPWith(getAuthRuntime());
}

/** verifyTOTPSetup on a runtime: VerifySoftwareToken; EmptyVerifyTOTPSetupCode when no code. */
export async function verifyTOTPSetupWith(runtime: AuthRuntime, input: VerifyTOTPSetupInput): Promise<void> {
  assertVerifyTotpSetupCode(input.code);
  const tokens = await requireSignedIn(runtime);
  const friendlyDeviceName = input.options?.friendlyDeviceName;
  const response = await callUserPool(runtime, 'VerifySoftwareToken', {
    AccessToken: tokens.accessToken.toString(),
    UserCode: input.code,
    ...(friendlyDeviceName === undefined ? {} : { FriendlyDeviceName: friendlyDeviceName }),
  });
  if (response.Status === 'ERROR') {
    throw new CognitoServiceError({ name: 'EnableSoftwareTokenMFAException', httpStatusCode: 200, service: 'user-pool', operation: 'VerifySoftwareToken' });
  }
}

/** Completes TOTP setup with a code from the authenticator app (aws-amplify v6 verifyTOTPSetup). */
export async function verifyTOTPSetup(input: VerifyTOTPSetupInput): Promise<void> {
  return verifyTOTPSetupWith(getAuthRuntime(), input);
}

/** Cognito's setting for one MFA preference value. */
export function toMfaSettings(preference: MFAPreference): MfaSettingsType {
  switch (preference) {
    case 'ENABLED':
      return { Enabled: true };
    case 'DISABLED':
      return { Enabled: false };
    case 'PREFERRED':
      return { Enabled: true, PreferredMfa: true };
    case 'NOT_PREFERRED':
      return { Enabled: true, PreferredMfa: false };
  }
}

/** updateMFAPreference on a runtime: SetUserMFAPreference with only the methods given. */
export async function updateMFAPreferenceWith(runtime: AuthRuntime, input: UpdateMFAPreferenceInput): Promise<void> {
  const tokens = await requireSignedIn(runtime);
  await callUserPool(runtime, 'SetUserMFAPreference', {
    AccessToken: tokens.accessToken.toString(),
    ...(input.sms === undefined ? {} : { SMSMfaSettings: toMfaSettings(input.sms) }),
    ...(input.totp === undefined ? {} : { SoftwareTokenMfaSettings: toMfaSettings(input.totp) }),
    ...(input.email === undefined ? {} : { EmailMfaSettings: toMfaSettings(input.email) }),
  });
}

/** Sets the user's MFA preferences (aws-amplify v6 updateMFAPreference). */
export async function updateMFAPreference(input: UpdateMFAPreferenceInput): Promise<void> {
  return updateMFAPreferenceWith(getAuthRuntime(), input);
}

const MFA_TYPE_BY_COGNITO_NAME: Readonly<Record<string, AuthMFAType>> = {
  SMS_MFA: 'SMS',
  SOFTWARE_TOKEN_MFA: 'TOTP',
  EMAIL_OTP: 'EMAIL',
};

/** Maps a Cognito MFA name (SMS_MFA, SOFTWARE_TOKEN_MFA, EMAIL_OTP) to SMS, TOTP or EMAIL. */
export function toMfaType(cognitoName: string): AuthMFAType | undefined {
  return MFA_TYPE_BY_COGNITO_NAME[cognitoName];
}

/** fetchMFAPreference on a runtime: GetUser's UserMFASettingList and PreferredMfaSetting. */
export async function fetchMFAPreferenceWith(runtime: AuthRuntime): Promise<FetchMFAPreferenceOutput> {
  const tokens = await requireSignedIn(runtime);
  const user = await callUserPool(runtime, 'GetUser', { AccessToken: tokens.accessToken.toString() });
  const output: FetchMFAPreferenceOutput = {};
  const enabled = (user.UserMFASettingList ?? []).map(toMfaType).filter((type): type is AuthMFAType => type !== undefined);
  if (enabled.length > 0) output.enabled = enabled;
  const preferred = user.PreferredMfaSetting === undefined ? undefined : toMfaType(user.PreferredMfaSetting);
  if (preferred !== undefined) output.preferred = preferred;
  return output;
}

/** The user's enabled and preferred MFA methods (aws-amplify v6 fetchMFAPreference). */
export async function fetchMFAPreference(): Promise<FetchMFAPreferenceOutput> {
  return fetchMFAPreferenceWith(getAuthRuntime());
}

// @steward/auth-core/cognito: the counterpart of `aws-amplify/auth/cognito` (@aws-amplify/auth's
// providers/cognito entry), with its names: the auth functions and their types (the same as the main
// entry's), the token and credentials providers and Amplify's OAuth helpers, as thin adapters over the
// default runtime. Nothing here runs on import (the providers are pure instances), so a bundle keeps
// only what it imports.

// ---- the functions ----
export { autoSignIn } from '../api/auto-sign-in.js';
export { confirmResetPassword } from '../api/confirm-reset-password.js';
export { confirmSignIn } from '../api/confirm-sign-in.js';
export { confirmSignUp } from '../api/confirm-sign-up.js';
export { deleteUser } from '../api/delete-user.js';
export { fetchDevices, forgetDevice, rememberDevice } from '../api/devices.js';
export { fetchMFAPreference, setUpTOTP, updateMFAPreference, verifyTOTPSetup } from '../api/mfa.js';
export { updatePassword } from '../api/password.js';
export { resendSignUpCode } from '../api/resend-sign-up-code.js';
export { resetPassword } from '../api/reset-password.js';
export { getCurrentUser } from '../api/session.js';
export { signIn } from '../api/sign-in.js';
export { signInWithRedirect } from '../api/sign-in-with-redirect.js';
export { signOut } from '../api/sign-out.js';
export { signUp } from '../api/sign-up.js';
export {
  confirmUserAttribute,
  deleteUserAttributes,
  fetchUserAttributes,
  sendUserAttributeVerificationCode,
  updateUserAttribute,
  updateUserAttributes,
} from '../api/user-attributes.js';

// ---- inputs, outputs and models ----
export type {
  CodeDeliveryDetails,
  ConfirmUserAttributeInput,
  DeleteUserAttributesInput,
  FetchDevicesOutput,
  FetchMFAPreferenceOutput,
  FetchUserAttributesOutput,
  ForgetDeviceInput,
  GetCurrentUserOutput,
  SendUserAttributeVerificationCodeInput,
  SendUserAttributeVerificationCodeOutput,
  SetUpTOTPOutput,
  UpdateMFAPreferenceInput,
  UpdatePasswordInput,
  UpdateUserAttributeInput,
  UpdateUserAttributeOutput,
  UpdateUserAttributesInput,
  UpdateUserAttributesOutput,
  UserAttributeKey,
  VerifiableUserAttributeKey,
  VerifyTOTPSetupInput,
} from '../api/types.js';
export type {
  ConfirmResetPasswordInput,
  ConfirmSignInInput,
  ConfirmSignInOutput,
  ConfirmSignUpInput,
  ConfirmSignUpOutput,
  ResendSignUpCodeInput,
  ResendSignUpCodeOutput,
  ResetPasswordInput,
  ResetPasswordOutput,
  SignInInput,
  SignInOutput,
  SignUpInput,
  SignUpOutput,
} from '../machines/flow-types.js';
export type { SignInWithRedirectInput } from '../oauth/sign-in-with-redirect.js';
export type { SignOutInput } from '../sign-out/sign-out.js';
export type { AuthUser } from '../tokens/current-user.js';

// ---- credentials provider ----
export { CognitoAWSCredentialsAndIdentityIdProvider, cognitoCredentialsProvider } from './credentials-provider.js';
export { DefaultIdentityIdStore } from './identity-id-store.js';

// ---- token provider ----
export { cognitoUserPoolsTokenProvider } from './token-provider.js';
export type { CognitoUserPoolTokenProviderType } from './token-types.js';
export { TokenOrchestrator } from './token-orchestrator.js';
export { DefaultTokenStore, createKeysForAuthStorage } from './token-store.js';
export { refreshAuthTokens, refreshAuthTokensWithoutDedupe } from './token-refresher.js';
export { AUTH_KEY_PREFIX } from '../tokens/storage-keys.js';

// ---- OAuth helpers ----
export { generateCodeVerifier, generateState, getRedirectUrl, validateState } from './oauth-helpers.js';

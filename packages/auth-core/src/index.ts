// @steward/auth-core: the public barrel. Plain `export … from` lines only, so several engineers can
// append; keep each section's lines together.

// ---- configuration and runtime ----
export { configure, createAuthRuntime, getAuthRuntime, resetAuthRuntime } from './runtime/auth-runtime.js';
export type { AuthOptions, AuthRuntime, AuthRuntimeIO, Clock, LocationPort, PageLocation, RandomBytes, RedirectPort, ReplaceUrlPort } from './runtime/auth-runtime.js';
export { DEFAULT_OAUTH_SCOPES, DEFAULT_REGION, parseAuthConfig } from './config/auth-config.js';
export type { AuthConfig, AuthConfigInput, OAuthConfig, OAuthConfigInput } from './config/auth-config.js';
export { createBrowserWebAuthn } from './runtime/web-authn-browser.js';
export { parsePasskeyCreateOptions, parsePasskeyGetOptions } from './runtime/web-authn-options.js';
export type {
  PasskeyAuthenticationResponseJson,
  PasskeyCreateOptionsJson,
  PasskeyCredentialDescriptorJson,
  PasskeyGetOptionsJson,
  PasskeyRegistrationResponseJson,
  WebAuthnPort,
} from './runtime/web-authn-port.js';

// ---- storage ----
export { AUTH_COOKIE_PREFIXES, createCookieStorage } from './storage/cookie-storage.js';
export type { CookieStorageOptions } from './storage/cookie-storage.js';
export { createDocumentCookies, createNoCookies } from './storage/cookies.js';
export type { CookieAttributes, CookieDocument, CookiePort, CookieWriteOptions } from './storage/cookies.js';
export type { KeyValueStorage } from './storage/key-value-storage.js';
export { createLocalStorage } from './storage/local-storage.js';
export { createMemoryStorage } from './storage/memory-storage.js';

// ---- errors ----
export { AuthError, isAuthError } from './errors/auth-error.js';
export type { AuthErrorOptions, AuthErrorParams } from './errors/auth-error.js';
export {
  AuthConfigError,
  AuthValidationError,
  AutoSignInException,
  CognitoServiceError,
  DeviceMetadataNotFoundException,
  InvalidOriginException,
  InvalidPreferredRedirectUrlException,
  InvalidRedirectException,
  NetworkError,
  NoSessionFoundException,
  OAuthSignInException,
  OAuthSignOutException,
  PasskeyError,
  SignInException,
  TokenRefreshException,
  UnexpectedSignInInterruptionException,
  UserAlreadyAuthenticatedException,
  UserUnAuthenticatedException,
  isCognitoServiceError,
} from './errors/auth-errors.js';
export type { CognitoService } from './errors/auth-errors.js';
export { AUTH_ERROR_CATALOGUE, COGNITO_ERROR_CATALOGUE, SRP_ERROR_NAMES } from './errors/catalogue.js';
export type {
  AuthErrorCode,
  AuthValidationErrorCode,
  CatalogueEntry,
  ConfigErrorCode,
  ErrorDefinition,
  KnownCognitoErrorName,
  PasskeyErrorCode,
  SessionErrorCode,
} from './errors/catalogue.js';
export { toPasskeyAuthenticationError, toPasskeyError, toPasskeyRegistrationError } from './errors/passkey-errors.js';
export type { PasskeyCeremony } from './errors/passkey-errors.js';
export { SrpError, SrpInvalidEphemeralError, SrpInvalidParameterError, SrpRandomSourceError } from './srp/index.js';

// ---- validation (spec section 5) ----
export { assertIdentityPoolId, assertUserPoolId, isValidIdentityPoolId, isValidUserPoolId } from './validation/config-ids.js';
export {
  assertChallengeResponse,
  assertConfirmResetPasswordInput,
  assertConfirmSignUpInput,
  assertConfirmUserAttributeCode,
  assertResendSignUpCodeInput,
  assertResetPasswordInput,
  assertSignInInput,
  assertSignUpInput,
  assertUpdatePasswordInput,
  assertVerifyTotpSetupCode,
  isPresent,
} from './validation/required-fields.js';
export type { SignInAuthFlowType } from './validation/required-fields.js';
export { MFA_METHODS, assertMfaMethod, assertMfaSetupAnswer, classifyMfaSetupAnswer, isMfaMethod } from './validation/mfa-answers.js';
export type { MfaMethod, MfaSetupAnswer } from './validation/mfa-answers.js';
export { PASSWORD_MIN_LENGTH, PASSWORD_RULES, PASSWORD_SYMBOLS, checkPasswordPolicy } from './validation/password-policy.js';
export type { PasswordPolicyResult, PasswordRule } from './validation/password-policy.js';

// ---- events ----
export { Hub, createAuthHub } from './events/auth-hub.js';
export type { AuthHub, AuthHubCallback, AuthHubCapsule, AuthHubEventData, AuthHubEventName, AuthHubPayload, StopListening } from './events/auth-hub.js';

// ---- Cognito HTTP (for the machines and advanced callers) ----
export { callUserPool } from './cognito/user-pool-client.js';
export type * as CognitoUserPool from './cognito/user-pool-operations.js';
export { callIdentityPool } from './identity-pool/identity-pool-client.js';
export type * as CognitoIdentityPool from './identity-pool/identity-pool-operations.js';
export type { AWSCredentials, CredentialsAndIdentityId } from './identity-pool/credentials.js';

// ---- tokens and devices (runtime-level building blocks) ----
export { clearTokens, getLastAuthUser, loadTokens, setOAuthMetadata } from './tokens/token-store.js';
export type { AuthFlowType, CognitoAuthSignInDetails, OAuthMetadata, StoredTokens } from './tokens/token-store.js';
export { storeAuthenticationResult } from './tokens/authentication-result.js';
export { shouldRefresh } from './tokens/refresh-decision.js';
export type { RefreshDecisionInput } from './tokens/refresh-decision.js';
export { tokenCookieNames } from './tokens/token-cookies.js';
export { decodeJwtToken } from './tokens/jwt.js';
export type { JWT, JwtPayload } from './tokens/jwt.js';
export { completeSignIn } from './tokens/complete-sign-in.js';
export type { CompleteSignInInput } from './tokens/complete-sign-in.js';
export { assertNoSignedInUser, fetchAuthSessionWith, requireSignedIn } from './tokens/auth-session.js';
export type { AuthSession, AuthTokens, FetchAuthSessionOptions } from './tokens/auth-session.js';
export { getCurrentUserWith } from './tokens/current-user.js';
export type { AuthUser } from './tokens/current-user.js';
export { clearDeviceMetadata, getDeviceMetadata } from './devices/device-store.js';
export type { DeviceMetadata } from './devices/device-store.js';
export { confirmNewDevice } from './devices/confirm-device.js';
export { isDeviceNotFoundError, withDeviceNotFoundRetry } from './devices/device-not-found.js';
export { fetchDevicesWith, forgetDeviceWith, rememberDeviceWith } from './devices/remembered-devices.js';
export { chooseSignOutRedirect, hostedLogoutUrl } from './sign-out/sign-out-redirect.js';
export { signOutWith } from './sign-out/sign-out.js';
export type { SignOutInput } from './sign-out/sign-out.js';

// ---- managed login (OAuth 2.0 authorization code + PKCE): signInWithRedirect ----
export { completeSignInWithRedirect, signInWithRedirect } from './api/sign-in-with-redirect.js';
export { completeSignInWithRedirectWith } from './oauth/complete-sign-in-with-redirect.js';
export type { SignInWithRedirectResult } from './oauth/complete-sign-in-with-redirect.js';
export { signInWithRedirectWith } from './oauth/sign-in-with-redirect.js';
export type { SignInWithRedirectInput } from './oauth/sign-in-with-redirect.js';
export type { OAuthPrompt, SignInWithRedirectProvider } from './oauth/authorize-url.js';
export { buildAuthorizeUrl, identityProviderName } from './oauth/authorize-url.js';
export type { AuthorizeUrlInput } from './oauth/authorize-url.js';
export { chooseSignInRedirect } from './oauth/redirect-choice.js';
export { createOAuthState, customStateOf, oauthStatesEqual } from './oauth/oauth-state.js';
export { codeChallengeS256, createCodeVerifier } from './oauth/pkce.js';
export { readOAuthCallback, withoutOAuthParams } from './oauth/callback-url.js';
export type { OAuthCallback } from './oauth/callback-url.js';
export { exchangeAuthorizationCode } from './oauth/token-endpoint.js';

// ---- aws-amplify v6 API: session, account, MFA, devices, passkeys ----
export { fetchAuthSession, getCurrentUser } from './api/session.js';
export { signOut } from './api/sign-out.js';
export {
  confirmUserAttribute,
  confirmUserAttributeWith,
  deleteUserAttributes,
  deleteUserAttributesWith,
  fetchUserAttributes,
  fetchUserAttributesWith,
  sendUserAttributeVerificationCode,
  sendUserAttributeVerificationCodeWith,
  updateUserAttribute,
  updateUserAttributeWith,
  updateUserAttributes,
  updateUserAttributesWith,
} from './api/user-attributes.js';
export { updatePassword, updatePasswordWith } from './api/password.js';
export {
  fetchMFAPreference,
  fetchMFAPreferenceWith,
  setUpTOTP,
  setUpTOTPWith,
  updateMFAPreference,
  updateMFAPreferenceWith,
  verifyTOTPSetup,
  verifyTOTPSetupWith,
} from './api/mfa.js';
export { fetchDevices, forgetDevice, rememberDevice } from './api/devices.js';
export { deleteUser, deleteUserWith } from './api/delete-user.js';
export {
  associateWebAuthnCredential,
  associateWebAuthnCredentialWith,
  deleteWebAuthnCredential,
  deleteWebAuthnCredentialWith,
  listWebAuthnCredentials,
  listWebAuthnCredentialsWith,
} from './api/web-authn-credentials.js';
export { buildTotpSetupUri, createTotpSetupDetails } from './api/totp-setup-uri.js';
export { toCodeDeliveryDetails } from './api/code-delivery-details.js';
export type * from './api/types.js';

// ---- sign-in, sign-up, password reset (machines engineer: src/machines/**, src/api/sign-in*.ts, …) ----
// Append `export { signIn, signInWith, … } from './api/sign-in.js';` lines and the machine exports here.
export { autoSignIn, autoSignInWith } from './api/auto-sign-in.js';
export { confirmResetPassword, confirmResetPasswordWith } from './api/confirm-reset-password.js';
export { confirmSignIn, confirmSignInWith } from './api/confirm-sign-in.js';
export { confirmSignUp, confirmSignUpWith } from './api/confirm-sign-up.js';
export { resendSignUpCode, resendSignUpCodeWith } from './api/resend-sign-up-code.js';
export { resetPassword, resetPasswordWith } from './api/reset-password.js';
export { signIn, signInWith } from './api/sign-in.js';
export { signUp, signUpWith } from './api/sign-up.js';
export type {
  AutoSignInOutput,
  ConfirmResetPasswordInput,
  ConfirmSignInInput,
  ConfirmSignInOptions,
  ConfirmSignInOutput,
  ConfirmSignUpInput,
  ConfirmSignUpOptions,
  ConfirmSignUpOutput,
  ResendSignUpCodeInput,
  ResendSignUpCodeOutput,
  ResetPasswordInput,
  ResetPasswordOutput,
  SignInInput,
  SignInOptions,
  SignInOutput,
  SignUpInput,
  SignUpOptions,
  SignUpOutput,
  ValidationData,
} from './machines/flow-types.js';
export { isSignInSettled, signInMachine, signInResultOf } from './machines/sign-in-machine.js';
export type { ConfirmSignInEvent, SignInEvent, SignInMachineContext, SignInMachineEvent, SignInMachineInput, SignInMachineSnapshot } from './machines/sign-in-machine.js';
export { CHALLENGE_STEP_STATES } from './machines/challenges/sign-in-steps.js';
export type { ChallengeSignInStep, ChallengeStepState, PendingChallenge, RestoredTotpSetupStep, SignInMachineStep } from './machines/challenges/sign-in-steps.js';
export {
  AUTO_SIGN_IN_MAX_POLLS,
  AUTO_SIGN_IN_POLL_INTERVAL_MS,
  AUTO_SIGN_IN_TIMEOUT_MS,
  isSignUpSettled,
  signUpMachine,
} from './machines/sign-up-machine.js';
export type { SignUpMachineContext, SignUpMachineEvent, SignUpMachineInput, SignUpMachineSnapshot } from './machines/sign-up-machine.js';
export { AUTO_SIGN_IN_THROTTLE_MS } from './machines/sign-up-driver.js';
export { isResetPasswordSettled, resetPasswordMachine } from './machines/reset-password-machine.js';
export type {
  ResetPasswordMachineContext,
  ResetPasswordMachineEvent,
  ResetPasswordMachineInput,
  ResetPasswordMachineSnapshot,
} from './machines/reset-password-machine.js';
export { SIGN_IN_STATE_TTL_MS, clearSignInState, loadSignInState } from './machines/sign-in-state-store.js';
export { signInStateKey } from './machines/sign-in-state-key.js';
export type { PersistedSignInState } from './machines/sign-in-state-store.js';

// ---- aws-amplify/auth compatibility: the names an Amplify app imports (issue 14: exports, types, errors) ----
export { decodeJWT } from './tokens/jwt.js';
export type { CredentialsAndIdentityIdProvider, GetCredentialsOptions, TokenProvider } from './api/provider-types.js';
export type { AuthErrorMetadata } from './errors/auth-error.js';

// ---- aws-amplify v6 configuration shape and the Amplify object (issue 14: config shape; the rest is in @steward/auth-core/cognito) ----
export { Amplify, getConfig } from './runtime/amplify.js';
export { findAuthRuntime } from './runtime/auth-runtime.js';
export type { ConfigureOptions, LibraryOptions } from './runtime/auth-runtime.js';
export { toResourcesConfig } from './config/amplify-config.js';
export type {
  AmplifyAuthConfig,
  AmplifyOAuthConfig,
  AuthConfigUserAttributes,
  CognitoIdentityPoolConfig,
  CognitoLoginWith,
  CognitoMfaConfig,
  CognitoPasswordFormat,
  CognitoPasswordlessConfig,
  CognitoUserPoolAndIdentityPoolConfig,
  CognitoUserPoolConfig,
  CognitoUserPoolConfigMfaStatus,
  CustomOAuthProvider,
  OAuthProvider,
  OAuthScope,
  ResourcesConfig,
} from './config/amplify-config.js';
export { DEFAULT_PASSWORD_POLICY, passwordRules } from './validation/password-policy.js';
export type { PasswordPolicy } from './validation/password-policy.js';
export { assertConfiguredPasswordPolicy } from './validation/configured-password-policy.js';

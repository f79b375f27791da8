// The one error catalogue of auth-core: every name auth-core itself raises, with its message and
// recovery suggestion. Provider (Cognito) names live in COGNITO_ERROR_CATALOGUE below because their
// message comes from the provider. docs/auth-core.md "## Errors" documents every code here (a test checks).
// auth-core's own errors are one exported definition each, and the error classes are built from a
// definition rather than a code, so an app's bundle keeps only the messages its code paths can raise.

/** One row of the catalogue. */
export interface CatalogueEntry {
  readonly message: string;
  readonly recoverySuggestion: string;
}

/** A catalogue row with its stable name, which an error class is built from. */
export interface ErrorDefinition<C extends string = string> extends CatalogueEntry {
  readonly name: C;
}

function define<C extends string>(name: C, message: string, recoverySuggestion: string): ErrorDefinition<C> {
  return { name, message, recoverySuggestion };
}

const NOT_SUPPORTED_PASSKEY =
  'Passkeys may not be supported on this device. Ensure the application runs in a secure context (HTTPS) and the Web Authentication API is available.';
const CANCELED_PASSKEY =
  'The user may have canceled the ceremony or another interruption occurred. Check underlyingError for details.';
const MISCONFIGURED_PASSKEY = 'Ensure the user pool allows WEB_AUTHN as an authentication factor and has a relying party configured.';

/** Session, sign-in and sign-out errors of spec section 8 (aws-amplify v6 names), one definition each. */
export const UserAlreadyAuthenticatedException = /* @__PURE__ */ define('UserAlreadyAuthenticatedException', 'There is already a signed in user.', 'Call signOut first.');
export const UserUnAuthenticatedException = /* @__PURE__ */ define('UserUnAuthenticatedException', 'User needs to be authenticated to call this API.', 'Sign in before calling this API again.');
// aws-amplify's confirmSignIn text, as it is (its template literal's line breaks and tabs included).
export const SignInException = /* @__PURE__ */ define('SignInException', '\n\t\t\tAn error occurred during the sign in process.\n\n\t\t\tThis most likely occurred due to:\n\t\t\t1. signIn was not called before confirmSignIn.\n\t\t\t2. signIn threw an exception.\n\t\t\t3. page was refreshed during the sign in flow and session has expired.\n\t\t\t', 'Call signIn and wait for it to succeed before confirmSignIn; the sign-in state lasts 3 minutes.');
export const UnexpectedSignInInterruptionException = /* @__PURE__ */ define('UnexpectedSignInInterruptionException', 'Unable to get user session following successful sign-in.', 'The tokens were probably not persisted: check that the configured storage and cookies can be written.');
export const TokenRefreshException = /* @__PURE__ */ define('TokenRefreshException', "Token refresh is not supported when authenticated with the 'implicit grant' (token) OAuth flow.", 'Sign out and use the authorization code grant flow.');
export const NoSessionFoundException = /* @__PURE__ */ define('NoSessionFoundException', 'Auth session was not found. Make sure to call signIn.', 'Sign in before calling this API again.');
export const AutoSignInException = /* @__PURE__ */ define('AutoSignInException', 'The autoSignIn flow has not started, or has been cancelled/completed.', 'Use the signIn API, or sign out before starting a new autoSignIn flow.');
export const DeviceMetadataNotFoundException = /* @__PURE__ */ define('DeviceMetadataNotFoundException', 'Either deviceKey, deviceGroupKey or secretPassword were not found during the sign-in process.', 'Make sure not to clear storage after calling the signIn API.');
export const InvalidRedirectException = /* @__PURE__ */ define('InvalidRedirectException', 'signInRedirect or signOutRedirect had an invalid format or was not found.', 'Make sure the sign-out redirect URLs in oauth.redirectSignOut are absolute URLs.');
export const InvalidPreferredRedirectUrlException = /* @__PURE__ */ define('InvalidPreferredRedirectUrlException', 'The given preferredRedirectUrl does not match any items in the redirectSignOut array from the config.', 'Pass a redirectUrl that is listed in oauth.redirectSignOut.');
export const InvalidOriginException = /* @__PURE__ */ define('InvalidOriginException', 'No sign-out redirect URL in the config matches the current origin.', 'Add a URL on the current origin to oauth.redirectSignOut, or pass oauth.redirectUrl to signOut.');
export const OAuthSignOutException = /* @__PURE__ */ define('OAuthSignOutException', 'An error occurred when attempting to log out from OAuth provider.', 'Check oauth.domain and that the hosted logout page can be opened; local tokens have been cleared.');
export const OAuthSignInException = /* @__PURE__ */ define('OAuthSignInException', 'An error has occurred during the oauth process.', 'Check oauth.domain, oauth.redirectSignIn and the app client\'s callback URLs, then start signInWithRedirect again.');
export const NetworkError = /* @__PURE__ */ define('NetworkError', 'Network Error', 'Check the network connection and the configured endpoints, then try again.');

/** The session errors by code. */
export const SESSION_ERROR_CATALOGUE = {
  UserAlreadyAuthenticatedException,
  UserUnAuthenticatedException,
  SignInException,
  UnexpectedSignInInterruptionException,
  TokenRefreshException,
  NoSessionFoundException,
  AutoSignInException,
  DeviceMetadataNotFoundException,
  InvalidRedirectException,
  InvalidPreferredRedirectUrlException,
  InvalidOriginException,
  OAuthSignOutException,
  OAuthSignInException,
  NetworkError,
} as const;

/** Configuration errors raised by configure() / createAuthRuntime(), one definition each. */
export const AuthUserPoolException = /* @__PURE__ */ define('AuthUserPoolException', 'Auth UserPool not configured.', 'Call configure() with userPoolId and userPoolClientId before using auth-core.');
export const InvalidUserPoolId = /* @__PURE__ */ define('InvalidUserPoolId', 'Invalid user pool id provided.', 'A user pool id contains an underscore, e.g. us-east-1_AbCdEf123.');
export const InvalidIdentityPoolIdException = /* @__PURE__ */ define('InvalidIdentityPoolIdException', 'Invalid identity pool id provided.', 'An identity pool id contains a colon, e.g. us-east-1:0f5c…; check identityPoolId in the config.');
export const OAuthNotConfigureException = /* @__PURE__ */ define('OAuthNotConfigureException', 'oauth param not configured.', 'Call configure() with an oauth block holding domain and redirectSignIn.');
export const InvalidAuthConfigException = /* @__PURE__ */ define('InvalidAuthConfigException', 'The auth configuration is invalid.', 'Fix the configuration field named in the message and call configure() again.');

/** The config errors by code. */
export const CONFIG_ERROR_CATALOGUE = {
  AuthUserPoolException,
  InvalidUserPoolId,
  InvalidIdentityPoolIdException,
  InvalidAuthConfigException,
  OAuthNotConfigureException,
} as const;

/** Input validation errors of spec section 5 (aws-amplify v6's AuthValidationErrorCode names, plus IncorrectMFASetupAnswer), one definition each. */
export const EmptySignInUsername = /* @__PURE__ */ define('EmptySignInUsername', 'username is required to signIn', 'Enter a username.');
export const EmptySignInPassword = /* @__PURE__ */ define('EmptySignInPassword', 'password is required to signIn', 'Enter a password.');
export const CustomAuthSignInPassword = /* @__PURE__ */ define('CustomAuthSignInPassword', 'A password is not needed when signing in with CUSTOM_WITHOUT_SRP', 'Do not include a password in your signIn call.');
export const EmptySignUpUsername = /* @__PURE__ */ define('EmptySignUpUsername', 'username is required to signUp', 'Enter a username.');
export const EmptySignUpPassword = /* @__PURE__ */ define('EmptySignUpPassword', 'password is required to signUp', 'Enter a password.');
export const EmptyConfirmSignUpUsername = /* @__PURE__ */ define('EmptyConfirmSignUpUsername', 'username is required to confirmSignUp', 'Enter a username.');
export const EmptyConfirmSignUpCode = /* @__PURE__ */ define('EmptyConfirmSignUpCode', 'code is required to confirmSignUp', 'Enter the confirmation code you received.');
// aws-amplify spells this code with a lower-case "r"; kept so code comparing names keeps working.
export const EmptyresendSignUpCodeUsername = /* @__PURE__ */ define('EmptyresendSignUpCodeUsername', 'username is required to resendSignUpCode', 'Enter a username.');
export const EmptyChallengeResponse = /* @__PURE__ */ define('EmptyChallengeResponse', 'challengeResponse is required to confirmSignIn', 'Enter a response to the challenge.');
export const EmptyConfirmResetPasswordUsername = /* @__PURE__ */ define('EmptyConfirmResetPasswordUsername', 'username is required to confirmResetPassword', 'Enter a username.');
export const EmptyConfirmResetPasswordNewPassword = /* @__PURE__ */ define('EmptyConfirmResetPasswordNewPassword', 'newPassword is required to confirmResetPassword', 'Enter a new password.');
export const EmptyConfirmResetPasswordConfirmationCode = /* @__PURE__ */ define('EmptyConfirmResetPasswordConfirmationCode', 'confirmationCode is required to confirmResetPassword', 'Enter the confirmation code you received.');
export const EmptyResetPasswordUsername = /* @__PURE__ */ define('EmptyResetPasswordUsername', 'username is required to resetPassword', 'Enter a username.');
export const EmptyVerifyTOTPSetupCode = /* @__PURE__ */ define('EmptyVerifyTOTPSetupCode', 'code is required to verifyTotpSetup', 'Enter the code shown by the authenticator app.');
export const EmptyConfirmUserAttributeCode = /* @__PURE__ */ define('EmptyConfirmUserAttributeCode', 'confirmation code is required to confirmUserAttribute', 'Enter the confirmation code you received.');
export const EmptyUpdatePassword = /* @__PURE__ */ define('EmptyUpdatePassword', 'oldPassword and newPassword are required to changePassword', 'Enter both the current and the new password.');
export const IncorrectMFAMethod = /* @__PURE__ */ define('IncorrectMFAMethod', 'Incorrect MFA method was chosen. It should be either SMS, TOTP, or EMAIL', 'Try to pass SMS, TOTP, or EMAIL as the challengeResponse');
export const IncorrectMFASetupAnswer = /* @__PURE__ */ define('IncorrectMFASetupAnswer', 'Cannot proceed with MFA setup using this challengeResponse. It should be EMAIL, TOTP, an email address or a numeric code', 'Try passing "EMAIL", "TOTP", a valid email, or OTP code as the challengeResponse.');
export const InvalidPreferredChallenge = /* @__PURE__ */ define('InvalidPreferredChallenge', 'The preferred challenge is not enabled in your backend configuration', 'Ensure the authentication method is enabled in the user pool configuration');
// Cognito's own name for a password its policy refuses, so an app's handling of the server's answer also
// covers the client-side refusal under a configured passwordFormat (the thrower words it as Cognito does).
export const InvalidPasswordException = /* @__PURE__ */ define('InvalidPasswordException', 'Password did not conform with policy.', 'Choose a password that meets the configured password policy (passwordFormat).');

/** The validation errors by code. */
export const VALIDATION_ERROR_CATALOGUE = {
  EmptySignInUsername,
  EmptySignInPassword,
  CustomAuthSignInPassword,
  EmptySignUpUsername,
  EmptySignUpPassword,
  EmptyConfirmSignUpUsername,
  EmptyConfirmSignUpCode,
  EmptyresendSignUpCodeUsername,
  EmptyChallengeResponse,
  EmptyConfirmResetPasswordUsername,
  EmptyConfirmResetPasswordNewPassword,
  EmptyConfirmResetPasswordConfirmationCode,
  EmptyResetPasswordUsername,
  EmptyVerifyTOTPSetupCode,
  EmptyConfirmUserAttributeCode,
  EmptyUpdatePassword,
  IncorrectMFAMethod,
  IncorrectMFASetupAnswer,
  InvalidPreferredChallenge,
  InvalidPasswordException,
} as const;

/** WebAuthn (passkey) errors, aws-amplify v6's PasskeyErrorCode names, one definition each. */
export const PasskeyNotSupported = /* @__PURE__ */ define('PasskeyNotSupported', 'Passkeys may not be supported on this device.', NOT_SUPPORTED_PASSKEY);
export const PasskeyAlreadyExists = /* @__PURE__ */ define('PasskeyAlreadyExists', 'Passkey already exists in authenticator.', 'Proceed with existing passkey or try again after deleting the credential.');
export const InvalidPasskeyRegistrationOptions = /* @__PURE__ */ define('InvalidPasskeyRegistrationOptions', 'Invalid passkey registration options.', MISCONFIGURED_PASSKEY);
export const InvalidPasskeyAuthenticationOptions = /* @__PURE__ */ define('InvalidPasskeyAuthenticationOptions', 'Invalid passkey authentication options.', MISCONFIGURED_PASSKEY);
export const RelyingPartyMismatch = /* @__PURE__ */ define('RelyingPartyMismatch', 'Relying party does not match current domain.', 'Ensure relying party identifier matches current domain.');
export const PasskeyRegistrationFailed = /* @__PURE__ */ define('PasskeyRegistrationFailed', 'Device failed to create passkey.', NOT_SUPPORTED_PASSKEY);
export const PasskeyRetrievalFailed = /* @__PURE__ */ define('PasskeyRetrievalFailed', 'Device failed to retrieve passkey.', 'Passkeys may not be available on this device. Try an alternative authentication factor like PASSWORD, EMAIL_OTP, or SMS_OTP.');
export const PasskeyRegistrationCanceled = /* @__PURE__ */ define('PasskeyRegistrationCanceled', 'Passkey registration ceremony has been canceled.', CANCELED_PASSKEY);
export const PasskeyAuthenticationCanceled = /* @__PURE__ */ define('PasskeyAuthenticationCanceled', 'Passkey authentication ceremony has been canceled.', CANCELED_PASSKEY);
export const PasskeyOperationAborted = /* @__PURE__ */ define('PasskeyOperationAborted', 'Passkey operation has been aborted.', CANCELED_PASSKEY);

/** The passkey errors by code. */
export const PASSKEY_ERROR_CATALOGUE = {
  PasskeyNotSupported,
  PasskeyAlreadyExists,
  InvalidPasskeyRegistrationOptions,
  InvalidPasskeyAuthenticationOptions,
  RelyingPartyMismatch,
  PasskeyRegistrationFailed,
  PasskeyRetrievalFailed,
  PasskeyRegistrationCanceled,
  PasskeyAuthenticationCanceled,
  PasskeyOperationAborted,
} as const;

/** Every name auth-core raises itself, with its message and recovery suggestion (each row is the error's definition). */
function mergeCatalogues(...tables: Readonly<Record<string, ErrorDefinition>>[]): Readonly<Record<string, ErrorDefinition>> {
  return tables.reduce<Record<string, ErrorDefinition>>((all, table) => ({ ...all, ...table }), {});
}

// A pure call rather than a spread literal, so bundlers drop it (and the tables) when unused.
export const AUTH_ERROR_CATALOGUE = /* @__PURE__ */ mergeCatalogues(
  SESSION_ERROR_CATALOGUE,
  CONFIG_ERROR_CATALOGUE,
  VALIDATION_ERROR_CATALOGUE,
  PASSKEY_ERROR_CATALOGUE,
) as Readonly<{ [C in AuthErrorCode]: ErrorDefinition<C> }>;

export type SessionErrorCode = keyof typeof SESSION_ERROR_CATALOGUE;
export type ConfigErrorCode = keyof typeof CONFIG_ERROR_CATALOGUE;
export type AuthValidationErrorCode = keyof typeof VALIDATION_ERROR_CATALOGUE;
export type PasskeyErrorCode = keyof typeof PASSKEY_ERROR_CATALOGUE;
export type AuthErrorCode = SessionErrorCode | ConfigErrorCode | AuthValidationErrorCode | PasskeyErrorCode;

/**
 * Provider error names (Cognito user pool and identity pool `__type`) auth-core recognises, with a
 * recovery suggestion and a fallback message for when the provider sends none. Other names still
 * become a CognitoServiceError carrying the provider's name.
 */
export const COGNITO_ERROR_CATALOGUE = {
  NotAuthorizedException: { message: 'Incorrect username or password.', recoverySuggestion: 'Check the credentials, or sign in again.' },
  RefreshTokenReuseException: { message: 'The refresh token has already been replaced by refresh-token rotation.', recoverySuggestion: 'Sign in again.' },
  UserNotFoundException: { message: 'User does not exist.', recoverySuggestion: 'Check the username, or sign up.' },
  UserNotConfirmedException: { message: 'User is not confirmed.', recoverySuggestion: 'Confirm the account with the code sent.' },
  PasswordResetRequiredException: { message: 'Password reset required for the user.', recoverySuggestion: 'Reset the password.' },
  CodeMismatchException: { message: 'Invalid verification code provided, please try again.', recoverySuggestion: 'Enter the latest code exactly as received.' },
  ExpiredCodeException: { message: 'Invalid code provided, please request a code again.', recoverySuggestion: 'Request a new code.' },
  CodeDeliveryFailureException: { message: 'The code could not be delivered.', recoverySuggestion: 'Check the email address or phone number.' },
  LimitExceededException: { message: 'Attempt limit exceeded, please try after some time.', recoverySuggestion: 'Wait before trying again.' },
  TooManyRequestsException: { message: 'Too many requests.', recoverySuggestion: 'Wait before trying again.' },
  TooManyFailedAttemptsException: { message: 'Too many failed attempts.', recoverySuggestion: 'Wait before trying again.' },
  InvalidPasswordException: { message: 'Password does not conform to policy.', recoverySuggestion: 'Use 8+ characters with lower and upper case, a number and a symbol.' },
  UsernameExistsException: { message: 'An account with the given username already exists.', recoverySuggestion: 'Sign in, or choose another username.' },
  AliasExistsException: { message: 'An account with the given email or phone number already exists.', recoverySuggestion: 'Sign in with that account.' },
  InvalidParameterException: { message: 'A request parameter is invalid.', recoverySuggestion: 'Check the values sent.' },
  ResourceNotFoundException: { message: 'The requested resource does not exist.', recoverySuggestion: 'Check the pool, client or device.' },
  MFAMethodNotFoundException: { message: 'No MFA method is set up.', recoverySuggestion: 'Set up an MFA method first.' },
  SoftwareTokenMFANotFoundException: { message: 'TOTP is not set up.', recoverySuggestion: 'Call setUpTOTP and verifyTOTPSetup first.' },
  EnableSoftwareTokenMFAException: { message: 'The TOTP code could not be verified.', recoverySuggestion: 'Enter the current code from the app.' },
  UserLambdaValidationException: { message: 'A user pool trigger rejected the request.', recoverySuggestion: 'Check the values sent.' },
  UnsupportedOperationException: { message: 'The operation is not supported.', recoverySuggestion: 'Check the app client settings.' },
  InternalErrorException: { message: 'The identity provider had an internal error.', recoverySuggestion: 'Retry later.' },
  WebAuthnNotEnabledException: { message: 'Passkeys are not enabled.', recoverySuggestion: MISCONFIGURED_PASSKEY },
  WebAuthnChallengeNotFoundException: { message: 'The passkey challenge expired.', recoverySuggestion: 'Start the registration again.' },
  UnknownError: { message: 'The identity provider returned an unrecognised error.', recoverySuggestion: 'Retry later; underlyingError holds details.' },
} as const satisfies Record<string, CatalogueEntry>;

/**
 * Names of the SRP module's own errors (src/srp/errors.ts, kept there so `@steward/auth-core/srp`
 * stays self-contained); their messages name the offending value. Documented with the rest.
 */
export const SRP_ERROR_NAMES = ['SrpInvalidEphemeralError', 'SrpInvalidParameterError', 'SrpRandomSourceError'] as const;

/** A Cognito error name auth-core knows; others are kept as plain strings. */
export type KnownCognitoErrorName = keyof typeof COGNITO_ERROR_CATALOGUE;

/** The catalogue entry for a Cognito name, or undefined for names outside the catalogue. */
export function cognitoCatalogueEntry(name: string): CatalogueEntry | undefined {
  return Object.prototype.hasOwnProperty.call(COGNITO_ERROR_CATALOGUE, name)
    ? COGNITO_ERROR_CATALOGUE[name as KnownCognitoErrorName]
    : undefined;
}

// The one error catalogue of auth-core: every name auth-core itself raises, with its message and
// recovery suggestion. Provider (Cognito) names live in COGNITO_ERROR_CATALOGUE below because their
// message comes from the provider. docs/auth-core.md "## Errors" documents every code here (a test checks).

/** One row of the catalogue. */
export interface CatalogueEntry {
  readonly message: string;
  readonly recoverySuggestion: string;
}

const NOT_SUPPORTED_PASSKEY =
  'Passkeys may not be supported on this device. Ensure the application runs in a secure context (HTTPS) and the Web Authentication API is available.';
const CANCELED_PASSKEY =
  'The user may have canceled the ceremony or another interruption occurred. Check underlyingError for details.';
const MISCONFIGURED_PASSKEY = 'Ensure the user pool allows WEB_AUTHN as an authentication factor and has a relying party configured.';

/** Session, sign-in and sign-out errors of spec section 8 (aws-amplify v6 names). */
export const SESSION_ERROR_CATALOGUE = {
  UserAlreadyAuthenticatedException: {
    message: 'There is already a signed in user.',
    recoverySuggestion: 'Call signOut first.',
  },
  UserUnAuthenticatedException: {
    message: 'User needs to be authenticated to call this API.',
    recoverySuggestion: 'Sign in before calling this API again.',
  },
  SignInException: {
    message:
      'An error occurred during the sign in process: signIn was not called, signIn failed, or the page was refreshed and the sign-in session expired.',
    recoverySuggestion: 'Call signIn and wait for it to succeed before confirmSignIn; the sign-in state lasts 3 minutes.',
  },
  UnexpectedSignInInterruptionException: {
    message: 'Unable to get user session following successful sign-in.',
    recoverySuggestion: 'The tokens were probably not persisted: check that the configured storage and cookies can be written.',
  },
  TokenRefreshException: {
    message: "Token refresh is not supported when authenticated with the 'implicit grant' (token) OAuth flow.",
    recoverySuggestion: 'Sign out and use the authorization code grant flow.',
  },
  NoSessionFoundException: {
    message: 'Auth session was not found. Make sure to call signIn.',
    recoverySuggestion: 'Sign in before calling this API again.',
  },
  AutoSignInException: {
    message: 'The autoSignIn flow has not started, or has been cancelled/completed.',
    recoverySuggestion: 'Use the signIn API, or sign out before starting a new autoSignIn flow.',
  },
  DeviceMetadataNotFoundException: {
    message: 'Either deviceKey, deviceGroupKey or secretPassword were not found during the sign-in process.',
    recoverySuggestion: 'Make sure not to clear storage after calling the signIn API.',
  },
  InvalidRedirectException: {
    message: 'signInRedirect or signOutRedirect had an invalid format or was not found.',
    recoverySuggestion: 'Make sure the sign-out redirect URLs in oauth.redirectSignOut are absolute URLs.',
  },
  InvalidPreferredRedirectUrlException: {
    message: 'The given preferredRedirectUrl does not match any items in the redirectSignOut array from the config.',
    recoverySuggestion: 'Pass a redirectUrl that is listed in oauth.redirectSignOut.',
  },
  InvalidOriginException: {
    message: 'No sign-out redirect URL in the config matches the current origin.',
    recoverySuggestion: 'Add a URL on the current origin to oauth.redirectSignOut, or pass oauth.redirectUrl to signOut.',
  },
  OAuthSignOutException: {
    message: 'An error occurred when attempting to log out from OAuth provider.',
    recoverySuggestion: 'Check oauth.domain and that the hosted logout page can be opened; local tokens have been cleared.',
  },
  NetworkError: {
    message: 'Network Error',
    recoverySuggestion: 'Check the network connection and the configured endpoints, then try again.',
  },
} as const satisfies Record<string, CatalogueEntry>;

/** Configuration errors raised by configure() / createAuthRuntime(). */
export const CONFIG_ERROR_CATALOGUE = {
  AuthUserPoolException: {
    message: 'Auth UserPool not configured.',
    recoverySuggestion: 'Call configure() with userPoolId and userPoolClientId before using auth-core.',
  },
  InvalidUserPoolId: {
    message: 'Invalid user pool id provided.',
    recoverySuggestion: 'A user pool id contains an underscore, e.g. us-east-1_AbCdEf123.',
  },
  InvalidIdentityPoolIdException: {
    message: 'Invalid identity pool id provided.',
    recoverySuggestion: 'An identity pool id contains a colon, e.g. us-east-1:0f5c…; check identityPoolId in the config.',
  },
  InvalidAuthConfigException: {
    message: 'The auth configuration is invalid.',
    recoverySuggestion: 'Fix the configuration field named in the message and call configure() again.',
  },
} as const satisfies Record<string, CatalogueEntry>;

/** Input validation errors of spec section 5 (aws-amplify v6's AuthValidationErrorCode names, plus IncorrectMFASetupAnswer). */
export const VALIDATION_ERROR_CATALOGUE = {
  EmptySignInUsername: { message: 'username is required to signIn', recoverySuggestion: 'Enter a username.' },
  EmptySignInPassword: { message: 'password is required to signIn', recoverySuggestion: 'Enter a password.' },
  CustomAuthSignInPassword: {
    message: 'A password is not needed when signing in with CUSTOM_WITHOUT_SRP',
    recoverySuggestion: 'Do not include a password in your signIn call.',
  },
  EmptySignUpUsername: { message: 'username is required to signUp', recoverySuggestion: 'Enter a username.' },
  EmptySignUpPassword: { message: 'password is required to signUp', recoverySuggestion: 'Enter a password.' },
  EmptyConfirmSignUpUsername: { message: 'username is required to confirmSignUp', recoverySuggestion: 'Enter a username.' },
  EmptyConfirmSignUpCode: { message: 'code is required to confirmSignUp', recoverySuggestion: 'Enter the confirmation code you received.' },
  // aws-amplify spells this code with a lower-case "r"; kept so code comparing names keeps working.
  EmptyresendSignUpCodeUsername: { message: 'username is required to resendSignUpCode', recoverySuggestion: 'Enter a username.' },
  EmptyChallengeResponse: { message: 'challengeResponse is required to confirmSignIn', recoverySuggestion: 'Enter a response to the challenge.' },
  EmptyConfirmResetPasswordUsername: { message: 'username is required to confirmResetPassword', recoverySuggestion: 'Enter a username.' },
  EmptyConfirmResetPasswordNewPassword: { message: 'newPassword is required to confirmResetPassword', recoverySuggestion: 'Enter a new password.' },
  EmptyConfirmResetPasswordConfirmationCode: {
    message: 'confirmationCode is required to confirmResetPassword',
    recoverySuggestion: 'Enter the confirmation code you received.',
  },
  EmptyResetPasswordUsername: { message: 'username is required to resetPassword', recoverySuggestion: 'Enter a username.' },
  EmptyVerifyTOTPSetupCode: { message: 'code is required to verifyTotpSetup', recoverySuggestion: 'Enter the code shown by the authenticator app.' },
  EmptyConfirmUserAttributeCode: {
    message: 'confirmation code is required to confirmUserAttribute',
    recoverySuggestion: 'Enter the confirmation code you received.',
  },
  EmptyUpdatePassword: {
    message: 'oldPassword and newPassword are required to changePassword',
    recoverySuggestion: 'Enter both the current and the new password.',
  },
  IncorrectMFAMethod: {
    message: 'Incorrect MFA method was chosen. It should be either SMS, TOTP, or EMAIL',
    recoverySuggestion: 'Try to pass SMS, TOTP, or EMAIL as the challengeResponse',
  },
  IncorrectMFASetupAnswer: {
    message: 'Cannot proceed with MFA setup using this challengeResponse. It should be EMAIL, TOTP, an email address or a numeric code',
    recoverySuggestion: 'Try passing "EMAIL", "TOTP", a valid email, or OTP code as the challengeResponse.',
  },
  InvalidPreferredChallenge: {
    message: 'The preferred challenge is not enabled in your backend configuration',
    recoverySuggestion: 'Ensure the authentication method is enabled in the user pool configuration',
  },
} as const satisfies Record<string, CatalogueEntry>;

/** WebAuthn (passkey) errors, aws-amplify v6's PasskeyErrorCode names. */
export const PASSKEY_ERROR_CATALOGUE = {
  PasskeyNotSupported: { message: 'Passkeys may not be supported on this device.', recoverySuggestion: NOT_SUPPORTED_PASSKEY },
  PasskeyAlreadyExists: {
    message: 'Passkey already exists in authenticator.',
    recoverySuggestion: 'Proceed with existing passkey or try again after deleting the credential.',
  },
  InvalidPasskeyRegistrationOptions: { message: 'Invalid passkey registration options.', recoverySuggestion: MISCONFIGURED_PASSKEY },
  InvalidPasskeyAuthenticationOptions: { message: 'Invalid passkey authentication options.', recoverySuggestion: MISCONFIGURED_PASSKEY },
  RelyingPartyMismatch: {
    message: 'Relying party does not match current domain.',
    recoverySuggestion: 'Ensure relying party identifier matches current domain.',
  },
  PasskeyRegistrationFailed: { message: 'Device failed to create passkey.', recoverySuggestion: NOT_SUPPORTED_PASSKEY },
  PasskeyRetrievalFailed: {
    message: 'Device failed to retrieve passkey.',
    recoverySuggestion: 'Passkeys may not be available on this device. Try an alternative authentication factor like PASSWORD, EMAIL_OTP, or SMS_OTP.',
  },
  PasskeyRegistrationCanceled: { message: 'Passkey registration ceremony has been canceled.', recoverySuggestion: CANCELED_PASSKEY },
  PasskeyAuthenticationCanceled: { message: 'Passkey authentication ceremony has been canceled.', recoverySuggestion: CANCELED_PASSKEY },
  PasskeyOperationAborted: { message: 'Passkey operation has been aborted.', recoverySuggestion: CANCELED_PASSKEY },
} as const satisfies Record<string, CatalogueEntry>;

/** Every name auth-core raises itself, with its message and recovery suggestion. */
function mergeCatalogues(...tables: Readonly<Record<string, CatalogueEntry>>[]): Readonly<Record<string, CatalogueEntry>> {
  return tables.reduce<Record<string, CatalogueEntry>>((all, table) => ({ ...all, ...table }), {});
}

// A pure call rather than a spread literal, so bundlers drop it (and the tables) when unused.
export const AUTH_ERROR_CATALOGUE = /* @__PURE__ */ mergeCatalogues(
  SESSION_ERROR_CATALOGUE,
  CONFIG_ERROR_CATALOGUE,
  VALIDATION_ERROR_CATALOGUE,
  PASSKEY_ERROR_CATALOGUE,
) as Readonly<Record<AuthErrorCode, CatalogueEntry>>;

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

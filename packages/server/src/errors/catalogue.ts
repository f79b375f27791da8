// The one error catalogue of the server: every exception the user pool, the identity pool and the
// wire layer can answer with, its HTTP status and default message. docs/server.md's error table is
// checked against this list by a test.

/** One exception: HTTP status, default message and what the caller can do about it. */
export interface ErrorSpec {
  readonly status: number;
  readonly message: string;
  readonly recoverySuggestion: string;
}

const retryLater = 'Wait a while and try again.';
const fixInput = 'Correct the request and send it again.';

/** Every exception name with its status code and default message. */
export const errorCatalogue = {
  // Protocol (AWS JSON 1.1) level
  UnknownOperationException: { status: 400, message: 'The requested operation is not recognized.', recoverySuggestion: 'Send a supported X-Amz-Target.' },
  SerializationException: { status: 400, message: 'The request body is not valid JSON.', recoverySuggestion: 'Send a JSON object as the body with Content-Type application/x-amz-json-1.1.' },
  MissingAuthenticationTokenException: { status: 403, message: 'Missing Authentication Token', recoverySuggestion: 'Sign the request with the admin credential (AWS Signature V4).' },
  InvalidSignatureException: { status: 403, message: 'The request signature we calculated does not match the signature you provided.', recoverySuggestion: 'Check the admin secret key and the signing region/service.' },
  UnrecognizedClientException: { status: 403, message: 'The security token included in the request is invalid.', recoverySuggestion: 'Use the configured ADMIN_ACCESS_KEY_ID.' },
  AccessDeniedException: { status: 400, message: 'You do not have sufficient access to perform this action.', recoverySuggestion: 'Use an admin credential or an account in the Admins group.' },
  // User pool
  AliasExistsException: { status: 400, message: 'An account with the given email already exists.', recoverySuggestion: 'Use another email or phone number.' },
  CodeDeliveryFailureException: { status: 400, message: 'Unable to deliver the verification code.', recoverySuggestion: 'Check the destination, or configure SMTP_URL / SMS_WEBHOOK_URL.' },
  CodeMismatchException: { status: 400, message: 'Invalid verification code provided, please try again.', recoverySuggestion: 'Enter the latest code that was sent.' },
  ConcurrentModificationException: { status: 400, message: 'The resource was changed by another request.', recoverySuggestion: retryLater },
  DeviceKeyExistsException: { status: 400, message: 'Device key already exists.', recoverySuggestion: 'Use a new device key.' },
  DuplicateProviderException: { status: 400, message: 'A provider with this name already exists in the user pool.', recoverySuggestion: 'Choose another provider name, or update the existing provider.' },
  EnableSoftwareTokenMFAException: { status: 400, message: 'Code mismatch and fail enable Software Token MFA', recoverySuggestion: 'Enter the current code of the authenticator app.' },
  ExpiredCodeException: { status: 400, message: 'Invalid code provided, please request a code again.', recoverySuggestion: 'Request a new code.' },
  ForbiddenException: { status: 403, message: 'Request not allowed.', recoverySuggestion: 'Contact the administrator.' },
  GroupExistsException: { status: 400, message: 'A group with the name already exists.', recoverySuggestion: 'Choose another group name.' },
  InternalErrorException: { status: 500, message: 'An internal error occurred.', recoverySuggestion: retryLater },
  InvalidEmailRoleAccessPolicyException: { status: 400, message: 'Email role access policy is invalid.', recoverySuggestion: 'Check the email delivery configuration.' },
  InvalidLambdaResponseException: { status: 400, message: 'Invalid response from the custom challenge definition.', recoverySuggestion: 'Fix the custom challenge definition.' },
  InvalidOAuthFlowException: { status: 400, message: 'The OAuth flow is not allowed for this client.', recoverySuggestion: 'Use an allowed flow.' },
  InvalidParameterException: { status: 400, message: 'Invalid parameter.', recoverySuggestion: fixInput },
  InvalidPasswordException: { status: 400, message: 'Password does not conform to policy.', recoverySuggestion: 'Use at least 8 characters with lowercase, uppercase, a number and a symbol.' },
  InvalidSmsRoleAccessPolicyException: { status: 400, message: 'SMS role access policy is invalid.', recoverySuggestion: 'Check the SMS delivery configuration.' },
  InvalidSmsRoleTrustRelationshipException: { status: 400, message: 'SMS role trust relationship is invalid.', recoverySuggestion: 'Check the SMS delivery configuration.' },
  InvalidUserPoolConfigurationException: { status: 400, message: 'The user pool configuration is invalid.', recoverySuggestion: 'Check the user pool settings.' },
  LastAdministratorException: { status: 400, message: 'The change would leave the user pool without an enabled member of the Admins group.', recoverySuggestion: 'Add another user to the Admins group (or enable one) first.' },
  LimitExceededException: { status: 400, message: 'Attempt limit exceeded, please try after some time.', recoverySuggestion: retryLater },
  ManagedLoginBrandingExistsException: { status: 400, message: 'The app client already has a branding style.', recoverySuggestion: 'Update or delete the existing branding style.' },
  MFAMethodNotFoundException: { status: 400, message: 'No MFA method is set up for the user.', recoverySuggestion: 'Set up an MFA method first.' },
  NotAuthorizedException: { status: 400, message: 'Incorrect username or password.', recoverySuggestion: 'Check the credentials, or sign in again.' },
  OperationNotEnabledException: { status: 400, message: 'The operation is not enabled for this user pool.', recoverySuggestion: 'Turn the feature on first (for sessions: SetUserPoolSessionConfiguration with UserSessionTracking ENABLED).' },
  PasswordHistoryPolicyViolationException: { status: 400, message: 'The password was used recently.', recoverySuggestion: 'Choose a password you have not used before.' },
  PasswordResetRequiredException: { status: 400, message: 'Password reset required for the user', recoverySuggestion: 'Reset the password with the code that was sent.' },
  PreconditionNotMetException: { status: 400, message: 'A precondition was not met.', recoverySuggestion: fixInput },
  RefreshTokenReuseException: { status: 400, message: 'The refresh token was already used.', recoverySuggestion: 'Sign in again.' },
  ResourceNotFoundException: { status: 400, message: 'The requested resource was not found.', recoverySuggestion: 'Check the user pool id, client id or group name.' },
  ScopeDoesNotExistException: { status: 400, message: 'The scope does not exist.', recoverySuggestion: fixInput },
  SelfDeletionNotAllowedException: { status: 400, message: 'An administrator cannot delete their own account.', recoverySuggestion: 'Ask another member of the Admins group to delete it.' },
  SelfLockoutNotAllowedException: { status: 400, message: 'An administrator cannot take administrator rights from their own account.', recoverySuggestion: 'Ask another member of the Admins group to make the change.' },
  SoftwareTokenMFANotFoundException: { status: 400, message: 'Software token MFA is not set up for the user.', recoverySuggestion: 'Associate an authenticator app first.' },
  TermsExistsException: { status: 400, message: 'Terms with this name already exist for the app client.', recoverySuggestion: 'Choose another terms name, or update the existing terms.' },
  TooManyFailedAttemptsException: { status: 400, message: 'Too many failed attempts.', recoverySuggestion: retryLater },
  TooManyRequestsException: { status: 400, message: 'Too many requests.', recoverySuggestion: 'Slow down and retry with backoff.' },
  UnauthorizedException: { status: 401, message: 'The client is not authorized for this request.', recoverySuggestion: 'Use the client the token was issued to.' },
  UnexpectedLambdaException: { status: 400, message: 'The custom challenge definition failed.', recoverySuggestion: 'Check the server logs.' },
  UnsupportedIdentityProviderException: { status: 400, message: 'The identity provider is not supported.', recoverySuggestion: fixInput },
  UnsupportedOperationException: { status: 400, message: 'The operation is not supported.', recoverySuggestion: 'Enable token revocation for the client.' },
  UnsupportedTokenTypeException: { status: 400, message: 'The token type is not supported.', recoverySuggestion: 'Send a refresh token.' },
  UnsupportedUserStateException: { status: 400, message: 'The user is in an unsupported state for this request.', recoverySuggestion: 'Check the user status.' },
  UserLambdaValidationException: { status: 400, message: 'Validation of the user failed.', recoverySuggestion: fixInput },
  UserNotConfirmedException: { status: 400, message: 'User is not confirmed.', recoverySuggestion: 'Confirm the account with the code that was sent.' },
  UserNotFoundException: { status: 400, message: 'User does not exist.', recoverySuggestion: 'Check the username or sign up.' },
  UserPoolAddOnNotEnabledException: { status: 400, message: 'The user pool add-on is not enabled.', recoverySuggestion: 'Enable the feature for the pool.' },
  UsernameExistsException: { status: 400, message: 'User already exists', recoverySuggestion: 'Choose another username or sign in.' },
  WebAuthnChallengeNotFoundException: { status: 400, message: 'The passkey challenge was not found or has expired.', recoverySuggestion: 'Start passkey registration again.' },
  WebAuthnClientMismatchException: { status: 400, message: 'The passkey was registered with another client.', recoverySuggestion: 'Use the client that started the registration.' },
  WebAuthnConfigurationMissingException: { status: 400, message: 'Passkeys are not configured for the user pool.', recoverySuggestion: 'Configure the relying party.' },
  WebAuthnCredentialNotSupportedException: { status: 400, message: 'The passkey credential is not supported.', recoverySuggestion: 'Use another authenticator.' },
  WebAuthnNotEnabledException: { status: 400, message: 'Passkeys are not enabled.', recoverySuggestion: 'Enable passkeys for the pool.' },
  WebAuthnOriginNotAllowedException: { status: 400, message: 'The passkey origin is not allowed.', recoverySuggestion: 'Use the configured origin.' },
  WebAuthnRelyingPartyMismatchException: { status: 400, message: 'The relying party does not match.', recoverySuggestion: 'Use the configured relying party id.' },
  // Identity pool
  ExternalServiceException: { status: 400, message: 'An exception thrown when a dependent service returns an error.', recoverySuggestion: retryLater },
  InvalidIdentityPoolConfigurationException: { status: 400, message: 'The identity pool configuration is invalid.', recoverySuggestion: 'Check the identity pool settings.' },
  ResourceConflictException: { status: 400, message: 'The resource conflicts with another.', recoverySuggestion: fixInput },
} as const satisfies Record<string, ErrorSpec>;

/** Stable name of an exception in the catalogue. */
export type ErrorName = keyof typeof errorCatalogue;

/** Names of every catalogued exception, in catalogue order. */
export const errorNames = Object.keys(errorCatalogue) as ErrorName[];

/** An error the server answers with on purpose; `name` is the wire `__type`. */
export class ServiceError extends Error {
  override readonly name: ErrorName;
  readonly status: number;
  readonly recoverySuggestion: string;

  constructor(name: ErrorName, message?: string) {
    const spec = errorCatalogue[name];
    super(message ?? spec.message);
    this.name = name;
    this.status = spec.status;
    this.recoverySuggestion = spec.recoverySuggestion;
  }
}

/** Shorthand for `new ServiceError(name, message)`, for `throw fail(...)` in steps. */
export function fail(name: ErrorName, message?: string): ServiceError {
  return new ServiceError(name, message);
}

/** True when `error` is a ServiceError, optionally of the given name. */
export function isServiceError(error: unknown, name?: ErrorName): error is ServiceError {
  return error instanceof ServiceError && (name === undefined || error.name === name);
}

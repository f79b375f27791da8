export { AuthError, isAuthError } from './auth-error.js';
export type { AuthErrorOptions, AuthErrorParams } from './auth-error.js';
export {
  AUTH_ERROR_CATALOGUE,
  COGNITO_ERROR_CATALOGUE,
  CONFIG_ERROR_CATALOGUE,
  PASSKEY_ERROR_CATALOGUE,
  SESSION_ERROR_CATALOGUE,
  SRP_ERROR_NAMES,
  VALIDATION_ERROR_CATALOGUE,
  cognitoCatalogueEntry,
} from './catalogue.js';
export type {
  AuthErrorCode,
  AuthValidationErrorCode,
  CatalogueEntry,
  ConfigErrorCode,
  ErrorDefinition,
  KnownCognitoErrorName,
  PasskeyErrorCode,
  SessionErrorCode,
} from './catalogue.js';
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
} from './auth-errors.js';
export type { CognitoService, CognitoServiceErrorParams } from './auth-errors.js';
export { toPasskeyAuthenticationError, toPasskeyError, toPasskeyRegistrationError } from './passkey-errors.js';
export type { PasskeyCeremony } from './passkey-errors.js';

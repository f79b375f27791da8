export {
  AUTH_KEY_PREFIX,
  DEVICE_ITEM_NAMES,
  SESSION_ITEM_NAMES,
  USER_ITEM_NAMES,
  guestIdentityIdKey,
  lastAuthUserKey,
  userStorageKeys,
} from './storage-keys.js';
export type { UserItemName, UserStorageKeys } from './storage-keys.js';
export { decodeJwtToken, tryDecodeJwtToken } from './jwt.js';
export type { JWT, JwtPayload } from './jwt.js';
export { clearTokens, getLastAuthUser, getOAuthMetadata, loadTokens, setOAuthMetadata, storeTokens } from './token-store.js';
export type { AuthFlowType, CognitoAuthSignInDetails, OAuthMetadata, StoredTokens, TokensToStore } from './token-store.js';
export { removeTokenCookies, tokenCookieNames, writeTokenCookies } from './token-cookies.js';
export { clockDriftFromAccessToken, storeAuthenticationResult } from './authentication-result.js';
export type { StoreAuthenticationResultOptions } from './authentication-result.js';
export { REFRESH_TOLERANCE_MS, shouldRefresh } from './refresh-decision.js';
export type { RefreshDecisionInput } from './refresh-decision.js';
export { refreshTokens } from './token-refresh.js';
export { assertNoSignedInUser, fetchAuthSessionWith, getFreshTokens, requireSignedIn } from './auth-session.js';
export type { AuthSession, AuthTokens, FetchAuthSessionOptions } from './auth-session.js';
export { currentUserFromTokens, getCurrentUserWith } from './current-user.js';
export type { AuthUser } from './current-user.js';
export { completeSignIn } from './complete-sign-in.js';
export type { CompleteSignInInput } from './complete-sign-in.js';

import type { AuthRuntime } from '../runtime/auth-runtime.js';
import { tryDecodeJwtToken } from './jwt.js';
import type { JWT } from './jwt.js';
import { SESSION_ITEM_NAMES, lastAuthUserKey, userStorageKeys } from './storage-keys.js';
import { removeTokenCookies, writeTokenCookies } from './token-cookies.js';

/** The sign-in flows, aws-amplify v6's AuthFlowType. */
export type AuthFlowType = 'USER_AUTH' | 'USER_SRP_AUTH' | 'CUSTOM_WITH_SRP' | 'CUSTOM_WITHOUT_SRP' | 'USER_PASSWORD_AUTH';

/** How the user signed in (aws-amplify v6 CognitoAuthSignInDetails), stored as JSON. */
export interface CognitoAuthSignInDetails {
  loginId?: string;
  authFlowType?: AuthFlowType;
}

/** Whether the session came from the hosted UI (aws-amplify v6 OAuthMetadata). */
export interface OAuthMetadata {
  oauthSignIn: boolean;
}

/** A stored session, decoded. */
export interface StoredTokens {
  /** The Cognito username the items are stored under (LastAuthUser). */
  username: string;
  accessToken: JWT;
  idToken: JWT | undefined;
  refreshToken: string | undefined;
  /** Server time minus local time in ms, measured when the tokens arrived. */
  clockDrift: number;
  signInDetails: CognitoAuthSignInDetails | undefined;
}

/** What storeTokens writes: compact tokens as received. */
export interface TokensToStore {
  username: string;
  accessToken: string;
  idToken?: string | undefined;
  refreshToken?: string | undefined;
  clockDrift: number;
  signInDetails?: CognitoAuthSignInDetails | undefined;
}

type StoreRuntime = Pick<AuthRuntime, 'config' | 'storage' | 'cookies' | 'clock'>;

/** The username of the last signed-in user, or null. */
export async function getLastAuthUser(runtime: Pick<AuthRuntime, 'config' | 'storage'>): Promise<string | null> {
  const value = await runtime.storage.getItem(lastAuthUserKey(runtime.config.userPoolClientId));
  return value === null || value === '' ? null : value;
}

function parseJson<T>(text: string | null): T | undefined {
  if (text === null) return undefined;
  try {
    return JSON.parse(text) as T;
  } catch {
    return undefined;
  }
}

/**
 * Reads the stored session of the last signed-in user; null when there is none or the stored
 * access token is not a JWT.
 */
export async function loadTokens(runtime: Pick<AuthRuntime, 'config' | 'storage'>): Promise<StoredTokens | null> {
  const username = await getLastAuthUser(runtime);
  if (username === null) return null;
  const keys = userStorageKeys(runtime.config.userPoolClientId, username);
  const { storage } = runtime;
  const accessToken = tryDecodeJwtToken(await storage.getItem(keys.accessToken));
  if (accessToken === undefined) return null;
  const drift = Number.parseInt((await storage.getItem(keys.clockDrift)) ?? '0', 10);
  return {
    username,
    accessToken,
    idToken: tryDecodeJwtToken(await storage.getItem(keys.idToken)),
    refreshToken: (await storage.getItem(keys.refreshToken)) ?? undefined,
    clockDrift: Number.isFinite(drift) ? drift : 0,
    signInDetails: parseJson<CognitoAuthSignInDetails>(await storage.getItem(keys.signInDetails)),
  };
}

async function removeSessionItems(runtime: StoreRuntime, username: string): Promise<void> {
  const keys = userStorageKeys(runtime.config.userPoolClientId, username);
  await Promise.all(SESSION_ITEM_NAMES.map((item) => runtime.storage.removeItem(keys[item])));
  removeTokenCookies(runtime, username);
}

async function setOrRemove(runtime: StoreRuntime, key: string, value: string | undefined): Promise<void> {
  if (value === undefined || value === '') await runtime.storage.removeItem(key);
  else await runtime.storage.setItem(key, value);
}

/**
 * Stores a session under Cognito's key scheme and writes the id and access token cookies.
 * A different previous user's session items are removed first (their device items stay).
 */
export async function storeTokens(runtime: StoreRuntime, tokens: TokensToStore): Promise<void> {
  const { config, storage } = runtime;
  const previous = await getLastAuthUser(runtime);
  if (previous !== null && previous !== tokens.username) await removeSessionItems(runtime, previous);

  const keys = userStorageKeys(config.userPoolClientId, tokens.username);
  await storage.setItem(lastAuthUserKey(config.userPoolClientId), tokens.username);
  await storage.setItem(keys.accessToken, tokens.accessToken);
  await setOrRemove(runtime, keys.idToken, tokens.idToken);
  await setOrRemove(runtime, keys.refreshToken, tokens.refreshToken);
  await setOrRemove(runtime, keys.signInDetails, tokens.signInDetails && JSON.stringify(tokens.signInDetails));
  await storage.setItem(keys.clockDrift, String(Math.round(tokens.clockDrift)));
  writeTokenCookies(runtime, tokens);
}

/**
 * Removes the session (tokens, clock drift, sign-in details, OAuth metadata, LastAuthUser) and
 * the two token cookies. Device items stay so the device remains remembered.
 */
export async function clearTokens(runtime: StoreRuntime): Promise<void> {
  const username = await getLastAuthUser(runtime);
  if (username !== null) await removeSessionItems(runtime, username);
  await runtime.storage.removeItem(lastAuthUserKey(runtime.config.userPoolClientId));
}

/** Records whether the current session came from the hosted UI (read by signOut). */
export async function setOAuthMetadata(runtime: Pick<AuthRuntime, 'config' | 'storage'>, metadata: OAuthMetadata): Promise<void> {
  const username = await getLastAuthUser(runtime);
  if (username === null) return;
  const keys = userStorageKeys(runtime.config.userPoolClientId, username);
  await runtime.storage.setItem(keys.oauthMetadata, JSON.stringify(metadata));
}

/** The OAuth metadata of the current session, or null. */
export async function getOAuthMetadata(runtime: Pick<AuthRuntime, 'config' | 'storage'>): Promise<OAuthMetadata | null> {
  const username = await getLastAuthUser(runtime);
  if (username === null) return null;
  const keys = userStorageKeys(runtime.config.userPoolClientId, username);
  return parseJson<OAuthMetadata>(await runtime.storage.getItem(keys.oauthMetadata)) ?? null;
}

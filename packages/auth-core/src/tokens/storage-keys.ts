// Storage key scheme of Cognito's browser libraries (aws-amplify v6, amazon-cognito-identity-js):
// CognitoIdentityServiceProvider.{clientId}.{username}.{item} and …{clientId}.LastAuthUser.

/** Prefix of every user-pool item. */
export const AUTH_KEY_PREFIX = 'CognitoIdentityServiceProvider';

/** The per-user items of spec section 3, by their stored names. */
export const USER_ITEM_NAMES = [
  'accessToken',
  'idToken',
  'refreshToken',
  'clockDrift',
  'deviceKey',
  'deviceGroupKey',
  'randomPasswordKey',
  'signInDetails',
  'oauthMetadata',
] as const;

/** One per-user item name. */
export type UserItemName = (typeof USER_ITEM_NAMES)[number];

/** The storage keys of one user's items. */
export type UserStorageKeys = Record<UserItemName, string>;

/** Items that make up a session (cleared on sign-out); device items outlive sign-out. */
export const SESSION_ITEM_NAMES: readonly UserItemName[] = ['accessToken', 'idToken', 'refreshToken', 'clockDrift', 'signInDetails', 'oauthMetadata'];

/** Device items (kept across sign-outs so the device stays remembered). */
export const DEVICE_ITEM_NAMES: readonly UserItemName[] = ['deviceKey', 'deviceGroupKey', 'randomPasswordKey'];

/** Storage keys of `username`'s items for app client `clientId`. */
export function userStorageKeys(clientId: string, username: string): UserStorageKeys {
  const keys = {} as UserStorageKeys;
  for (const item of USER_ITEM_NAMES) keys[item] = `${AUTH_KEY_PREFIX}.${clientId}.${username}.${item}`;
  return keys;
}

/** Storage key naming the last signed-in user of app client `clientId`. */
export function lastAuthUserKey(clientId: string): string {
  return `${AUTH_KEY_PREFIX}.${clientId}.LastAuthUser`;
}

/** Storage key of the guest identity id of an identity pool (aws-amplify's com.amplify.Cognito scheme). */
export function guestIdentityIdKey(identityPoolId: string): string {
  return `com.amplify.Cognito.${identityPoolId}.identityId`;
}

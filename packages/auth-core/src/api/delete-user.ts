import { callUserPool } from '../cognito/user-pool-client.js';
import { clearDeviceMetadata } from '../devices/device-store.js';
import { clearCredentials } from '../identity-pool/credentials.js';
import { getAuthRuntime } from '../runtime/auth-runtime.js';
import type { AuthRuntime } from '../runtime/auth-runtime.js';
import { requireSignedIn } from '../tokens/auth-session.js';
import { clearTokens } from '../tokens/token-store.js';

/** deleteUser on a runtime: DeleteUser, then clears the device, tokens, cookies and credentials and emits signedOut. */
export async function deleteUserWith(runtime: AuthRuntime): Promise<void> {
  const tokens = await requireSignedIn(runtime);
  await callUserPool(runtime, 'DeleteUser', { AccessToken: tokens.accessToken.toString() });
  await clearDeviceMetadata(runtime, tokens.username);
  await clearTokens(runtime);
  clearCredentials(runtime);
  runtime.hub.dispatch('auth', { event: 'signedOut' });
}

/** Deletes the signed-in user's account and signs out locally (aws-amplify v6 deleteUser). */
export async function deleteUser(): Promise<void> {
  return deleteUserWith(getAuthRuntime());
}

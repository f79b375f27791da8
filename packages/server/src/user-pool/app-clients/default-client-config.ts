// The configuration's say over the default app client (the one /runtime-config.json hands to the
// web app): refresh-token rotation and extra callback / sign-out URLs, applied at every start after
// the first-start seed. Unset settings leave the client as the admin operations last set it.
import type { Config } from '../../config/config.js';
import { findClient, findDefaultPool, type ClientSource } from '../pools/pool-repository.js';

/** The settings applyDefaultClientConfig reads. */
export type DefaultClientConfig = Pick<Config, 'refreshTokenRotation' | 'refreshTokenRotationGraceSeconds' | 'extraCallbackUrls' | 'extraLogoutUrls'>;

/** Applies the configuration to the default app client; a no-op before the first seed or when nothing changes. */
export async function applyDefaultClientConfig(clients: ClientSource, config: DefaultClientConfig, now: Date): Promise<void> {
  const ids = await findDefaultPool(clients.db);
  const client = ids === undefined ? undefined : await findClient(clients, ids.clientId);
  if (client === undefined) return;
  const rotation = config.refreshTokenRotation === undefined ? client.refreshTokenRotation.enabled : config.refreshTokenRotation === 'enabled';
  const grace = config.refreshTokenRotationGraceSeconds ?? client.refreshTokenRotation.retryGracePeriodSeconds;
  const callbackUrls = [...new Set([...client.callbackUrls, ...config.extraCallbackUrls])];
  const logoutUrls = [...new Set([...client.logoutUrls, ...config.extraLogoutUrls])];
  const unchanged =
    rotation === client.refreshTokenRotation.enabled &&
    grace === client.refreshTokenRotation.retryGracePeriodSeconds &&
    callbackUrls.length === client.callbackUrls.length &&
    logoutUrls.length === client.logoutUrls.length;
  if (unchanged) return;
  await clients.db.query(
    'UPDATE app_clients SET refresh_token_rotation = $2, refresh_token_grace_seconds = $3, callback_urls = $4, logout_urls = $5, updated_at = $6 WHERE id = $1',
    [client.id, rotation, grace, JSON.stringify(callbackUrls), JSON.stringify(logoutUrls), now],
  );
}

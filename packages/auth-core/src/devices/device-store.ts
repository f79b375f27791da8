import type { AuthRuntime } from '../runtime/auth-runtime.js';
import { DEVICE_ITEM_NAMES, userStorageKeys } from '../tokens/storage-keys.js';
import { getLastAuthUser } from '../tokens/token-store.js';

/** A confirmed device's keys and the random password its verifier was made from. */
export interface DeviceMetadata {
  deviceKey: string;
  deviceGroupKey: string;
  randomPassword: string;
}

type DeviceRuntime = Pick<AuthRuntime, 'config' | 'storage'>;

async function resolveUsername(runtime: DeviceRuntime, username: string | undefined): Promise<string | null> {
  return username ?? (await getLastAuthUser(runtime));
}

/**
 * The stored device of `username` (default: the last signed-in user), or null unless all three
 * items (deviceKey, deviceGroupKey, randomPasswordKey) are present.
 */
export async function getDeviceMetadata(runtime: DeviceRuntime, username?: string): Promise<DeviceMetadata | null> {
  const user = await resolveUsername(runtime, username);
  if (user === null) return null;
  const keys = userStorageKeys(runtime.config.userPoolClientId, user);
  const [deviceKey, deviceGroupKey, randomPassword] = await Promise.all([
    runtime.storage.getItem(keys.deviceKey),
    runtime.storage.getItem(keys.deviceGroupKey),
    runtime.storage.getItem(keys.randomPasswordKey),
  ]);
  if (!deviceKey || !deviceGroupKey || !randomPassword) return null;
  return { deviceKey, deviceGroupKey, randomPassword };
}

/**
 * The stored device of `username`; when there is none, the device stored under `formerUsername`
 * (the USER_ID_FOR_SRP, which auth-core used to key devices by after an SRP sign-in) is moved
 * under `username` and returned, so a device remembered before keeps skipping MFA.
 */
export async function findDeviceMetadata(runtime: DeviceRuntime, username: string, formerUsername?: string): Promise<DeviceMetadata | null> {
  const device = await getDeviceMetadata(runtime, username);
  if (device !== null || formerUsername === undefined || formerUsername === '' || formerUsername === username) return device;
  const former = await getDeviceMetadata(runtime, formerUsername);
  if (former === null) return null;
  await storeDeviceMetadata(runtime, username, former);
  await clearDeviceMetadata(runtime, formerUsername);
  return former;
}

/** Stores a confirmed device for `username`. */
export async function storeDeviceMetadata(runtime: DeviceRuntime, username: string, device: DeviceMetadata): Promise<void> {
  const keys = userStorageKeys(runtime.config.userPoolClientId, username);
  await runtime.storage.setItem(keys.deviceKey, device.deviceKey);
  await runtime.storage.setItem(keys.deviceGroupKey, device.deviceGroupKey);
  await runtime.storage.setItem(keys.randomPasswordKey, device.randomPassword);
}

/** Removes the stored device of `username` (default: the last signed-in user). */
export async function clearDeviceMetadata(runtime: DeviceRuntime, username?: string): Promise<void> {
  const user = await resolveUsername(runtime, username);
  if (user === null) return;
  const keys = userStorageKeys(runtime.config.userPoolClientId, user);
  await Promise.all(DEVICE_ITEM_NAMES.map((item) => runtime.storage.removeItem(keys[item])));
}

import { callUserPool } from '../cognito/user-pool-client.js';
import type { NewDeviceMetadataType } from '../cognito/user-pool-operations.js';
import type { AuthRuntime } from '../runtime/auth-runtime.js';
import { createDeviceVerifierAsync } from '../srp/web-crypto.js';
import { getLastAuthUser } from '../tokens/token-store.js';
import { storeDeviceMetadata } from './device-store.js';
import type { DeviceMetadata } from './device-store.js';

/** A device confirmed with ConfirmDevice. */
export interface ConfirmedDevice extends DeviceMetadata {
  /** True when the pool wants the user to opt in (rememberDevice) before the device is remembered. */
  userConfirmationNecessary: boolean;
}

/**
 * Confirms the device Cognito offered with new tokens: generates a random device password and its
 * SRP verifier (16-byte salt, 40-byte password), calls ConfirmDevice and stores the device for
 * `username` (default: the last signed-in user). Returns undefined when the metadata is incomplete.
 */
export async function confirmNewDevice(
  runtime: Pick<AuthRuntime, 'config' | 'fetch' | 'storage' | 'randomBytes' | 'deviceName'>,
  accessToken: string,
  newDeviceMetadata: NewDeviceMetadataType,
  username?: string,
): Promise<ConfirmedDevice | undefined> {
  const { DeviceKey: deviceKey, DeviceGroupKey: deviceGroupKey } = newDeviceMetadata;
  if (!deviceKey || !deviceGroupKey) return undefined;
  const owner = username ?? (await getLastAuthUser(runtime));
  if (owner === null) return undefined;

  const verifier = await createDeviceVerifierAsync({ deviceGroupKey, deviceKey, randomBytes: runtime.randomBytes });
  const response = await callUserPool(runtime, 'ConfirmDevice', {
    AccessToken: accessToken,
    DeviceKey: deviceKey,
    DeviceName: runtime.deviceName,
    DeviceSecretVerifierConfig: { Salt: verifier.saltB64, PasswordVerifier: verifier.passwordVerifierB64 },
  });
  const device: DeviceMetadata = { deviceKey, deviceGroupKey, randomPassword: verifier.devicePassword };
  await storeDeviceMetadata(runtime, owner, device);
  return { ...device, userConfirmationNecessary: response.UserConfirmationNecessary === true };
}

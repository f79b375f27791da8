import { isCognitoServiceError } from '../errors/auth-errors.js';
import type { AuthRuntime } from '../runtime/auth-runtime.js';
import { clearDeviceMetadata, findDeviceMetadata } from './device-store.js';
import type { DeviceMetadata } from './device-store.js';

/** True for Cognito's "device does not exist" answer (ResourceNotFoundException about a device). */
export function isDeviceNotFoundError(error: unknown): boolean {
  return isCognitoServiceError(error, 'ResourceNotFoundException') && /device/i.test(error.message);
}

/**
 * Runs `attempt` with `username`'s stored device (or null). When the attempt used a device and
 * Cognito says the device does not exist, the stored device is cleared and `attempt` runs once
 * more without one (spec section 8). Other errors propagate unchanged. A device stored under
 * `formerUsername` only is moved under `username` first (see findDeviceMetadata).
 */
export async function withDeviceNotFoundRetry<T>(
  runtime: Pick<AuthRuntime, 'config' | 'storage'>,
  username: string,
  attempt: (device: DeviceMetadata | null) => Promise<T>,
  formerUsername?: string,
): Promise<T> {
  const device = await findDeviceMetadata(runtime, username, formerUsername);
  try {
    return await attempt(device);
  } catch (error) {
    if (device === null || !isDeviceNotFoundError(error)) throw error;
    await clearDeviceMetadata(runtime, username);
    return attempt(null);
  }
}

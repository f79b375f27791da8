import { callUserPool } from '../cognito/user-pool-client.js';
import type { DeviceType } from '../cognito/user-pool-operations.js';
import { DeviceMetadataNotFoundException } from '../errors/auth-errors.js';
import type { AuthRuntime } from '../runtime/auth-runtime.js';
import { requireSignedIn } from '../tokens/auth-session.js';
import type { AWSAuthDevice, ForgetDeviceInput } from '../api/types.js';
import { clearDeviceMetadata, getDeviceMetadata } from './device-store.js';

/** ListDevices page size (Cognito's maximum). */
export const DEVICES_PAGE_SIZE = 60;

/** Marks this browser's confirmed device as remembered (UpdateDeviceStatus); DeviceMetadataNotFoundException without one. */
export async function rememberDeviceWith(runtime: AuthRuntime): Promise<void> {
  const tokens = await requireSignedIn(runtime);
  const device = await getDeviceMetadata(runtime, tokens.username);
  if (device === null) throw new DeviceMetadataNotFoundException();
  await callUserPool(runtime, 'UpdateDeviceStatus', {
    AccessToken: tokens.accessToken.toString(),
    DeviceKey: device.deviceKey,
    DeviceRememberedStatus: 'remembered',
  });
}

/**
 * Forgets `input.device`, or this browser's device when none is given (then its stored keys are
 * cleared too); DeviceMetadataNotFoundException when there is no device to forget.
 */
export async function forgetDeviceWith(runtime: AuthRuntime, input: ForgetDeviceInput = {}): Promise<void> {
  const tokens = await requireSignedIn(runtime);
  const current = await getDeviceMetadata(runtime, tokens.username);
  const deviceKey = input.device?.id ?? current?.deviceKey;
  if (deviceKey === undefined) throw new DeviceMetadataNotFoundException();
  await callUserPool(runtime, 'ForgetDevice', { AccessToken: tokens.accessToken.toString(), DeviceKey: deviceKey });
  if (current !== null && current.deviceKey === deviceKey) await clearDeviceMetadata(runtime, tokens.username);
}

function toDate(epochSeconds: number | undefined): Date | undefined {
  return epochSeconds === undefined ? undefined : new Date(epochSeconds * 1000);
}

/** Converts Cognito's DeviceType into aws-amplify's AWSAuthDevice. */
export function toAuthDevice(device: DeviceType): AWSAuthDevice {
  const attributes: Record<string, string> = {};
  for (const { Name, Value } of device.DeviceAttributes ?? []) {
    if (Value !== undefined) attributes[Name] = Value;
  }
  const result: AWSAuthDevice = { id: device.DeviceKey ?? '', attributes };
  if (attributes.device_name !== undefined) result.name = attributes.device_name;
  const created = toDate(device.DeviceCreateDate);
  const authenticated = toDate(device.DeviceLastAuthenticatedDate);
  const modified = toDate(device.DeviceLastModifiedDate);
  if (created) result.createDate = created;
  if (authenticated) result.lastAuthenticatedDate = authenticated;
  if (modified) result.lastModifiedDate = modified;
  return result;
}

/** Lists the user's remembered devices (ListDevices, every page). */
export async function fetchDevicesWith(runtime: AuthRuntime): Promise<AWSAuthDevice[]> {
  const tokens = await requireSignedIn(runtime);
  const devices: AWSAuthDevice[] = [];
  let paginationToken: string | undefined;
  do {
    const page = await callUserPool(runtime, 'ListDevices', {
      AccessToken: tokens.accessToken.toString(),
      Limit: DEVICES_PAGE_SIZE,
      ...(paginationToken === undefined ? {} : { PaginationToken: paginationToken }),
    });
    devices.push(...(page.Devices ?? []).map(toAuthDevice));
    paginationToken = page.PaginationToken === '' ? undefined : page.PaginationToken;
  } while (paginationToken !== undefined);
  return devices;
}

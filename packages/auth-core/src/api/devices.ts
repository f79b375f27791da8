import { fetchDevicesWith, forgetDeviceWith, rememberDeviceWith } from '../devices/remembered-devices.js';
import { getAuthRuntime } from '../runtime/auth-runtime.js';
import type { FetchDevicesOutput, ForgetDeviceInput } from './types.js';

/** Remembers this browser's device (aws-amplify v6 rememberDevice). */
export async function rememberDevice(): Promise<void> {
  return rememberDeviceWith(getAuthRuntime());
}

/** Forgets a device, this browser's by default (aws-amplify v6 forgetDevice). */
export async function forgetDevice(input?: ForgetDeviceInput): Promise<void> {
  return forgetDeviceWith(getAuthRuntime(), input);
}

/** Lists the user's remembered devices (aws-amplify v6 fetchDevices). */
export async function fetchDevices(): Promise<FetchDevicesOutput> {
  return fetchDevicesWith(getAuthRuntime());
}

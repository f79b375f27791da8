export { clearDeviceMetadata, getDeviceMetadata, storeDeviceMetadata } from './device-store.js';
export type { DeviceMetadata } from './device-store.js';
export { confirmNewDevice } from './confirm-device.js';
export type { ConfirmedDevice } from './confirm-device.js';
export { isDeviceNotFoundError, withDeviceNotFoundRetry } from './device-not-found.js';
export { DEVICES_PAGE_SIZE, fetchDevicesWith, forgetDeviceWith, rememberDeviceWith, toAuthDevice } from './remembered-devices.js';

// ConfirmDevice, GetDevice, ListDevices, UpdateDeviceStatus and ForgetDevice for the signed-in user.
import { decodeDeviceSecretVerifierConfig, SrpError } from '@steward/auth-core/srp';
import { fail } from '../../../errors/catalogue.js';
import { epochSeconds } from '../../../time/clock.js';
import type { OperationContext } from '../../operations/operation-context.js';
import { defineOperation } from '../../operations/operation.js';
import { authenticatedUser, type AuthenticatedUser } from '../../users/authenticated-user.js';
import { accessTokenSchema, enumeration, integer, object, optional, string } from '../../wire/input-schema.js';
import { confirmDevice, deleteDevice, findUserDevice, listConfirmedDevices, setDeviceRemembered, type DeviceRecord } from './device-repository.js';

/** DeviceKeyType. */
export const deviceKeySchema = string({ min: 1, max: 55, pattern: /^[\w-]+_[0-9a-f-]+$/ });

/** Cognito's DeviceType. */
export interface DeviceType {
  DeviceKey: string;
  DeviceAttributes: { Name: string; Value: string }[];
  DeviceCreateDate: number;
  DeviceLastModifiedDate: number;
  DeviceLastAuthenticatedDate?: number;
}

/** A device as Cognito's DeviceType. */
export function toDeviceType(device: DeviceRecord): DeviceType {
  const attributes = [
    { Name: 'device_status', Value: 'valid' },
    ...(device.name !== null ? [{ Name: 'device_name', Value: device.name }] : []),
    { Name: 'dev:device_remembered_status', Value: device.remembered ? 'remembered' : 'not_remembered' },
    ...(device.lastIp !== null ? [{ Name: 'last_ip_used', Value: device.lastIp }] : []),
  ];
  return {
    DeviceKey: device.deviceKey,
    DeviceAttributes: attributes,
    DeviceCreateDate: epochSeconds(device.createdAt),
    DeviceLastModifiedDate: epochSeconds(device.updatedAt),
    ...(device.lastAuthenticatedAt !== null ? { DeviceLastAuthenticatedDate: epochSeconds(device.lastAuthenticatedAt) } : {}),
  };
}

async function requireOwnDevice(ctx: OperationContext, caller: AuthenticatedUser, deviceKey: string, confirmedOnly = true): Promise<DeviceRecord> {
  const device = await findUserDevice(ctx.db, caller.user.sub, deviceKey);
  if (device === undefined || (confirmedOnly && !device.confirmed)) throw fail('ResourceNotFoundException', 'Device does not exist.');
  return device;
}

/**
 * ConfirmDevice: registers the SRP verifier of the device a sign-in offered (NewDeviceMetadata).
 * Only the sign-in that was handed the key may confirm it (its access token carries device_key).
 */
export const confirmDeviceOperation = defineOperation(
  'ConfirmDevice',
  object({
    AccessToken: accessTokenSchema,
    DeviceKey: deviceKeySchema,
    DeviceSecretVerifierConfig: optional(object({ PasswordVerifier: optional(string({ max: 2048 })), Salt: optional(string({ max: 2048 })) })),
    DeviceName: optional(string({ min: 1, max: 1024 })),
  }),
)
  .step('caller', (ctx, i) => authenticatedUser(ctx, i.AccessToken))
  .step('device', async (ctx, i, s) => {
    if (s.caller.claims.device_key !== i.DeviceKey) throw fail('NotAuthorizedException', 'The access token was not issued for this device.');
    return requireOwnDevice(ctx, s.caller, i.DeviceKey, false);
  })
  .step('verifier', (_ctx, i) => {
    const config = i.DeviceSecretVerifierConfig;
    if (config?.PasswordVerifier === undefined || config.Salt === undefined) throw fail('InvalidParameterException', 'DeviceSecretVerifierConfig with Salt and PasswordVerifier is required.');
    try {
      return decodeDeviceSecretVerifierConfig({ Salt: config.Salt, PasswordVerifier: config.PasswordVerifier });
    } catch (error) {
      if (error instanceof SrpError) throw fail('InvalidParameterException', error.message);
      throw error;
    }
  })
  .step('userConfirmationNecessary', (_ctx, _i, s) => s.caller.pool.deviceConfiguration.deviceOnlyRememberedOnUserPrompt)
  .do('store the verifier', (ctx, i, s) =>
    confirmDevice(ctx.db, s.device, { ...s.verifier, name: i.DeviceName ?? null, remembered: !s.userConfirmationNecessary, now: ctx.clock.now() }),
  )
  .respond((_ctx, _i, s) => ({ UserConfirmationNecessary: s.userConfirmationNecessary }));

/** GetDevice. */
export const getDeviceOperation = defineOperation('GetDevice', object({ AccessToken: accessTokenSchema, DeviceKey: deviceKeySchema }))
  .step('caller', (ctx, i) => authenticatedUser(ctx, i.AccessToken))
  .step('device', (ctx, i, s) => requireOwnDevice(ctx, s.caller, i.DeviceKey))
  .respond((_ctx, _i, s) => ({ Device: toDeviceType(s.device) }));

/** ListDevices: the user's confirmed devices, paged by PaginationToken. */
export const listDevicesOperation = defineOperation(
  'ListDevices',
  object({ AccessToken: accessTokenSchema, Limit: optional(integer(0, 60)), PaginationToken: optional(string({ min: 1, max: 200, pattern: /^[\S]+$/ })) }),
)
  .step('caller', (ctx, i) => authenticatedUser(ctx, i.AccessToken))
  .step('page', async (ctx, i, s) => {
    const limit = i.Limit === undefined || i.Limit === 0 ? 60 : i.Limit;
    const after = i.PaginationToken === undefined ? undefined : Buffer.from(i.PaginationToken, 'base64url').toString('utf8');
    const devices = await listConfirmedDevices(ctx.db, s.caller.user.sub, limit + 1, after);
    return { devices: devices.slice(0, limit), more: devices.length > limit };
  })
  .respond((_ctx, _i, s) => {
    const last = s.page.devices[s.page.devices.length - 1];
    return {
      Devices: s.page.devices.map(toDeviceType),
      ...(s.page.more && last !== undefined ? { PaginationToken: Buffer.from(last.deviceKey).toString('base64url') } : {}),
    };
  });

/** UpdateDeviceStatus: remembered devices skip MFA (after DEVICE_SRP_AUTH). */
export const updateDeviceStatusOperation = defineOperation(
  'UpdateDeviceStatus',
  object({ AccessToken: accessTokenSchema, DeviceKey: deviceKeySchema, DeviceRememberedStatus: optional(enumeration(['remembered', 'not_remembered'])) }),
)
  .step('caller', (ctx, i) => authenticatedUser(ctx, i.AccessToken))
  .step('device', (ctx, i, s) => requireOwnDevice(ctx, s.caller, i.DeviceKey))
  .do('set the status', (ctx, i, s) => setDeviceRemembered(ctx.db, s.device.deviceKey, (i.DeviceRememberedStatus ?? 'not_remembered') === 'remembered', ctx.clock.now()))
  .respond(() => ({}));

/** ForgetDevice: the device is deleted; its key no longer skips MFA or signs in. */
export const forgetDeviceOperation = defineOperation('ForgetDevice', object({ AccessToken: accessTokenSchema, DeviceKey: deviceKeySchema }))
  .step('caller', (ctx, i) => authenticatedUser(ctx, i.AccessToken))
  .step('device', (ctx, i, s) => requireOwnDevice(ctx, s.caller, i.DeviceKey, false))
  .do('delete the device', (ctx, _i, s) => deleteDevice(ctx.db, s.device.deviceKey))
  .respond(() => ({}));

import { operationEvent } from '../../../audit/operation-audit.js';
import { defineOperation } from '../../operations/operation.js';
import { object, userPoolIdSchema, usernameSchema } from '../../wire/input-schema.js';
import { adminDeviceTarget } from './admin-device-target.js';
import { deviceKeySchema } from './device-operations.js';
import { deleteDevice } from './device-repository.js';

/** AdminForgetDevice: the device is deleted (confirmed or not); its key no longer skips MFA or signs in. */
export const adminForgetDevice = defineOperation('AdminForgetDevice', object({ UserPoolId: userPoolIdSchema, Username: usernameSchema, DeviceKey: deviceKeySchema }), { access: 'admin' })
  .step('target', (ctx, i) => adminDeviceTarget(ctx, i.UserPoolId, i.Username, i.DeviceKey, false))
  .do('delete the device', (ctx, _i, s) =>
    ctx.audit.change(
      (tx) => deleteDevice(tx, s.target.device.deviceKey),
      () => operationEvent(ctx, 'admin.device.forgotten', s.target.user, { record: { type: 'device', id: s.target.device.deviceKey }, details: { name: s.target.device.name } }),
    ),
  )
  .respond(() => ({}));

import { defineOperation } from '../../operations/operation.js';
import { object, userPoolIdSchema, usernameSchema } from '../../wire/input-schema.js';
import { adminDeviceTarget } from './admin-device-target.js';
import { deviceKeySchema, toDeviceType } from './device-operations.js';

/** AdminGetDevice: one confirmed device of the user, as DeviceType. */
export const adminGetDevice = defineOperation('AdminGetDevice', object({ UserPoolId: userPoolIdSchema, Username: usernameSchema, DeviceKey: deviceKeySchema }), { access: 'admin' })
  .step('target', (ctx, i) => adminDeviceTarget(ctx, i.UserPoolId, i.Username, i.DeviceKey))
  .respond((_ctx, _i, s) => ({ Device: toDeviceType(s.target.device) }));

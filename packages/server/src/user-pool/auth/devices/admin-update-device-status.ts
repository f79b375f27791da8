import { fieldChanges } from '../../../audit/audit-event.js';
import { operationEvent } from '../../../audit/operation-audit.js';
import { defineOperation } from '../../operations/operation.js';
import { enumeration, object, optional, userPoolIdSchema, usernameSchema } from '../../wire/input-schema.js';
import { adminDeviceTarget } from './admin-device-target.js';
import { deviceKeySchema } from './device-operations.js';
import { setDeviceRemembered } from './device-repository.js';

/** AdminUpdateDeviceStatus: remembered or not (absent: not_remembered, as UpdateDeviceStatus). */
export const adminUpdateDeviceStatus = defineOperation(
  'AdminUpdateDeviceStatus',
  object({ UserPoolId: userPoolIdSchema, Username: usernameSchema, DeviceKey: deviceKeySchema, DeviceRememberedStatus: optional(enumeration(['remembered', 'not_remembered'])) }),
  { access: 'admin' },
)
  .step('target', (ctx, i) => adminDeviceTarget(ctx, i.UserPoolId, i.Username, i.DeviceKey))
  .do('set the status', (ctx, i, s) => {
    const remembered = (i.DeviceRememberedStatus ?? 'not_remembered') === 'remembered';
    return ctx.audit.change(
      (tx) => setDeviceRemembered(tx, s.target.device.deviceKey, remembered, ctx.clock.now()),
      () =>
        operationEvent(ctx, 'admin.device.status_set', s.target.user, {
          record: { type: 'device', id: s.target.device.deviceKey },
          changes: fieldChanges({ remembered: s.target.device.remembered }, { remembered }),
        }),
    );
  })
  .respond(() => ({}));

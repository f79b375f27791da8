import { adminTarget } from '../../admin/admin-target.js';
import { defineOperation } from '../../operations/operation.js';
import { integer, object, optional, string, userPoolIdSchema, usernameSchema } from '../../wire/input-schema.js';
import { toDeviceType } from './device-operations.js';
import { listConfirmedDevices } from './device-repository.js';

/** AdminListDevices: the user's confirmed devices, paged by PaginationToken (ListDevices' paging). */
export const adminListDevices = defineOperation(
  'AdminListDevices',
  object({ UserPoolId: userPoolIdSchema, Username: usernameSchema, Limit: optional(integer(0, 60)), PaginationToken: optional(string({ min: 1, max: 200, pattern: /^[\S]+$/ })) }),
  { access: 'admin' },
)
  .step('target', (ctx, i) => adminTarget(ctx, i.UserPoolId, i.Username))
  .step('page', async (ctx, i, s) => {
    const limit = i.Limit === undefined || i.Limit === 0 ? 60 : i.Limit;
    const after = i.PaginationToken === undefined ? undefined : Buffer.from(i.PaginationToken, 'base64url').toString('utf8');
    const devices = await listConfirmedDevices(ctx.db, s.target.user.sub, limit + 1, after);
    return { devices: devices.slice(0, limit), more: devices.length > limit };
  })
  .respond((_ctx, _i, s) => {
    const last = s.page.devices[s.page.devices.length - 1];
    return {
      Devices: s.page.devices.map(toDeviceType),
      ...(s.page.more && last !== undefined ? { PaginationToken: Buffer.from(last.deviceKey).toString('base64url') } : {}),
    };
  });

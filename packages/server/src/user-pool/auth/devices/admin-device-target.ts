import { fail } from '../../../errors/catalogue.js';
import { adminTarget } from '../../admin/admin-target.js';
import type { OperationContext } from '../../operations/operation-context.js';
import type { UserRecord } from '../../users/user-repository.js';
import { findUserDevice, type DeviceRecord } from './device-repository.js';

/** The user and device an Admin*Device operation names (ResourceNotFoundException for another user's or an unconfirmed device, as for GetDevice). */
export async function adminDeviceTarget(ctx: OperationContext, poolId: string, username: string, deviceKey: string, confirmedOnly = true): Promise<{ user: UserRecord; device: DeviceRecord }> {
  const { user } = await adminTarget(ctx, poolId, username);
  const device = await findUserDevice(ctx.db, user.sub, deviceKey);
  if (device === undefined || (confirmedOnly && !device.confirmed)) throw fail('ResourceNotFoundException', 'Device does not exist.');
  return { user, device };
}

// The DEVICE_KEY a client sends with a sign-in: it must be a confirmed device of the user.
import type { OperationContext } from '../../operations/operation-context.js';
import type { UserRecord } from '../../users/user-repository.js';
import { requireConfirmedDevice } from '../devices/device-repository.js';

/**
 * The device key to carry on, or undefined when none was sent. ResourceNotFoundException
 * 'Device does not exist.' for an unknown or unconfirmed key: clients then forget the stored
 * device and retry the same request without it, so the session must not be used up before this.
 */
export async function presentedDevice(ctx: Pick<OperationContext, 'db'>, user: UserRecord, deviceKey: string | undefined): Promise<string | undefined> {
  if (deviceKey === undefined || deviceKey === '') return undefined;
  return (await requireConfirmedDevice(ctx.db, user.sub, deviceKey)).deviceKey;
}

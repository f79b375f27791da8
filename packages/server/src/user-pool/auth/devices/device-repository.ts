// Devices of users (table `devices`): created unconfirmed when a sign-in hands out
// NewDeviceMetadata, confirmed by ConfirmDevice with an SRP verifier, optionally remembered
// (remembered devices answer DEVICE_SRP_AUTH instead of MFA).
import { randomBytes, randomUUID } from 'node:crypto';
import type { Queryable } from '../../../db/database.js';
import type { SqlParams } from '../../../db/sql-params.js';
import { fail } from '../../../errors/catalogue.js';
import { addSeconds } from '../../../time/clock.js';

/** A device as stored. */
export interface DeviceRecord {
  readonly deviceKey: string;
  readonly poolId: string;
  readonly userSub: string;
  readonly deviceGroupKey: string;
  readonly srpSalt: string | null;
  readonly srpVerifier: string | null;
  readonly name: string | null;
  readonly remembered: boolean;
  readonly confirmed: boolean;
  readonly lastIp: string | null;
  readonly lastAuthenticatedAt: Date | null;
  readonly createdAt: Date;
  readonly updatedAt: Date;
}

interface DeviceRow {
  device_key: string;
  pool_id: string;
  user_sub: string;
  device_group_key: string;
  srp_salt: string | null;
  srp_verifier: string | null;
  name: string | null;
  remembered: boolean;
  confirmed: boolean;
  last_ip: string | null;
  last_authenticated_at: Date | null;
  created_at: Date;
  updated_at: Date;
}

function toDevice(r: DeviceRow): DeviceRecord {
  return {
    deviceKey: r.device_key,
    poolId: r.pool_id,
    userSub: r.user_sub,
    deviceGroupKey: r.device_group_key,
    srpSalt: r.srp_salt,
    srpVerifier: r.srp_verifier,
    name: r.name,
    remembered: r.remembered,
    confirmed: r.confirmed,
    lastIp: r.last_ip,
    lastAuthenticatedAt: r.last_authenticated_at === null ? null : new Date(r.last_authenticated_at),
    createdAt: new Date(r.created_at),
    updatedAt: new Date(r.updated_at),
  };
}

/** Shape of a device key: `<region>_<uuid>`, as Cognito's. */
export const DEVICE_KEY_PATTERN = /^[\w-]+_[0-9a-f-]+$/;

/** The device with this key if it belongs to `userSub`, else undefined. */
export async function findUserDevice(q: Queryable, userSub: string, deviceKey: string): Promise<DeviceRecord | undefined> {
  const rows = await q.query<DeviceRow>('SELECT * FROM devices WHERE device_key = $1 AND user_sub = $2', [deviceKey, userSub]);
  return rows[0] === undefined ? undefined : toDevice(rows[0]);
}

/** A confirmed device of the user; ResourceNotFoundException 'Device does not exist.' otherwise (clients forget their stored device on this error). */
export async function requireConfirmedDevice(q: Queryable, userSub: string, deviceKey: string): Promise<DeviceRecord> {
  const device = await findUserDevice(q, userSub, deviceKey);
  if (device === undefined || !device.confirmed) throw fail('ResourceNotFoundException', 'Device does not exist.');
  return device;
}

/** The keys of a new device: `<region>_<uuid>` (as Cognito's) and its group key. */
export function newDeviceKeys(poolId: string): { deviceKey: string; deviceGroupKey: string } {
  const region = poolId.split('_')[0] ?? 'local';
  return { deviceKey: `${region}_${randomUUID()}`, deviceGroupKey: `-${randomBytes(7).toString('base64url')}` };
}

/** Unconfirmed devices older than this are removed when the user gets a new one (clients that never call ConfirmDevice). */
const STALE_PENDING_DEVICE_SECONDS = 24 * 3600;

/**
 * Creates the unconfirmed device a sign-in offers as NewDeviceMetadata, as two CTEs (`<name>_stale`,
 * `<name>`) of the statement that ends the sign-in, run only when `condition` (an SQL boolean) holds.
 * Unconfirmed devices of the user older than a day are removed (clients that never call ConfirmDevice).
 */
export function pendingDeviceCtes(
  params: SqlParams,
  name: string,
  args: { deviceKey: string; deviceGroupKey: string; poolId: string; userSub: string; ip: string; now: Date },
  condition = 'true',
): string[] {
  const now = params.add(args.now);
  const sub = params.add(args.userSub);
  return [
    `${name}_stale AS (DELETE FROM devices WHERE user_sub = ${sub}::uuid AND confirmed = false AND created_at < ${params.add(addSeconds(args.now, -STALE_PENDING_DEVICE_SECONDS))}::timestamptz AND ${condition})`,
    `${name} AS (INSERT INTO devices (device_key, pool_id, user_sub, device_group_key, remembered, confirmed, last_ip, last_authenticated_at, created_at, updated_at)
      SELECT ${params.add(args.deviceKey)}::text, ${params.add(args.poolId)}::text, ${sub}::uuid, ${params.add(args.deviceGroupKey)}::text, false, false, ${params.add(args.ip)}::text,
             ${now}::timestamptz, ${now}::timestamptz, ${now}::timestamptz WHERE ${condition})`,
  ];
}

/** ConfirmDevice: stores the verifier and name; remembered at once unless the pool waits for the user's choice. */
export async function confirmDevice(
  q: Queryable,
  device: DeviceRecord,
  args: { saltHex: string; verifierHex: string; name: string | null; remembered: boolean; now: Date },
): Promise<void> {
  await q.query(
    `UPDATE devices SET srp_salt = $2, srp_verifier = $3, name = COALESCE($4, name), confirmed = true, remembered = $5, updated_at = $6 WHERE device_key = $1`,
    [device.deviceKey, args.saltHex, args.verifierHex, args.name, args.remembered, args.now],
  );
}

/** Records a sign-in from the device (ListDevices' last authenticated date and address), as the CTE `name` of a larger statement, run only when `condition` (an SQL boolean) holds. */
export function touchDeviceCte(params: SqlParams, name: string, args: { deviceKey: string; ip: string; now: Date }, condition = 'true'): string {
  return `${name} AS (UPDATE devices SET last_ip = ${params.add(args.ip)}::text, last_authenticated_at = ${params.add(args.now)}::timestamptz
    WHERE device_key = ${params.add(args.deviceKey)}::text AND ${condition})`;
}

/** Sets the remembered status. */
export async function setDeviceRemembered(q: Queryable, deviceKey: string, remembered: boolean, now: Date): Promise<void> {
  await q.query('UPDATE devices SET remembered = $2, updated_at = $3 WHERE device_key = $1', [deviceKey, remembered, now]);
}

/** Deletes a device (ForgetDevice). */
export async function deleteDevice(q: Queryable, deviceKey: string): Promise<void> {
  await q.query('DELETE FROM devices WHERE device_key = $1', [deviceKey]);
}

/** A page of the user's confirmed devices in key order; `afterKey` is the last key of the previous page. */
export async function listConfirmedDevices(q: Queryable, userSub: string, limit: number, afterKey?: string): Promise<DeviceRecord[]> {
  const rows = await q.query<DeviceRow>(
    `SELECT * FROM devices WHERE user_sub = $1 AND confirmed = true AND ($3::text IS NULL OR device_key > $3::text)
      ORDER BY device_key LIMIT $2`,
    [userSub, limit, afterKey ?? null],
  );
  return rows.map(toDevice);
}

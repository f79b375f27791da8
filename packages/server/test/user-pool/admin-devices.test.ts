// AdminGetDevice, AdminListDevices, AdminUpdateDeviceStatus and AdminForgetDevice through the AWS SDK
// v3 client, on devices remembered by real sign-ins (InitiateAuth + ConfirmDevice), on both databases.
import {
  AdminForgetDeviceCommand,
  AdminGetDeviceCommand,
  AdminListDevicesCommand,
  AdminUpdateDeviceStatusCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_TEST_ENV, createTestUser, signInWithTotp, type TestUser } from '../auth/auth-fixtures.js';
import { entriesOf } from '../audit/audit-fixtures.js';
import { BOTH_DATABASES, startTestServer, TEST_ADMIN_CREDENTIALS, type TestServer } from '../harness.js';
import { expectAdminOnly, sdkClients, sdkError, type SdkClients } from './sdk-fixtures.js';

describe.each(BOTH_DATABASES)('admin device operations on %s', (database) => {
  let server: TestServer;
  let sdk: SdkClients;
  let poolId: string;

  beforeAll(async () => {
    server = await startTestServer({ database, env: AUTH_TEST_ENV });
    sdk = sdkClients(server);
    poolId = server.pool.userPoolId;
  });
  afterAll(async () => {
    sdk.destroy();
    await server.close();
  });

  /** Signs `user` in and confirms the device the sign-in offered; returns its key. */
  async function rememberDevice(user: TestUser, name: string): Promise<string> {
    const result = await signInWithTotp(server, user);
    const deviceKey = result.NewDeviceMetadata?.DeviceKey ?? '';
    const verifier = { Salt: Buffer.alloc(16, 1).toString('base64'), PasswordVerifier: Buffer.alloc(384, 2).toString('base64') };
    const confirmed = await server.call('ConfirmDevice', { AccessToken: result.AccessToken, DeviceKey: deviceKey, DeviceSecretVerifierConfig: verifier, DeviceName: name });
    expect(confirmed.status).toBe(200);
    return deviceKey;
  }
  const attribute = (device: { DeviceAttributes?: { Name?: string; Value?: string }[] } | undefined, name: string) =>
    device?.DeviceAttributes?.find((a) => a.Name === name)?.Value;

  it('lists and reads the confirmed devices of a user, paging with PaginationToken', async () => {
    const user = await createTestUser(server);
    const keys = [await rememberDevice(user, 'laptop'), await rememberDevice(user, 'phone'), await rememberDevice(user, 'tablet')];
    const first = await sdk.admin.send(new AdminListDevicesCommand({ UserPoolId: poolId, Username: user.username, Limit: 2 }));
    expect(first.Devices).toHaveLength(2);
    expect(first.PaginationToken).toBeTruthy();
    const second = await sdk.admin.send(new AdminListDevicesCommand({ UserPoolId: poolId, Username: user.username, Limit: 2, PaginationToken: first.PaginationToken }));
    expect(second.PaginationToken).toBeUndefined();
    expect([...(first.Devices ?? []), ...(second.Devices ?? [])].map((d) => d.DeviceKey).sort()).toEqual([...keys].sort());

    const { Device } = await sdk.admin.send(new AdminGetDeviceCommand({ UserPoolId: poolId, Username: user.username, DeviceKey: keys[0] }));
    expect(Device?.DeviceKey).toBe(keys[0]);
    expect(attribute(Device, 'device_name')).toBe('laptop');
    expect(Device?.DeviceCreateDate).toBeInstanceOf(Date);
  });

  it('sets the remembered status with AdminUpdateDeviceStatus', async () => {
    const user = await createTestUser(server);
    const key = await rememberDevice(user, 'desktop');
    const read = async () => attribute((await sdk.admin.send(new AdminGetDeviceCommand({ UserPoolId: poolId, Username: user.username, DeviceKey: key }))).Device, 'dev:device_remembered_status');
    await sdk.admin.send(new AdminUpdateDeviceStatusCommand({ UserPoolId: poolId, Username: user.username, DeviceKey: key, DeviceRememberedStatus: 'remembered' }));
    expect(await read()).toBe('remembered');
    await sdk.admin.send(new AdminUpdateDeviceStatusCommand({ UserPoolId: poolId, Username: user.username, DeviceKey: key, DeviceRememberedStatus: 'not_remembered' }));
    expect(await read()).toBe('not_remembered');
    // The audit trail holds both changes, by the admin credential, on this user's device.
    const changes = (await entriesOf(server, 'admin.device.status_set')).filter((e) => e.record?.id === key);
    expect(changes.map((e) => e.changes)).toEqual([{ remembered: { before: false, after: true } }, { remembered: { before: true, after: false } }]);
    expect(changes[0]).toMatchObject({ actor: { kind: 'admin-credential', name: TEST_ADMIN_CREDENTIALS.accessKeyId }, subject: { sub: user.sub } });
  });

  it('forgets a device with AdminForgetDevice: it is gone from reads and lists', async () => {
    const user = await createTestUser(server);
    const key = await rememberDevice(user, 'old phone');
    await sdk.admin.send(new AdminForgetDeviceCommand({ UserPoolId: poolId, Username: user.username, DeviceKey: key }));
    expect((await sdkError(sdk.admin.send(new AdminGetDeviceCommand({ UserPoolId: poolId, Username: user.username, DeviceKey: key })))).name).toBe('ResourceNotFoundException');
    expect((await sdk.admin.send(new AdminListDevicesCommand({ UserPoolId: poolId, Username: user.username }))).Devices).toEqual([]);
    expect((await entriesOf(server, 'admin.device.forgotten')).filter((e) => e.record?.id === key)).toMatchObject([{ subject: { sub: user.sub }, details: { name: 'old phone' } }]);
  });

  // Threat: reaching or changing one user's device through another user's name.
  it("answers another user's device key with ResourceNotFoundException and leaves it alone", async () => {
    const owner = await createTestUser(server);
    const other = await createTestUser(server);
    const key = await rememberDevice(owner, 'owned');
    for (const command of [
      new AdminGetDeviceCommand({ UserPoolId: poolId, Username: other.username, DeviceKey: key }),
      new AdminForgetDeviceCommand({ UserPoolId: poolId, Username: other.username, DeviceKey: key }),
      new AdminUpdateDeviceStatusCommand({ UserPoolId: poolId, Username: other.username, DeviceKey: key, DeviceRememberedStatus: 'remembered' }),
    ]) {
      expect((await sdkError(sdk.admin.send(command as AdminGetDeviceCommand))).name).toBe('ResourceNotFoundException');
    }
    expect((await sdk.admin.send(new AdminGetDeviceCommand({ UserPoolId: poolId, Username: owner.username, DeviceKey: key }))).Device?.DeviceKey).toBe(key);
    expect((await sdkError(sdk.admin.send(new AdminListDevicesCommand({ UserPoolId: poolId, Username: 'nobody-here' })))).name).toBe('UserNotFoundException');
  });

  // Threat: anyone on the network listing or forgetting users' devices without the admin credential.
  it('is refused without valid admin credentials, as the other Admin* calls are', async () => {
    const user = await createTestUser(server);
    const key = await rememberDevice(user, 'kept');
    await expectAdminOnly(server, sdk, 'AdminListDevices', { UserPoolId: poolId, Username: user.username });
    await expectAdminOnly(server, sdk, 'AdminGetDevice', { UserPoolId: poolId, Username: user.username, DeviceKey: key });
    await expectAdminOnly(server, sdk, 'AdminUpdateDeviceStatus', { UserPoolId: poolId, Username: user.username, DeviceKey: key, DeviceRememberedStatus: 'remembered' });
    await expectAdminOnly(server, sdk, 'AdminForgetDevice', { UserPoolId: poolId, Username: user.username, DeviceKey: key });
    expect((await sdk.admin.send(new AdminGetDeviceCommand({ UserPoolId: poolId, Username: user.username, DeviceKey: key }))).Device?.DeviceKey).toBe(key);
  });
});

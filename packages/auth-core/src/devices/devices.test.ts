import { describe, expect, it } from 'vitest';
import { cognitoError } from '../../testing/fake-cognito.js';
import { callUserPool } from '../cognito/user-pool-client.js';
import { CognitoServiceError } from '../errors/auth-errors.js';
import { createTestHarness, epochSeconds, makeAuthenticationResult } from '../../testing/test-runtime.js';
import type { TestHarness } from '../../testing/test-runtime.js';
import { base64ToBytes, computeDeviceVerifier } from '../srp/index.js';
import { storeAuthenticationResult } from '../tokens/authentication-result.js';
import { confirmNewDevice } from './confirm-device.js';
import { isDeviceNotFoundError, withDeviceNotFoundRetry } from './device-not-found.js';
import { clearDeviceMetadata, findDeviceMetadata, getDeviceMetadata, storeDeviceMetadata } from './device-store.js';
import { fetchDevicesWith, forgetDeviceWith, rememberDeviceWith } from './remembered-devices.js';

const PREFIX = 'CognitoIdentityServiceProvider.client123.alice';

async function signIn(harness: TestHarness) {
  return storeAuthenticationResult(harness.runtime, 'alice', makeAuthenticationResult({ iat: epochSeconds(harness.clock) }));
}

describe('device store', () => {
  it('stores deviceKey, deviceGroupKey and randomPasswordKey under the user and reads them back', async () => {
    const { runtime, storage } = createTestHarness();
    await storeDeviceMetadata(runtime, 'alice', { deviceKey: 'dk', deviceGroupKey: 'dg', randomPassword: 'pw' });
    expect(await storage.getItem(`${PREFIX}.deviceKey`)).toBe('dk');
    expect(await storage.getItem(`${PREFIX}.deviceGroupKey`)).toBe('dg');
    expect(await storage.getItem(`${PREFIX}.randomPasswordKey`)).toBe('pw');
    expect(await getDeviceMetadata(runtime, 'alice')).toEqual({ deviceKey: 'dk', deviceGroupKey: 'dg', randomPassword: 'pw' });
  });

  it('finds a device stored under the former username (USER_ID_FOR_SRP) and moves it under the username', async () => {
    const { runtime, storage } = createTestHarness();
    const device = { deviceKey: 'dk', deviceGroupKey: 'dg', randomPassword: 'pw' };
    await storeDeviceMetadata(runtime, 'sub-1', device);
    expect(await findDeviceMetadata(runtime, 'alice')).toBeNull();
    expect(await findDeviceMetadata(runtime, 'alice', 'sub-1')).toEqual(device);
    expect(await getDeviceMetadata(runtime, 'alice')).toEqual(device);
    expect(await storage.getItem('CognitoIdentityServiceProvider.client123.sub-1.deviceKey')).toBeNull();
    // The username's own device wins over a former one.
    await storeDeviceMetadata(runtime, 'sub-1', { ...device, deviceKey: 'older' });
    expect((await findDeviceMetadata(runtime, 'alice', 'sub-1'))?.deviceKey).toBe('dk');
  });

  it('reports no device unless all three items are stored, and clears them', async () => {
    const { runtime, storage } = createTestHarness();
    await storage.setItem(`${PREFIX}.deviceKey`, 'dk');
    expect(await getDeviceMetadata(runtime, 'alice')).toBeNull();
    await storeDeviceMetadata(runtime, 'alice', { deviceKey: 'dk', deviceGroupKey: 'dg', randomPassword: 'pw' });
    await clearDeviceMetadata(runtime, 'alice');
    expect(await getDeviceMetadata(runtime, 'alice')).toBeNull();
    expect(await storage.getItem(`${PREFIX}.randomPasswordKey`)).toBeNull();
  });
});

describe('confirmNewDevice', () => {
  it('calls ConfirmDevice with a verifier of the stored random password and stores the device', async () => {
    const harness = createTestHarness();
    const tokens = await signIn(harness);
    harness.fake.on('ConfirmDevice', () => ({ UserConfirmationNecessary: true }));

    const device = await confirmNewDevice(harness.runtime, tokens.accessToken.toString(), {
      DeviceKey: 'us-east-1_f0a1',
      DeviceGroupKey: '-gRoUp',
    });

    expect(harness.fake.problems).toEqual([]);
    const [call] = harness.fake.callsTo('ConfirmDevice');
    expect(call?.body).toMatchObject({ AccessToken: tokens.accessToken.toString(), DeviceKey: 'us-east-1_f0a1', DeviceName: 'Test Browser' });
    const config = call?.body.DeviceSecretVerifierConfig as { Salt: string; PasswordVerifier: string };
    const stored = await getDeviceMetadata(harness.runtime, 'alice');
    expect(stored).toEqual({ deviceKey: 'us-east-1_f0a1', deviceGroupKey: '-gRoUp', randomPassword: device?.randomPassword });
    expect(base64ToBytes(stored?.randomPassword ?? '')).toHaveLength(40);
    // The verifier sent must be the one of the password kept, or DEVICE_SRP_AUTH would fail later.
    const recomputed = computeDeviceVerifier({
      deviceGroupKey: '-gRoUp',
      deviceKey: 'us-east-1_f0a1',
      devicePassword: stored?.randomPassword ?? '',
      salt: base64ToBytes(config.Salt),
    });
    expect(config.PasswordVerifier).toBe(recomputed.passwordVerifierB64);
    expect(device?.userConfirmationNecessary).toBe(true);
  });

  it('does nothing when the metadata is incomplete', async () => {
    const harness = createTestHarness();
    await signIn(harness);
    expect(await confirmNewDevice(harness.runtime, 'token', { DeviceKey: 'only-key' })).toBeUndefined();
    expect(harness.fake.calls).toEqual([]);
  });
});

describe('device-does-not-exist handling', () => {
  const gone = () => cognitoError('ResourceNotFoundException', 'Device does not exist.');

  it('recognises only ResourceNotFoundException about a device', () => {
    const make = (name: string, message: string) => new CognitoServiceError({ name, message, httpStatusCode: 400, service: 'user-pool', operation: 'X' });
    expect(isDeviceNotFoundError(make('ResourceNotFoundException', 'Device does not exist.'))).toBe(true);
    expect(isDeviceNotFoundError(make('ResourceNotFoundException', 'User pool client does not exist.'))).toBe(false);
    expect(isDeviceNotFoundError(make('NotAuthorizedException', 'Device does not exist.'))).toBe(false);
  });

  it('clears the stored device and retries once without it', async () => {
    const harness = createTestHarness();
    await storeDeviceMetadata(harness.runtime, 'alice', { deviceKey: 'dk', deviceGroupKey: 'dg', randomPassword: 'pw' });
    harness.fake.on('InitiateAuth', (request) => (request.AuthParameters?.DEVICE_KEY ? gone() : { ChallengeName: 'PASSWORD_VERIFIER' }));
    const seen: (string | null)[] = [];
    const answer = await withDeviceNotFoundRetry(harness.runtime, 'alice', (device) => {
      seen.push(device?.deviceKey ?? null);
      return callUserPool(harness.runtime, 'InitiateAuth', {
        AuthFlow: 'USER_SRP_AUTH',
        ClientId: 'client123',
        AuthParameters: { USERNAME: 'alice', SRP_A: 'aa', ...(device ? { DEVICE_KEY: device.deviceKey } : {}) },
      });
    });
    expect(answer.ChallengeName).toBe('PASSWORD_VERIFIER');
    expect(seen).toEqual(['dk', null]);
    expect(await getDeviceMetadata(harness.runtime, 'alice')).toBeNull();
  });

  it('does not retry other errors, nor when no device was used', async () => {
    const harness = createTestHarness();
    let attempts = 0;
    await expect(
      withDeviceNotFoundRetry(harness.runtime, 'alice', async () => {
        attempts += 1;
        throw new Error('other');
      }),
    ).rejects.toThrow('other');
    expect(attempts).toBe(1);
  });
});

describe('rememberDevice, forgetDevice, fetchDevices', () => {
  it('remembers the stored device with UpdateDeviceStatus', async () => {
    const harness = createTestHarness();
    const tokens = await signIn(harness);
    await storeDeviceMetadata(harness.runtime, 'alice', { deviceKey: 'dk', deviceGroupKey: 'dg', randomPassword: 'pw' });
    harness.fake.on('UpdateDeviceStatus', () => ({}));
    await rememberDeviceWith(harness.runtime);
    expect(harness.fake.callsTo('UpdateDeviceStatus')[0]?.body).toEqual({
      AccessToken: tokens.accessToken.toString(),
      DeviceKey: 'dk',
      DeviceRememberedStatus: 'remembered',
    });
  });

  it('throws DeviceMetadataNotFoundException when there is no device to remember or forget', async () => {
    const harness = createTestHarness();
    await signIn(harness);
    await expect(rememberDeviceWith(harness.runtime)).rejects.toMatchObject({ name: 'DeviceMetadataNotFoundException' });
    await expect(forgetDeviceWith(harness.runtime)).rejects.toMatchObject({ name: 'DeviceMetadataNotFoundException' });
  });

  it('forgets this device and clears its keys, or another device by id keeping ours', async () => {
    const harness = createTestHarness();
    await signIn(harness);
    await storeDeviceMetadata(harness.runtime, 'alice', { deviceKey: 'dk', deviceGroupKey: 'dg', randomPassword: 'pw' });
    harness.fake.on('ForgetDevice', () => ({}));
    await forgetDeviceWith(harness.runtime, { device: { id: 'other' } });
    expect(await getDeviceMetadata(harness.runtime, 'alice')).not.toBeNull();
    await forgetDeviceWith(harness.runtime);
    expect(harness.fake.callsTo('ForgetDevice').map((call) => call.body.DeviceKey)).toEqual(['other', 'dk']);
    expect(await getDeviceMetadata(harness.runtime, 'alice')).toBeNull();
  });

  it('lists every page of devices in aws-amplify shape', async () => {
    const harness = createTestHarness();
    await signIn(harness);
    harness.fake.on('ListDevices', (request) =>
      request.PaginationToken === undefined
        ? {
            Devices: [
              {
                DeviceKey: 'd1',
                DeviceAttributes: [
                  { Name: 'device_name', Value: 'Firefox' },
                  { Name: 'device_status', Value: 'valid' },
                ],
                DeviceCreateDate: 1_700_000_000,
                DeviceLastAuthenticatedDate: 1_700_000_100,
                DeviceLastModifiedDate: 1_700_000_200,
              },
            ],
            PaginationToken: 'next',
          }
        : { Devices: [{ DeviceKey: 'd2', DeviceAttributes: [] }] },
    );
    const devices = await fetchDevicesWith(harness.runtime);
    expect(devices).toEqual([
      {
        id: 'd1',
        name: 'Firefox',
        attributes: { device_name: 'Firefox', device_status: 'valid' },
        createDate: new Date(1_700_000_000_000),
        lastAuthenticatedDate: new Date(1_700_000_100_000),
        lastModifiedDate: new Date(1_700_000_200_000),
      },
      { id: 'd2', attributes: {} },
    ]);
    expect(harness.fake.callsTo('ListDevices').map((call) => call.body.Limit)).toEqual([60, 60]);
  });

  it('requires a signed-in user', async () => {
    const harness = createTestHarness();
    await expect(fetchDevicesWith(harness.runtime)).rejects.toMatchObject({ name: 'UserUnAuthenticatedException' });
  });
});

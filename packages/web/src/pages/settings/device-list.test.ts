import type { AWSAuthDevice } from '@steward/auth-core';
import { describe, expect, it } from 'vitest';
import { deviceLabel, splitDevices } from './device-list';

const CHROME_LINUX = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36';
const SAFARI_IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

const device = (id: string, remembered: boolean, last: string): AWSAuthDevice => ({
  id,
  name: CHROME_LINUX,
  attributes: { 'dev:device_remembered_status': remembered ? 'remembered' : 'not_remembered', device_status: 'valid' },
  lastAuthenticatedDate: new Date(last),
});

describe('deviceLabel', () => {
  it('names a device by browser and system instead of its user agent', () => {
    expect(deviceLabel(CHROME_LINUX)).toBe('Chrome on Linux');
    expect(deviceLabel(SAFARI_IPHONE)).toBe('Safari on iOS');
  });

  it('keeps a name a person gave and says when there is none', () => {
    expect(deviceLabel('Authenticator app')).toBe('Authenticator app');
    expect(deviceLabel(undefined)).toBe('Unknown device');
  });
});

describe('splitDevices', () => {
  it('lists only remembered devices as remembered; the others are recent sign-ins, newest first', () => {
    const { remembered, recent } = splitDevices([device('a', false, '2026-11-01'), device('b', true, '2026-11-02'), device('c', false, '2026-11-03')]);
    expect(remembered.map((d) => d.id)).toEqual(['b']);
    expect(recent.map((d) => d.id)).toEqual(['c', 'a']);
  });
});

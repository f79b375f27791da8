// The profile's devices in words: remembered devices (they skip the second sign-in step) apart from
// the other recent sign-ins, each named "Chrome on Linux" instead of the raw user agent the sign-in
// stored as its name.
import type { AWSAuthDevice } from '@steward/auth-core';
import { parse } from 'bowser';

/** A readable name for a device: a user agent becomes "Browser on OS"; any other name stays as given. */
export function deviceLabel(name: string | undefined): string {
  const raw = (name ?? '').trim();
  if (raw === '') return 'Unknown device';
  // A name people gave stays theirs; only user-agent strings (with product/version tokens) are parsed.
  if (!/^Mozilla\/|\w\/\d/.test(raw)) return raw;
  const { browser, os } = parse(raw);
  const browserName = browser.name ?? '';
  const osName = os.name ?? '';
  if (browserName === '' && osName === '') return 'Unknown browser';
  if (browserName === '') return `A browser on ${osName}`;
  return osName === '' ? browserName : `${browserName} on ${osName}`;
}

/** True when the device is remembered (Cognito's `dev:device_remembered_status`). */
export function isRemembered(device: AWSAuthDevice): boolean {
  return device.attributes['dev:device_remembered_status'] === 'remembered';
}

/** The devices split into remembered ones and recent sign-ins, each newest first. */
export function splitDevices(devices: readonly AWSAuthDevice[]): { remembered: AWSAuthDevice[]; recent: AWSAuthDevice[] } {
  const newestFirst = [...devices].sort((a, b) => (b.lastAuthenticatedDate?.getTime() ?? 0) - (a.lastAuthenticatedDate?.getTime() ?? 0));
  return { remembered: newestFirst.filter(isRemembered), recent: newestFirst.filter((device) => !isRemembered(device)) };
}

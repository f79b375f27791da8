// The security page: second factors (TOTP and email, with a preference), remembered devices, passkeys.
import {
  associateWebAuthnCredential,
  deleteWebAuthnCredential,
  fetchDevices,
  fetchMFAPreference,
  forgetDevice,
  listWebAuthnCredentials,
  rememberDevice,
  setUpTOTP,
  updateMFAPreference,
  verifyTOTPSetup,
} from 'compat-auth';
import type { AuthWebAuthnCredential, FetchDevicesOutput, FetchMFAPreferenceOutput, ListWebAuthnCredentialsOutput } from 'compat-auth';
import { viewError, type ErrorView } from './errors.js';
import type { Authenticator } from './ports.js';

/** MFA preferences as the page shows them. */
export interface MfaView {
  readonly enabled: string[];
  readonly preferred: string | undefined;
}

function viewMfa(output: FetchMFAPreferenceOutput): MfaView {
  return { enabled: [...(output.enabled ?? [])].sort(), preferred: output.preferred };
}

/** What the MFA section showed while adding an authenticator app to an email-MFA account and preferring it. */
export interface MfaRecord {
  readonly initially: MfaView;
  readonly setupUri: { readonly protocol: string; readonly issuer: string | null; readonly label: string };
  readonly afterVerify: MfaView;
  readonly afterPreferTotp: MfaView;
  readonly afterPreferEmail: MfaView;
}

/** Adds TOTP (setUpTOTP, verifyTOTPSetup), prefers it, then prefers email again (updateMFAPreference); returns the secret too. */
export async function addAuthenticatorApp(username: string, authenticator: Authenticator): Promise<{ record: MfaRecord; totpSecret: string }> {
  const initially = viewMfa(await fetchMFAPreference());
  const setup = await setUpTOTP();
  const uri = setup.getSetupUri('Steward');
  await verifyTOTPSetup({ code: await authenticator.code(setup.sharedSecret), options: { friendlyDeviceName: 'Tablet' } });
  const afterVerify = viewMfa(await fetchMFAPreference());
  await updateMFAPreference({ totp: 'PREFERRED', email: 'ENABLED' });
  const afterPreferTotp = viewMfa(await fetchMFAPreference());
  await updateMFAPreference({ email: 'PREFERRED', totp: 'NOT_PREFERRED' });
  const afterPreferEmail = viewMfa(await fetchMFAPreference());
  return {
    record: {
      initially,
      setupUri: { protocol: uri.protocol, issuer: uri.searchParams.get('issuer'), label: decodeURIComponent(uri.pathname).replace(username, '<username>') },
      afterVerify,
      afterPreferTotp,
      afterPreferEmail,
    },
    totpSecret: setup.sharedSecret,
  };
}

/** Makes TOTP the preferred second factor. */
export async function preferTotp(): Promise<MfaView> {
  await updateMFAPreference({ totp: 'PREFERRED' });
  return viewMfa(await fetchMFAPreference());
}

/** A device row of the page. */
export interface DeviceView {
  readonly hasId: boolean;
  readonly name: string | undefined;
  readonly status: string | undefined;
  readonly attributeNames: string[];
  readonly datesAreDates: boolean;
}

function viewDevices(devices: FetchDevicesOutput): DeviceView[] {
  return devices.map((device) => ({
    hasId: device.id !== '',
    name: device.name,
    status: device.attributes.device_status,
    attributeNames: Object.keys(device.attributes).sort(),
    datesAreDates: [device.createDate, device.lastAuthenticatedDate, device.lastModifiedDate].every((date) => date === undefined || date instanceof Date),
  }));
}

/** What the devices section showed: this browser's device, remembered, then forgotten. */
export interface DevicesRecord {
  readonly listed: DeviceView[];
  readonly afterRemember: DeviceView[];
  readonly afterForget: DeviceView[];
  readonly forgetAgain: ErrorView | 'ok';
}

/** Lists devices, remembers this one (rememberDevice), forgets it (forgetDevice). */
export async function manageDevices(): Promise<DevicesRecord> {
  const listed = viewDevices(await fetchDevices());
  await rememberDevice();
  const afterRemember = viewDevices(await fetchDevices());
  await forgetDevice();
  const afterForget = viewDevices(await fetchDevices());
  let forgetAgain: ErrorView | 'ok' = 'ok';
  try {
    await forgetDevice();
  } catch (error) {
    forgetAgain = viewError(error);
  }
  return { listed, afterRemember, afterForget, forgetAgain };
}

/** Forgets another device by id (forgetDevice({ device })), e.g. a lost laptop. */
export async function forgetOtherDevices(): Promise<number> {
  const devices = await fetchDevices();
  for (const device of devices) await forgetDevice({ device: { id: device.id } });
  return (await fetchDevices()).length;
}

/** What the passkeys section showed on a platform without WebAuthn. */
export interface PasskeysRecord {
  readonly listed: { readonly count: number; readonly hasNextToken: boolean };
  readonly firstPage: { readonly count: number };
  readonly register: ErrorView | 'ok';
  readonly deleteUnknown: ErrorView | 'ok';
}

function countOf(output: ListWebAuthnCredentialsOutput): { count: number; hasNextToken: boolean } {
  const credentials: AuthWebAuthnCredential[] = output.credentials;
  return { count: credentials.length, hasNextToken: output.nextToken !== undefined };
}

/** Lists passkeys, tries to register one (no WebAuthn here), and deletes an unknown one. */
export async function managePasskeys(): Promise<PasskeysRecord> {
  const listed = countOf(await listWebAuthnCredentials());
  const firstPage = { count: (await listWebAuthnCredentials({ pageSize: 2 })).credentials.length };
  let register: ErrorView | 'ok' = 'ok';
  try {
    await associateWebAuthnCredential();
  } catch (error) {
    register = viewError(error);
  }
  let deleteUnknown: ErrorView | 'ok' = 'ok';
  try {
    await deleteWebAuthnCredential({ credentialId: 'bm8tc3VjaC1jcmVkZW50aWFs' });
  } catch (error) {
    deleteUnknown = viewError(error);
  }
  return { listed, firstPage, register, deleteUnknown };
}

// auth-core's account functions bound as the AccountPort; imported only by Settings > Profile's chunk.
import {
  associateWebAuthnCredential,
  confirmUserAttribute,
  deleteWebAuthnCredential,
  fetchAuthSession,
  fetchDevices,
  fetchMFAPreference,
  fetchUserAttributes,
  forgetDevice,
  listWebAuthnCredentials,
  sendUserAttributeVerificationCode,
  setUpTOTP,
  updateMFAPreference,
  updatePassword,
  updateUserAttributes,
  verifyTOTPSetup,
} from '@steward/auth-core';
import type { AccountPort } from '../../app/ports';

/** The groups claim of an id token payload. */
export function groupsOf(payload: Record<string, unknown> | undefined): string[] {
  const groups = payload?.['cognito:groups'];
  return Array.isArray(groups) ? groups.filter((g): g is string => typeof g === 'string') : [];
}

/** auth-core bound as the AccountPort. */
export function createAccountPort(): AccountPort {
  return {
    fetchUserAttributes: () => fetchUserAttributes(),
    updateUserAttributes: (input) => updateUserAttributes(input),
    confirmUserAttribute: (input) => confirmUserAttribute(input),
    sendUserAttributeVerificationCode: (input) => sendUserAttributeVerificationCode(input),
    updatePassword: (input) => updatePassword(input),
    setUpTOTP: () => setUpTOTP(),
    verifyTOTPSetup: (input) => verifyTOTPSetup(input),
    fetchMFAPreference: () => fetchMFAPreference(),
    updateMFAPreference: (input) => updateMFAPreference(input),
    fetchDevices: () => fetchDevices(),
    forgetDevice: (input) => forgetDevice(input),
    associateWebAuthnCredential: () => associateWebAuthnCredential(),
    listWebAuthnCredentials: () => listWebAuthnCredentials(),
    deleteWebAuthnCredential: (input) => deleteWebAuthnCredential(input),
    accessToken: async () => (await fetchAuthSession()).tokens?.accessToken.toString() ?? null,
    groups: async () => groupsOf((await fetchAuthSession()).tokens?.idToken?.payload),
  };
}

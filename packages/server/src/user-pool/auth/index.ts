// Authentication operations (InitiateAuth, RespondToAuthChallenge, MFA/TOTP, devices, WebAuthn).
// This folder belongs to the authentication engineer; see docs/server.md "Authentication".
import type { Operation } from '../operations/operation.js';
import { withSignInMetrics } from '../../metrics/sign-in-metrics.js';
import { adminRespondToAuthChallenge } from './challenges/admin-respond-to-auth-challenge.js';
import { respondToAuthChallenge } from './challenges/respond-to-auth-challenge.js';
import {
  confirmDeviceOperation,
  forgetDeviceOperation,
  getDeviceOperation,
  listDevicesOperation,
  updateDeviceStatusOperation,
} from './devices/device-operations.js';
import { adminInitiateAuth } from './flows/admin-initiate-auth.js';
import { initiateAuth } from './flows/initiate-auth.js';
import { getClientToken } from './flows/get-client-token.js';
import { adminGetUserAuthFactors } from './flows/admin-get-user-auth-factors.js';
import { getUserAuthFactors } from './flows/get-user-auth-factors.js';
import { adminForgetDevice } from './devices/admin-forget-device.js';
import { adminGetDevice } from './devices/admin-get-device.js';
import { adminListDevices } from './devices/admin-list-devices.js';
import { adminUpdateDeviceStatus } from './devices/admin-update-device-status.js';
import { setUserMfaPreference } from './mfa/set-user-mfa-preference.js';
import { associateSoftwareToken, verifySoftwareToken } from './mfa/software-token.js';
import { completeWebAuthnRegistration, deleteWebAuthnCredential, listWebAuthnCredentials, startWebAuthnRegistration } from './webauthn/passkey-registration.js';

/** The authentication operations, registered on the JSON endpoint beside the account operations. */
export const authOperations: readonly Operation[] = [
  withSignInMetrics(initiateAuth),
  withSignInMetrics(respondToAuthChallenge),
  withSignInMetrics(adminInitiateAuth),
  withSignInMetrics(adminRespondToAuthChallenge),
  associateSoftwareToken,
  verifySoftwareToken,
  setUserMfaPreference,
  confirmDeviceOperation,
  getDeviceOperation,
  listDevicesOperation,
  updateDeviceStatusOperation,
  forgetDeviceOperation,
  adminGetDevice,
  adminListDevices,
  adminUpdateDeviceStatus,
  adminForgetDevice,
  getUserAuthFactors,
  adminGetUserAuthFactors,
  startWebAuthnRegistration,
  completeWebAuthnRegistration,
  listWebAuthnCredentials,
  deleteWebAuthnCredential,
  getClientToken,
];

export { setCustomAuthDefinition } from './custom-auth/custom-auth-rounds.js';
export type { CustomAuthDefinition, CustomChallengeTools } from './custom-auth/custom-auth-definition.js';

export { Hub, createAuthHub, toHubError } from './auth-hub.js';
export type {
  AuthHub,
  AuthHubCallback,
  AuthHubCapsule,
  AuthHubError,
  AuthHubEventData,
  AuthHubEventName,
  AuthHubPayload,
  AuthHubUser,
  StopListening,
} from './auth-hub.js';

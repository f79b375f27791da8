// User sessions (token and managed-login sessions) and the session configuration of pools and app clients.
import type { Operation } from '../operations/operation.js';
import { getUserPoolClientSessionConfiguration, setUserPoolClientSessionConfiguration } from './client-session-configuration.js';
import { adminListUserSessions, listUserSessionsOperation } from './list-user-sessions.js';
import { getUserPoolSessionConfiguration, setUserPoolSessionConfiguration } from './pool-session-configuration.js';
import { adminRevokeUserSession, revokeUserSessionOperation } from './revoke-user-session.js';

/** ListUserSessions and RevokeUserSession (access token), their Admin* forms, and the session configuration operations (admin). */
export const userSessionOperations: readonly Operation[] = [
  listUserSessionsOperation,
  adminListUserSessions,
  revokeUserSessionOperation,
  adminRevokeUserSession,
  getUserPoolSessionConfiguration,
  setUserPoolSessionConfiguration,
  getUserPoolClientSessionConfiguration,
  setUserPoolClientSessionConfiguration,
];

// Scripts the ports so the startup check finds a valid session for a staff or client user.
import type { UserRecord } from '../stores/user-store';
import { sessionRecord, signedInSession, testServices } from './scripted-ports';

/** A user record of the given type. */
export function userRecord(overrides: Partial<UserRecord> = {}): UserRecord {
  return { id: 'u1', userId: 'sub-123', firstName: 'Sam', lastName: 'Staff', email: 'staff@steward.example.com', userType: 'staff', clientNumber: null, title: null, userConfig: '{}', clientmdlID: null, ...overrides };
}

/** Services whose startup check signs `user` in with a valid session; `groups` are the id token's cognito:groups. */
export function signedInServices(user: UserRecord = userRecord(), groups: readonly string[] = []): ReturnType<typeof testServices> {
  const services = testServices();
  services.auth.fetchAuthSession.mockResolvedValue(signedInSession(user.userId, groups));
  services.data.validateSession.mockResolvedValue({ status: 'valid', message: 'Session is valid', session: sessionRecord({ userId: user.userId }) });
  services.data.loadUser.mockResolvedValue({ user, config: null });
  return services;
}

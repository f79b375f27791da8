// ListUserSessions (the signed-in user's own, with their access token) and AdminListUserSessions:
// the user's live token and SSO sessions in Cognito's SessionDescriptionType, one page of at most 125.
import { epochSeconds } from '../../time/clock.js';
import { adminTarget } from '../admin/admin-target.js';
import { fail } from '../../errors/catalogue.js';
import { defineOperation } from '../operations/operation.js';
import { authenticatedUser } from '../users/authenticated-user.js';
import { accessTokenSchema, object, optional, string, userPoolIdSchema, usernameSchema } from '../wire/input-schema.js';
import { requireSessionTracking } from './session-configuration.js';
import { listUserSessions, sessionIdOf, type UserSession } from './user-session-repository.js';

const nextToken = optional(string({ min: 1, max: 131072, pattern: /^[\S]+$/ }));

/** Every list is one page: no NextToken is handed out, so none can come back. */
function refuseNextToken(token: string | undefined): void {
  if (token !== undefined) throw fail('InvalidParameterException', 'Invalid pagination token.');
}

/** A session as SessionDescriptionType; IsCurrentSession for the token session `currentOriginJti` belongs to. */
export function describeSession(session: UserSession, currentOriginJti?: string): Record<string, unknown> {
  return {
    SessionId: sessionIdOf(session),
    SessionType: session.type,
    ClientId: session.clientId,
    CreateDate: epochSeconds(session.createdAt),
    LastActiveDate: epochSeconds(session.lastActiveAt),
    ...(session.deviceType !== null ? { DeviceType: session.deviceType } : {}),
    ...(session.ip !== null ? { LastIPAddress: session.ip } : {}),
    ...(session.hostedSessionId !== null ? { OriginSessionId: sessionIdOf({ type: 'SSO', key: session.hostedSessionId }) } : {}),
    IsCurrentSession: session.type === 'TOKEN' && session.key === currentOriginJti,
  };
}

/** ListUserSessions: the caller's sessions across every app client of the pool. */
export const listUserSessionsOperation = defineOperation('ListUserSessions', object({ AccessToken: accessTokenSchema, NextToken: nextToken }))
  .step('caller', (ctx, i) => authenticatedUser(ctx, i.AccessToken))
  .do('require session tracking', (_ctx, _i, s) => requireSessionTracking(s.caller.pool))
  .do('one page only', (_ctx, i) => refuseNextToken(i.NextToken))
  .step('sessions', (ctx, _i, s) => listUserSessions(ctx.db, s.caller.user.sub, ctx.clock.now()))
  .respond((_ctx, _i, s) => ({ Sessions: s.sessions.map((session) => describeSession(session, s.caller.claims.origin_jti)) }));

/** AdminListUserSessions: a user's sessions, as an administrator. */
export const adminListUserSessions = defineOperation('AdminListUserSessions', object({ UserPoolId: userPoolIdSchema, Username: usernameSchema, NextToken: nextToken }), {
  access: 'admin',
})
  .step('target', (ctx, i) => adminTarget(ctx, i.UserPoolId, i.Username))
  .do('require session tracking', (_ctx, _i, s) => requireSessionTracking(s.target.pool))
  .do('one page only', (_ctx, i) => refuseNextToken(i.NextToken))
  .step('sessions', (ctx, _i, s) => listUserSessions(ctx.db, s.target.user.sub, ctx.clock.now()))
  .respond((_ctx, _i, s) => ({ Sessions: s.sessions.map((session) => describeSession(session)) }));

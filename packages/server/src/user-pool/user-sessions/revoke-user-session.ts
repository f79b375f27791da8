// RevokeUserSession (one of the signed-in user's other sessions: a lost or stolen device) and
// AdminRevokeUserSession. The session's refresh token stops working at once, and so do its access
// and id tokens (every check reads the sign-in they came from); the user's other sessions go on.
import { operationEvent } from '../../audit/operation-audit.js';
import { fail } from '../../errors/catalogue.js';
import { processRevocations } from '../../tokens/revocation-feed.js';
import { adminTarget } from '../admin/admin-target.js';
import { defineOperation } from '../operations/operation.js';
import { authenticatedUser } from '../users/authenticated-user.js';
import { accessTokenSchema, enumeration, object, optional, string, userPoolIdSchema, usernameSchema } from '../wire/input-schema.js';
import { requireSessionTracking } from './session-configuration.js';
import { parseSessionId, revokeUserSession } from './user-session-repository.js';

const sessionMembers = {
  SessionId: string({ min: 1, max: 128 }),
  // LINKED also ends the linked sessions: an SSO session's token sessions, a token session's SSO session.
  RevokeAssociatedSessions: optional(enumeration(['NONE', 'LINKED'] as const)),
};

/** RevokeUserSession: the caller revokes another of their own sessions (not the one their access token belongs to). */
export const revokeUserSessionOperation = defineOperation('RevokeUserSession', object({ AccessToken: accessTokenSchema, ...sessionMembers }))
  .step('caller', (ctx, i) => authenticatedUser(ctx, i.AccessToken))
  .do('require session tracking', (_ctx, _i, s) => requireSessionTracking(s.caller.pool))
  .step('session', (_ctx, i) => parseSessionId(i.SessionId))
  .do('keep the current session', (_ctx, _i, s) => {
    if (s.session.type === 'TOKEN' && s.session.key === s.caller.claims.origin_jti) {
      throw fail('InvalidParameterException', 'The session that the access token belongs to cannot be revoked with RevokeUserSession; use GlobalSignOut or RevokeToken.');
    }
  })
  .do('revoke the session', (ctx, i, s) =>
    ctx.audit.change(
      (tx) => revokeUserSession(tx, s.caller.user.sub, s.session, ctx.clock.now(), i.RevokeAssociatedSessions === 'LINKED'),
      (ended) => operationEvent(ctx, 'session.revoked', s.caller.user, { details: { sessionId: i.SessionId, sessionType: s.session.type, sessionsEnded: ended } }),
    ),
  )
  .do('announce the revocation', (_ctx, _i, s) => processRevocations.publish({ sub: s.caller.user.sub }))
  .respond(() => ({}));

/** AdminRevokeUserSession: an administrator revokes one session of a user. */
export const adminRevokeUserSession = defineOperation('AdminRevokeUserSession', object({ UserPoolId: userPoolIdSchema, Username: usernameSchema, ...sessionMembers }), {
  access: 'admin',
})
  .step('target', (ctx, i) => adminTarget(ctx, i.UserPoolId, i.Username))
  .do('require session tracking', (_ctx, _i, s) => requireSessionTracking(s.target.pool))
  .step('session', (_ctx, i) => parseSessionId(i.SessionId))
  .do('revoke the session', (ctx, i, s) =>
    ctx.audit.change(
      (tx) => revokeUserSession(tx, s.target.user.sub, s.session, ctx.clock.now(), i.RevokeAssociatedSessions === 'LINKED'),
      (ended) => operationEvent(ctx, 'admin.user.session_revoked', s.target.user, { details: { sessionId: i.SessionId, sessionType: s.session.type, sessionsEnded: ended } }),
    ),
  )
  .do('announce the revocation', (_ctx, _i, s) => processRevocations.publish({ sub: s.target.user.sub }))
  .respond(() => ({}));

// AdminListUserAuthEvents: a user's authentication events (sign-ins, sign-up, password resets and
// changes, resent codes), newest first, answered from the audit trail in Cognito's AuthEventType shape.
import { AUTH_EVENT_TYPES, toAuthEvent } from '../../audit/auth-events.js';
import { parseAuditToken, searchAuditLog } from '../../audit/audit-search.js';
import { defineOperation } from '../operations/operation.js';
import { integer, object, optional, string, userPoolIdSchema, usernameSchema } from '../wire/input-schema.js';
import { adminTarget } from './admin-target.js';

/** AdminListUserAuthEvents (MaxResults 0..60, 0 or absent: 60; NextToken from the previous page). */
export const adminListUserAuthEvents = defineOperation(
  'AdminListUserAuthEvents',
  object({ UserPoolId: userPoolIdSchema, Username: usernameSchema, MaxResults: optional(integer(0, 60)), NextToken: optional(string({ min: 1, max: 64 })) }),
  { access: 'admin' },
)
  .step('before', (_ctx, i) => (i.NextToken === undefined ? undefined : parseAuditToken(i.NextToken)))
  .step('target', (ctx, i) => adminTarget(ctx, i.UserPoolId, i.Username))
  .step('page', (ctx, i, s) =>
    searchAuditLog(ctx.db, {
      subjectSub: s.target.user.sub,
      actions: Object.keys(AUTH_EVENT_TYPES),
      limit: i.MaxResults === undefined || i.MaxResults === 0 ? 60 : i.MaxResults,
      ...(s.before !== undefined ? { before: s.before } : {}),
    }),
  )
  .respond((_ctx, _i, s) => ({ AuthEvents: s.page.events.map(toAuthEvent), ...(s.page.nextToken !== null ? { NextToken: s.page.nextToken } : {}) }));

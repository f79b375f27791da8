// AdminDeleteSoftwareToken: an administrator removes a user's authenticator app (a lost or reset
// phone). The verified TOTP secret and any pending one go, TOTP MFA is off and no longer preferred;
// the user's next sign-in asks for another MFA method they have, or MFA_SETUP when the pool requires
// MFA and they have none left, and AssociateSoftwareToken registers a new authenticator.
import { operationEvent } from '../../audit/operation-audit.js';
import { defineOperation } from '../operations/operation.js';
import { mfaChanges } from '../users/mfa-preferences.js';
import { updateUser } from '../users/user-repository.js';
import { object, userPoolIdSchema, usernameSchema } from '../wire/input-schema.js';
import { adminTarget } from './admin-target.js';

/** AdminDeleteSoftwareToken. A user without an authenticator is left as is (the call succeeds: the outcome asked for holds). */
export const adminDeleteSoftwareToken = defineOperation('AdminDeleteSoftwareToken', object({ UserPoolId: userPoolIdSchema, Username: usernameSchema }), { access: 'admin' })
  .step('target', (ctx, i) => adminTarget(ctx, i.UserPoolId, i.Username))
  .do('remove the authenticator', (ctx, _i, s) =>
    ctx.audit.change(
      (tx) =>
        updateUser(
          tx,
          s.target.user.sub,
          {
            totpSecret: null,
            totpPendingSecret: null,
            softwareTokenMfaEnabled: false,
            ...(s.target.user.preferredMfa === 'SOFTWARE_TOKEN_MFA' ? { preferredMfa: null } : {}),
          },
          ctx.clock.now(),
        ),
      (after) =>
        operationEvent(ctx, 'admin.user.software_token_deleted', s.target.user, {
          changes: mfaChanges(s.target.user, after),
          details: { hadAuthenticator: s.target.user.totpSecret !== null },
        }),
    ),
  )
  .respond(() => ({}));

import { fieldChanges } from '../../audit/audit-event.js';
import { operationEvent } from '../../audit/operation-audit.js';
import { fail } from '../../errors/catalogue.js';
import { discardCode } from '../codes/one-time-codes.js';
import { defineOperation } from '../operations/operation.js';
import { mfaChanges, mfaPreferencePatch, mfaSettingsSchema } from '../users/mfa-preferences.js';
import { runPostConfirmation } from '../triggers/post-confirmation.js';
import { findUserBySub, updateUser } from '../users/user-repository.js';
import { clientMetadataSchema, object, optional, userPoolIdSchema, usernameSchema } from '../wire/input-schema.js';
import { refuseSelfLockout, keepingAnEnabledAdmin } from './admin-safeguards.js';
import { adminTarget } from './admin-target.js';

const userInput = object({ UserPoolId: userPoolIdSchema, Username: usernameSchema });

/** AdminDisableUser: the user can no longer sign in; every existing sign-in is revoked. */
export const adminDisableUser = defineOperation('AdminDisableUser', userInput, { access: 'admin' })
  .step('target', (ctx, i) => adminTarget(ctx, i.UserPoolId, i.Username))
  .do('refuse disabling yourself', (ctx, _i, s) => refuseSelfLockout(ctx, s.target.user, 'disable'))
  .do('disable the user, keeping an enabled admin', (ctx, _i, s) =>
    keepingAnEnabledAdmin(ctx, s.target.user, (tx) =>
      ctx.audit.within(tx, (q) => updateUser(q, s.target.user.sub, { enabled: false }, ctx.clock.now()), () => operationEvent(ctx, 'admin.user.disabled', s.target.user, { changes: fieldChanges({ enabled: s.target.user.enabled }, { enabled: false }) })),
    ),
  )
  .do('revoke existing sign-ins', (ctx, _i, s) => ctx.tokens.revokeAllForUser(s.target.user.sub))
  .respond(() => ({}));

/** AdminEnableUser. */
export const adminEnableUser = defineOperation('AdminEnableUser', userInput, { access: 'admin' })
  .step('target', (ctx, i) => adminTarget(ctx, i.UserPoolId, i.Username))
  .do('enable the user', (ctx, _i, s) =>
    ctx.audit.change(
      (tx) => updateUser(tx, s.target.user.sub, { enabled: true }, ctx.clock.now()),
      () => operationEvent(ctx, 'admin.user.enabled', s.target.user, { changes: fieldChanges({ enabled: s.target.user.enabled }, { enabled: true }) }),
    ),
  )
  .respond(() => ({}));

/** AdminUserGlobalSignOut: revokes every sign-in of the user. */
export const adminUserGlobalSignOut = defineOperation('AdminUserGlobalSignOut', userInput, { access: 'admin' })
  .step('target', (ctx, i) => adminTarget(ctx, i.UserPoolId, i.Username))
  .do('revoke all sign-ins of the user', (ctx, _i, s) =>
    ctx.audit.change(
      (tx) => ctx.tokens.revokeAllForUser(s.target.user.sub, tx),
      (revoked) => operationEvent(ctx, 'admin.user.signed_out', s.target.user, { details: { signInsRevoked: revoked } }),
    ),
  )
  .respond(() => ({}));

/** AdminSetUserMFAPreference: enables/disables SMS, TOTP and email MFA and picks the preferred one. */
export const adminSetUserMfaPreference = defineOperation(
  'AdminSetUserMFAPreference',
  object({
    UserPoolId: userPoolIdSchema,
    Username: usernameSchema,
    SMSMfaSettings: mfaSettingsSchema,
    SoftwareTokenMfaSettings: mfaSettingsSchema,
    EmailMfaSettings: mfaSettingsSchema,
  }),
  { access: 'admin' },
)
  .step('target', (ctx, i) => adminTarget(ctx, i.UserPoolId, i.Username))
  .do('apply the preferences', (ctx, i, s) =>
    ctx.audit.change(
      (tx) => updateUser(tx, s.target.user.sub, mfaPreferencePatch(s.target.user, i), ctx.clock.now()),
      (after) => operationEvent(ctx, 'admin.user.mfa_preferences_set', s.target.user, { changes: mfaChanges(s.target.user, after) }),
    ),
  )
  .respond(() => ({}));

/** AdminConfirmSignUp: confirms an unconfirmed user without a code. */
export const adminConfirmSignUp = defineOperation(
  'AdminConfirmSignUp',
  object({ UserPoolId: userPoolIdSchema, Username: usernameSchema, ClientMetadata: optional(clientMetadataSchema) }),
  { access: 'admin' },
)
  .step('target', (ctx, i) => adminTarget(ctx, i.UserPoolId, i.Username))
  .do('require an unconfirmed user', (_ctx, _i, s) => {
    if (s.target.user.status !== 'UNCONFIRMED') throw fail('NotAuthorizedException', `User cannot be confirmed. Current status is ${s.target.user.status}`);
  })
  .do('confirm the user', async (ctx, _i, s) => {
    await ctx.audit.change(
      (tx) => updateUser(tx, s.target.user.sub, { status: 'CONFIRMED' }, ctx.clock.now()),
      () => operationEvent(ctx, 'admin.user.confirmed', s.target.user, { changes: fieldChanges({ status: s.target.user.status }, { status: 'CONFIRMED' }) }),
    );
    await discardCode(ctx, s.target.user.sub, 'SIGN_UP');
  })
  // After the commit: the user stays confirmed when the handler fails (as in Cognito).
  .do('tell PostConfirmation', async (ctx, i, s) => {
    const user = await findUserBySub(ctx.db, s.target.user.sub);
    if (user !== undefined) await runPostConfirmation(ctx, s.target.pool, { source: 'PostConfirmation_ConfirmSignUp', user, clientId: undefined, clientMetadata: i.ClientMetadata });
  })
  .respond(() => ({}));

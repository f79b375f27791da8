import { fieldChanges } from '../../audit/audit-event.js';
import { operationEvent } from '../../audit/operation-audit.js';
import { addSeconds } from '../../time/clock.js';
import { sendResetCode } from '../accounts/forgot-password.js';
import { defineOperation } from '../operations/operation.js';
import { assertPasswordConforms } from '../users/password-policy.js';
import { setPassword } from '../users/set-password.js';
import { updateUser } from '../users/user-repository.js';
import { boolean, clientMetadataSchema, object, optional, passwordSchema, userPoolIdSchema, usernameSchema } from '../wire/input-schema.js';
import { adminTarget } from './admin-target.js';

/** AdminSetUserPassword: Permanent → CONFIRMED; otherwise a temporary password (FORCE_CHANGE_PASSWORD). */
export const adminSetUserPassword = defineOperation(
  'AdminSetUserPassword',
  object({ UserPoolId: userPoolIdSchema, Username: usernameSchema, Password: passwordSchema, Permanent: optional(boolean()) }),
  { access: 'admin' },
)
  .step('target', (ctx, i) => adminTarget(ctx, i.UserPoolId, i.Username))
  .do('check the password policy', (_ctx, i, s) => assertPasswordConforms(i.Password, s.target.pool.passwordPolicy))
  .do('set the password', (ctx, i, s) =>
    i.Permanent === true
      ? setPassword(ctx, s.target.user, i.Password, 'CONFIRMED', { audit: operationEvent(ctx, 'admin.user.password_set', s.target.user, { details: { permanent: true } }) })
      : setPassword(ctx, s.target.user, i.Password, 'FORCE_CHANGE_PASSWORD', {
          temporaryPasswordExpiresAt: addSeconds(ctx.clock.now(), s.target.pool.passwordPolicy.temporaryPasswordValidityDays * 86400),
          audit: operationEvent(ctx, 'admin.user.password_set', s.target.user, { details: { permanent: false } }),
        }),
  )
  .respond(() => ({}));

/** AdminResetUserPassword: status RESET_REQUIRED, existing sign-ins revoked, a reset code sent to the verified email/phone. */
export const adminResetUserPassword = defineOperation(
  'AdminResetUserPassword',
  object({ UserPoolId: userPoolIdSchema, Username: usernameSchema, ClientMetadata: optional(clientMetadataSchema) }),
  { access: 'admin' },
)
  .step('target', (ctx, i) => adminTarget(ctx, i.UserPoolId, i.Username))
  .do('send the reset code', (ctx, _i, s) => sendResetCode(ctx, s.target.user))
  .do('require a reset', (ctx, _i, s) =>
    ctx.audit.change(
      (tx) => updateUser(tx, s.target.user.sub, { status: 'RESET_REQUIRED' }, ctx.clock.now()),
      () => operationEvent(ctx, 'admin.user.password_reset', s.target.user, { changes: fieldChanges({ status: s.target.user.status }, { status: 'RESET_REQUIRED' }) }),
    ),
  )
  .do('revoke existing sign-ins', (ctx, _i, s) => ctx.tokens.revokeAllForUser(s.target.user.sub))
  .respond(() => ({}));

import type { AuditEvent } from '../../audit/audit-event.js';
import { operationEvent } from '../../audit/operation-audit.js';
import { fail } from '../../errors/catalogue.js';
import { sendCode } from '../codes/code-delivery.js';
import { guessDecoyCode, sendDecoyCode } from '../codes/decoy-codes.js';
import { consumeCode } from '../codes/one-time-codes.js';
import type { OperationContext } from '../operations/operation-context.js';
import { defineOperation } from '../operations/operation.js';
import { requireClient } from '../pools/pool-repository.js';
import { assertPasswordConforms } from '../users/password-policy.js';
import { setPassword } from '../users/set-password.js';
import { runPostConfirmation } from '../triggers/post-confirmation.js';
import { migrateUser, migratesUsers } from '../triggers/user-migration.js';
import { findUserByLogin, findUserBySub, type UserRecord } from '../users/user-repository.js';
import { clientIdSchema, clientMetadataSchema, confirmationCodeSchema, object, optional, passwordSchema, secretHashSchema, usernameSchema } from '../wire/input-schema.js';

const forgotInput = object({
  ClientId: clientIdSchema,
  Username: usernameSchema,
  SecretHash: optional(secretHashSchema),
  ClientMetadata: optional(clientMetadataSchema),
});

/**
 * Sends a password-reset code to the user's verified email (else verified phone). Shared with
 * AdminResetUserPassword. `audit`: the event stored with the code.
 */
export async function sendResetCode(ctx: OperationContext, user: UserRecord, audit?: AuditEvent) {
  const recorded = audit !== undefined ? { audit } : {};
  if (user.attributes.email_verified === 'true' && (user.attributes.email ?? '') !== '') return sendCode(ctx, { user, purpose: 'FORGOT_PASSWORD', channel: 'email', ...recorded });
  if (user.attributes.phone_number_verified === 'true' && (user.attributes.phone_number ?? '') !== '') return sendCode(ctx, { user, purpose: 'FORGOT_PASSWORD', channel: 'sms', ...recorded });
  throw fail('InvalidParameterException', 'Cannot reset password for the user as there is no registered/verified email or phone_number');
}

/** ForgotPassword: sends a reset code. */
export const forgotPassword = defineOperation('ForgotPassword', forgotInput)
  .step('found', (ctx, i) => requireClient(ctx, i.ClientId))
  .step('user', async (ctx, i, s) => {
    const user = await findUserByLogin(ctx.db, s.found.pool, i.Username);
    // Not in the pool yet: UserMigration may bring them in (RESET_REQUIRED), and the code goes to them.
    if (user !== undefined || !migratesUsers(s.found.pool)) return user;
    return migrateUser(ctx, s.found, { login: i.Username, password: null, clientMetadata: i.ClientMetadata });
  })
  .step('delivery', async (ctx, i, s) => {
    const user = s.user;
    if (user === undefined) {
      if (!s.found.client.preventUserExistenceErrors) throw fail('UserNotFoundException', 'Username/client id combination not found.');
      return sendDecoyCode(ctx, s.found.pool, i.Username, 'FORGOT_PASSWORD');
    }
    if (!user.enabled) throw fail('NotAuthorizedException', 'User is disabled.');
    if (user.status === 'FORCE_CHANGE_PASSWORD') throw fail('NotAuthorizedException', 'User password cannot be reset in the current state.');
    return sendResetCode(ctx, user, operationEvent(ctx, 'password.reset_requested', user));
  })
  .respond((_ctx, _i, s) => ({ CodeDeliveryDetails: s.delivery }));

const confirmInput = object({
  ClientId: clientIdSchema,
  Username: usernameSchema,
  ConfirmationCode: confirmationCodeSchema,
  Password: passwordSchema,
  SecretHash: optional(secretHashSchema),
  ClientMetadata: optional(clientMetadataSchema),
});

/** ConfirmForgotPassword: checks the reset code and sets the new password. */
export const confirmForgotPassword = defineOperation('ConfirmForgotPassword', confirmInput)
  .step('found', (ctx, i) => requireClient(ctx, i.ClientId))
  .step('user', async (ctx, i, s) => {
    const user = await findUserByLogin(ctx.db, s.found.pool, i.Username);
    if (user !== undefined) return user;
    if (!s.found.client.preventUserExistenceErrors) throw fail('UserNotFoundException', 'Username/client id combination not found.');
    return guessDecoyCode(ctx, s.found.pool, i.Username, 'FORGOT_PASSWORD');
  })
  .do('require an enabled user', (_ctx, _i, s) => {
    if (!s.user.enabled) throw fail('NotAuthorizedException', 'User is disabled.');
  })
  .do('check the password policy', (_ctx, i, s) => assertPasswordConforms(i.Password, s.found.pool.passwordPolicy))
  .do('check the reset code', (ctx, i, s) => consumeCode(ctx, { user: s.user, purpose: 'FORGOT_PASSWORD', code: i.ConfirmationCode }))
  .do('set the new password', (ctx, i, s) =>
    setPassword(ctx, s.user, i.Password, s.user.status === 'UNCONFIRMED' ? 'UNCONFIRMED' : 'CONFIRMED', { audit: operationEvent(ctx, 'password.reset', s.user) }),
  )
  // After the commit: the new password stays set when the handler fails (as in Cognito).
  .do('tell PostConfirmation', async (ctx, i, s) => {
    const user = await findUserBySub(ctx.db, s.user.sub);
    if (user !== undefined) await runPostConfirmation(ctx, s.found.pool, { source: 'PostConfirmation_ConfirmForgotPassword', user, clientId: i.ClientId, clientMetadata: i.ClientMetadata });
  })
  .respond(() => ({}));

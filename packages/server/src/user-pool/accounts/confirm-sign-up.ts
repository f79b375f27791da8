import { operationEvent } from '../../audit/operation-audit.js';
import { fail } from '../../errors/catalogue.js';
import { sendCode, preferredChannel } from '../codes/code-delivery.js';
import { guessDecoyCode, sendDecoyCode } from '../codes/decoy-codes.js';
import { consumeCode } from '../codes/one-time-codes.js';
import { defineOperation } from '../operations/operation.js';
import { requireClient } from '../pools/pool-repository.js';
import { runPostConfirmation } from '../triggers/post-confirmation.js';
import { findUserByLogin, findUserBySub, updateUser } from '../users/user-repository.js';
import { boolean, clientIdSchema, clientMetadataSchema, confirmationCodeSchema, object, optional, secretHashSchema, string, usernameSchema } from '../wire/input-schema.js';

const confirmInput = object({
  ClientId: clientIdSchema,
  Username: usernameSchema,
  ConfirmationCode: confirmationCodeSchema,
  SecretHash: optional(secretHashSchema),
  ForceAliasCreation: optional(boolean()),
  ClientMetadata: optional(clientMetadataSchema),
  Session: optional(string({ max: 2048 })),
});

/** ConfirmSignUp: checks the emailed code and confirms the user (email becomes verified). */
export const confirmSignUp = defineOperation('ConfirmSignUp', confirmInput)
  .step('found', (ctx, i) => requireClient(ctx, i.ClientId))
  .step('user', async (ctx, i, s) => {
    const user = await findUserByLogin(ctx.db, s.found.pool, i.Username);
    if (user !== undefined) return user;
    if (!s.found.client.preventUserExistenceErrors) throw fail('UserNotFoundException', 'Username/client id combination not found.');
    return guessDecoyCode(ctx, s.found.pool, i.Username, 'SIGN_UP');
  })
  .do('require an unconfirmed user', (_ctx, _i, s) => {
    if (s.user.status !== 'UNCONFIRMED') throw fail('NotAuthorizedException', `User cannot be confirmed. Current status is ${s.user.status}`);
  })
  .do('use the code to confirm the user and verify the destination', (ctx, i, s) =>
    consumeCode(ctx, {
      user: s.user,
      purpose: 'SIGN_UP',
      code: i.ConfirmationCode,
      // With the code's use, in one transaction: a code used up without confirming would leave the user unconfirmable with the code they hold.
      whenUsed: (tx, destination) => {
        const verifiedFlag = destination.includes('@') ? 'email_verified' : 'phone_number_verified';
        return ctx.audit.within(
          tx,
          (q) => updateUser(q, s.user.sub, { status: 'CONFIRMED', attributes: { ...s.user.attributes, [verifiedFlag]: 'true' } }, ctx.clock.now()),
          () => operationEvent(ctx, 'sign_up.confirmed', s.user),
        );
      },
    }),
  )
  // After the commit: as in Cognito, the user stays confirmed when the handler fails.
  .do('tell PostConfirmation', async (ctx, i, s) => {
    const user = await findUserBySub(ctx.db, s.user.sub);
    if (user !== undefined) await runPostConfirmation(ctx, s.found.pool, { source: 'PostConfirmation_ConfirmSignUp', user, clientId: i.ClientId, clientMetadata: i.ClientMetadata });
  })
  .respond(() => ({}));

const resendInput = object({
  ClientId: clientIdSchema,
  Username: usernameSchema,
  SecretHash: optional(secretHashSchema),
  ClientMetadata: optional(clientMetadataSchema),
});

/** ResendConfirmationCode: a new sign-up code for an unconfirmed user (the old one stops working). */
export const resendConfirmationCode = defineOperation('ResendConfirmationCode', resendInput)
  .step('found', (ctx, i) => requireClient(ctx, i.ClientId))
  .step('user', (ctx, i, s) => findUserByLogin(ctx.db, s.found.pool, i.Username))
  .step('delivery', async (ctx, i, s) => {
    if (s.user === undefined) {
      if (!s.found.client.preventUserExistenceErrors) throw fail('UserNotFoundException', 'Username/client id combination not found.');
      // The same answer as for a real user, and the "sent" code guessed as a real one.
      return sendDecoyCode(ctx, s.found.pool, i.Username, 'SIGN_UP');
    }
    if (s.user.status !== 'UNCONFIRMED') throw fail('InvalidParameterException', 'User is already confirmed.');
    return sendCode(ctx, { user: s.user, purpose: 'SIGN_UP', channel: preferredChannel(s.user), clientId: i.ClientId, audit: operationEvent(ctx, 'sign_up.code_resent', s.user), source: 'ResendCode' });
  })
  .respond((_ctx, _i, s) => ({ CodeDeliveryDetails: s.delivery }));

import { operationEvent } from '../../audit/operation-audit.js';
import { fail } from '../../errors/catalogue.js';
import { codeDestination, deliverCode, type DeliveryChannel } from '../codes/code-delivery.js';
import { issueCode } from '../codes/one-time-codes.js';
import { defineOperation } from '../operations/operation.js';
import { allowsSignUp } from '../pools/pool-settings.js';
import { requireClient } from '../pools/pool-repository.js';
import { claimSignInName, newUserName, withSignInAttribute } from '../pools/username-attributes.js';
import { assertRequiredAttributes, checkAttributeWrites } from '../users/attributes.js';
import { newUserWithPassword, storeNewUser } from '../users/create-user.js';
import { assertPasswordConforms } from '../users/password-policy.js';
import { aliasTakenBy, findUserByUsername } from '../users/user-repository.js';
import { applyAutoVerify, runPreSignUp } from '../triggers/pre-sign-up.js';
import { attributeMap } from '../triggers/trigger-event.js';
import { attributeListSchema, clientIdSchema, clientMetadataSchema, object, optional, passwordSchema, secretHashSchema, usernameSchema } from '../wire/input-schema.js';

const input = object({
  ClientId: clientIdSchema,
  Username: usernameSchema,
  Password: optional(passwordSchema),
  SecretHash: optional(secretHashSchema),
  UserAttributes: optional(attributeListSchema),
  ValidationData: optional(attributeListSchema),
  ClientMetadata: optional(clientMetadataSchema),
});

/** SignUp: creates an UNCONFIRMED user and emails a confirmation code. */
export const signUp = defineOperation('SignUp', input)
  .step('found', (ctx, i) => requireClient(ctx, i.ClientId))
  .do('refuse when only administrators create users', (_ctx, _i, s) => {
    if (!allowsSignUp(s.found.pool)) throw fail('NotAuthorizedException', 'SignUp is not permitted for this user pool');
  })
  .do('require a password', (_ctx, i) => {
    // The spec: "A server complaint about a null password becomes this message".
    if (i.Password === undefined) throw fail('InvalidParameterException', 'Password cannot be empty');
  })
  .step('attributes', (_ctx, i, s) => {
    const attributes = checkAttributeWrites(s.found.pool, i.UserAttributes ?? [], { writer: 'user', client: s.found.client, creating: true });
    assertRequiredAttributes(s.found.pool, withSignInAttribute(s.found.pool, i.Username, attributes));
    return attributes;
  })
  .do('check the password policy', (_ctx, i, s) => assertPasswordConforms(i.Password ?? '', s.found.pool.passwordPolicy))
  .step('named', (ctx, i, s) => newUserName(ctx.db, s.found.pool, i.Username, s.attributes))
  .do('check the username is free', async (ctx, i, s) => {
    if ((await findUserByUsername(ctx.db, s.found.pool.id, i.Username)) !== undefined) throw fail('UsernameExistsException', 'User already exists');
    if (i.Username.includes('@') && s.found.pool.aliasAttributes.includes('email') && (await aliasTakenBy(ctx.db, s.found.pool, 'email', i.Username)) !== undefined) {
      throw fail('UsernameExistsException', 'User already exists');
    }
  })
  // After the checks of its own, as Cognito: the trigger sees only sign-ups that would otherwise succeed.
  .step('preSignUp', (ctx, i, s) =>
    runPreSignUp(ctx, s.found.pool, { source: 'PreSignUp_SignUp', username: s.named.username, clientId: i.ClientId, userAttributes: s.named.attributes, validationData: attributeMap(i.ValidationData), clientMetadata: i.ClientMetadata }),
  )
  .step('finalAttributes', (_ctx, _i, s) => applyAutoVerify(s.named.attributes, s.preSignUp))
  // A pool without auto-verified attributes sends no code, as Cognito's: an administrator confirms the user.
  .step('channel', (_ctx, _i, s): DeliveryChannel | undefined =>
    s.found.pool.autoVerifiedAttributes.length === 0 ? undefined : s.found.pool.autoVerifiedAttributes.includes('email') && (s.finalAttributes.email ?? '') !== '' ? 'email' : 'sms',
  )
  .step('newUser', (_ctx, i, s) =>
    newUserWithPassword({ pool: s.found.pool, username: s.named.username, password: i.Password ?? '', attributes: s.finalAttributes, status: s.preSignUp.autoConfirmUser ? 'CONFIRMED' : 'UNCONFIRMED' }),
  )
  // Confirmed by PreSignUp, or no attribute to verify: no code to confirm with.
  .step('destination', (_ctx, _i, s) => (s.preSignUp.autoConfirmUser || s.channel === undefined ? undefined : codeDestination(s.newUser, s.channel)))
  .do('count the code sent', (ctx, _i, s) => (s.destination === undefined ? undefined : ctx.limits.assertCodeSendAllowed(s.newUser.sub, 'SIGN_UP')))
  .step('created', (ctx, _i, s) =>
    // The user and their code in one transaction: a process stopped between the two would leave a
    // name taken by a user who has no code to confirm with.
    ctx.audit.transaction(async (tx, audit) => {
      await claimSignInName(tx, s.named.signInName);
      const user = await storeNewUser(tx, s.newUser, ctx.clock.now());
      // Confirmed by PreSignUp: no code to confirm with.
      const code = s.destination === undefined ? undefined : await issueCode(ctx, { user, purpose: 'SIGN_UP', destination: s.destination }, tx);
      audit.record(operationEvent(ctx, 'sign_up', user, { details: { clientId: s.found.client.id, ...(s.preSignUp.autoConfirmUser ? { autoConfirmed: true } : {}) } }));
      return { user, code };
    }),
  )
  .step('delivery', (ctx, i, s) =>
    s.channel === undefined || s.created.code === undefined ? undefined : deliverCode(ctx, { user: s.created.user, purpose: 'SIGN_UP', channel: s.channel, code: s.created.code, clientId: i.ClientId }),
  )
  .respond((_ctx, _i, s) => ({ UserConfirmed: s.preSignUp.autoConfirmUser, UserSub: s.created.user.sub, ...(s.delivery !== undefined ? { CodeDeliveryDetails: s.delivery } : {}) }));

import { fieldChanges } from '../../audit/audit-event.js';
import { operationEvent } from '../../audit/operation-audit.js';
import { fail } from '../../errors/catalogue.js';
import { sendCode } from '../codes/code-delivery.js';
import { consumeCode } from '../codes/one-time-codes.js';
import { defineOperation } from '../operations/operation.js';
import { authenticatedUser } from '../users/authenticated-user.js';
import { aliasTakenBy, updateUser } from '../users/user-repository.js';
import { accessTokenSchema, clientMetadataSchema, confirmationCodeSchema, enumeration, object, optional } from '../wire/input-schema.js';

const verifiable = enumeration(['email', 'phone_number'] as const);

/** GetUserAttributeVerificationCode: sends a code to the caller's email or phone number. */
export const getUserAttributeVerificationCode = defineOperation(
  'GetUserAttributeVerificationCode',
  object({ AccessToken: accessTokenSchema, AttributeName: verifiable, ClientMetadata: optional(clientMetadataSchema) }),
)
  .step('caller', (ctx, i) => authenticatedUser(ctx, i.AccessToken))
  .step('delivery', (ctx, i, s) =>
    sendCode(ctx, { user: s.caller.user, purpose: `VERIFY_ATTRIBUTE:${i.AttributeName}`, channel: i.AttributeName === 'email' ? 'email' : 'sms' }),
  )
  .respond((_ctx, _i, s) => ({ CodeDeliveryDetails: s.delivery }));

/** VerifyUserAttribute: checks the code and marks the email / phone number verified. */
export const verifyUserAttribute = defineOperation('VerifyUserAttribute', object({ AccessToken: accessTokenSchema, AttributeName: verifiable, Code: confirmationCodeSchema }))
  .step('caller', (ctx, i) => authenticatedUser(ctx, i.AccessToken))
  .step('code', (ctx, i, s) => consumeCode(ctx, { user: s.caller.user, purpose: `VERIFY_ATTRIBUTE:${i.AttributeName}`, code: i.Code }))
  .do('refuse a value another user verified (alias)', async (ctx, i, s) => {
    const value = s.caller.user.attributes[i.AttributeName];
    if (value === undefined || value !== s.code.destination) throw fail('CodeMismatchException', 'The code was sent for a different value of the attribute.');
    if (s.caller.pool.aliasAttributes.includes(i.AttributeName) && (await aliasTakenBy(ctx.db, s.caller.pool, i.AttributeName, value, s.caller.user.sub)) !== undefined) {
      throw fail('AliasExistsException', `An account with the given ${i.AttributeName} already exists.`);
    }
  })
  .do('mark the attribute verified', (ctx, i, s) => {
    const attributes = { ...s.caller.user.attributes, [`${i.AttributeName}_verified`]: 'true' };
    return ctx.audit.change(
      (tx) => updateUser(tx, s.caller.user.sub, { attributes }, ctx.clock.now()),
      () => operationEvent(ctx, 'user.attributes_changed', s.caller.user, { changes: fieldChanges(s.caller.user.attributes, attributes) }),
    );
  })
  .respond(() => ({}));

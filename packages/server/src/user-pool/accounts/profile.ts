import { fieldChanges } from '../../audit/audit-event.js';
import { operationEvent } from '../../audit/operation-audit.js';
import { fail } from '../../errors/catalogue.js';
import { keepingAnEnabledAdmin } from '../admin/admin-safeguards.js';
import { sendCode, type CodeDeliveryDetails } from '../codes/code-delivery.js';
import { defineOperation } from '../operations/operation.js';
import { attributesToWire, checkAttributeWrites } from '../users/attributes.js';
import { authenticatedUser } from '../users/authenticated-user.js';
import { deleteUser, updateUser } from '../users/user-repository.js';
import { mfaFields } from '../users/user-shapes.js';
import { accessTokenSchema, array, attributeListSchema, clientMetadataSchema, object, optional, string } from '../wire/input-schema.js';

/** GetUser: the caller's username, attributes and MFA settings. */
export const getUser = defineOperation('GetUser', object({ AccessToken: accessTokenSchema }))
  .step('caller', (ctx, i) => authenticatedUser(ctx, i.AccessToken))
  .respond((_ctx, _i, s) => ({ Username: s.caller.user.username, UserAttributes: attributesToWire(s.caller.user), ...mfaFields(s.caller.user) }));

/** UpdateUserAttributes: writes attributes; a changed email/phone becomes unverified and gets a verification code. */
export const updateUserAttributes = defineOperation(
  'UpdateUserAttributes',
  object({ AccessToken: accessTokenSchema, UserAttributes: attributeListSchema, ClientMetadata: optional(clientMetadataSchema) }),
)
  .step('caller', (ctx, i) => authenticatedUser(ctx, i.AccessToken))
  .step('changes', (_ctx, i, s) => checkAttributeWrites(s.caller.pool, i.UserAttributes, { writer: 'user', creating: false }))
  .step('user', async (ctx, _i, s) => {
    const before = s.caller.user.attributes;
    const next: Record<string, string> = { ...before, ...s.changes };
    if (s.changes.email !== undefined && s.changes.email !== before.email) next.email_verified = 'false';
    if (s.changes.phone_number !== undefined && s.changes.phone_number !== before.phone_number) next.phone_number_verified = 'false';
    return ctx.audit.change(
      (tx) => updateUser(tx, s.caller.user.sub, { attributes: next }, ctx.clock.now()),
      () => operationEvent(ctx, 'user.attributes_changed', s.caller.user, { changes: fieldChanges(before, next) }),
    );
  })
  .step('deliveries', async (ctx, _i, s) => {
    const list: CodeDeliveryDetails[] = [];
    const before = s.caller.user.attributes;
    if (s.changes.email !== undefined && s.changes.email !== before.email && s.caller.pool.autoVerifiedAttributes.includes('email')) {
      list.push(await sendCode(ctx, { user: s.user, purpose: 'VERIFY_ATTRIBUTE:email', channel: 'email', source: 'UpdateUserAttribute' }));
    }
    if (s.changes.phone_number !== undefined && s.changes.phone_number !== before.phone_number && s.caller.pool.autoVerifiedAttributes.includes('phone_number')) {
      list.push(await sendCode(ctx, { user: s.user, purpose: 'VERIFY_ATTRIBUTE:phone_number', channel: 'sms', source: 'UpdateUserAttribute' }));
    }
    return list;
  })
  .respond((_ctx, _i, s) => (s.deliveries.length > 0 ? { CodeDeliveryDetailsList: s.deliveries } : {}));

/** DeleteUserAttributes: removes attributes (never required ones or `sub`). */
export const deleteUserAttributes = defineOperation(
  'DeleteUserAttributes',
  object({ AccessToken: accessTokenSchema, UserAttributeNames: array(string({ min: 1, max: 32 }), { max: 100 }) }),
)
  .step('caller', (ctx, i) => authenticatedUser(ctx, i.AccessToken))
  .do('remove the attributes', async (ctx, i, s) => {
    const next: Record<string, string> = { ...s.caller.user.attributes };
    for (const name of i.UserAttributeNames) {
      if (name === 'sub' || s.caller.pool.requiredAttributes.includes(name)) throw fail('InvalidParameterException', `Cannot delete the required attribute ${name}`);
      delete next[name];
      if (name === 'email') delete next.email_verified;
      if (name === 'phone_number') delete next.phone_number_verified;
    }
    await ctx.audit.change(
      (tx) => updateUser(tx, s.caller.user.sub, { attributes: next }, ctx.clock.now()),
      () => operationEvent(ctx, 'user.attributes_changed', s.caller.user, { changes: fieldChanges(s.caller.user.attributes, next) }),
    );
  })
  .respond(() => ({}));

/** DeleteUser: the caller deletes their own account (tokens, devices and codes go with it). */
export const deleteOwnUser = defineOperation('DeleteUser', object({ AccessToken: accessTokenSchema }))
  .step('caller', (ctx, i) => authenticatedUser(ctx, i.AccessToken))
  .do('delete the user, keeping an enabled admin', (ctx, _i, s) =>
    keepingAnEnabledAdmin(ctx, s.caller.user, (tx) => ctx.audit.within(tx, (q) => deleteUser(q, s.caller.user.sub), () => operationEvent(ctx, 'user.deleted_self', s.caller.user))),
  )
  // Announced so caches of verified access tokens (the data API's) drop the deleted user at once.
  .do('revoke its sign-ins', async (ctx, _i, s) => void (await ctx.tokens.revokeAllForUser(s.caller.user.sub)))
  .respond(() => ({}));

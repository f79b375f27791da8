import { fieldChanges } from '../../audit/audit-event.js';
import { operationEvent } from '../../audit/operation-audit.js';
import { sendCode } from '../codes/code-delivery.js';
import { defineOperation } from '../operations/operation.js';
import { checkAttributeWrites } from '../users/attributes.js';
import { updateUser } from '../users/user-repository.js';
import { attributeListSchema, clientMetadataSchema, object, optional, userPoolIdSchema, usernameSchema } from '../wire/input-schema.js';
import { adminTarget } from './admin-target.js';

/** The contact attributes a changed value makes unverified, with their flag and delivery channel. */
const CONTACTS = [
  { name: 'email', flag: 'email_verified', channel: 'email' },
  { name: 'phone_number', flag: 'phone_number_verified', channel: 'sms' },
] as const;

/**
 * AdminUpdateUserAttributes: writes any attribute of the schema, the verified flags included. A
 * changed email or phone number becomes unverified unless the same call marks it verified; then, if
 * the pool auto-verifies it, a verification code goes to the new value (as Cognito does).
 */
export const adminUpdateUserAttributes = defineOperation(
  'AdminUpdateUserAttributes',
  object({ UserPoolId: userPoolIdSchema, Username: usernameSchema, UserAttributes: attributeListSchema, ClientMetadata: optional(clientMetadataSchema) }),
  { access: 'admin' },
)
  .step('target', (ctx, i) => adminTarget(ctx, i.UserPoolId, i.Username))
  .step('changes', (_ctx, i, s) => checkAttributeWrites(s.target.pool, i.UserAttributes, { writer: 'admin', creating: false }))
  .step('unverified', (_ctx, _i, s) =>
    CONTACTS.filter((c) => s.changes[c.name] !== undefined && s.changes[c.name] !== s.target.user.attributes[c.name] && s.changes[c.flag] !== 'true'),
  )
  .step('user', (ctx, _i, s) => {
    const next: Record<string, string> = { ...s.target.user.attributes, ...s.changes };
    for (const contact of s.unverified) next[contact.flag] = 'false';
    return ctx.audit.change(
      (tx) => updateUser(tx, s.target.user.sub, { attributes: next }, ctx.clock.now()),
      () => operationEvent(ctx, 'admin.user.attributes_changed', s.target.user, { changes: fieldChanges(s.target.user.attributes, next) }),
    );
  })
  .do('send verification codes', async (ctx, _i, s) => {
    for (const contact of s.unverified) {
      if (s.target.pool.autoVerifiedAttributes.includes(contact.name) && (s.changes[contact.name] ?? '') !== '') {
        await sendCode(ctx, { user: s.user, purpose: `VERIFY_ATTRIBUTE:${contact.name}`, channel: contact.channel, source: 'UpdateUserAttribute' });
      }
    }
  })
  .respond(() => ({}));

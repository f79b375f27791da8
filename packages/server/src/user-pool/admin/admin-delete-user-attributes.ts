import { fieldChanges } from '../../audit/audit-event.js';
import { operationEvent } from '../../audit/operation-audit.js';
import { fail } from '../../errors/catalogue.js';
import { defineOperation } from '../operations/operation.js';
import { updateUser } from '../users/user-repository.js';
import { array, object, string, userPoolIdSchema, usernameSchema } from '../wire/input-schema.js';
import { adminTarget } from './admin-target.js';

/** AdminDeleteUserAttributes: removes attributes (never `sub` or a required one); an email or phone number takes its verified flag with it. */
export const adminDeleteUserAttributes = defineOperation(
  'AdminDeleteUserAttributes',
  object({ UserPoolId: userPoolIdSchema, Username: usernameSchema, UserAttributeNames: array(string({ min: 1, max: 32 }), { max: 100 }) }),
  { access: 'admin' },
)
  .step('target', (ctx, i) => adminTarget(ctx, i.UserPoolId, i.Username))
  .do('remove the attributes', async (ctx, i, s) => {
    const next: Record<string, string> = { ...s.target.user.attributes };
    for (const name of i.UserAttributeNames) {
      if (name === 'sub' || s.target.pool.requiredAttributes.includes(name)) throw fail('InvalidParameterException', `Cannot delete the required attribute ${name}`);
      delete next[name];
      if (name === 'email') delete next.email_verified;
      if (name === 'phone_number') delete next.phone_number_verified;
    }
    await ctx.audit.change(
      (tx) => updateUser(tx, s.target.user.sub, { attributes: next }, ctx.clock.now()),
      () => operationEvent(ctx, 'admin.user.attributes_changed', s.target.user, { changes: fieldChanges(s.target.user.attributes, next) }),
    );
  })
  .respond(() => ({}));

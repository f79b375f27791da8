import { operationEvent } from '../../audit/operation-audit.js';
import { defineOperation } from '../operations/operation.js';
import { mfaOptionsPatch, mfaOptionsSchema } from '../users/mfa-options.js';
import { updateUser } from '../users/user-repository.js';
import { object, userPoolIdSchema, usernameSchema } from '../wire/input-schema.js';
import { adminTarget } from './admin-target.js';

/** AdminSetUserSettings: the legacy MFAOptions (SMS MFA on or off); AdminSetUserMFAPreference is the current way. */
export const adminSetUserSettings = defineOperation('AdminSetUserSettings', object({ UserPoolId: userPoolIdSchema, Username: usernameSchema, MFAOptions: mfaOptionsSchema }), {
  access: 'admin',
})
  .step('target', (ctx, i) => adminTarget(ctx, i.UserPoolId, i.Username))
  .do('apply the options', (ctx, i, s) =>
    ctx.audit.change(
      (tx) => updateUser(tx, s.target.user.sub, mfaOptionsPatch(s.target.user, i.MFAOptions), ctx.clock.now()),
      () => operationEvent(ctx, 'admin.user.mfa_preferences_set', s.target.user, { details: { via: 'AdminSetUserSettings' } }),
    ),
  )
  .respond(() => ({}));

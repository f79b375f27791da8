// SetUserMFAPreference: the signed-in user enables, disables and prefers SMS, TOTP and email MFA.
import { mfaChanges } from '../../users/mfa-preferences.js';
import { operationEvent } from '../../../audit/operation-audit.js';
import { defineOperation } from '../../operations/operation.js';
import { authenticatedUser } from '../../users/authenticated-user.js';
import { mfaPreferencePatch, mfaSettingsSchema } from '../../users/mfa-preferences.js';
import { updateUser } from '../../users/user-repository.js';
import { accessTokenSchema, object } from '../../wire/input-schema.js';

/** SetUserMFAPreference (shares its rules with AdminSetUserMFAPreference through users/mfa-preferences.ts). */
export const setUserMfaPreference = defineOperation(
  'SetUserMFAPreference',
  object({ AccessToken: accessTokenSchema, SMSMfaSettings: mfaSettingsSchema, SoftwareTokenMfaSettings: mfaSettingsSchema, EmailMfaSettings: mfaSettingsSchema }),
)
  .step('caller', (ctx, i) => authenticatedUser(ctx, i.AccessToken))
  .step('patch', (_ctx, i, s) => mfaPreferencePatch(s.caller.user, i))
  .do('store the preferences', (ctx, _i, s) =>
    ctx.audit.change(
      (tx) => updateUser(tx, s.caller.user.sub, s.patch, ctx.clock.now()),
      (after) => operationEvent(ctx, 'mfa.preferences_changed', s.caller.user, { changes: mfaChanges(s.caller.user, after) }),
    ),
  )
  .respond(() => ({}));

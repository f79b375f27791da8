import { defineOperation } from '../operations/operation.js';
import { authenticatedUser } from '../users/authenticated-user.js';
import { mfaOptionsPatch, mfaOptionsSchema } from '../users/mfa-options.js';
import { updateUser } from '../users/user-repository.js';
import { accessTokenSchema, object } from '../wire/input-schema.js';

/** SetUserSettings: the signed-in user's legacy MFAOptions (SMS MFA on or off). */
export const setUserSettings = defineOperation('SetUserSettings', object({ AccessToken: accessTokenSchema, MFAOptions: mfaOptionsSchema }))
  .step('caller', (ctx, i) => authenticatedUser(ctx, i.AccessToken))
  .do('apply the options', (ctx, i, s) => updateUser(ctx.db, s.caller.user.sub, mfaOptionsPatch(s.caller.user, i.MFAOptions), ctx.clock.now()))
  .respond(() => ({}));

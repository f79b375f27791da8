// What GetUserAuthFactors and AdminGetUserAuthFactors answer: the user's MFA settings and the
// sign-in factors they have set up.
import type { OperationContext } from '../../operations/operation-context.js';
import type { PoolRecord } from '../../pools/pool-repository.js';
import type { UserRecord } from '../../users/user-repository.js';
import { mfaFields } from '../../users/user-shapes.js';
import { availableFirstFactors } from './user-auth.js';

/** The response body of (Admin)GetUserAuthFactors. ConfiguredUserAuthFactors: PASSWORD, EMAIL_OTP, SMS_OTP, WEB_AUTHN (PASSWORD_SRP is the same factor). */
export async function userAuthFactors(ctx: OperationContext, pool: PoolRecord, user: UserRecord) {
  const factors = await availableFirstFactors(ctx, pool, user);
  const { PreferredMfaSetting, UserMFASettingList } = mfaFields(user);
  return {
    Username: user.username,
    ...(PreferredMfaSetting !== undefined ? { PreferredMfaSetting } : {}),
    UserMFASettingList,
    ConfiguredUserAuthFactors: factors.filter((f) => f !== 'PASSWORD_SRP'),
  };
}

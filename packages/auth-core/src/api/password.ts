import { callUserPool } from '../cognito/user-pool-client.js';
import { getAuthRuntime } from '../runtime/auth-runtime.js';
import type { AuthRuntime } from '../runtime/auth-runtime.js';
import { requireSignedIn } from '../tokens/auth-session.js';
import { assertConfiguredPasswordPolicy } from '../validation/configured-password-policy.js';
import { assertUpdatePasswordInput } from '../validation/required-fields.js';
import type { UpdatePasswordInput } from './types.js';

/** updatePassword on a runtime: ChangePassword; EmptyUpdatePassword unless both passwords are given. */
export async function updatePasswordWith(runtime: AuthRuntime, input: UpdatePasswordInput): Promise<void> {
  assertUpdatePasswordInput(input);
  assertConfiguredPasswordPolicy(runtime.config.passwordPolicy, input.newPassword);
  const tokens = await requireSignedIn(runtime);
  await callUserPool(runtime, 'ChangePassword', {
    AccessToken: tokens.accessToken.toString(),
    PreviousPassword: input.oldPassword,
    ProposedPassword: input.newPassword,
  });
}

/** Changes the signed-in user's password (aws-amplify v6 updatePassword). */
export async function updatePassword(input: UpdatePasswordInput): Promise<void> {
  return updatePasswordWith(getAuthRuntime(), input);
}

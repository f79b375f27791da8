import { getAuthRuntime } from '../runtime/auth-runtime.js';
import type { AuthRuntime } from '../runtime/auth-runtime.js';
import type { ResetPasswordInput, ResetPasswordOutput } from '../machines/flow-types.js';
import { runResetPasswordEvent } from '../machines/reset-password-machine.js';

/** resetPassword on a runtime: ForgotPassword; next step CONFIRM_RESET_PASSWORD_WITH_CODE with the code delivery details. */
export async function resetPasswordWith(runtime: AuthRuntime, input: ResetPasswordInput): Promise<ResetPasswordOutput> {
  const snapshot = await runResetPasswordEvent(runtime, { type: 'RESET_PASSWORD', ...input });
  const result = snapshot.context.result;
  if (result === undefined) throw new Error('The reset machine settled without a result.');
  return result;
}

/** Starts a password reset (aws-amplify v6 resetPassword). */
export async function resetPassword(input: ResetPasswordInput): Promise<ResetPasswordOutput> {
  return resetPasswordWith(getAuthRuntime(), input);
}

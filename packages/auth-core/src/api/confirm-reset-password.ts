import { getAuthRuntime } from '../runtime/auth-runtime.js';
import type { AuthRuntime } from '../runtime/auth-runtime.js';
import type { ConfirmResetPasswordInput } from '../machines/flow-types.js';
import { runResetPasswordEvent } from '../machines/reset-password-machine.js';

/** confirmResetPassword on a runtime: ConfirmForgotPassword with the code and the new password (the machine ends DONE). */
export async function confirmResetPasswordWith(runtime: AuthRuntime, input: ConfirmResetPasswordInput): Promise<void> {
  await runResetPasswordEvent(runtime, { type: 'CONFIRM_RESET_PASSWORD', ...input });
}

/** Sets a new password with the reset code (aws-amplify v6 confirmResetPassword). */
export async function confirmResetPassword(input: ConfirmResetPasswordInput): Promise<void> {
  return confirmResetPasswordWith(getAuthRuntime(), input);
}

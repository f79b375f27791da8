import { getAuthRuntime } from '../runtime/auth-runtime.js';
import type { AuthRuntime } from '../runtime/auth-runtime.js';
import type { ConfirmSignUpInput, ConfirmSignUpOutput } from '../machines/flow-types.js';
import { runConfirmSignUp } from '../machines/sign-up-driver.js';

/**
 * confirmSignUp on a runtime: ConfirmSignUp with the code; COMPLETE_AUTO_SIGN_IN when the sign-up of
 * the same username armed auto sign-in (then call autoSignIn), else DONE.
 */
export async function confirmSignUpWith(runtime: AuthRuntime, input: ConfirmSignUpInput): Promise<ConfirmSignUpOutput> {
  return runConfirmSignUp(runtime, input);
}

/** Confirms a new account with the code that was sent (aws-amplify v6 confirmSignUp). */
export async function confirmSignUp(input: ConfirmSignUpInput): Promise<ConfirmSignUpOutput> {
  return confirmSignUpWith(getAuthRuntime(), input);
}

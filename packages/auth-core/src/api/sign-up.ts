import { getAuthRuntime } from '../runtime/auth-runtime.js';
import type { AuthRuntime } from '../runtime/auth-runtime.js';
import type { SignUpInput, SignUpOutput } from '../machines/flow-types.js';
import { runSignUp } from '../machines/sign-up-driver.js';

/**
 * signUp on a runtime: runs the sign-up machine's SIGN_UP (username and password required; a server
 * complaint about a null password becomes EmptySignUpPassword). Next step CONFIRM_SIGN_UP,
 * COMPLETE_AUTO_SIGN_IN (options.autoSignIn with link verification, or an already confirmed user) or DONE.
 */
export async function signUpWith(runtime: AuthRuntime, input: SignUpInput): Promise<SignUpOutput> {
  return runSignUp(runtime, input);
}

/** Creates a user account (aws-amplify v6 signUp). */
export async function signUp(input: SignUpInput): Promise<SignUpOutput> {
  return signUpWith(getAuthRuntime(), input);
}

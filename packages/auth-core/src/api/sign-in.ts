import { getAuthRuntime } from '../runtime/auth-runtime.js';
import type { AuthRuntime } from '../runtime/auth-runtime.js';
import type { SignInInput, SignInOutput } from '../machines/flow-types.js';
import { runSignInEvent } from '../machines/sign-in-driver.js';

/**
 * signIn on a runtime: runs the sign-in machine's SIGN_IN (validation, UserAlreadyAuthenticatedException,
 * InitiateAuth for options.authFlowType, automatic SRP/device/passkey answers) and returns the next step.
 */
export async function signInWith(runtime: AuthRuntime, input: SignInInput): Promise<SignInOutput> {
  return runSignInEvent(runtime, { type: 'SIGN_IN', ...input });
}

/** Signs a user in (aws-amplify v6 signIn): `{ isSignedIn, nextStep: { signInStep, … } }`. */
export async function signIn(input: SignInInput): Promise<SignInOutput> {
  return signInWith(getAuthRuntime(), input);
}

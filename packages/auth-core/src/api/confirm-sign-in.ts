import { getAuthRuntime } from '../runtime/auth-runtime.js';
import type { AuthRuntime } from '../runtime/auth-runtime.js';
import type { ConfirmSignInInput, ConfirmSignInOutput } from '../machines/flow-types.js';
import { runSignInEvent } from '../machines/sign-in-driver.js';

/**
 * confirmSignIn on a runtime: resumes the sign-in persisted in the runtime's storage (at most 3
 * minutes old, so it works after a page reload) and answers its waiting step. SignInException when
 * there is no pending sign-in.
 */
export async function confirmSignInWith(runtime: AuthRuntime, input: ConfirmSignInInput): Promise<ConfirmSignInOutput> {
  return runSignInEvent(runtime, { type: 'CONFIRM_SIGN_IN', ...input });
}

/** Answers the current sign-in step (aws-amplify v6 confirmSignIn). */
export async function confirmSignIn(input: ConfirmSignInInput): Promise<ConfirmSignInOutput> {
  return confirmSignInWith(getAuthRuntime(), input);
}

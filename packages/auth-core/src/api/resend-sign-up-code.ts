import { getAuthRuntime } from '../runtime/auth-runtime.js';
import type { AuthRuntime } from '../runtime/auth-runtime.js';
import type { ResendSignUpCodeInput, ResendSignUpCodeOutput } from '../machines/flow-types.js';
import { runResendSignUpCode } from '../machines/sign-up-driver.js';

/** resendSignUpCode on a runtime: ResendConfirmationCode; returns where the new code went. */
export async function resendSignUpCodeWith(runtime: AuthRuntime, input: ResendSignUpCodeInput): Promise<ResendSignUpCodeOutput> {
  return runResendSignUpCode(runtime, input);
}

/** Sends a new sign-up confirmation code (aws-amplify v6 resendSignUpCode). */
export async function resendSignUpCode(input: ResendSignUpCodeInput): Promise<ResendSignUpCodeOutput> {
  return resendSignUpCodeWith(getAuthRuntime(), input);
}

import { getAuthRuntime } from '../runtime/auth-runtime.js';
import type { AuthRuntime } from '../runtime/auth-runtime.js';
import type { AutoSignInOutput } from '../machines/flow-types.js';
import { runAutoSignIn } from '../machines/sign-up-driver.js';

/**
 * autoSignIn on a runtime: signs in with the credentials of the sign-up that set options.autoSignIn,
 * once it is confirmed; with link verification it polls every 5 s for up to 3 minutes. Calls within
 * 300 ms share one attempt. AutoSignInException when not started, ended, or not confirmed in time.
 */
export async function autoSignInWith(runtime: AuthRuntime): Promise<AutoSignInOutput> {
  return runAutoSignIn(runtime);
}

/** Signs in automatically after sign-up (aws-amplify v6 autoSignIn). */
export async function autoSignIn(): Promise<AutoSignInOutput> {
  return autoSignInWith(getAuthRuntime());
}

import { completeSignInWithRedirectWith } from '../oauth/complete-sign-in-with-redirect.js';
import type { SignInWithRedirectResult } from '../oauth/complete-sign-in-with-redirect.js';
import { signInWithRedirectWith } from '../oauth/sign-in-with-redirect.js';
import type { SignInWithRedirectInput } from '../oauth/sign-in-with-redirect.js';
import { getAuthRuntime } from '../runtime/auth-runtime.js';

/** Signs in through the managed login page: PKCE and state, then navigates to /oauth2/authorize (aws-amplify v6 signInWithRedirect). */
export async function signInWithRedirect(input?: SignInWithRedirectInput): Promise<void> {
  return signInWithRedirectWith(getAuthRuntime(), input);
}

/** Finishes a signInWithRedirect on the page managed login returned to (call once at app start); null when there is nothing to finish. */
export async function completeSignInWithRedirect(url?: string): Promise<SignInWithRedirectResult | null> {
  return completeSignInWithRedirectWith(getAuthRuntime(), url);
}

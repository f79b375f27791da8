// Managed login from the web app: "Sign in with the hosted page" sends the visitor to the hosted
// sign-in page with the page they wanted as customState; on the way back, main.tsx finishes it
// before the first render and records the session as every other sign-in does.
import { create } from 'zustand';
import { completeSignIn } from '../app/session-lifecycle';
import type { AuthPort, DataPort } from '../app/ports';
import type { RuntimeConfig } from '../app/runtime-config';
import { safeNextPath } from '../app/safe-redirect';
import { describeAuthError } from './error-messages';
import type { FriendlyError } from './error-messages';

/** How the page load ended for managed login. */
export type HostedReturn = { kind: 'none' } | { kind: 'signed-in'; next: string } | { kind: 'failed'; error: FriendlyError };

/** Why the last hosted sign-in failed, for /login to show once; null when it did not. */
export const useHostedSignInStore = create<{ error: FriendlyError | null }>(() => ({ error: null }));

/** True when the configuration has a hosted sign-in page that can return to this origin. */
export function hostedSignInOffered(config: Pick<RuntimeConfig, 'oauth'>, origin: string): boolean {
  return config.oauth !== undefined && config.oauth.redirectSignIn.some((url) => URL.canParse(url) && new URL(url).origin === origin);
}

/** Leaves for the hosted sign-in page; `next` (checked again on return) is where to go afterwards. */
export async function startHostedSignIn(auth: Pick<AuthPort, 'signInWithRedirect'>, next: string | null): Promise<void> {
  await auth.signInWithRedirect(next === null ? undefined : { customState: next });
}

/**
 * Finishes a return from the hosted sign-in page (code exchange and state check in auth-core), then
 * records the session, loads the user, and says where to go: the customState path when it is a safe
 * same-origin path, else home. A failure is described in the sign-in screens' words.
 */
export async function finishHostedSignIn(deps: { auth: AuthPort; data: DataPort }, origin: string): Promise<HostedReturn> {
  try {
    const result = await deps.auth.completeSignInWithRedirect();
    if (result === null) return { kind: 'none' };
    await completeSignIn(deps);
    return { kind: 'signed-in', next: safeNextPath(result.customState, origin) };
  } catch (error) {
    return { kind: 'failed', error: describeAuthError(error) };
  }
}

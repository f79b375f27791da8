// What happens to the signed-in state at startup, after a sign-in, on expiry and on sign-out
// (spec section 4 "Startup", "Session lifecycle", "Sign-out"). Pure orchestration over the ports
// and stores, so every branch is testable without a browser.
import { useSessionStore } from '../stores/session-store';
import { rememberedSessionId } from '../stores/session-store';
import type { SessionRecord, SignOutReason, TokenData } from '../stores/session-store';
import { useSignInStore } from '../stores/sign-in-store';
import { useUserStore } from '../stores/user-store';
import type { AuthPort, DataPort } from './ports';

/** The notice when a later sign-in of the same user (elsewhere) ended this browser's session. */
export const SIGNED_IN_ELSEWHERE_MESSAGE = 'You signed in somewhere else, so this session has ended. Please use your credentials to sign in.';

/** True when the newest active session is not the one this browser created (a later sign-in replaced it). */
export function replacedElsewhere(session: SessionRecord | null, mine: string | null): boolean {
  return session !== null && mine !== null && session.id !== mine;
}

/** The toast shown when the session record has expired (spec section 8). */
export const SESSION_EXPIRED_MESSAGE = 'Your session has expired. Please sign in again.';

/** Spec section 2/8: the user goes to /login this long after the expired-session toast. */
export const EXPIRED_REDIRECT_DELAY_MS = 1000;

/** What the lifecycle needs besides the two clients. */
export interface LifecycleDeps {
  auth: AuthPort;
  data: DataPort;
  /** Toasts; `error` resolves once the toast is shown (the expiry delay counts from then). */
  notify: { error: (message: string) => Promise<void> | void; info: (message: string) => Promise<void> | void };
  navigate: (path: string) => Promise<void>;
  wait: (ms: number) => Promise<void>;
}

/** How the startup check ended. */
export type StartupOutcome = 'authenticated' | 'expired' | 'unauthenticated';

async function currentTokens(auth: AuthPort): Promise<TokenData | null> {
  try {
    const session = await auth.fetchAuthSession();
    const access = session.tokens?.accessToken;
    if (access === undefined) return null;
    return { access_token: access.toString(), id_token: session.tokens?.idToken?.toString() ?? null };
  } catch {
    return null;
  }
}

/** Clears every store of signed-in state (user, session, sign-in). */
export function clearSignedInState(reason?: SignOutReason): void {
  useUserStore.getState().clear();
  useSessionStore.getState().signedOut(reason);
  useSignInStore.getState().reset();
}

// A local sign-out that never throws: the tokens and the two cookies must go whatever the provider says.
async function signOutQuietly(auth: AuthPort, global = false): Promise<void> {
  try {
    await auth.signOut({ global });
  } catch {
    // signOut clears tokens before it can fail on the hosted-logout redirect; nothing else to do.
  }
  auth.removeTokenCookies();
}

/**
 * Startup: validate the session; valid -> load the user and mark authenticated; expired -> the
 * expiry sequence; anything else -> unauthenticated (tokens without a live session record are
 * dropped, so the next sign-in is not refused as "already signed in").
 */
export async function runStartup(deps: LifecycleDeps): Promise<StartupOutcome> {
  const tokens = await currentTokens(deps.auth);
  if (tokens === null) {
    // A sign-in in progress (reloaded mid-challenge) has no tokens yet: keep it so it can resume.
    useUserStore.getState().clear();
    useSessionStore.getState().signedOut();
    return 'unauthenticated';
  }
  let validation;
  try {
    validation = await deps.data.validateSession();
  } catch {
    validation = { status: 'error' as const, message: 'Error validating session', session: null };
  }
  if (validation.status === 'valid' && replacedElsewhere(validation.session, rememberedSessionId())) {
    await signOutQuietly(deps.auth);
    clearSignedInState();
    void deps.notify.info(SIGNED_IN_ELSEWHERE_MESSAGE);
    return 'unauthenticated';
  }
  if (validation.status === 'valid') {
    const user = await deps.auth.getCurrentUser().catch(() => null);
    useSessionStore.getState().signedIn({
      userId: user?.userId ?? validation.session?.userId ?? '',
      tokenData: tokens,
      sessionStore: validation.session,
      sessionData: validation.session?.sessionData ?? null,
    });
    await useUserStore.getState().load(() => deps.data.loadUser());
    return 'authenticated';
  }
  if (validation.status === 'expired') {
    await expireSession(deps);
    return 'expired';
  }
  await signOutQuietly(deps.auth);
  clearSignedInState();
  if (validation.status === 'none') void deps.notify.info('Please use your credentials to sign in.');
  return 'unauthenticated';
}

/**
 * The expired-session sequence: sign out, clear state and the two token cookies, show the toast,
 * then go to /login after 1 second.
 */
export async function expireSession(deps: LifecycleDeps): Promise<void> {
  useSessionStore.setState({ status: 'expired' });
  await signOutQuietly(deps.auth);
  useUserStore.getState().clear();
  useSignInStore.getState().reset();
  // Spec section 8: the toast appears, then /login follows 1 second later.
  await deps.notify.error(SESSION_EXPIRED_MESSAGE);
  await deps.wait(EXPIRED_REDIRECT_DELAY_MS);
  // The guards take a protected page to plain /login for this reason; a public page is left here.
  useSessionStore.getState().signedOut('expired');
  await deps.navigate('/login');
}

/**
 * After auth-core reports DONE (also after MFA or a new password): load the user and config and
 * create the session record (ending the user's others) through data-client. A missing record or a
 * failing store never blocks the sign-in.
 */
export async function completeSignIn(deps: Pick<LifecycleDeps, 'auth' | 'data'>): Promise<void> {
  const [user, tokens] = await Promise.all([deps.auth.getCurrentUser(), currentTokens(deps.auth)]);
  useUserStore.setState({ status: 'loading', error: null });
  let recorded;
  try {
    recorded = await deps.data.recordSignIn();
  } catch (failure) {
    // Only the identity provider failing gets here; the user is signed in all the same.
    useSessionStore.getState().signedIn({ userId: user.userId, tokenData: tokens, sessionStore: null });
    useSignInStore.getState().reset();
    useUserStore.setState({ status: 'failed', error: failure instanceof Error ? failure.message : 'Failed to fetch user record' });
    return;
  }
  useSessionStore.getState().signedIn({
    userId: recorded.userId,
    tokenData: tokens,
    sessionStore: recorded.session,
    sessionData: recorded.session?.sessionData ?? null,
  });
  useSignInStore.getState().reset();
  await useUserStore.getState().load(async () => ({ user: recorded.user, config: recorded.config }));
}

/**
 * Sign-out from the user menu: end the session record, sign out (everywhere when asked), clear
 * state; the guard then shows /login.
 */
export async function signOutUser(deps: Pick<LifecycleDeps, 'auth' | 'data'>, options: { global?: boolean } = {}): Promise<void> {
  const session = useSessionStore.getState().sessionStore;
  useSessionStore.setState({ status: 'signing-out' });
  if (session !== null) await deps.data.deactivateSession(session.id).catch(() => undefined);
  await signOutQuietly(deps.auth, options.global === true);
  clearSignedInState('signed-out');
}

/** Re-checks the session record (on a timer at its end time, or when the tab comes back); runs the expiry sequence when it ended. */
export async function recheckSession(deps: LifecycleDeps): Promise<void> {
  if (useSessionStore.getState().status !== 'authenticated') return;
  let validation;
  try {
    validation = await deps.data.validateSession();
  } catch {
    return;
  }
  if (validation.status === 'expired') {
    await expireSession(deps);
    return;
  }
  const replaced = validation.status === 'valid' && replacedElsewhere(validation.session, useSessionStore.getState().sessionStore?.id ?? null);
  if (replaced || validation.status === 'none' || validation.status === 'unauthenticated') {
    // Another sign-in ended this session, or the tokens were revoked elsewhere. The guard then
    // sends the user to /login?next=<this page>, to come back after signing in again.
    await signOutQuietly(deps.auth);
    clearSignedInState();
    void deps.notify.info(replaced ? SIGNED_IN_ELSEWHERE_MESSAGE : 'Please use your credentials to sign in.');
    return;
  }
  if (validation.status === 'valid' && validation.session !== null) useSessionStore.getState().setSessionRecord(validation.session);
}

// "Sign in with the hosted page" where the app opens managed login itself (as a React Native or
// desktop shell does, through signInWithRedirect's authSessionOpener) and gets the callback back.
import { getCurrentUser, signInWithRedirect, signOut } from 'compat-auth';
import type { ManagedLoginBrowser, Person } from './ports.js';
import { expectFailure, type ErrorView } from './errors.js';

/** What the app saw of a managed-login sign-in. */
export interface ManagedLoginRecord {
  readonly authorize: { readonly path: string; readonly params: Record<string, string> };
  readonly redirectUrlsOffered: number;
  readonly username: string;
  readonly signInDetails: unknown;
  readonly signInAgain: ErrorView;
}

/** Signs in on managed login through an in-app browser tab, with a custom state for the page to return to. */
export async function signInOnManagedLogin(person: Person, browser: ManagedLoginBrowser, customState: string): Promise<ManagedLoginRecord> {
  let authorizeUrl = '';
  let redirectUrlsOffered = 0;
  await signInWithRedirect({
    customState,
    options: {
      lang: 'en',
      authSessionOpener: async (url, redirectUrls) => {
        authorizeUrl = url;
        redirectUrlsOffered = redirectUrls.length;
        const redirectUri = new URL(url).searchParams.get('redirect_uri') ?? '';
        return { type: 'success', url: await browser.signIn(url, redirectUri, person) };
      },
    },
  });
  const authorize = new URL(authorizeUrl);
  // The random and per-deployment parts are read by the test from the URL itself; keep the names and fixed values.
  const params: Record<string, string> = {};
  for (const [name, value] of [...authorize.searchParams].sort(([a], [b]) => a.localeCompare(b))) {
    params[name] = ['state', 'code_challenge', 'client_id', 'redirect_uri'].includes(name) ? `<${name}>` : value;
  }
  const user = await getCurrentUser();
  return {
    authorize: { path: authorize.pathname, params },
    redirectUrlsOffered,
    username: user.username === person.username ? '<username>' : user.username,
    signInDetails: user.signInDetails,
    signInAgain: await expectFailure(() => signInWithRedirect()),
  };
}

/** An in-app browser tab the user closes without signing in. */
export async function abandonManagedLogin(): Promise<ErrorView> {
  return expectFailure(() => signInWithRedirect({ options: { authSessionOpener: async () => ({ type: 'canceled' as const }) } }));
}

/** Signs out after a managed-login sign-in: the library sends the browser through managed login's /logout. */
export async function signOutOfManagedLogin(): Promise<void> {
  await signOut();
}

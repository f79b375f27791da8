// What signInWithRedirect leaves in storage for the page managed login returns to: the state, the
// PKCE verifier, the redirect_uri and the in-flight flag, under aws-amplify v6's key names
// (CognitoIdentityServiceProvider.{clientId}.oauthState / oauthPKCE / inflightOAuth; oauthRedirectUri is auth-core's own).
import type { AuthRuntime } from '../runtime/auth-runtime.js';
import { AUTH_KEY_PREFIX } from '../tokens/storage-keys.js';

/** The in-flight items of one redirect sign-in. */
export interface OAuthInFlight {
  state: string;
  /** Absent for the implicit grant (responseType 'token'), which uses no PKCE. */
  codeVerifier: string | undefined;
  redirectUri: string | undefined;
}

const ITEMS = ['inflightOAuth', 'oauthState', 'oauthPKCE', 'oauthRedirectUri'] as const;

type StoreRuntime = Pick<AuthRuntime, 'config' | 'storage'>;

/** The storage keys of the in-flight items of app client `clientId`. */
export function oauthInFlightKeys(clientId: string): Record<(typeof ITEMS)[number], string> {
  const key = (item: string) => `${AUTH_KEY_PREFIX}.${clientId}.${item}`;
  return { inflightOAuth: key('inflightOAuth'), oauthState: key('oauthState'), oauthPKCE: key('oauthPKCE'), oauthRedirectUri: key('oauthRedirectUri') };
}

/** Stores a starting redirect sign-in; the flag goes last so a reader never sees it without the state. */
export async function storeOAuthInFlight(runtime: StoreRuntime, inFlight: OAuthInFlight): Promise<void> {
  const keys = oauthInFlightKeys(runtime.config.userPoolClientId);
  const { storage } = runtime;
  await storage.setItem(keys.oauthState, inFlight.state);
  if (inFlight.codeVerifier === undefined) await storage.removeItem(keys.oauthPKCE);
  else await storage.setItem(keys.oauthPKCE, inFlight.codeVerifier);
  if (inFlight.redirectUri === undefined) await storage.removeItem(keys.oauthRedirectUri);
  else await storage.setItem(keys.oauthRedirectUri, inFlight.redirectUri);
  await storage.setItem(keys.inflightOAuth, 'true');
}

/** The redirect sign-in in flight, or null when none was started (or it already ended). */
export async function loadOAuthInFlight(runtime: StoreRuntime): Promise<OAuthInFlight | null> {
  const keys = oauthInFlightKeys(runtime.config.userPoolClientId);
  const { storage } = runtime;
  if ((await storage.getItem(keys.inflightOAuth)) !== 'true') return null;
  const state = await storage.getItem(keys.oauthState);
  if (state === null || state === '') return null;
  return {
    state,
    codeVerifier: (await storage.getItem(keys.oauthPKCE)) ?? undefined,
    redirectUri: (await storage.getItem(keys.oauthRedirectUri)) ?? undefined,
  };
}

/** Forgets the in-flight items: each state and verifier serves one callback only. */
export async function clearOAuthInFlight(runtime: StoreRuntime): Promise<void> {
  const keys = oauthInFlightKeys(runtime.config.userPoolClientId);
  await Promise.all(ITEMS.map((item) => runtime.storage.removeItem(keys[item])));
}

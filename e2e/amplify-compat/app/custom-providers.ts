// An app that keeps auth state in its own storage and builds on aws-amplify/auth/cognito's pieces:
// the token provider and credentials provider over its storage, the token store and orchestrator
// for a second reader of the same session, Cognito's storage key names, and the OAuth helpers; and
// an app that writes its own token and credentials providers to Amplify's interfaces.
import { fetchAuthSession, signOut } from 'compat-auth';
import {
  AUTH_KEY_PREFIX,
  DefaultTokenStore,
  TokenOrchestrator,
  cognitoCredentialsProvider,
  cognitoUserPoolsTokenProvider,
  createKeysForAuthStorage,
  generateCodeVerifier,
  generateState,
  getRedirectUrl,
  refreshAuthTokens,
  refreshAuthTokensWithoutDedupe,
  validateState,
} from 'compat-auth/cognito';
import type { CognitoUserPoolTokenProviderType } from 'compat-auth/cognito';
import type { AuthTokens, CredentialsAndIdentityId, CredentialsAndIdentityIdProvider, GetCredentialsOptions, TokenProvider } from 'compat-auth';
import { Amplify } from 'compat-core';
import { authConfig, configureAuthWithAppStorage, type AppStorage } from './configure.js';
import { expectFailure, type ErrorView } from './errors.js';
import type { AppSettings } from './ports.js';

/** The app's storage after sign-in: which of Cognito's per-user keys hold something. */
export interface StorageRecord {
  readonly keyNames: string[];
  /** The user segment of the keys: LastAuthUser, as Amplify's own token store finds them. */
  readonly lastAuthUser: string | null;
  readonly filledUserKeys: string[];
  readonly identityIdStored: boolean;
}

/** Which of the signed-in user's storage keys (createKeysForAuthStorage(AUTH_KEY_PREFIX, `clientId.LastAuthUser`)) the app's storage holds. */
export function inspectAppStorage(settings: AppSettings, storage: AppStorage): StorageRecord {
  const lastAuthUser = storage.items.get(`${AUTH_KEY_PREFIX}.${settings.userPoolClientId}.LastAuthUser`) ?? null;
  const keys = createKeysForAuthStorage(AUTH_KEY_PREFIX, `${settings.userPoolClientId}.${lastAuthUser ?? ''}`);
  const filledUserKeys = Object.entries(keys)
    .filter(([, key]) => storage.items.has(key))
    .map(([name]) => name)
    .sort();
  return {
    keyNames: Object.keys(keys).sort(),
    lastAuthUser,
    filledUserKeys,
    identityIdStored: [...storage.items.values()].some((value) => value.startsWith(`${settings.identityPoolId.split(':')[0] ?? ''}:`)),
  };
}

/** Configures Amplify over the app's storage (see configure.ts); signing in is up to the caller. */
export function useAppStorage(settings: AppSettings, storage: AppStorage): void {
  configureAuthWithAppStorage(settings, storage);
}

/** What the second reader of the session saw. */
export interface TokenReaderRecord {
  readonly storeHasSession: boolean;
  readonly storedUsername: string | undefined;
  readonly orchestratorSeesSameToken: boolean;
  readonly providerRefreshed: boolean;
  readonly refreshedByHand: { readonly newAccessToken: boolean; readonly username: string; readonly hasClockDrift: boolean };
  readonly refreshedWithoutDedupe: boolean;
  readonly credentialsForSession: boolean;
}

/** Reads the session through DefaultTokenStore / TokenOrchestrator over the same storage, and refreshes it by hand (refreshAuthTokens). */
export async function readSessionElsewhere(settings: AppSettings, storage: AppStorage): Promise<TokenReaderRecord> {
  const config = authConfig(settings);
  const store = new DefaultTokenStore();
  store.setKeyValueStorage(storage);
  store.setAuthConfig(config);
  const stored = await store.loadTokens();
  const orchestrator = new TokenOrchestrator();
  orchestrator.setAuthConfig(config);
  orchestrator.setAuthTokenStore(store);
  orchestrator.setTokenRefresher(refreshAuthTokens);
  const viaOrchestrator = await orchestrator.getTokens();
  const provider: CognitoUserPoolTokenProviderType = cognitoUserPoolsTokenProvider;
  const refreshed = await provider.getTokens({ forceRefresh: true });
  const current = await store.loadTokens();
  if (current === null) throw new Error('the session vanished from the app storage');
  const byHand = await refreshAuthTokens({ tokens: current, authConfig: config, username: await store.getLastAuthUser() });
  const again = await refreshAuthTokensWithoutDedupe({ tokens: byHand, authConfig: config, username: byHand.username });
  const session = await fetchAuthSession();
  const credentials = session.tokens === undefined ? undefined : await cognitoCredentialsProvider.getCredentialsAndIdentityId({ authenticated: true, authConfig: config, tokens: session.tokens });
  return {
    storeHasSession: stored !== null,
    storedUsername: stored?.username,
    orchestratorSeesSameToken: viaOrchestrator?.accessToken.toString() === stored?.accessToken.toString(),
    providerRefreshed: refreshed?.accessToken.toString() !== stored?.accessToken.toString(),
    refreshedByHand: {
      newAccessToken: byHand.accessToken.toString() !== current.accessToken.toString(),
      username: byHand.username,
      hasClockDrift: typeof byHand.clockDrift === 'number',
    },
    refreshedWithoutDedupe: again.accessToken.toString() !== byHand.accessToken.toString(),
    credentialsForSession: credentials?.credentials.accessKeyId !== undefined,
  };
}

/** What the OAuth helpers give the app that runs its own authorize round trip. */
export interface OAuthHelpersRecord {
  readonly state: { readonly length: number; readonly urlSafe: boolean; readonly fresh: boolean };
  readonly verifier: { readonly length: number; readonly method: string; readonly challengeLength: number; readonly challengeUrlSafe: boolean };
  readonly redirectUrlIsSameOrigin: boolean;
  readonly foreignState: ErrorView;
}

/** Uses generateState, generateCodeVerifier, getRedirectUrl and validateState as a hand-rolled authorize request would. */
export async function useOAuthHelpers(settings: AppSettings, pageOrigin: string): Promise<OAuthHelpersRecord> {
  const state = generateState();
  const verifier = generateCodeVerifier(128);
  const challenge = verifier.toCodeChallenge();
  const redirect = getRedirectUrl([...settings.redirectSignIn]);
  return {
    state: { length: state.length, urlSafe: /^[A-Za-z0-9_-]+$/.test(state), fresh: state !== generateState() },
    verifier: { length: verifier.value.length, method: verifier.method, challengeLength: challenge.length, challengeUrlSafe: /^[A-Za-z0-9_-]+$/.test(challenge) },
    redirectUrlIsSameOrigin: redirect.startsWith(pageOrigin),
    foreignState: await expectFailure(() => validateState('not-a-state-this-app-issued')),
  };
}

/** Signs out; the app's storage keeps no session afterwards, only the remembered device. */
export async function signOutOfAppStorage(settings: AppSettings, storage: AppStorage): Promise<{ lastAuthUser: string | null; itemsLeft: string[] }> {
  await signOut();
  const prefix = `${AUTH_KEY_PREFIX}.${settings.userPoolClientId}.`;
  // The item names only (the last key segment): the remembered device outlives the session.
  const itemsLeft = [...storage.items.keys()].filter((key) => key.startsWith(prefix)).map((key) => key.split('.').at(-1) ?? key);
  return { lastAuthUser: storage.items.get(`${prefix}LastAuthUser`) ?? null, itemsLeft: itemsLeft.sort() };
}

/**
 * A token provider the app wrote itself to Amplify's TokenProvider interface: it hands out the
 * library's session (cognitoUserPoolsTokenProvider) unless the app has locked itself (a kiosk's
 * idle lock), and notes what it was asked.
 */
export class LockableTokenProvider implements TokenProvider {
  locked = false;
  readonly asked: ({ forceRefresh?: boolean } | undefined)[] = [];

  async getTokens(options?: { forceRefresh?: boolean }): Promise<AuthTokens | null> {
    this.asked.push(options === undefined ? undefined : { ...options });
    return this.locked ? null : cognitoUserPoolsTokenProvider.getTokens(options);
  }
}

/** What the app's credentials provider was asked, reduced to plain data. */
export interface CredentialsRequestView {
  readonly authenticated: boolean;
  readonly forceRefresh: boolean | undefined;
  readonly identityPoolId: string | undefined;
  readonly userPoolClientId: string | undefined;
  readonly tokenSub: string | undefined;
}

/**
 * A credentials provider the app wrote itself to Amplify's CredentialsAndIdentityIdProvider
 * interface: credentials from the app's own broker (here fixed ones), named after the signed-in
 * user's sub, reading the identity pool from the configuration it is handed.
 */
export class BrokerCredentialsProvider implements CredentialsAndIdentityIdProvider {
  readonly asked: CredentialsRequestView[] = [];
  cleared = 0;

  async getCredentialsAndIdentityId(options: GetCredentialsOptions): Promise<CredentialsAndIdentityId | undefined> {
    const cognito = options.authConfig?.Cognito;
    const sub = options.authenticated ? options.tokens.accessToken.payload.sub : undefined;
    this.asked.push({
      authenticated: options.authenticated,
      forceRefresh: options.forceRefresh,
      identityPoolId: cognito?.identityPoolId,
      userPoolClientId: cognito?.userPoolClientId,
      tokenSub: sub,
    });
    const credentials: CredentialsAndIdentityId['credentials'] = { accessKeyId: sub === undefined ? 'BROKER-GUEST' : 'BROKER-USER', secretAccessKey: 'broker-secret' };
    return { credentials, identityId: `${cognito?.identityPoolId ?? 'none'}#${sub ?? 'guest'}` };
  }

  clearCredentialsAndIdentityId(): void {
    this.cleared += 1;
  }
}

/** What fetchAuthSession gave the app, and what it asked the app's providers for, at one moment. */
export interface ProvidedSessionView {
  readonly tokensFrom: ({ forceRefresh?: boolean } | undefined)[];
  readonly credentialsFrom: CredentialsRequestView[];
  readonly signedIn: boolean;
  readonly userSub: string | undefined;
  readonly credentials: CredentialsAndIdentityId['credentials'] | undefined;
  readonly identityId: string | undefined;
}

/** The app's providers at work: a guest, the signed-in user (forced refresh or not), the app locked, then signed out. */
export interface AppProvidersRecord {
  readonly guest: ProvidedSessionView;
  readonly signedIn: ProvidedSessionView;
  readonly forced: ProvidedSessionView;
  readonly locked: ProvidedSessionView;
  readonly clearedOnSignOut: number;
}

/** Configures auth with the app's own token and credentials providers (Amplify.configure's second argument). */
export function configureAuthWithAppProviders(settings: AppSettings, tokenProvider: TokenProvider, credentialsProvider: CredentialsAndIdentityIdProvider): void {
  Amplify.configure({ Auth: authConfig(settings) }, { Auth: { tokenProvider, credentialsProvider } });
}

/** Runs the app on its own providers: fetchAuthSession must ask them, signOut must clear the credentials one. */
export async function useAppProviders(settings: AppSettings, signIn: () => Promise<unknown>): Promise<AppProvidersRecord> {
  const tokens = new LockableTokenProvider();
  const broker = new BrokerCredentialsProvider();
  configureAuthWithAppProviders(settings, tokens, broker);
  const look = async (options?: { forceRefresh: boolean }): Promise<ProvidedSessionView> => {
    tokens.asked.length = 0;
    broker.asked.length = 0;
    const session = await fetchAuthSession(options);
    return {
      tokensFrom: [...tokens.asked],
      credentialsFrom: [...broker.asked],
      signedIn: session.tokens?.accessToken !== undefined,
      userSub: session.userSub,
      credentials: session.credentials,
      identityId: session.identityId,
    };
  };
  const guest = await look();
  await signIn();
  const signedIn = await look();
  const forced = await look({ forceRefresh: true });
  tokens.locked = true;
  const locked = await look();
  tokens.locked = false;
  const before = broker.cleared;
  await signOut();
  return { guest, signedIn, forced, locked, clearedOnSignOut: broker.cleared - before };
}

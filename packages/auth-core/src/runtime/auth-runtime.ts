import type { CredentialsAndIdentityIdProvider, ProviderAuthConfig, TokenProvider } from '../api/provider-types.js';
import type { FetchLike } from '../cognito/aws-json-transport.js';
import { webCryptoRandomBytes } from '../srp/random.js';
import type { RandomBytes as SrpRandomBytes } from '../srp/random.js';
import { parseAuthConfig } from '../config/auth-config.js';
import type { AuthConfig, AuthConfigInput } from '../config/auth-config.js';
import { toResourcesConfig } from '../config/amplify-config.js';
import type { ResourcesConfig } from '../config/amplify-config.js';
import { AuthConfigError } from '../errors/auth-errors.js';
import { AuthUserPoolException } from '../errors/catalogue.js';
import { Hub, createAuthHub } from '../events/auth-hub.js';
import type { AuthHub } from '../events/auth-hub.js';
import { createDocumentCookies } from '../storage/cookies.js';
import type { CookiePort } from '../storage/cookies.js';
import type { KeyValueStorage } from '../storage/key-value-storage.js';
import { createLocalStorage, findLocalStorage } from '../storage/local-storage.js';
import { createMemoryStorage } from '../storage/memory-storage.js';
import { createBrowserWebAuthn } from './web-authn-browser.js';
import type { WebAuthnPort } from './web-authn-port.js';

/** The clock port: milliseconds since the epoch. */
export interface Clock {
  now(): number;
}

/** The randomness port: `length` cryptographically random bytes (the SRP module's type). */
export type RandomBytes = SrpRandomBytes;

/** Navigates the page to `url` (the managed login or hosted logout page). */
export type RedirectPort = (url: string) => void | Promise<void>;

/** Where the page is, for choosing a same-origin redirect and reading an OAuth callback. */
export interface PageLocation {
  origin: string;
  pathname: string;
  /** The whole address (query and fragment included); read by completeSignInWithRedirect. */
  href?: string;
}

/** Replaces the address shown for the current page without navigating (history.replaceState). */
export type ReplaceUrlPort = (url: string) => void;

/** Reports the current page location, or undefined outside a browser. */
export type LocationPort = () => PageLocation | undefined;

/** Every injected I/O of a runtime. */
export interface AuthRuntimeIO {
  fetch: FetchLike;
  storage: KeyValueStorage;
  cookies: CookiePort;
  clock: Clock;
  randomBytes: RandomBytes;
  webAuthn: WebAuthnPort;
  redirect: RedirectPort;
  location: LocationPort;
  /** Removes the OAuth callback's code and state from the address bar. */
  replaceUrl: ReplaceUrlPort;
  hub: AuthHub;
  /** DeviceName sent to ConfirmDevice. */
  deviceName: string;
}

/**
 * The providers an app wrote itself and gave `Amplify.configure` (LibraryOptions.Auth), kept as
 * aws-amplify's AuthClass keeps them: fetchAuthSession asks `tokenProvider` for the tokens and
 * `credentialsProvider` for the credentials (a missing one gives none), and signOut clears the
 * credentials provider.
 */
export interface AuthProviders {
  readonly tokenProvider: TokenProvider | undefined;
  readonly credentialsProvider: CredentialsAndIdentityIdProvider | undefined;
  /** The configuration in aws-amplify's shape, handed to the credentials provider as `authConfig`. */
  readonly authConfig: ProviderAuthConfig | undefined;
}

/** A validated configuration plus its I/O; every internal function takes one. */
export interface AuthRuntime extends Readonly<AuthRuntimeIO> {
  readonly config: AuthConfig;
  /** Set by configure() when LibraryOptions.Auth holds a provider the app wrote (see AuthProviders). */
  readonly providers?: AuthProviders | undefined;
}

/** configure()'s flat argument: the configuration plus the storage and cookie ports of issue item 1. */
export interface AuthOptions extends AuthConfigInput {
  storage?: KeyValueStorage;
  cookies?: CookiePort;
}

/** What configure() and createAuthRuntime() take: the flat options, or aws-amplify v6's `{ Auth: { Cognito: … } }`. */
export type ConfigureOptions = AuthOptions | ResourcesConfig;

/**
 * aws-amplify v6's LibraryOptions (Amplify.configure's second argument), accepted beside the ports.
 * `Auth.tokenProvider` / `Auth.credentialsProvider` may be @steward/auth-core/cognito's own providers
 * (views of this runtime: nothing changes) or the app's own, which fetchAuthSession then asks, as
 * aws-amplify does (see AuthProviders); `ssr` changes nothing (the id and access tokens always go to
 * the cookie port; createCookieStorage() keeps every item in cookies).
 */
export interface LibraryOptions {
  Auth?: { tokenProvider?: TokenProvider; credentialsProvider?: CredentialsAndIdentityIdProvider };
  ssr?: boolean;
  API?: unknown;
  Storage?: unknown;
}

interface BrowserLocation {
  origin: string;
  pathname: string;
  href: string;
  assign(url: string): void;
}

interface BrowserHistory {
  state: unknown;
  replaceState(state: unknown, unused: string, url: string): void;
}

function browserLocation(): BrowserLocation | undefined {
  const location = (globalThis as { location?: BrowserLocation }).location;
  return location !== undefined && typeof location.assign === 'function' ? location : undefined;
}

function defaultRedirect(url: string): void {
  const location = browserLocation();
  if (location === undefined) throw new Error('There is no page to redirect; inject a redirect port');
  location.assign(url);
}

function defaultLocation(): PageLocation | undefined {
  const location = browserLocation();
  return location === undefined ? undefined : { origin: location.origin, pathname: location.pathname, href: location.href };
}

function defaultReplaceUrl(url: string): void {
  const history = (globalThis as { history?: BrowserHistory }).history;
  // Without a page there is no address bar to clean; keep the history entry's own state.
  if (history !== undefined && typeof history.replaceState === 'function') history.replaceState(history.state, '', url);
}

function defaultDeviceName(): string {
  const agent = (globalThis as { navigator?: { userAgent?: string } }).navigator?.userAgent;
  return agent !== undefined && agent !== '' ? agent : 'Steward auth-core';
}

function defaultStorage(): KeyValueStorage {
  const local = findLocalStorage();
  return local === undefined ? createMemoryStorage() : createLocalStorage(local);
}

/**
 * Builds an isolated runtime: validates `options` (throws AuthConfigError) and fills every I/O
 * port not given in `io` with the platform default (global fetch, localStorage or memory,
 * document cookies or none, Date.now, WebCrypto, navigator.credentials, location.assign,
 * history.replaceState, a new Hub).
 */
export function createAuthRuntime(options: ConfigureOptions, io: Partial<AuthRuntimeIO> = {}): AuthRuntime {
  const config = parseAuthConfig(options);
  // Only the flat form carries ports; the Amplify form chooses storage through cognitoUserPoolsTokenProvider.
  const { storage, cookies } = options as Pick<AuthOptions, 'storage' | 'cookies'>;
  return Object.freeze({
    config,
    // Resolved per call so a fetch installed after configure() (polyfill, test stub) is used.
    fetch: io.fetch ?? ((input, init) => globalThis.fetch(input, init)),
    storage: storage ?? io.storage ?? defaultStorage(),
    cookies: cookies ?? io.cookies ?? createDocumentCookies(),
    clock: io.clock ?? { now: () => Date.now() },
    randomBytes: io.randomBytes ?? webCryptoRandomBytes,
    webAuthn: io.webAuthn ?? createBrowserWebAuthn(),
    redirect: io.redirect ?? defaultRedirect,
    location: io.location ?? defaultLocation,
    replaceUrl: io.replaceUrl ?? defaultReplaceUrl,
    hub: io.hub ?? createAuthHub(),
    deviceName: io.deviceName ?? defaultDeviceName(),
  } satisfies AuthRuntime);
}

let defaultRuntime: AuthRuntime | undefined;
// Set by cognitoUserPoolsTokenProvider.setKeyValueStorage; outlives configure() calls that name no storage.
let defaultStorageOverride: KeyValueStorage | undefined;
// @steward/auth-core/cognito's providers: they read the default runtime, so configure() may be handed them.
const runtimeBackedProviders = /* @__PURE__ */ new WeakSet<object>();

/** Marks a provider that reads the default runtime (the ./cognito entry's): configure() needs not ask it through its interface. */
export function markRuntimeBacked(provider: object): void {
  runtimeBackedProviders.add(provider);
}

/**
 * The providers fetchAuthSession must ask, from LibraryOptions.Auth: none when there is no Auth, or
 * when it names both of auth-core's own providers (the runtime's own session logic is theirs);
 * otherwise exactly the two given (a missing one gives nothing, as in aws-amplify).
 */
function appProviders(auth: LibraryOptions['Auth'], options: ConfigureOptions, config: AuthConfig): AuthProviders | undefined {
  if (auth === undefined) return undefined;
  const { tokenProvider, credentialsProvider } = auth;
  const own = (provider: object | undefined) => provider !== undefined && runtimeBackedProviders.has(provider);
  if (own(tokenProvider) && own(credentialsProvider)) return undefined;
  // aws-amplify hands providers the Auth configuration as the app wrote it; the flat form gets its Amplify shape.
  const given = (options as ResourcesConfig).Auth;
  const authConfig = (given ?? toResourcesConfig(config).Auth) as ProviderAuthConfig;
  return { tokenProvider, credentialsProvider, authConfig };
}

/**
 * Configures auth-core (issue item 1) from the flat options or aws-amplify v6's
 * `{ Auth: { Cognito: … } }`, and makes the result the runtime every public function uses; its
 * events go to the exported Hub. The second argument holds ports and/or Amplify's LibraryOptions.
 * Throws AuthConfigError for an invalid configuration.
 */
export function configure(options: ConfigureOptions, io: Partial<AuthRuntimeIO> & LibraryOptions & Pick<AuthRuntime, 'providers'> = {}): AuthRuntime {
  const runtime = createAuthRuntime(options, { hub: Hub, ...(defaultStorageOverride ? { storage: defaultStorageOverride } : {}), ...io });
  // A runtime passed back as `io` (the token store's setAuthConfig) keeps its providers, as aws-amplify's do.
  const providers = io.Auth === undefined ? io.providers : appProviders(io.Auth, options, runtime.config);
  defaultRuntime = providers === undefined ? runtime : Object.freeze({ ...runtime, providers });
  return defaultRuntime;
}

/** The runtime configure() set up, or undefined before configure() (for callers that answer "nothing" then, as Amplify's providers do). */
export function findAuthRuntime(): AuthRuntime | undefined {
  return defaultRuntime;
}

/**
 * Makes `storage` the default runtime's storage, now and for later configure() calls that name none
 * (what `cognitoUserPoolsTokenProvider.setKeyValueStorage` does). Items already stored are not moved,
 * as in Amplify; call it at start, before signing in.
 */
export function setDefaultKeyValueStorage(storage: KeyValueStorage): void {
  defaultStorageOverride = storage;
  // A new runtime object rather than a mutable port: runtimes stay frozen values.
  if (defaultRuntime !== undefined) defaultRuntime = Object.freeze({ ...defaultRuntime, storage });
}

/** The runtime configure() set up; throws AuthUserPoolException before configure(). */
export function getAuthRuntime(): AuthRuntime {
  if (defaultRuntime === undefined) throw new AuthConfigError(AuthUserPoolException);
  return defaultRuntime;
}

/** Forgets the default runtime and any storage set for it (tests, or an app tearing auth down). */
export function resetAuthRuntime(): void {
  defaultRuntime = undefined;
  defaultStorageOverride = undefined;
}

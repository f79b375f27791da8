import type { FetchLike } from '../cognito/aws-json-transport.js';
import { webCryptoRandomBytes } from '../srp/random.js';
import type { RandomBytes as SrpRandomBytes } from '../srp/random.js';
import { parseAuthConfig } from '../config/auth-config.js';
import type { AuthConfig, AuthConfigInput } from '../config/auth-config.js';
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

/** A validated configuration plus its I/O; every internal function takes one. */
export interface AuthRuntime extends Readonly<AuthRuntimeIO> {
  readonly config: AuthConfig;
}

/** configure()'s argument: the configuration plus the storage and cookie ports of issue item 1. */
export interface AuthOptions extends AuthConfigInput {
  storage?: KeyValueStorage;
  cookies?: CookiePort;
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
export function createAuthRuntime(options: AuthOptions, io: Partial<AuthRuntimeIO> = {}): AuthRuntime {
  const config = parseAuthConfig(options);
  return Object.freeze({
    config,
    // Resolved per call so a fetch installed after configure() (polyfill, test stub) is used.
    fetch: io.fetch ?? ((input, init) => globalThis.fetch(input, init)),
    storage: options.storage ?? io.storage ?? defaultStorage(),
    cookies: options.cookies ?? io.cookies ?? createDocumentCookies(),
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

/**
 * Configures auth-core (issue item 1) and makes the result the runtime every public function uses;
 * its events go to the exported Hub. Throws AuthConfigError for an invalid configuration.
 */
export function configure(options: AuthOptions, io: Partial<AuthRuntimeIO> = {}): AuthRuntime {
  defaultRuntime = createAuthRuntime(options, { hub: Hub, ...io });
  return defaultRuntime;
}

/** The runtime configure() set up; throws AuthUserPoolException before configure(). */
export function getAuthRuntime(): AuthRuntime {
  if (defaultRuntime === undefined) throw new AuthConfigError(AuthUserPoolException);
  return defaultRuntime;
}

/** Forgets the default runtime (tests, or an app tearing auth down). */
export function resetAuthRuntime(): void {
  defaultRuntime = undefined;
}

// The compatibility suite's side of the world: the real server, the person using the app (their
// inbox, their authenticator app, their browser on managed login), the page the app runs in, and the
// two copies of the app, one on aws-amplify and one on @steward/auth-core.
import { appendFileSync } from 'node:fs';
import { afterAll, beforeAll, beforeEach, expect } from 'vitest';
import { driveManagedLogin } from '../support/managed-login.js';
import { newIdentity, startE2eServer, type E2eServer } from '../support/server.js';
import { totp } from '../support/totp.js';
import type * as AppModule from './app/index.js';
import type { AppSettings, Authenticator, Inbox, ManagedLoginBrowser, Person } from './app/index.js';
import type { CompatTarget } from './compat-targets.js';

/** The app's module (app/index.ts), as each library's copy exports it. */
export type CompatApp = typeof AppModule;

/** Both copies of the app, in the order each scenario runs them: aws-amplify (the reference) first. */
export type CompatApps = ReadonlyArray<readonly [CompatTarget, CompatApp]>;

// Runtime specifiers (not literals) so TypeScript does not try to resolve the query; the compat
// plugin in vitest.config.ts resolves them.
const APP_MODULES: Record<CompatTarget, string> = {
  amplify: './app/index.ts?compat=amplify',
  'auth-core': './app/index.ts?compat=auth-core',
};

/** Loads the app once on aws-amplify and once on auth-core. */
export async function loadApps(): Promise<CompatApps> {
  const load = async (target: CompatTarget): Promise<readonly [CompatTarget, CompatApp]> => [target, (await import(/* @vite-ignore */ APP_MODULES[target])) as CompatApp];
  return [await load('amplify'), await load('auth-core')];
}

/** The server with what the suite's configuration needs: guest identities for allowGuestAccess. */
export async function startCompatServer(): Promise<E2eServer> {
  return startE2eServer({ ALLOW_GUEST_IDENTITIES: 'true' });
}

/** The app's deployment settings, from the server's /runtime-config.json. */
export function appSettings(e2e: E2eServer): AppSettings {
  const config = e2e.runtimeConfig as {
    userPoolId: string;
    userPoolClientId: string;
    userPoolEndpoint: string;
    identityPoolId: string;
    identityPoolEndpoint: string;
    oauth: { domain: string; redirectSignIn: string[]; redirectSignOut: string[] };
  };
  return {
    userPoolId: config.userPoolId,
    userPoolClientId: config.userPoolClientId,
    userPoolEndpoint: config.userPoolEndpoint,
    identityPoolId: config.identityPoolId,
    identityPoolEndpoint: config.identityPoolEndpoint,
    oauthDomain: config.oauth.domain,
    redirectSignIn: config.oauth.redirectSignIn,
    redirectSignOut: config.oauth.redirectSignOut,
  };
}

/** A new person (unique username, email and a policy-conforming password) for one library's run of a scenario. */
export function newPerson(label: string): { username: string; password: string; email: string } {
  const { username, password, email } = newIdentity(label);
  return { username, password, email };
}

/** The person's mailbox on the server's dev outbox. */
export function inboxOf(e2e: E2eServer): Inbox {
  return { latestCode: (destination) => e2e.latestCode(destination) };
}

const STEP_MS = 30_000;

/**
 * The person's authenticator app. The server accepts a code of the current or the next 30 s step
 * and refuses a step already used, so each code is of the first step not used yet for its secret,
 * waiting when that is further ahead than the server allows.
 */
export function createAuthenticator(): Authenticator {
  const lastStep = new Map<string, number>();
  return {
    async code(secret) {
      const now = Math.floor(Date.now() / STEP_MS);
      const step = Math.max(now, (lastStep.get(secret) ?? -1) + 1);
      if (step > now + 1) await new Promise((resolve) => setTimeout(resolve, (step - 1) * STEP_MS - Date.now() + 50));
      lastStep.set(secret, step);
      return totp(secret, step * STEP_MS);
    },
  };
}

/**
 * The person's browser on managed login's pages (forms posted by hand, see support/managed-login.ts),
 * answering the MFA step with `code(person)`. Managed login's development certificate is
 * self-signed, so this test process accepts it (aws-amplify always calls the OAuth domain over https).
 */
export function managedLoginBrowser(code: (person: Person) => Promise<string>): ManagedLoginBrowser {
  process.env.NODE_TLS_REJECT_UNAUTHORIZED = '0';
  return {
    async signIn(authorizeUrl, callbackPrefix, person) {
      const run = await driveManagedLogin(authorizeUrl, callbackPrefix, { username: person.username, password: person.password, code: () => code(person) });
      return run.callbackUrl;
    },
  };
}

/** The page the app runs in: the globals aws-amplify (`window.location`) and auth-core (`location`) read, recording where the app navigates. */
export interface FakePage {
  readonly navigations: string[];
  remove(): void;
}

/**
 * Installs a page at `href`: `window` (an EventTarget, as Amplify listens for `pageshow`),
 * `location` (origin, pathname, hostname, href; assigning href or calling assign() records a
 * navigation and leaves the page where it is, as a test cannot follow it) and `navigator` (a user
 * agent). No `document`: neither library takes this for a full browser (no localStorage, no cookies).
 */
export function installPage(href: string): FakePage {
  const navigations: string[] = [];
  const url = new URL(href);
  const location = {
    origin: url.origin,
    protocol: url.protocol,
    host: url.host,
    hostname: url.hostname,
    pathname: url.pathname,
    search: url.search,
    hash: url.hash,
    get href(): string {
      return url.href;
    },
    set href(next: string) {
      navigations.push(next);
    },
    assign(next: string): void {
      navigations.push(next);
    },
    replace(next: string): void {
      navigations.push(next);
    },
  };
  // Node 20 has no navigator; both libraries name a confirmed device after navigator.userAgent
  // (aws-amplify silently skips ConfirmDevice without it).
  const navigator = { userAgent: 'Mozilla/5.0 (X11; Linux x86_64) steward-amplify-compat' };
  const replaced = (['window', 'location', 'navigator'] as const).map((name) => [name, Object.getOwnPropertyDescriptor(globalThis, name)] as const);
  const define = (name: string, value: unknown) => Object.defineProperty(globalThis, name, { value, configurable: true, writable: true });
  define('window', Object.assign(new EventTarget(), { location, navigator }));
  define('location', location);
  define('navigator', navigator);
  return {
    navigations,
    remove() {
      for (const [name, descriptor] of replaced) {
        if (descriptor === undefined) Reflect.deleteProperty(globalThis, name);
        else Object.defineProperty(globalThis, name, descriptor);
      }
    },
  };
}

/**
 * Replaces one run's per-person values (username, email, sub, …) by placeholders, so the two
 * libraries' records (each with its own person) can be compared as they are.
 */
export function anonymize<T>(record: T, values: Record<string, string | undefined>): T {
  const replacements = Object.entries(values).filter((entry): entry is [string, string] => entry[1] !== undefined && entry[1] !== '');
  const walk = (value: unknown): unknown => {
    if (typeof value === 'string') {
      let text = value;
      for (const [placeholder, actual] of replacements) text = text.split(actual).join(`<${placeholder}>`);
      return text;
    }
    if (Array.isArray(value)) return value.map(walk);
    if (value instanceof Date) return value;
    if (typeof value === 'object' && value !== null) return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, walk(inner)]));
    return value;
  };
  return walk(record) as T;
}

/**
 * auth-core's deliberate additions, taken out of its record where aws-amplify's (at the same place)
 * lacks them, before the records are compared (docs/auth-core.md, "Compatibility with
 * aws-amplify/auth", lists them); everything else is compared as it is:
 * - a recovery suggestion on every error: where aws-amplify's error has none, auth-core's may have one
 *   (`hasRecoverySuggestion`); where aws-amplify's has one, auth-core's must too;
 * - passkey errors (PasskeyNotSupported, …) are `instanceof AuthError` in auth-core, not in aws-amplify;
 * - the response `metadata` of provider errors from SignUp, which aws-amplify's SignUp alone drops.
 */
export function withoutAdditions<T>(core: T, amplify: T): T {
  const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value) && !(value instanceof Date);
  const walk = (value: unknown, reference: unknown, key: string | undefined): unknown => {
    if (Array.isArray(value)) return value.map((inner, index) => walk(inner, Array.isArray(reference) ? reference[index] : undefined, undefined));
    if (!isObject(value)) return value;
    const other = isObject(reference) ? reference : {};
    const object = Object.fromEntries(Object.entries(value).map(([name, inner]) => [name, walk(inner, other[name], name)]));
    if (object.hasRecoverySuggestion === true && other.hasRecoverySuggestion === false) object.hasRecoverySuggestion = false;
    if (typeof object.name === 'string' && object.name.startsWith('Passkey') && object.name === other.name && object.isAuthError === true && other.isAuthError === false) object.isAuthError = false;
    if (key !== undefined && SIGN_UP_ERROR_KEYS.has(key) && object.metadata !== undefined && other.metadata === undefined && object.name === other.name) object.metadata = undefined;
    return object;
  };
  return walk(core, amplify, undefined) as T;
}

/** The error-handling records whose error comes from SignUp (see withoutAdditions). */
const SIGN_UP_ERROR_KEYS = new Set(['takenUsername', 'weakPassword']);

/** Runs `scenario` on each library (aws-amplify first) and returns the records by library. */
export async function onEach<T>(apps: CompatApps, scenario: (app: CompatApp, target: CompatTarget) => Promise<T>): Promise<Record<CompatTarget, T>> {
  const records: Partial<Record<CompatTarget, T>> = {};
  for (const [target, app] of apps) records[target] = await scenario(app, target);
  return records as Record<CompatTarget, T>;
}

/** The check of every scenario: auth-core's record equals aws-amplify's, but for auth-core's deliberate additions. */
export function expectSameRecords<T>(records: Record<CompatTarget, T>): void {
  // COMPAT_DUMP=<file> appends what was compared, to read the records themselves.
  const dump = process.env.COMPAT_DUMP;
  if (dump !== undefined && dump !== '') appendFileSync(dump, `${JSON.stringify({ test: expect.getState().currentTestName, records }, null, 2)}\n`);
  expect(withoutAdditions(records['auth-core'], records.amplify)).toEqual(records.amplify);
}

/** What a compatibility test file works with, once its beforeAll has run. */
export interface CompatSuite {
  readonly e2e: E2eServer;
  readonly apps: CompatApps;
  readonly settings: AppSettings;
  readonly inbox: Inbox;
  readonly page: FakePage;
}

/**
 * Registers a test file's hooks: the server, both copies of the app configured with configureAuth
 * (or `configure`), a page at http://localhost:5173/ (one of the default client's callback URLs),
 * and a sign-out of both before each test, so a failed scenario does not leave the next one signed in.
 */
export function useCompatSuite(configure: (app: CompatApp, settings: AppSettings) => void = (app, settings) => app.configureAuth(settings)): CompatSuite {
  let started: CompatSuite | undefined;
  beforeAll(async () => {
    const e2e = await startCompatServer();
    const apps = await loadApps();
    const settings = appSettings(e2e);
    const page = installPage('http://localhost:5173/');
    for (const [, app] of apps) configure(app, settings);
    started = { e2e, apps, settings, inbox: inboxOf(e2e), page };
  });
  afterAll(async () => {
    started?.page.remove();
    await started?.e2e.close();
  });
  beforeEach(async () => {
    for (const [, app] of started?.apps ?? []) await app.signOutEverywhere(false).catch(() => undefined);
  });
  const get = (): CompatSuite => {
    if (started === undefined) throw new Error('the compatibility suite did not start (see the beforeAll error)');
    return started;
  };
  return {
    get e2e() {
      return get().e2e;
    },
    get apps() {
      return get().apps;
    },
    get settings() {
      return get().settings;
    },
    get inbox() {
      return get().inbox;
    },
    get page() {
      return get().page;
    },
  };
}

// signInWithRedirect through auth-core against the real server's managed login: authorize with PKCE,
// the hosted sign-in page (password, then the TOTP step) driven by plain fetch, the code redeemed at
// /oauth2/token by completeSignInWithRedirect, the session refreshed through GetTokensFromRefreshToken,
// and signOut going through /logout because the session came from managed login.
import {
  autoSignInWith,
  completeSignInWithRedirectWith,
  confirmSignInWith,
  confirmSignUpWith,
  createAuthRuntime,
  createMemoryStorage,
  createNoCookies,
  exchangeAuthorizationCode,
  fetchAuthSessionWith,
  getCurrentUserWith,
  signInWithRedirectWith,
  signOutWith,
  signUpWith,
  type AuthHubPayload,
  type AuthRuntime,
} from '@steward/auth-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { driveManagedLogin } from '../support/managed-login.js';
import { E2E_DATABASES, newIdentity, startE2eServer, type E2eServer } from '../support/server.js';
import { totp } from '../support/totp.js';

/** The app's page: one of the demo client's callback URLs (the server's defaults include http://localhost:5173/). */
const APP_ORIGIN = 'http://localhost:5173';

/** A browser tab of the app: auth-core with its redirect, address and address-bar ports recorded. */
interface AppTab {
  readonly runtime: AuthRuntime;
  /** Every page the runtime navigated to (authorize, logout). */
  readonly navigations: string[];
  readonly replaced: string[];
  readonly events: AuthHubPayload[];
  /** Sets the address the app is loaded at (the callback). */
  load(href: string): void;
}

let e2e: E2eServer;

function openApp(): AppTab {
  const navigations: string[] = [];
  const replaced: string[] = [];
  const events: AuthHubPayload[] = [];
  let href = `${APP_ORIGIN}/login`;
  const runtime = createAuthRuntime(
    { ...(e2e.runtimeConfig as { userPoolId: string; userPoolClientId: string }), storage: createMemoryStorage(), cookies: createNoCookies() },
    {
      redirect: (url) => {
        navigations.push(url);
      },
      location: () => {
        const url = new URL(href);
        return { origin: url.origin, pathname: url.pathname, href };
      },
      replaceUrl: (url) => {
        replaced.push(url);
      },
    },
  );
  runtime.hub.listen('auth', ({ payload }) => events.push(payload));
  return {
    runtime,
    navigations,
    replaced,
    events,
    load(next) {
      href = next;
    },
  };
}

/** Signs up a user through auth-core with TOTP MFA set up, then signs out; returns who and the TOTP secret. */
async function userWithTotp(): Promise<{ username: string; password: string; secret: string }> {
  const setupTab = openApp();
  const browser = setupTab.runtime;
  const who = newIdentity('redirect');
  await signUpWith(browser, { username: who.username, password: who.password, options: { userAttributes: { email: who.email }, autoSignIn: true } });
  await confirmSignUpWith(browser, { username: who.username, confirmationCode: await e2e.latestCode(who.email) });
  const first = await autoSignInWith(browser);
  expect(first.nextStep.signInStep).toBe('CONTINUE_SIGN_IN_WITH_MFA_SETUP_SELECTION');
  const setup = await confirmSignInWith(browser, { challengeResponse: 'TOTP' });
  if (setup.nextStep.signInStep !== 'CONTINUE_SIGN_IN_WITH_TOTP_SETUP') throw new Error(`unexpected step ${setup.nextStep.signInStep}`);
  const secret = setup.nextStep.totpSetupDetails.sharedSecret;
  expect((await confirmSignInWith(browser, { challengeResponse: totp(secret) })).isSignedIn).toBe(true);
  await signOutWith(browser);
  return { username: who.username, password: who.password, secret };
}

describe.each(E2E_DATABASES)('signInWithRedirect against managed login on %s', (database) => {
  beforeAll(async () => {
    // Managed login on its own origin, over plain HTTP here (auth-core keeps a domain written with its scheme).
    e2e = await startE2eServer({ MANAGED_LOGIN_TLS: 'false' }, database);
  });
  afterAll(async () => e2e.close());

  it('signs in on the hosted page, completes on return, refreshes, and signs out through /logout', async () => {
    const who = await userWithTotp();
    const tab = openApp();
    await signInWithRedirectWith(tab.runtime, { customState: 'back-to=/orders?id=7' });
    const authorize = new URL(tab.navigations[0] ?? '');
    expect(authorize.pathname).toBe('/oauth2/authorize');
    expect(authorize.searchParams.get('redirect_uri')).toBe(`${APP_ORIGIN}/`);
    expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');

    // The code of the next 30 s step: the one used at setup is refused as a replay.
    const run = await driveManagedLogin(authorize.href, `${APP_ORIGIN}/`, { ...who, code: () => totp(who.secret, Date.now() + 30_000) });
    // A fresh browser has no managed-login session: the password and the TOTP code were posted as forms.
    expect(run.visited.filter((step) => step.startsWith('POST ')).length).toBeGreaterThanOrEqual(2);
    const callback = new URL(run.callbackUrl);
    expect(callback.searchParams.get('state')).toBe(authorize.searchParams.get('state'));
    expect(callback.searchParams.get('code')).toBeTruthy();

    tab.load(run.callbackUrl);
    const result = await completeSignInWithRedirectWith(tab.runtime);
    expect(result?.user.username).toBe(who.username);
    expect(result?.customState).toBe('back-to=/orders?id=7');
    expect(tab.replaced).toEqual([`${APP_ORIGIN}/`]);
    expect(tab.events.map((e) => e.event)).toEqual(['customOAuthState', 'signInWithRedirect', 'signedIn']);
    expect((await getCurrentUserWith(tab.runtime)).username).toBe(who.username);

    // Tokens from managed login refresh like any others (GetTokensFromRefreshToken).
    const before = await fetchAuthSessionWith(tab.runtime);
    const refreshed = await fetchAuthSessionWith(tab.runtime, { forceRefresh: true });
    expect(refreshed.tokens?.accessToken.payload.username).toBe(who.username);
    expect(refreshed.tokens?.accessToken.toString()).not.toBe(before.tokens?.accessToken.toString());

    // The code was spent: redeeming it again is invalid_grant.
    await expect(
      exchangeAuthorizationCode(tab.runtime, { code: callback.searchParams.get('code') ?? '', redirectUri: `${APP_ORIGIN}/`, codeVerifier: 'x'.repeat(43) }),
    ).rejects.toMatchObject({ name: 'OAuthSignInException', underlyingError: { error: 'invalid_grant' } });

    // OAuth metadata says managed login: signOut ends at the hosted /logout, which returns to the app.
    tab.load(`${APP_ORIGIN}/settings`);
    await signOutWith(tab.runtime);
    const logout = new URL(tab.navigations.at(-1) ?? '');
    expect(logout.pathname).toBe('/logout');
    expect(logout.searchParams.get('client_id')).toBe(e2e.runtimeConfig.userPoolClientId);
    const back = await fetch(logout, { redirect: 'manual' });
    expect(back.status).toBe(302);
    expect(back.headers.get('location')).toBe(logout.searchParams.get('logout_uri'));
    expect((await fetchAuthSessionWith(tab.runtime)).tokens).toBeUndefined();
  });

  it('refuses a callback whose state it did not issue, without redeeming the code', async () => {
    const who = await userWithTotp();
    const tab = openApp();
    await signInWithRedirectWith(tab.runtime);
    const run = await driveManagedLogin(tab.navigations[0] ?? '', `${APP_ORIGIN}/`, { ...who, code: () => totp(who.secret, Date.now() + 30_000) });
    const forged = new URL(run.callbackUrl);
    forged.searchParams.set('state', `${forged.searchParams.get('state') ?? ''}0`);
    tab.load(forged.href);
    await expect(completeSignInWithRedirectWith(tab.runtime)).rejects.toMatchObject({ name: 'OAuthSignInException' });
    expect(tab.events.map((e) => e.event)).toEqual(['signInWithRedirect_failure']);
    expect((await fetchAuthSessionWith(tab.runtime)).tokens).toBeUndefined();
  });

  it('surfaces an error the authorize endpoint returns (invalid_scope) as signInWithRedirect_failure', async () => {
    const tab = openApp();
    await signInWithRedirectWith(tab.runtime);
    const authorize = new URL(tab.navigations[0] ?? '');
    authorize.searchParams.set('scope', 'openid not-a-scope');
    // RFC 6749 4.1.2.1: with a registered redirect_uri, the error goes back to the app.
    const answer = await fetch(authorize, { redirect: 'manual' });
    expect(answer.status).toBe(302);
    const callback = answer.headers.get('location') ?? '';
    expect(new URL(callback).searchParams.get('error')).toBe('invalid_scope');
    tab.load(callback);
    await expect(completeSignInWithRedirectWith(tab.runtime)).rejects.toMatchObject({ name: 'OAuthSignInException' });
    expect(tab.events.map((e) => e.event)).toEqual(['signInWithRedirect_failure']);
  });
});

import { describe, expect, it } from 'vitest';
import { createTestHarness, epochSeconds, makeAuthenticationResult } from '../../testing/test-runtime.js';
import { storeAuthenticationResult } from '../tokens/authentication-result.js';
import { loadTokens } from '../tokens/token-store.js';
import { oauthInFlightKeys } from './in-flight-store.js';
import { customStateOf } from './oauth-state.js';
import { codeChallengeS256 } from './pkce.js';
import { signInWithRedirectWith } from './sign-in-with-redirect.js';
import { createManagedLoginHarness } from '../../testing/test-managed-login.js';

const KEYS = oauthInFlightKeys('client123');

describe('signInWithRedirect', () => {
  it('stores state and PKCE verifier, then navigates to /oauth2/authorize with the S256 challenge', async () => {
    const harness = createManagedLoginHarness();
    await signInWithRedirectWith(harness.runtime);

    expect(harness.redirects).toHaveLength(1);
    const url = new URL(harness.redirects[0] ?? '');
    expect(`${url.origin}${url.pathname}`).toBe('https://auth.example.com/oauth2/authorize');
    expect([...url.searchParams.keys()]).toEqual([
      'response_type',
      'client_id',
      'redirect_uri',
      'state',
      'scope',
      'code_challenge',
      'code_challenge_method',
      'identity_provider',
    ]);
    expect(url.searchParams.get('response_type')).toBe('code');
    expect(url.searchParams.get('client_id')).toBe('client123');
    // The page is https://app.example.com/settings/profile: the configured URL on its origin.
    expect(url.searchParams.get('redirect_uri')).toBe('https://app.example.com/');
    expect(url.searchParams.get('scope')).toBe('phone email openid profile aws.cognito.signin.user.admin');
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.get('identity_provider')).toBe('COGNITO');

    const state = url.searchParams.get('state') ?? '';
    expect(state).toMatch(/^[0-9a-f]{32}$/);
    expect(await harness.storage.getItem(KEYS.oauthState)).toBe(state);
    expect(await harness.storage.getItem(KEYS.inflightOAuth)).toBe('true');
    expect(await harness.storage.getItem(KEYS.oauthRedirectUri)).toBe('https://app.example.com/');
    const verifier = (await harness.storage.getItem(KEYS.oauthPKCE)) ?? '';
    expect(verifier).toMatch(/^[A-Za-z0-9_-]{128}$/);
    expect(url.searchParams.get('code_challenge')).toBe(await codeChallengeS256(verifier));
    expect(harness.fake.calls).toEqual([]);
  });

  it('draws a new state and verifier for every start', async () => {
    const harness = createManagedLoginHarness();
    await signInWithRedirectWith(harness.runtime);
    await signInWithRedirectWith(harness.runtime);
    const [first, second] = harness.redirects.map((href) => new URL(href).searchParams);
    expect(first?.get('state')).not.toBe(second?.get('state'));
    expect(first?.get('code_challenge')).not.toBe(second?.get('code_challenge'));
  });

  it('carries customState in the state and passes provider, lang, login hint, nonce and prompt', async () => {
    const harness = createManagedLoginHarness();
    await signInWithRedirectWith(harness.runtime, {
      provider: 'Apple',
      customState: '/orders/42',
      options: { lang: 'de', loginHint: 'alice@example.com', nonce: 'n-1', prompt: 'LOGIN' },
    });
    const query = new URL(harness.redirects[0] ?? '').searchParams;
    expect(customStateOf(query.get('state') ?? '')).toBe('/orders/42');
    expect(query.get('identity_provider')).toBe('SignInWithApple');
    expect(query.get('lang')).toBe('de');
    expect(query.get('login_hint')).toBe('alice@example.com');
    expect(query.get('nonce')).toBe('n-1');
    expect(query.get('prompt')).toBe('login');
  });

  it('pins no provider for a silent prompt=none without one, and a custom provider by its name', async () => {
    const harness = createManagedLoginHarness();
    await signInWithRedirectWith(harness.runtime, { options: { prompt: 'NONE' } });
    await signInWithRedirectWith(harness.runtime, { provider: { custom: 'CorpSAML' } });
    expect(new URL(harness.redirects[0] ?? '').searchParams.has('identity_provider')).toBe(false);
    expect(new URL(harness.redirects[1] ?? '').searchParams.get('identity_provider')).toBe('CorpSAML');
  });

  it('asks for tokens without PKCE when responseType is token, and uses configured scopes', async () => {
    const harness = createManagedLoginHarness({ oauth: { responseType: 'token', scopes: ['openid', 'email'] } });
    await signInWithRedirectWith(harness.runtime);
    const query = new URL(harness.redirects[0] ?? '').searchParams;
    expect(query.get('response_type')).toBe('token');
    expect(query.get('scope')).toBe('openid email');
    expect(query.has('code_challenge')).toBe(false);
    expect(await harness.storage.getItem(KEYS.oauthPKCE)).toBeNull();
  });

  it('keeps a scheme given with the domain (a local server)', async () => {
    const harness = createManagedLoginHarness({ oauth: { domain: 'http://localhost:3443' } });
    await signInWithRedirectWith(harness.runtime);
    expect(harness.redirects[0]).toMatch(/^http:\/\/localhost:3443\/oauth2\/authorize\?/);
  });

  it('refuses a signed-in user unless a prompt asks the provider to sign in again', async () => {
    const harness = createManagedLoginHarness();
    await storeAuthenticationResult(harness.runtime, 'alice', makeAuthenticationResult({ iat: epochSeconds(harness.clock) }));
    await expect(signInWithRedirectWith(harness.runtime)).rejects.toMatchObject({ name: 'UserAlreadyAuthenticatedException' });
    expect(harness.redirects).toEqual([]);
    expect(await harness.storage.getItem(KEYS.inflightOAuth)).toBeNull();
    await signInWithRedirectWith(harness.runtime, { options: { prompt: 'LOGIN' } });
    expect(harness.redirects).toHaveLength(1);
  });

  it('needs an oauth block and a redirectSignIn URL on the current origin', async () => {
    await expect(signInWithRedirectWith(createTestHarness().runtime)).rejects.toMatchObject({ name: 'OAuthNotConfigureException' });
    await expect(signInWithRedirectWith(createManagedLoginHarness({ oauth: { redirectSignIn: [] } }).runtime)).rejects.toMatchObject({
      name: 'InvalidRedirectException',
    });
    const elsewhere = createManagedLoginHarness({ oauth: { redirectSignIn: ['https://other.example.org/'] } });
    await expect(signInWithRedirectWith(elsewhere.runtime)).rejects.toMatchObject({ name: 'InvalidOriginException' });
    expect(elsewhere.redirects).toEqual([]);
  });

  it('forgets the in-flight items and throws OAuthSignInException when the page cannot be opened', async () => {
    const harness = createManagedLoginHarness({
      io: {
        redirect: () => {
          throw new Error('blocked');
        },
      },
    });
    await expect(signInWithRedirectWith(harness.runtime)).rejects.toMatchObject({ name: 'OAuthSignInException', message: 'The managed login page could not be opened.' });
    expect(await harness.storage.getItem(KEYS.inflightOAuth)).toBeNull();
    expect(await harness.storage.getItem(KEYS.oauthState)).toBeNull();
  });

  it('sends idp_identifier instead of identity_provider for a provider given by one of its identifiers', async () => {
    const harness = createManagedLoginHarness();
    await signInWithRedirectWith(harness.runtime, { provider: { idpIdentifier: 'example.org' } });
    const query = new URL(harness.redirects[0] ?? '').searchParams;
    expect(query.get('idp_identifier')).toBe('example.org');
    expect(query.has('identity_provider')).toBe(false);
  });

  it("opens managed login through authSessionOpener instead of navigating, and completes the sign-in with the callback it returns", async () => {
    const harness = createManagedLoginHarness();
    const opened: { url: string; redirectUrls: string[]; preferPrivateSession: boolean | undefined }[] = [];
    await signInWithRedirectWith(harness.runtime, {
      customState: '/orders/42',
      options: {
        preferPrivateSession: true,
        authSessionOpener: async (url, redirectUrls, preferPrivateSession) => {
          opened.push({ url, redirectUrls, preferPrivateSession });
          const state = new URL(url).searchParams.get('state') ?? '';
          return { type: 'success', url: `https://app.example.com/?code=the-code&state=${encodeURIComponent(state)}` };
        },
      },
    });
    expect(harness.redirects).toEqual([]);
    expect(opened).toHaveLength(1);
    expect(opened[0]?.url).toMatch(/^https:\/\/auth\.example\.com\/oauth2\/authorize\?/);
    expect(opened[0]?.redirectUrls).toEqual(['https://app.example.com/']);
    expect(opened[0]?.preferPrivateSession).toBe(true);
    expect(harness.tokenRequests).toHaveLength(1);
    expect((await loadTokens(harness.runtime))?.username).toBe('alice');
    expect(harness.events.map((event) => event.event)).toEqual(['customOAuthState', 'signInWithRedirect', 'signedIn']);
  });

  it('reports a session the opener says was canceled or failed as OAuthSignInException and signInWithRedirect_failure, forgetting the in-flight items', async () => {
    const harness = createManagedLoginHarness();
    await expect(signInWithRedirectWith(harness.runtime, { options: { authSessionOpener: async () => ({ type: 'canceled' }) } })).rejects.toMatchObject({
      name: 'OAuthSignInException',
      message: 'canceled',
    });
    await expect(signInWithRedirectWith(harness.runtime, { options: { authSessionOpener: async () => ({ type: 'error', error: 'no browser' }) } })).rejects.toMatchObject({
      name: 'OAuthSignInException',
      message: 'no browser',
    });
    expect(harness.events.map((event) => event.event)).toEqual(['signInWithRedirect_failure', 'signInWithRedirect_failure']);
    expect(await harness.storage.getItem(KEYS.inflightOAuth)).toBeNull();
    expect(harness.tokenRequests).toEqual([]);
  });

  it('leaves the sign-in to completeSignInWithRedirect when the opener navigated away and returned nothing', async () => {
    const harness = createManagedLoginHarness();
    await signInWithRedirectWith(harness.runtime, { options: { authSessionOpener: async () => undefined } });
    expect(await harness.storage.getItem(KEYS.inflightOAuth)).toBe('true');
    expect(harness.events).toEqual([]);
  });
});

import { describe, expect, it } from 'vitest';
import { AuthError } from '../errors/auth-error.js';
import { signOutWith } from '../sign-out/sign-out.js';
import { fetchAuthSessionWith } from '../tokens/auth-session.js';
import { tokenCookieNames } from '../tokens/token-cookies.js';
import { getOAuthMetadata, loadTokens } from '../tokens/token-store.js';
import { completeSignInWithRedirectWith } from './complete-sign-in-with-redirect.js';
import { oauthInFlightKeys } from './in-flight-store.js';
import { codeChallengeS256 } from './pkce.js';
import { signInWithRedirectWith } from './sign-in-with-redirect.js';
import type { SignInWithRedirectInput } from './sign-in-with-redirect.js';
import { createManagedLoginHarness, tokenEndpointTokens } from '../../testing/test-managed-login.js';
import type { ManagedLoginHarness } from '../../testing/test-managed-login.js';

const KEYS = oauthInFlightKeys('client123');

/** Starts a redirect sign-in and returns the state managed login would hand back. */
async function start(harness: ManagedLoginHarness, input?: SignInWithRedirectInput): Promise<URLSearchParams> {
  await signInWithRedirectWith(harness.runtime, input);
  return new URL(harness.redirects.at(-1) ?? '').searchParams;
}

function callback(state: string, extra = ''): string {
  return `https://app.example.com/?code=the-code&state=${encodeURIComponent(state)}${extra}`;
}

describe('completeSignInWithRedirect', () => {
  it('redeems the code with the PKCE verifier, stores the session like signIn and marks it as OAuth', async () => {
    const harness = createManagedLoginHarness();
    const authorize = await start(harness);
    const result = await completeSignInWithRedirectWith(harness.runtime, callback(authorize.get('state') ?? '', '&tab=2'));

    expect(result).toEqual({ user: { username: 'alice', userId: '11111111-2222-3333-4444-555555555555' }, customState: undefined });
    expect(harness.tokenRequests).toHaveLength(1);
    const form = harness.tokenRequests[0] ?? new URLSearchParams();
    expect([...form.keys()]).toEqual(['grant_type', 'client_id', 'code', 'redirect_uri', 'code_verifier']);
    expect(form.get('grant_type')).toBe('authorization_code');
    expect(form.get('client_id')).toBe('client123');
    expect(form.get('code')).toBe('the-code');
    expect(form.get('redirect_uri')).toBe('https://app.example.com/');
    expect(await codeChallengeS256(form.get('code_verifier') ?? '')).toBe(authorize.get('code_challenge'));

    const stored = await loadTokens(harness.runtime);
    expect(stored?.username).toBe('alice');
    expect(stored?.refreshToken).toBe('oauth-refresh-1');
    expect(stored?.accessToken.toString()).toBe(tokenEndpointTokens(harness).access_token);
    expect(harness.cookies.get(tokenCookieNames('client123', 'alice').accessToken)).toBe(stored?.accessToken.toString());
    expect(await getOAuthMetadata(harness.runtime)).toEqual({ oauthSignIn: true });
    for (const key of Object.values(KEYS)) expect(await harness.storage.getItem(key)).toBeNull();
    // The code and state leave the address bar; the app's own parameters stay.
    expect(harness.replaced).toEqual(['https://app.example.com/?tab=2']);
    expect(harness.events).toEqual([{ event: 'signInWithRedirect' }, { event: 'signedIn', data: { username: 'alice', userId: '11111111-2222-3333-4444-555555555555' } }]);
    expect((await fetchAuthSessionWith(harness.runtime)).tokens?.accessToken.payload.username).toBe('alice');
  });

  it('hands back customState through the result and the customOAuthState event, before signInWithRedirect', async () => {
    const harness = createManagedLoginHarness();
    const authorize = await start(harness, { customState: 'to=/orders/42 ✓' });
    const result = await completeSignInWithRedirectWith(harness.runtime, callback(authorize.get('state') ?? ''));
    expect(result?.customState).toBe('to=/orders/42 ✓');
    expect(harness.events.map((e) => e.event)).toEqual(['customOAuthState', 'signInWithRedirect', 'signedIn']);
    expect(harness.events[0]).toEqual({ event: 'customOAuthState', data: 'to=/orders/42 ✓' });
  });

  it('reads the page address from the location port when no URL is given', async () => {
    let href = 'https://app.example.com/settings/profile';
    const harness = createManagedLoginHarness({ io: { location: () => ({ origin: 'https://app.example.com', pathname: new URL(href).pathname, href }) } });
    const authorize = await start(harness);
    href = callback(authorize.get('state') ?? '');
    expect((await completeSignInWithRedirectWith(harness.runtime))?.user.username).toBe('alice');
  });

  it('runs once when called twice at the same time, and fetchAuthSession waits for it', async () => {
    const harness = createManagedLoginHarness();
    const authorize = await start(harness);
    const url = callback(authorize.get('state') ?? '');
    const [first, second, session] = await Promise.all([
      completeSignInWithRedirectWith(harness.runtime, url),
      completeSignInWithRedirectWith(harness.runtime, url),
      fetchAuthSessionWith(harness.runtime),
    ]);
    expect(first).toBe(second);
    expect(harness.tokenRequests).toHaveLength(1);
    expect(session.tokens?.accessToken.payload.username).toBe('alice');
    expect(harness.events.filter((e) => e.event === 'signInWithRedirect')).toHaveLength(1);
    // Once done, the same address is nothing to complete: the state is spent.
    expect(await completeSignInWithRedirectWith(harness.runtime, url)).toBeNull();
    expect(harness.tokenRequests).toHaveLength(1);
  });

  it('does nothing for an address without an answer, or when no sign-in was started here', async () => {
    const harness = createManagedLoginHarness();
    expect(await completeSignInWithRedirectWith(harness.runtime, callback('0123456789abcdef0123456789abcdef'))).toBeNull();
    await start(harness);
    // Another tab of the app, or the user came back without finishing: the started sign-in stays usable.
    expect(await completeSignInWithRedirectWith(harness.runtime, 'https://app.example.com/dashboard')).toBeNull();
    expect(await harness.storage.getItem(KEYS.inflightOAuth)).toBe('true');
    expect(harness.tokenRequests).toEqual([]);
    expect(harness.events).toEqual([]);
    expect(harness.replaced).toEqual([]);
  });

  it('refuses a state it did not issue: no code exchange, no session, a failure event and the error thrown', async () => {
    const harness = createManagedLoginHarness();
    const authorize = await start(harness, { customState: 'x' });
    const state = authorize.get('state') ?? '';
    // Its last character changed (to 0, or to 1 when it already is 0), so it is never the issued state.
    const forged = `${state.slice(0, -1)}${state.endsWith('0') ? '1' : '0'}`;
    await expect(completeSignInWithRedirectWith(harness.runtime, callback(forged))).rejects.toMatchObject({
      name: 'OAuthSignInException',
      message: 'An error occurred while validating the state.',
    });
    expect(harness.tokenRequests).toEqual([]);
    expect(await loadTokens(harness.runtime)).toBeNull();
    expect(await harness.storage.getItem(KEYS.inflightOAuth)).toBeNull();
    expect(harness.replaced).toEqual(['https://app.example.com/']);
    // The thrown error itself, as aws-amplify's failure events carry it.
    expect(harness.events).toMatchObject([
      { event: 'signInWithRedirect_failure', data: { error: { name: 'OAuthSignInException', message: 'An error occurred while validating the state.', recoverySuggestion: expect.any(String) as string } } },
    ]);
    const failure = harness.events[0];
    expect(failure?.event === 'signInWithRedirect_failure' ? failure.data.error : undefined).toBeInstanceOf(AuthError);
  });

  it('surfaces an error the managed login page returned', async () => {
    const harness = createManagedLoginHarness();
    await start(harness);
    const url = 'https://app.example.com/?error=access_denied&error_description=The+user+cancelled&state=s';
    await expect(completeSignInWithRedirectWith(harness.runtime, url)).rejects.toMatchObject({ name: 'OAuthSignInException', message: 'The user cancelled' });
    expect(harness.events.map((e) => e.event)).toEqual(['signInWithRedirect_failure']);
    expect(harness.tokenRequests).toEqual([]);
  });

  it('surfaces a refused code (invalid_grant) and a token endpoint that cannot be reached', async () => {
    const harness = createManagedLoginHarness();
    harness.answerToken(() => ({ status: 400, body: { error: 'invalid_grant' } }));
    let authorize = await start(harness);
    await expect(completeSignInWithRedirectWith(harness.runtime, callback(authorize.get('state') ?? ''))).rejects.toMatchObject({
      name: 'OAuthSignInException',
      message: 'invalid_grant',
      underlyingError: { error: 'invalid_grant' },
    });
    expect(await loadTokens(harness.runtime)).toBeNull();

    harness.answerToken(() => ({ networkError: true }));
    authorize = await start(harness);
    await expect(completeSignInWithRedirectWith(harness.runtime, callback(authorize.get('state') ?? ''))).rejects.toMatchObject({ name: 'NetworkError' });
    expect(harness.events.map((e) => e.event)).toEqual(['signInWithRedirect_failure', 'signInWithRedirect_failure']);
  });

  it('stores implicit-grant tokens from the fragment, without a code exchange', async () => {
    const harness = createManagedLoginHarness({ oauth: { responseType: 'token' } });
    const authorize = await start(harness);
    const { access_token: accessToken, id_token: idToken } = tokenEndpointTokens(harness) as { access_token: string; id_token: string };
    const url = `https://app.example.com/#access_token=${accessToken}&id_token=${idToken}&token_type=Bearer&expires_in=3600&state=${authorize.get('state') ?? ''}`;
    expect((await completeSignInWithRedirectWith(harness.runtime, url))?.user.username).toBe('alice');
    expect(harness.tokenRequests).toEqual([]);
    expect((await loadTokens(harness.runtime))?.refreshToken).toBeUndefined();
    expect(harness.replaced).toEqual(['https://app.example.com/']);
  });
});

describe('signOut after a redirect sign-in', () => {
  it('goes through the managed login /logout page because the OAuth metadata says so', async () => {
    const harness = createManagedLoginHarness();
    const authorize = await start(harness);
    await completeSignInWithRedirectWith(harness.runtime, callback(authorize.get('state') ?? ''));
    harness.fake.on('RevokeToken', () => ({}));
    await signOutWith(harness.runtime);
    expect(harness.fake.callsTo('RevokeToken')[0]?.body).toEqual({ ClientId: 'client123', Token: 'oauth-refresh-1' });
    expect(harness.redirects.at(-1)).toBe('https://auth.example.com/logout?client_id=client123&logout_uri=https%3A%2F%2Fapp.example.com%2Flogin');
    expect(await loadTokens(harness.runtime)).toBeNull();
    expect(await getOAuthMetadata(harness.runtime)).toBeNull();
  });
});

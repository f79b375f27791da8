// signInWithRedirect and completeSignInWithRedirect run on the runtime configure() set up and report to the exported Hub.
import { afterEach, describe, expect, it } from 'vitest';
import { Hub } from '../events/auth-hub.js';
import type { AuthHubPayload } from '../events/auth-hub.js';
import { TEST_OAUTH, TEST_TOKEN_ENDPOINT } from '../../testing/test-managed-login.js';
import { configure, resetAuthRuntime } from '../runtime/auth-runtime.js';
import { createRecordingCookies, createTestClock, epochSeconds, makeAuthenticationResult } from '../../testing/test-runtime.js';
import { createMemoryStorage } from '../storage/memory-storage.js';
import { fetchAuthSession } from './session.js';
import { completeSignInWithRedirect, signInWithRedirect } from './sign-in-with-redirect.js';

afterEach(() => resetAuthRuntime());

describe('signInWithRedirect on the configured runtime', () => {
  it('throws AuthUserPoolException before configure()', async () => {
    await expect(signInWithRedirect()).rejects.toMatchObject({ name: 'AuthUserPoolException' });
    await expect(completeSignInWithRedirect()).rejects.toMatchObject({ name: 'AuthUserPoolException' });
  });

  it('starts at the managed login page and finishes on the address it returns to', async () => {
    const clock = createTestClock();
    const navigations: string[] = [];
    let href = 'https://app.example.com/login';
    configure(
      { userPoolId: 'us-east-1_Local', userPoolClientId: 'web', oauth: TEST_OAUTH, storage: createMemoryStorage(), cookies: createRecordingCookies() },
      {
        clock,
        redirect: (url) => void navigations.push(url),
        location: () => ({ origin: 'https://app.example.com', pathname: new URL(href).pathname, href }),
        replaceUrl: (url) => {
          href = url;
        },
        fetch: async (input) => {
          expect(input).toBe(TEST_TOKEN_ENDPOINT);
          const tokens = makeAuthenticationResult({ iat: epochSeconds(clock) });
          return new Response(JSON.stringify({ access_token: tokens.AccessToken, id_token: tokens.IdToken, refresh_token: 'r', token_type: 'Bearer', expires_in: 3600 }));
        },
      },
    );
    const events: AuthHubPayload[] = [];
    const stop = Hub.listen('auth', ({ payload }) => events.push(payload));
    try {
      await signInWithRedirect({ customState: 'home' });
      const state = new URL(navigations[0] ?? '').searchParams.get('state') ?? '';
      href = `https://app.example.com/?code=c&state=${state}`;
      expect((await completeSignInWithRedirect())?.customState).toBe('home');
      expect(href).toBe('https://app.example.com/');
      expect((await fetchAuthSession()).tokens?.accessToken.payload.username).toBe('alice');
      expect(events.map((e) => e.event)).toEqual(['customOAuthState', 'signInWithRedirect', 'signedIn']);
    } finally {
      stop();
    }
  });
});

import { describe, expect, it } from 'vitest';
import { cognitoError } from '../../testing/fake-cognito.js';
import { storeDeviceMetadata } from '../devices/device-store.js';
import { createTestHarness, epochSeconds, makeAuthenticationResult } from '../../testing/test-runtime.js';
import type { TestHarness } from '../../testing/test-runtime.js';
import { storeAuthenticationResult } from '../tokens/authentication-result.js';
import { getDeviceMetadata } from '../devices/device-store.js';
import { loadTokens, setOAuthMetadata } from '../tokens/token-store.js';
import { chooseSignOutRedirect, hostedLogoutUrl } from './sign-out-redirect.js';
import { signOutWith } from './sign-out.js';

const OAUTH = {
  domain: 'auth.example.com',
  redirectSignIn: ['https://app.example.com/'],
  redirectSignOut: ['https://other.example.org/bye', 'https://app.example.com/login', 'https://app.example.com/settings/'],
};

async function signIn(harness: TestHarness, oauth = false) {
  const tokens = await storeAuthenticationResult(harness.runtime, 'alice', makeAuthenticationResult({ iat: epochSeconds(harness.clock) }));
  if (oauth) await setOAuthMetadata(harness.runtime, { oauthSignIn: true });
  return tokens;
}

describe('signOut', () => {
  it('revokes the refresh token, clears tokens and cookies, keeps the device and emits signedOut', async () => {
    const harness = createTestHarness();
    await signIn(harness);
    await storeDeviceMetadata(harness.runtime, 'alice', { deviceKey: 'dk', deviceGroupKey: 'dg', randomPassword: 'pw' });
    harness.fake.on('RevokeToken', () => ({}));
    await signOutWith(harness.runtime);
    expect(harness.fake.problems).toEqual([]);
    expect(harness.fake.callsTo('RevokeToken')[0]?.body).toEqual({ ClientId: 'client123', Token: 'refresh-token-1' });
    expect(await loadTokens(harness.runtime)).toBeNull();
    expect(harness.cookies.jar.size).toBe(0);
    expect(await getDeviceMetadata(harness.runtime, 'alice')).not.toBeNull();
    expect(harness.events).toEqual([{ event: 'signedOut' }]);
    expect(harness.redirects).toEqual([]);
  });

  it('signs out everywhere with GlobalSignOut when global', async () => {
    const harness = createTestHarness();
    const tokens = await signIn(harness);
    harness.fake.on('GlobalSignOut', () => ({}));
    await signOutWith(harness.runtime, { global: true });
    expect(harness.fake.callsTo('GlobalSignOut')[0]?.body).toEqual({ AccessToken: tokens.accessToken.toString() });
    expect(harness.fake.callsTo('RevokeToken')).toHaveLength(0);
  });

  it('still clears the local session when Cognito refuses or cannot be reached', async () => {
    const harness = createTestHarness();
    await signIn(harness);
    harness.fake.on('RevokeToken', () => cognitoError('UnsupportedOperationException', 'Token revocation is not enabled'));
    await signOutWith(harness.runtime);
    expect(await loadTokens(harness.runtime)).toBeNull();
    expect(harness.events).toEqual([{ event: 'signedOut' }]);
  });

  it('does not call Cognito when nobody is signed in, but still reports signedOut', async () => {
    const harness = createTestHarness();
    await signOutWith(harness.runtime);
    expect(harness.fake.calls).toEqual([]);
    expect(harness.events).toEqual([{ event: 'signedOut' }]);
  });

  it('goes through the hosted logout page on the same origin after a hosted-UI sign-in', async () => {
    const harness = createTestHarness({ config: { oauth: OAUTH } });
    await signIn(harness, true);
    harness.fake.on('RevokeToken', () => ({}));
    await signOutWith(harness.runtime);
    // The page is /settings/profile, so the /settings/ redirect is the closest same-origin one.
    expect(harness.redirects).toEqual([
      'https://auth.example.com/logout?client_id=client123&logout_uri=https%3A%2F%2Fapp.example.com%2Fsettings%2F',
    ]);
    expect(await loadTokens(harness.runtime)).toBeNull();
  });

  it('does not use the hosted logout page when the session did not come from it', async () => {
    const harness = createTestHarness({ config: { oauth: OAUTH } });
    await signIn(harness);
    harness.fake.on('RevokeToken', () => ({}));
    await signOutWith(harness.runtime);
    expect(harness.redirects).toEqual([]);
  });

  it('uses a preferred redirect only when it is configured, and still signs out locally otherwise', async () => {
    const harness = createTestHarness({ config: { oauth: OAUTH } });
    await signIn(harness, true);
    harness.fake.on('RevokeToken', () => ({}));
    await expect(signOutWith(harness.runtime, { oauth: { redirectUrl: 'https://evil.example.net/' } })).rejects.toMatchObject({
      name: 'InvalidPreferredRedirectUrlException',
    });
    expect(await loadTokens(harness.runtime)).toBeNull();
    expect(harness.redirects).toEqual([]);
    expect(harness.events).toEqual([{ event: 'signedOut' }]);
  });

  it('throws OAuthSignOutException when the redirect itself fails', async () => {
    const harness = createTestHarness({
      config: { oauth: OAUTH },
      io: {
        redirect: () => {
          throw new Error('blocked');
        },
      },
    });
    await signIn(harness, true);
    harness.fake.on('RevokeToken', () => ({}));
    await expect(signOutWith(harness.runtime, { oauth: { redirectUrl: 'https://app.example.com/login' } })).rejects.toMatchObject({
      name: 'OAuthSignOutException',
    });
  });
});

function thrownName(action: () => unknown): string | undefined {
  try {
    action();
  } catch (error) {
    return (error as Error).name;
  }
  return undefined;
}

describe('chooseSignOutRedirect', () => {
  // Threat: an open redirect; the hosted logout page must only send users to URLs the app registered.
  const here = { origin: 'https://app.example.com', pathname: '/dashboard' };

  it('accepts a preferred URL only if it is exactly in the list', () => {
    expect(chooseSignOutRedirect(OAUTH.redirectSignOut, 'https://app.example.com/login', here)).toBe('https://app.example.com/login');
    expect(thrownName(() => chooseSignOutRedirect(OAUTH.redirectSignOut, 'https://app.example.com/login/', here))).toBe('InvalidPreferredRedirectUrlException');
  });

  it('chooses a URL on the current origin automatically', () => {
    expect(chooseSignOutRedirect(OAUTH.redirectSignOut, undefined, here)).toBe('https://app.example.com/login');
  });

  it('throws InvalidOriginException when no configured URL is on the current origin', () => {
    expect(thrownName(() => chooseSignOutRedirect(['https://other.example.org/bye'], undefined, here))).toBe('InvalidOriginException');
    // A look-alike host must not pass for the current one.
    expect(thrownName(() => chooseSignOutRedirect(['https://app.example.com.evil.net/'], undefined, here))).toBe('InvalidOriginException');
    expect(thrownName(() => chooseSignOutRedirect(['https://app.example.com/'], undefined, undefined))).toBe('InvalidOriginException');
  });

  it('throws InvalidRedirectException when the list has no usable URL', () => {
    expect(thrownName(() => chooseSignOutRedirect([], undefined, here))).toBe('InvalidRedirectException');
    expect(thrownName(() => chooseSignOutRedirect(['myapp://signout'], undefined, here))).toBe('InvalidRedirectException');
  });

  it('builds the hosted logout URL, keeping a scheme given with the domain', () => {
    expect(hostedLogoutUrl('auth.example.com', 'c1', 'https://app.example.com/?a=b')).toBe(
      'https://auth.example.com/logout?client_id=c1&logout_uri=https%3A%2F%2Fapp.example.com%2F%3Fa%3Db',
    );
    expect(hostedLogoutUrl('http://127.0.0.1:3000/', 'c1', 'http://localhost:5173/')).toBe(
      'http://127.0.0.1:3000/logout?client_id=c1&logout_uri=http%3A%2F%2Flocalhost%3A5173%2F',
    );
  });
});

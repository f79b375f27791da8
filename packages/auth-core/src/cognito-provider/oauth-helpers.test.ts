import { afterEach, describe, expect, it } from 'vitest';
import { TEST_CONFIG } from '../../testing/test-runtime.js';
import { TEST_OAUTH } from '../../testing/test-managed-login.js';
import { signInWithRedirect } from '../api/sign-in-with-redirect.js';
import { InvalidOriginException, InvalidPreferredRedirectUrlException } from '../errors/auth-errors.js';
import { codeChallengeS256 } from '../oauth/pkce.js';
import { configure, resetAuthRuntime } from '../runtime/auth-runtime.js';
import { createNoCookies } from '../storage/cookies.js';
import { createMemoryStorage } from '../storage/memory-storage.js';
import { generateCodeVerifier, generateState, getRedirectUrl, validateState } from './oauth-helpers.js';

afterEach(() => resetAuthRuntime());

function configureWithPage(redirects: string[] = []): void {
  configure(
    { ...TEST_CONFIG, oauth: TEST_OAUTH },
    {
      storage: createMemoryStorage(),
      cookies: createNoCookies(),
      redirect: (url) => void redirects.push(url),
      location: () => ({ origin: 'https://app.example.com', pathname: '/login' }),
    },
  );
}

describe('generateState and generateCodeVerifier', () => {
  it('draws a 32-character hex state', () => {
    expect(generateState()).toMatch(/^[0-9a-f]{32}$/);
    expect(generateState()).not.toBe(generateState());
  });

  it('draws a verifier of the asked length from the unreserved alphabet, with its S256 challenge', async () => {
    for (const length of [43, 64, 128]) {
      const verifier = generateCodeVerifier(length);
      expect(verifier.value).toMatch(new RegExp(`^[A-Za-z0-9_-]{${length}}$`));
      expect(verifier.method).toBe('S256');
      expect(verifier.toCodeChallenge()).toBe(await codeChallengeS256(verifier.value));
      expect(verifier.toCodeChallenge()).toBe(verifier.toCodeChallenge());
    }
  });
});

describe('getRedirectUrl', () => {
  it('takes a preferred URL only from the list, else the one on the page origin', () => {
    configureWithPage();
    const list = ['https://other.example.com/', 'https://app.example.com/login'];
    expect(getRedirectUrl(list)).toBe('https://app.example.com/login');
    expect(getRedirectUrl(list, 'https://other.example.com/')).toBe('https://other.example.com/');
    expect(() => getRedirectUrl(list, 'https://evil.example.com/')).toThrow(InvalidPreferredRedirectUrlException);
    expect(() => getRedirectUrl(['https://other.example.com/'])).toThrow(InvalidOriginException);
  });
});

describe('validateState', () => {
  it("accepts the state signInWithRedirect stored, and refuses any other or a missing one with Amplify's error name and messages", async () => {
    const redirects: string[] = [];
    configureWithPage(redirects);
    await signInWithRedirect({ customState: 'x' });
    const state = new URL(redirects[0] ?? '').searchParams.get('state') ?? '';
    await expect(validateState(state)).resolves.toBe(state);
    await expect(validateState(`${state}0`)).rejects.toMatchObject({ name: 'oauthSignInError', message: 'An error occurred while validating the state.' });
    await expect(validateState(null)).rejects.toMatchObject({ name: 'oauthSignInError', message: '`signInWithRedirect` has been canceled.' });
  });
});

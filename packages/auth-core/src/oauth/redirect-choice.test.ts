import { describe, expect, it } from 'vitest';
import { chooseRedirectUrl, chooseSignInRedirect } from './redirect-choice.js';

function thrown(action: () => unknown): { name: string; message: string; recoverySuggestion?: string } | undefined {
  try {
    action();
  } catch (error) {
    return error as { name: string; message: string; recoverySuggestion?: string };
  }
  return undefined;
}

describe('chooseSignInRedirect', () => {
  // Threat: an authorization code sent to a page the app does not own; only a configured URL on this origin is used.
  const redirectSignIn = ['https://other.example.org/', 'https://app.example.com/', 'https://app.example.com/auth/callback'];

  it('chooses the URL on the current origin whose path is a prefix of the page path', () => {
    expect(chooseSignInRedirect(redirectSignIn, { origin: 'https://app.example.com', pathname: '/login' })).toBe('https://app.example.com/');
    expect(chooseSignInRedirect(['https://app.example.com/auth/callback', 'https://app.example.com/'], { origin: 'https://app.example.com', pathname: '/auth/callback' })).toBe(
      'https://app.example.com/auth/callback',
    );
  });

  it('says which list to fix when no URL is on the current origin or the list is unusable', () => {
    expect(thrown(() => chooseSignInRedirect(['https://app.example.com.evil.net/'], { origin: 'https://app.example.com', pathname: '/' }))).toMatchObject({
      name: 'InvalidOriginException',
      message: 'No sign-in redirect URL in the config matches the current origin.',
      recoverySuggestion: 'Add a URL on the current origin to oauth.redirectSignIn.',
    });
    expect(thrown(() => chooseSignInRedirect(['https://app.example.com/'], undefined))).toMatchObject({ name: 'InvalidOriginException' });
    expect(thrown(() => chooseSignInRedirect([], { origin: 'https://app.example.com', pathname: '/' }))).toMatchObject({
      name: 'InvalidRedirectException',
      recoverySuggestion: 'Make sure oauth.redirectSignIn lists absolute http(s) URLs.',
    });
  });

  it('keeps the sign-out wording for sign-out choices', () => {
    expect(thrown(() => chooseRedirectUrl(['https://x.example/'], undefined, { origin: 'https://app.example.com', pathname: '/' }, 'redirectSignOut'))).toMatchObject({
      message: 'No sign-out redirect URL in the config matches the current origin.',
    });
  });
});

import { describe, expect, it } from 'vitest';
import { readOAuthCallback, withoutOAuthParams } from './callback-url.js';

describe('readOAuthCallback', () => {
  it('reads code and state from the query for the code flow', () => {
    expect(readOAuthCallback('https://app.example.com/?code=c-1&state=s-1', 'code')).toEqual({ kind: 'code', code: 'c-1', state: 's-1' });
    expect(readOAuthCallback('https://app.example.com/?code=c-1', 'code')).toEqual({ kind: 'none' });
    expect(readOAuthCallback('https://app.example.com/dashboard', 'code')).toEqual({ kind: 'none' });
    expect(readOAuthCallback('not a url', 'code')).toEqual({ kind: 'none' });
  });

  it('reads an error and its description from the query or the fragment', () => {
    expect(readOAuthCallback('https://app.example.com/?error=access_denied&error_description=User+denied&state=s', 'code')).toEqual({
      kind: 'error',
      error: 'access_denied',
      description: 'User denied',
    });
    expect(readOAuthCallback('https://app.example.com/#error=invalid_scope', 'token')).toEqual({ kind: 'error', error: 'invalid_scope', description: undefined });
  });

  it('reads implicit-grant tokens from the fragment', () => {
    expect(readOAuthCallback('https://app.example.com/#access_token=a.b.c&id_token=d.e.f&token_type=Bearer&expires_in=3600&state=s-2', 'token')).toEqual({
      kind: 'tokens',
      accessToken: 'a.b.c',
      idToken: 'd.e.f',
      state: 's-2',
    });
    expect(readOAuthCallback('https://app.example.com/#access_token=a.b.c', 'token')).toMatchObject({ kind: 'tokens', state: '' });
    expect(readOAuthCallback('https://app.example.com/?code=c&state=s', 'token')).toEqual({ kind: 'none' });
  });
});

describe('withoutOAuthParams', () => {
  it('removes what managed login added and keeps the rest of the address', () => {
    expect(withoutOAuthParams('https://app.example.com/?code=c&state=s')).toBe('https://app.example.com/');
    expect(withoutOAuthParams('https://app.example.com/home?tab=2&code=c&state=s#top')).toBe('https://app.example.com/home?tab=2#top');
    expect(withoutOAuthParams('https://app.example.com/?error=access_denied&error_description=x&state=s')).toBe('https://app.example.com/');
    expect(withoutOAuthParams('https://app.example.com/#access_token=a&id_token=b&state=s')).toBe('https://app.example.com/');
    expect(withoutOAuthParams('https://app.example.com/home')).toBe('https://app.example.com/home');
  });
});

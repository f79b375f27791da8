import { describe, expect, it } from 'vitest';
import { tokenCookieNamesIn } from './token-cookies';

describe('tokenCookieNamesIn', () => {
  it('finds the id and access token cookies of the app client, and nothing else', () => {
    const header = [
      'CognitoIdentityServiceProvider.client1.alice.idToken=a',
      ' CognitoIdentityServiceProvider.client1.alice.accessToken=b',
      'CognitoIdentityServiceProvider.client1.alice.refreshToken=c',
      'CognitoIdentityServiceProvider.client2.bob.idToken=d',
      'theme=dark',
    ].join(';');
    expect(tokenCookieNamesIn(header, 'client1')).toEqual([
      'CognitoIdentityServiceProvider.client1.alice.idToken',
      'CognitoIdentityServiceProvider.client1.alice.accessToken',
    ]);
  });

  it('decodes encoded names (usernames with an at-sign)', () => {
    const header = `${encodeURIComponent('CognitoIdentityServiceProvider.c.a@b.example.idToken')}=x`;
    expect(tokenCookieNamesIn(header, 'c')).toEqual(['CognitoIdentityServiceProvider.c.a@b.example.idToken']);
  });

  it('returns nothing for an empty cookie string', () => {
    expect(tokenCookieNamesIn('', 'c')).toEqual([]);
  });
});

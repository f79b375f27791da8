import { describe, expect, it } from 'vitest';
import { AuthConfigError } from '../errors/auth-errors.js';
import { DEFAULT_OAUTH_SCOPES, parseAuthConfig } from './auth-config.js';
import type { AuthConfigInput } from './auth-config.js';

const base: AuthConfigInput = { userPoolId: 'us-east-1_Abc', userPoolClientId: 'client' };

function errorOf(input: unknown): AuthConfigError {
  try {
    parseAuthConfig(input as AuthConfigInput);
  } catch (error) {
    if (error instanceof AuthConfigError) return error;
    throw error;
  }
  throw new Error('expected an AuthConfigError');
}

describe('parseAuthConfig', () => {
  it('fills the defaults: region from the pool id, regional endpoint, code verification, no guests', () => {
    const config = parseAuthConfig({ userPoolId: 'eu-west-2_Xyz', userPoolClientId: 'c' });
    expect(config).toMatchObject({
      region: 'eu-west-2',
      userPoolEndpoint: 'https://cognito-idp.eu-west-2.amazonaws.com/',
      identityPoolId: undefined,
      allowGuestAccess: false,
      signUpVerificationMethod: 'code',
      oauth: undefined,
    });
  });

  it('uses us-east-1 when the pool id carries no region (a self-hosted pool)', () => {
    expect(parseAuthConfig({ userPoolId: 'local_Pool', userPoolClientId: 'c' }).region).toBe('us-east-1');
  });

  it('takes the runtime-config.json shape, ignoring fields it does not use', () => {
    const config = parseAuthConfig({
      region: 'us-east-1',
      userPoolId: 'us-east-1_Local',
      userPoolClientId: 'web',
      userPoolEndpoint: 'http://127.0.0.1:3000/',
      identityPoolId: 'us-east-1:0f5c',
      identityPoolEndpoint: 'http://127.0.0.1:3000/identity',
      graphqlEndpoint: 'http://127.0.0.1:3000/graphql',
      oauth: { domain: '127.0.0.1:3000', redirectSignIn: ['http://localhost:5173/'], redirectSignOut: ['http://localhost:5173/login'] },
    } as AuthConfigInput);
    expect(config.userPoolEndpoint).toBe('http://127.0.0.1:3000/');
    expect(config.identityPoolEndpoint).toBe('http://127.0.0.1:3000/identity');
    expect(config.oauth).toEqual({
      domain: '127.0.0.1:3000',
      redirectSignIn: ['http://localhost:5173/'],
      redirectSignOut: ['http://localhost:5173/login'],
      responseType: 'code',
      scopes: ['phone', 'email', 'openid', 'profile', 'aws.cognito.signin.user.admin'],
    });
  });

  it('keeps configured OAuth scopes, defaults an empty list and refuses scopes with spaces', () => {
    const oauth = { domain: 'd', redirectSignOut: [] };
    expect(parseAuthConfig({ ...base, oauth: { ...oauth, scopes: ['openid', 'orders/read'] } }).oauth?.scopes).toEqual(['openid', 'orders/read']);
    expect(parseAuthConfig({ ...base, oauth: { ...oauth, scopes: [] } }).oauth?.scopes).toEqual(DEFAULT_OAUTH_SCOPES);
    expect(errorOf({ ...base, oauth: { ...oauth, scopes: ['openid email'] } }).message).toBe('oauth.scopes must be a list of scope names without spaces.');
  });

  it('derives the identity pool endpoint from its own region', () => {
    const config = parseAuthConfig({ ...base, identityPoolId: 'eu-central-1:abcd' });
    expect(config.identityPoolEndpoint).toBe('https://cognito-identity.eu-central-1.amazonaws.com/');
  });

  it('rejects a user pool id without an underscore with InvalidUserPoolId', () => {
    const error = errorOf({ ...base, userPoolId: 'useast1Abc' });
    expect(error.name).toBe('InvalidUserPoolId');
    expect(error.message).toBe('Invalid user pool id provided.');
  });

  it('rejects an identity pool id without a colon with InvalidIdentityPoolIdException', () => {
    const error = errorOf({ ...base, identityPoolId: 'us-east-1-abcd' });
    expect(error.name).toBe('InvalidIdentityPoolIdException');
    expect(error.recoverySuggestion).toContain('colon');
  });

  it('rejects a missing pool or client id with AuthUserPoolException', () => {
    expect(errorOf({ userPoolClientId: 'c' }).name).toBe('AuthUserPoolException');
    expect(errorOf({ userPoolId: 'us-east-1_A', userPoolClientId: '' }).name).toBe('AuthUserPoolException');
    expect(errorOf(null).name).toBe('AuthUserPoolException');
  });

  it('treats blank optional ids as absent', () => {
    expect(parseAuthConfig({ ...base, identityPoolId: '', userPoolEndpoint: '' }).identityPoolId).toBeUndefined();
  });

  it('names the bad field for malformed endpoints, redirect lists and options', () => {
    expect(errorOf({ ...base, userPoolEndpoint: 'not a url' }).message).toBe('userPoolEndpoint must be an absolute URL.');
    expect(errorOf({ ...base, userPoolEndpoint: 'ftp://x/' }).message).toBe('userPoolEndpoint must be an http(s) URL.');
    expect(errorOf({ ...base, oauth: { domain: 'd', redirectSignOut: ['/relative'] } }).message).toBe(
      'oauth.redirectSignOut[0] must be an absolute URL.',
    );
    expect(errorOf({ ...base, signUpVerificationMethod: 'sms' }).name).toBe('InvalidAuthConfigException');
    expect(errorOf({ ...base, allowGuestAccess: 'yes' }).message).toBe('allowGuestAccess must be a boolean.');
  });

  it('keeps redirect URLs exactly as written (Cognito compares them as strings)', () => {
    const config = parseAuthConfig({ ...base, oauth: { domain: 'd', redirectSignOut: ['https://app.example.com'] } });
    expect(config.oauth?.redirectSignOut).toEqual(['https://app.example.com']);
  });

  it('freezes the result', () => {
    expect(Object.isFrozen(parseAuthConfig(base))).toBe(true);
  });
});

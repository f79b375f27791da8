// configure()'s second input shape, aws-amplify v6's `{ Auth: { Cognito: … } }`: mapped onto the same
// validated AuthConfig as the flat form, typed errors for bad input, and getConfig()'s way back.
import { describe, expect, it } from 'vitest';
import { AuthConfigError } from '../errors/auth-errors.js';
import { signInWithRedirectWith } from '../oauth/sign-in-with-redirect.js';
import { createAuthRuntime } from '../runtime/auth-runtime.js';
import { createNoCookies } from '../storage/cookies.js';
import { createMemoryStorage } from '../storage/memory-storage.js';
import { toResourcesConfig } from './amplify-config.js';
import type { ResourcesConfig } from './amplify-config.js';
import { DEFAULT_OAUTH_SCOPES, parseAuthConfig } from './auth-config.js';

/** A full Amplify configuration, written as an Amplify app would (it must type-check against ResourcesConfig). */
const AMPLIFY_CONFIG = {
  Auth: {
    Cognito: {
      userPoolId: 'eu-west-1_AbCdEf123',
      userPoolClientId: 'web-client',
      identityPoolId: 'eu-west-1:0f5c1e2d-7a8b-4c9d-9e0f-1a2b3c4d5e6f',
      allowGuestAccess: true,
      signUpVerificationMethod: 'link',
      loginWith: {
        email: true,
        username: false,
        phone: false,
        oauth: {
          domain: 'auth.example.com',
          scopes: ['openid', 'email', 'orders/read'],
          redirectSignIn: ['https://app.example.com/'],
          redirectSignOut: ['https://app.example.com/signed-out'],
          responseType: 'code',
          providers: ['Google', { custom: 'Okta' }],
        },
      },
      mfa: { status: 'optional', totpEnabled: true, smsEnabled: false },
      passwordFormat: { minLength: 12, requireLowercase: true, requireUppercase: false, requireNumbers: true, requireSpecialCharacters: false },
      userAttributes: { email: { required: true } },
      groups: [{ admins: { precedence: 1 } }],
    },
  },
  API: { GraphQL: { endpoint: 'https://api.example.com/graphql' } },
} as const satisfies ResourcesConfig;

function errorOf(input: unknown): AuthConfigError {
  try {
    parseAuthConfig(input as ResourcesConfig);
  } catch (error) {
    if (error instanceof AuthConfigError) return error;
    throw error;
  }
  throw new Error('expected an AuthConfigError');
}

describe('parseAuthConfig with aws-amplify v6 ResourcesConfig', () => {
  it('maps Auth.Cognito onto the same configuration the flat form gives', () => {
    const amplify = parseAuthConfig(AMPLIFY_CONFIG);
    const flat = parseAuthConfig({
      userPoolId: 'eu-west-1_AbCdEf123',
      userPoolClientId: 'web-client',
      identityPoolId: 'eu-west-1:0f5c1e2d-7a8b-4c9d-9e0f-1a2b3c4d5e6f',
      allowGuestAccess: true,
      signUpVerificationMethod: 'link',
      oauth: {
        domain: 'auth.example.com',
        scopes: ['openid', 'email', 'orders/read'],
        redirectSignIn: ['https://app.example.com/'],
        redirectSignOut: ['https://app.example.com/signed-out'],
        responseType: 'code',
        providers: ['Google', { custom: 'Okta' }],
      },
      loginWith: { email: true, username: false, phone: false },
      mfa: { status: 'optional', totpEnabled: true, smsEnabled: false },
      passwordFormat: { minLength: 12, requireLowercase: true, requireUppercase: false, requireNumbers: true, requireSpecialCharacters: false },
      userAttributes: { email: { required: true } },
      groups: [{ admins: { precedence: 1 } }],
    });
    expect(amplify).toEqual(flat);
    expect(amplify).toMatchObject({
      region: 'eu-west-1',
      userPoolEndpoint: 'https://cognito-idp.eu-west-1.amazonaws.com/',
      identityPoolEndpoint: 'https://cognito-identity.eu-west-1.amazonaws.com/',
      allowGuestAccess: true,
      signUpVerificationMethod: 'link',
      oauth: { domain: 'auth.example.com', responseType: 'code', scopes: ['openid', 'email', 'orders/read'], redirectSignIn: ['https://app.example.com/'] },
      passwordPolicy: { minLength: 12, requireLowercase: true, requireUppercase: false, requireNumbers: true, requireSpecialCharacters: false },
      mfa: { status: 'optional', totpEnabled: true, smsEnabled: false },
      loginWith: { email: true, username: false, phone: false },
    });
  });

  it('keeps the flat form as it was: no policy, no MFA block, default scopes', () => {
    const config = parseAuthConfig({ userPoolId: 'us-east-1_A', userPoolClientId: 'c', oauth: { domain: 'd', redirectSignOut: [] } });
    expect(config.passwordPolicy).toBeUndefined();
    expect(config.mfa).toBeUndefined();
    expect(config.oauth?.scopes).toEqual(DEFAULT_OAUTH_SCOPES);
  });

  it('takes custom endpoints from Auth.Cognito and ignores the other categories', () => {
    const config = parseAuthConfig({
      Auth: { Cognito: { userPoolId: 'local_Pool', userPoolClientId: 'c', userPoolEndpoint: 'http://127.0.0.1:3000/' } },
      Storage: { S3: { bucket: 'b' } },
    });
    expect(config.userPoolEndpoint).toBe('http://127.0.0.1:3000/');
    expect(config.region).toBe('us-east-1');
  });

  it('fills the parts of a partial passwordFormat that are left out so they refuse nothing the pool may accept', () => {
    const config = parseAuthConfig({ Auth: { Cognito: { userPoolId: 'us-east-1_A', userPoolClientId: 'c', passwordFormat: { requireNumbers: true } } } });
    expect(config.passwordPolicy).toEqual({ minLength: 6, requireLowercase: false, requireUppercase: false, requireNumbers: true, requireSpecialCharacters: false });
  });

  it('answers a missing user pool with AuthUserPoolException, as before configure()', () => {
    expect(errorOf({ Auth: {} }).name).toBe('AuthUserPoolException');
    expect(errorOf({ Auth: undefined }).name).toBe('AuthUserPoolException');
    expect(errorOf({ Auth: { Cognito: { identityPoolId: 'us-east-1:abc' } } }).name).toBe('AuthUserPoolException');
    expect(errorOf({ API: {} }).name).toBe('AuthUserPoolException');
  });

  it('names the bad field where the app wrote it', () => {
    const cognito = { userPoolId: 'us-east-1_A', userPoolClientId: 'c' };
    const cases: [unknown, string][] = [
      [{ Auth: 'cognito' }, 'Auth must be an object.'],
      [{ Auth: { Cognito: [] } }, 'Auth.Cognito must be an object.'],
      [{ Auth: { Cognito: { ...cognito, userPoolEndpoint: '/relative' } } }, 'Auth.Cognito.userPoolEndpoint must be an absolute URL.'],
      [{ Auth: { Cognito: { ...cognito, loginWith: { oauth: { domain: 'd', redirectSignOut: ['nope'] } } } } }, 'Auth.Cognito.loginWith.oauth.redirectSignOut[0] must be an absolute URL.'],
      [{ Auth: { Cognito: { ...cognito, loginWith: { oauth: { domain: 'd', redirectSignOut: [], responseType: 'id_token' } } } } }, "Auth.Cognito.loginWith.oauth.responseType must be 'code' or 'token'."],
      [{ Auth: { Cognito: { ...cognito, loginWith: { email: 'yes' } } } }, 'Auth.Cognito.loginWith.email must be a boolean.'],
      [{ Auth: { Cognito: { ...cognito, passwordFormat: { minLength: 0 } } } }, 'Auth.Cognito.passwordFormat.minLength must be a positive integer.'],
      [{ Auth: { Cognito: { ...cognito, passwordFormat: { requireNumbers: 1 } } } }, 'Auth.Cognito.passwordFormat.requireNumbers must be a boolean.'],
      [{ Auth: { Cognito: { ...cognito, mfa: { status: 'required' } } } }, "Auth.Cognito.mfa.status must be 'on', 'off' or 'optional'."],
      [{ Auth: { Cognito: { ...cognito, mfa: { totpEnabled: 'true' } } } }, 'Auth.Cognito.mfa.totpEnabled must be a boolean.'],
      [{ Auth: { Cognito: { ...cognito, allowGuestAccess: 'yes' } } }, 'Auth.Cognito.allowGuestAccess must be a boolean.'],
      [{ Auth: { Cognito: { ...cognito, groups: 'admins' } } }, 'Auth.Cognito.groups must be a list.'],
      [{ ...cognito, passwordFormat: 'strong' }, 'passwordFormat must be an object.'],
    ];
    for (const [input, message] of cases) {
      const error = errorOf(input);
      expect(error.name).toBe('InvalidAuthConfigException');
      expect(error.message).toBe(message);
    }
    expect(errorOf({ Auth: { Cognito: { ...cognito, userPoolId: 'nounderscore' } } }).name).toBe('InvalidUserPoolId');
  });
});

describe('toResourcesConfig (getConfig)', () => {
  it('gives an Amplify configuration back that configures the same runtime', () => {
    const config = parseAuthConfig(AMPLIFY_CONFIG);
    const back = toResourcesConfig(config);
    expect(back.Auth.Cognito).toMatchObject({
      userPoolId: 'eu-west-1_AbCdEf123',
      userPoolClientId: 'web-client',
      identityPoolId: 'eu-west-1:0f5c1e2d-7a8b-4c9d-9e0f-1a2b3c4d5e6f',
      allowGuestAccess: true,
      loginWith: { email: true, oauth: { domain: 'auth.example.com', providers: ['Google', { custom: 'Okta' }] } },
      passwordFormat: { minLength: 12 },
      mfa: { status: 'optional' },
    });
    // Endpoints derived from the pool ids are not listed, as Amplify lists only custom ones.
    expect(back.Auth.Cognito.userPoolEndpoint).toBeUndefined();
    expect(back.Auth.Cognito.identityPoolEndpoint).toBeUndefined();
    expect(parseAuthConfig(back)).toEqual(config);
  });

  it('lists custom endpoints and converts the flat form', () => {
    const back = toResourcesConfig(parseAuthConfig({ userPoolId: 'us-east-1_A', userPoolClientId: 'c', userPoolEndpoint: 'http://127.0.0.1:3000/' }));
    expect(back).toEqual({ Auth: { Cognito: { userPoolId: 'us-east-1_A', userPoolClientId: 'c', userPoolEndpoint: 'http://127.0.0.1:3000/', signUpVerificationMethod: 'code' } } });
  });
});

describe('loginWith.oauth drives signInWithRedirect', () => {
  it('sends the browser to the managed login page of the Amplify-configured domain, with its scopes', async () => {
    const redirects: string[] = [];
    const runtime = createAuthRuntime(AMPLIFY_CONFIG, {
      storage: createMemoryStorage(),
      cookies: createNoCookies(),
      redirect: (url) => void redirects.push(url),
      location: () => ({ origin: 'https://app.example.com', pathname: '/' }),
    });
    await signInWithRedirectWith(runtime, { customState: '/orders' });
    const url = new URL(redirects[0] ?? '');
    expect(`${url.origin}${url.pathname}`).toBe('https://auth.example.com/oauth2/authorize');
    expect(url.searchParams.get('client_id')).toBe('web-client');
    expect(url.searchParams.get('redirect_uri')).toBe('https://app.example.com/');
    expect(url.searchParams.get('scope')).toBe('openid email orders/read');
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
  });

  it('without loginWith.oauth, signInWithRedirect says OAuth is not configured', async () => {
    const runtime = createAuthRuntime({ Auth: { Cognito: { userPoolId: 'us-east-1_A', userPoolClientId: 'c' } } }, { storage: createMemoryStorage(), cookies: createNoCookies() });
    await expect(signInWithRedirectWith(runtime)).rejects.toMatchObject({ name: 'OAuthNotConfigureException' });
  });
});

import { describe, expect, it } from 'vitest';
import { buildAuthorizeUrl, identityProviderName, oauthDomainBase, tokenEndpointUrl } from './authorize-url.js';

const base = {
  domain: 'auth.example.com',
  clientId: 'client123',
  redirectUri: 'https://app.example.com/',
  responseType: 'code' as const,
  scopes: ['openid', 'email', 'aws.cognito.signin.user.admin'],
  state: 'abc123',
  codeChallenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
};

describe('buildAuthorizeUrl', () => {
  it('asks for a code with PKCE S256, the scopes space-separated, in a fixed parameter order', () => {
    expect(buildAuthorizeUrl({ ...base, identityProvider: 'COGNITO' })).toBe(
      'https://auth.example.com/oauth2/authorize?response_type=code&client_id=client123&redirect_uri=https%3A%2F%2Fapp.example.com%2F' +
        '&state=abc123&scope=openid+email+aws.cognito.signin.user.admin' +
        '&code_challenge=E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM&code_challenge_method=S256&identity_provider=COGNITO',
    );
  });

  it('adds lang, login_hint, nonce and a lowercase prompt when given, and leaves blanks out', () => {
    const url = new URL(buildAuthorizeUrl({ ...base, identityProvider: 'Google', lang: 'fr', loginHint: 'alice@example.com', nonce: 'n-1', prompt: 'SELECT_ACCOUNT' }));
    expect(url.searchParams.get('identity_provider')).toBe('Google');
    expect(url.searchParams.get('lang')).toBe('fr');
    expect(url.searchParams.get('login_hint')).toBe('alice@example.com');
    expect(url.searchParams.get('nonce')).toBe('n-1');
    expect(url.searchParams.get('prompt')).toBe('select_account');
    expect([...new URL(buildAuthorizeUrl({ ...base, lang: '' })).searchParams.keys()]).not.toContain('lang');
  });

  it('sends no PKCE for the implicit grant', () => {
    const url = new URL(buildAuthorizeUrl({ ...base, responseType: 'token' }));
    expect(url.searchParams.get('response_type')).toBe('token');
    expect(url.searchParams.has('code_challenge')).toBe(false);
    expect(url.searchParams.has('code_challenge_method')).toBe(false);
  });

  it('keeps a scheme written with the domain (a local server), like the hosted logout URL', () => {
    expect(buildAuthorizeUrl({ ...base, domain: 'http://127.0.0.1:3443/' })).toMatch(/^http:\/\/127\.0\.0\.1:3443\/oauth2\/authorize\?/);
    expect(oauthDomainBase('auth.example.com')).toBe('https://auth.example.com');
    expect(tokenEndpointUrl('https://login.example.com')).toBe('https://login.example.com/oauth2/token');
  });
});

describe('identityProviderName', () => {
  it("uses Cognito's names for aws-amplify's providers and a custom provider's own name", () => {
    expect(identityProviderName('COGNITO')).toBe('COGNITO');
    expect(identityProviderName('Google')).toBe('Google');
    expect(identityProviderName('Facebook')).toBe('Facebook');
    expect(identityProviderName('Amazon')).toBe('LoginWithAmazon');
    expect(identityProviderName('Apple')).toBe('SignInWithApple');
    expect(identityProviderName({ custom: 'CorpSAML' })).toBe('CorpSAML');
  });
});

import { afterEach, describe, expect, it } from 'vitest';
import { cognitoCredentialsProvider } from '../cognito-provider/credentials-provider.js';
import { cognitoUserPoolsTokenProvider } from '../cognito-provider/token-provider.js';
import type { CredentialsAndIdentityIdProvider, GetCredentialsOptions, TokenProvider } from '../api/provider-types.js';
import { fetchAuthSession } from '../api/session.js';
import { signOut } from '../api/sign-out.js';
import { AuthConfigError } from '../errors/auth-errors.js';
import type { CredentialsAndIdentityId } from '../identity-pool/credentials.js';
import type { AuthTokens } from '../tokens/auth-session.js';
import { decodeJwtToken } from '../tokens/jwt.js';
import { makeAuthenticationResult } from '../../testing/test-runtime.js';
import { Amplify, getConfig } from './amplify.js';
import { configure, getAuthRuntime, resetAuthRuntime } from './auth-runtime.js';

afterEach(() => resetAuthRuntime());

const COGNITO = { userPoolId: 'eu-west-1_Pool', userPoolClientId: 'web' };

describe('Amplify', () => {
  it('is configure() and getConfig() under aws-amplify v6 names', () => {
    expect(Amplify.configure).toBe(configure);
    expect(Amplify.getConfig).toBe(getConfig);
  });

  it('configures the default runtime from { Auth: { Cognito } } as from the flat form', () => {
    Amplify.configure({ Auth: { Cognito: { ...COGNITO, signUpVerificationMethod: 'link' } } });
    expect(getAuthRuntime().config).toMatchObject({ ...COGNITO, region: 'eu-west-1', signUpVerificationMethod: 'link' });
    Amplify.configure(COGNITO);
    expect(getAuthRuntime().config).toMatchObject({ ...COGNITO, signUpVerificationMethod: 'code' });
  });

  it("takes Amplify's second argument with auth-core's own providers, which leave the runtime's session logic in place", () => {
    const runtime = Amplify.configure(
      { Auth: { Cognito: COGNITO } },
      { Auth: { tokenProvider: cognitoUserPoolsTokenProvider, credentialsProvider: cognitoCredentialsProvider }, ssr: true },
    );
    expect(getAuthRuntime()).toBe(runtime);
    expect(runtime.providers).toBeUndefined();
  });

  it("uses an app's own providers as aws-amplify's AuthClass does: fetchAuthSession asks them, signOut clears the credentials one", async () => {
    const tokens: AuthTokens = { accessToken: decodeJwtToken(makeAuthenticationResult({ iat: 1_700_000_000, sub: 'sub-1' }).AccessToken ?? '') };
    // Classes written to aws-amplify's interfaces (the same types in auth-core).
    class AppTokenProvider implements TokenProvider {
      current: AuthTokens | null = tokens;
      readonly asked: unknown[] = [];
      async getTokens(options?: { forceRefresh?: boolean }): Promise<AuthTokens | null> {
        this.asked.push(options);
        return this.current;
      }
    }
    class AppCredentialsProvider implements CredentialsAndIdentityIdProvider {
      readonly asked: GetCredentialsOptions[] = [];
      cleared = 0;
      async getCredentialsAndIdentityId(options: GetCredentialsOptions): Promise<CredentialsAndIdentityId | undefined> {
        this.asked.push(options);
        const pool = options.authConfig?.Cognito.identityPoolId ?? 'none';
        return { credentials: { accessKeyId: options.authenticated ? 'AKIA-USER' : 'AKIA-GUEST', secretAccessKey: 's' }, identityId: `${pool}:id` };
      }
      clearCredentialsAndIdentityId(): void {
        this.cleared += 1;
      }
    }
    const tokenProvider = new AppTokenProvider();
    const credentialsProvider = new AppCredentialsProvider();
    const auth = { Cognito: { ...COGNITO, identityPoolId: 'eu-west-1:pool' } };
    const runtime = Amplify.configure({ Auth: auth }, { Auth: { tokenProvider, credentialsProvider } });
    expect(runtime.providers).toEqual({ tokenProvider, credentialsProvider, authConfig: auth });

    expect(await fetchAuthSession({ forceRefresh: true })).toEqual({
      tokens,
      credentials: { accessKeyId: 'AKIA-USER', secretAccessKey: 's' },
      identityId: 'eu-west-1:pool:id',
      userSub: 'sub-1',
    });
    expect(tokenProvider.asked).toEqual([{ forceRefresh: true }]);
    expect(credentialsProvider.asked).toEqual([{ authConfig: auth, tokens, authenticated: true, forceRefresh: true }]);

    tokenProvider.current = null;
    const guest = await fetchAuthSession();
    expect(guest).toMatchObject({ tokens: undefined, credentials: { accessKeyId: 'AKIA-GUEST' }, userSub: undefined });
    expect(credentialsProvider.asked[1]).toEqual({ authConfig: auth, authenticated: false, forceRefresh: undefined });

    await signOut();
    expect(credentialsProvider.cleared).toBe(1);
  });

  it("gives no credentials when LibraryOptions.Auth names a token provider only, and none of either with Auth: {}, as aws-amplify", async () => {
    const tokens: AuthTokens = { accessToken: decodeJwtToken(makeAuthenticationResult({ iat: 1_700_000_000 }).AccessToken ?? '') };
    Amplify.configure({ Auth: { Cognito: { ...COGNITO, identityPoolId: 'eu-west-1:pool' } } }, { Auth: { tokenProvider: { getTokens: async () => tokens } } });
    const session = await fetchAuthSession();
    expect(session.tokens).toBe(tokens);
    expect(session.credentials).toBeUndefined();
    Amplify.configure({ Auth: { Cognito: COGNITO } }, { Auth: {} });
    expect(await fetchAuthSession()).toEqual({ tokens: undefined, credentials: undefined, identityId: undefined, userSub: undefined });
  });

  it('hands the flat form to the providers in Amplify shape, and keeps the providers when the token store reconfigures', async () => {
    const credentialsProvider = { getCredentialsAndIdentityId: async () => undefined, clearCredentialsAndIdentityId: () => undefined };
    const runtime = configure(COGNITO, { Auth: { credentialsProvider } });
    expect(runtime.providers?.authConfig).toEqual({ Cognito: { ...COGNITO, signUpVerificationMethod: 'code' } });
    cognitoUserPoolsTokenProvider.setAuthConfig({ Cognito: { ...COGNITO, userPoolClientId: 'other' } });
    expect(getAuthRuntime().config.userPoolClientId).toBe('other');
    expect(getAuthRuntime().providers?.credentialsProvider).toBe(credentialsProvider);
  });

  it('refuses an invalid Amplify configuration with AuthConfigError and keeps the previous runtime', () => {
    const first = Amplify.configure({ Auth: { Cognito: COGNITO } });
    expect(() => Amplify.configure({ Auth: { Cognito: { ...COGNITO, userPoolEndpoint: 'ftp://x/' } } })).toThrow(AuthConfigError);
    expect(getAuthRuntime()).toBe(first);
  });
});

describe('getConfig', () => {
  it('is {} before configure(), as aws-amplify', () => {
    expect(getConfig()).toEqual({});
  });

  it('gives the configuration in aws-amplify v6 shape, whichever form configured it', () => {
    configure({ ...COGNITO, oauth: { domain: 'auth.example.com', redirectSignIn: ['https://app.example.com/'], redirectSignOut: ['https://app.example.com/'] } });
    expect(getConfig()).toEqual({
      Auth: {
        Cognito: {
          ...COGNITO,
          signUpVerificationMethod: 'code',
          loginWith: {
            oauth: {
              domain: 'auth.example.com',
              scopes: ['phone', 'email', 'openid', 'profile', 'aws.cognito.signin.user.admin'],
              redirectSignIn: ['https://app.example.com/'],
              redirectSignOut: ['https://app.example.com/'],
              responseType: 'code',
            },
          },
        },
      },
    });
  });
});

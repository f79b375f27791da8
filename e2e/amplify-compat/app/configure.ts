// Configuration, as an Amplify app writes it: Amplify's config shape, once at start.
import { CognitoAWSCredentialsAndIdentityIdProvider, DefaultIdentityIdStore, cognitoUserPoolsTokenProvider } from 'compat-auth/cognito';
import { Amplify } from 'compat-core';
import type { AppSettings } from './ports.js';

/** Storage the app owns (e.g. over IndexedDB or a native store), handed to Amplify's token and identity stores. */
export class AppStorage {
  readonly items = new Map<string, string>();

  /** Stores one item. */
  async setItem(key: string, value: string): Promise<void> {
    this.items.set(key, value);
  }

  /** Reads one item, null when absent. */
  async getItem(key: string): Promise<string | null> {
    return this.items.get(key) ?? null;
  }

  /** Removes one item. */
  async removeItem(key: string): Promise<void> {
    this.items.delete(key);
  }

  /** Removes every item. */
  async clear(): Promise<void> {
    this.items.clear();
  }
}

/** The Auth part of the app's configuration. */
export function authConfig(settings: AppSettings) {
  return {
    Cognito: {
      userPoolId: settings.userPoolId,
      userPoolClientId: settings.userPoolClientId,
      userPoolEndpoint: settings.userPoolEndpoint,
      identityPoolId: settings.identityPoolId,
      identityPoolEndpoint: settings.identityPoolEndpoint,
      allowGuestAccess: true,
      signUpVerificationMethod: 'code' as const,
      loginWith: {
        username: true,
        oauth: {
          domain: settings.oauthDomain,
          scopes: ['openid', 'email', 'profile', 'aws.cognito.signin.user.admin'],
          redirectSignIn: [...settings.redirectSignIn],
          redirectSignOut: [...settings.redirectSignOut],
          responseType: 'code' as const,
        },
      },
    },
  };
}

/** Configures auth with the library's default token and credentials providers. */
export function configureAuth(settings: AppSettings): void {
  Amplify.configure({ Auth: authConfig(settings) });
}

/** Configures auth with tokens and identity ids kept in the app's own storage (aws-amplify/auth/cognito's providers). */
export function configureAuthWithAppStorage(settings: AppSettings, storage: AppStorage): void {
  cognitoUserPoolsTokenProvider.setKeyValueStorage(storage);
  const credentialsProvider = new CognitoAWSCredentialsAndIdentityIdProvider(new DefaultIdentityIdStore(storage));
  Amplify.configure({ Auth: authConfig(settings) }, { Auth: { tokenProvider: cognitoUserPoolsTokenProvider, credentialsProvider } });
}

/** The configuration the library reports back (Amplify.getConfig), reduced to what the app checks. */
export function configuredUserPool(): { userPoolId: string | undefined; userPoolClientId: string | undefined; oauthDomain: string | undefined } {
  const cognito = Amplify.getConfig().Auth?.Cognito;
  return { userPoolId: cognito?.userPoolId, userPoolClientId: cognito?.userPoolClientId, oauthDomain: cognito?.loginWith?.oauth?.domain };
}

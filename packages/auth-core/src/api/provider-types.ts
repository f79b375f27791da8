// aws-amplify v6's provider interfaces (@aws-amplify/core TokenProvider, CredentialsAndIdentityIdProvider,
// GetCredentialsOptions), re-exported by `aws-amplify/auth`: an app implements them to plug its own
// token or credentials source into `Amplify.configure(config, { Auth: { tokenProvider, credentialsProvider } })`,
// and fetchAuthSession then asks them (see fetchAuthSessionWith). Written out as @aws-amplify/core
// declares them, so a class written to Amplify's types is one of these and the other way round.
import type { AuthStandardAttributeKey } from './types.js';
import type { CredentialsAndIdentityId } from '../identity-pool/credentials.js';
import type { AuthTokens } from '../tokens/auth-session.js';

/** Where the session's tokens come from (aws-amplify v6's TokenProvider). */
export interface TokenProvider {
  getTokens(options?: { forceRefresh?: boolean }): Promise<AuthTokens | null>;
}

/** aws-amplify v6's OAuthConfig, as a provider receives it in `authConfig`. */
export interface ProviderOAuthConfig {
  domain: string;
  scopes: ('email' | 'openid' | 'phone' | 'profile' | 'aws.cognito.signin.user.admin' | (string & NonNullable<unknown>))[];
  redirectSignIn: string[];
  redirectSignOut: string[];
  responseType: 'code' | 'token';
  providers?: ('Google' | 'Facebook' | 'Amazon' | 'Apple' | { custom: string })[];
}

/** aws-amplify v6's CognitoUserPoolConfig, as a provider receives it in `authConfig`. */
export interface ProviderUserPoolConfig {
  userPoolClientId: string;
  userPoolId: string;
  userPoolEndpoint?: string;
  signUpVerificationMethod?: 'code' | 'link';
  loginWith?: { oauth?: ProviderOAuthConfig; username?: boolean; email?: boolean; phone?: boolean };
  userAttributes?: Partial<Record<AuthStandardAttributeKey, { required: boolean }>>;
  mfa?: { status?: 'on' | 'off' | 'optional'; totpEnabled?: boolean; smsEnabled?: boolean };
  passwordFormat?: {
    minLength?: number;
    requireLowercase?: boolean;
    requireUppercase?: boolean;
    requireNumbers?: boolean;
    requireSpecialCharacters?: boolean;
  };
  groups?: Record<string, Record<string, number>>[];
  passwordless?: {
    emailOtpEnabled?: boolean;
    smsOtpEnabled?: boolean;
    webAuthn?: { relyingPartyId?: string; userVerification?: string };
    preferredChallenge?: 'EMAIL_OTP' | 'SMS_OTP' | 'WEB_AUTHN' | undefined;
  };
}

/** aws-amplify v6's CognitoIdentityPoolConfig, as a provider receives it in `authConfig`. */
export interface ProviderIdentityPoolConfig {
  identityPoolId: string;
  identityPoolEndpoint?: string;
  allowGuestAccess?: boolean;
}

interface ProviderIdentityPoolOnly {
  Cognito: ProviderIdentityPoolConfig & {
    userPoolClientId?: never;
    userPoolId?: never;
    userPoolEndpoint?: never;
    loginWith?: never;
    signUpVerificationMethod?: never;
    userAttributes?: never;
    mfa?: never;
    passwordFormat?: never;
    groups?: never;
    passwordless?: never;
  };
}

interface ProviderUserPoolOnly {
  Cognito: ProviderUserPoolConfig & { identityPoolId?: never; identityPoolEndpoint?: never; allowGuestAccess?: never };
}

interface ProviderUserPoolAndIdentityPool {
  Cognito: ProviderUserPoolConfig & ProviderIdentityPoolConfig;
}

type ProviderCognitoConfig = ProviderIdentityPoolOnly | ProviderUserPoolOnly | ProviderUserPoolAndIdentityPool;

/**
 * aws-amplify v6's AuthConfig (the `Auth` of ResourcesConfig: an identity pool, a user pool, or
 * both), the type of `GetCredentialsOptions.authConfig`. auth-core hands its providers the
 * configuration configure() was given, in this shape.
 */
export type ProviderAuthConfig = Partial<ProviderCognitoConfig> & Pick<ProviderCognitoConfig, 'Cognito'>;

interface GetCredentialsAuthenticatedUser {
  authenticated: true;
  forceRefresh?: boolean;
  authConfig: ProviderAuthConfig | undefined;
  tokens: AuthTokens;
}

interface GetCredentialsUnauthenticatedUser {
  authenticated: false;
  forceRefresh?: boolean;
  authConfig: ProviderAuthConfig | undefined;
  tokens?: never;
}

/** What fetchAuthSession asks a credentials provider for: a signed-in user's credentials (with their tokens) or a guest's. */
export type GetCredentialsOptions = GetCredentialsAuthenticatedUser | GetCredentialsUnauthenticatedUser;

/** Where AWS credentials come from (aws-amplify v6's CredentialsAndIdentityIdProvider). */
export interface CredentialsAndIdentityIdProvider {
  getCredentialsAndIdentityId(getCredentialsOptions: GetCredentialsOptions): Promise<CredentialsAndIdentityId | undefined>;
  clearCredentialsAndIdentityId(): void;
}

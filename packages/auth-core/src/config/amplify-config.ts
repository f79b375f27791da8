// aws-amplify v6's configuration shape (`ResourcesConfig`, i.e. `{ Auth: { Cognito: … } }`), which
// configure() takes besides auth-core's flat options, and the way back for getConfig(). Field names and
// optionality follow @aws-amplify/core's CognitoUserPoolConfig; lists are readonly so a config written
// `as const` type-checks too.
import type { AuthStandardAttributeKey } from '../api/types.js';
import { parseAuthConfig } from './auth-config.js';
import type { AuthConfig } from './auth-config.js';

/** An OAuth scope: the standard ones, or a resource server's custom scope. */
export type OAuthScope = 'email' | 'openid' | 'phone' | 'profile' | 'aws.cognito.signin.user.admin' | (string & NonNullable<unknown>);

/** A social provider of managed login, aws-amplify v6's OAuthProvider. */
export type OAuthProvider = 'Google' | 'Facebook' | 'Amazon' | 'Apple';

/** A SAML or OIDC provider configured in the user pool, by its name. */
export interface CustomOAuthProvider {
  custom: string;
}

/** `loginWith.oauth`: managed login (the hosted UI), used by signInWithRedirect and signOut. */
export interface AmplifyOAuthConfig {
  domain: string;
  /** Default DEFAULT_OAUTH_SCOPES (Amplify requires the list; auth-core fills it in). */
  scopes?: readonly OAuthScope[];
  redirectSignIn?: readonly string[];
  redirectSignOut: readonly string[];
  /** Default 'code'. */
  responseType?: 'code' | 'token';
  /** The providers the app offers buttons for; kept for getConfig(), not used by auth-core. */
  providers?: readonly (OAuthProvider | CustomOAuthProvider)[];
}

/** The pool's MFA setting as Amplify's configurations state it. */
export type CognitoUserPoolConfigMfaStatus = 'on' | 'off' | 'optional';

/** `mfa`: the pool's MFA configuration. */
export interface CognitoMfaConfig {
  status?: CognitoUserPoolConfigMfaStatus;
  totpEnabled?: boolean;
  smsEnabled?: boolean;
}

/** `passwordFormat`: the pool's password policy; signUp, confirmResetPassword, updatePassword and the new-password step check it before sending. */
export interface CognitoPasswordFormat {
  /** Default 6 (Cognito's lowest allowed minimum) when the block is given without it. */
  minLength?: number;
  requireLowercase?: boolean;
  requireUppercase?: boolean;
  requireNumbers?: boolean;
  requireSpecialCharacters?: boolean;
}

/** `loginWith`: how users sign in. */
export interface CognitoLoginWith {
  oauth?: AmplifyOAuthConfig;
  username?: boolean;
  email?: boolean;
  phone?: boolean;
}

/** `userAttributes`: the attributes sign-up requires. */
export type AuthConfigUserAttributes = Partial<Record<AuthStandardAttributeKey, { required: boolean }>>;

/** `passwordless`: the pool's passwordless first factors. */
export interface CognitoPasswordlessConfig {
  emailOtpEnabled?: boolean;
  smsOtpEnabled?: boolean;
  webAuthn?: { relyingPartyId?: string; userVerification?: string };
  preferredChallenge?: 'EMAIL_OTP' | 'SMS_OTP' | 'WEB_AUTHN';
}

/** A user pool's part of `Auth.Cognito` (aws-amplify v6's CognitoUserPoolConfig). */
export interface CognitoUserPoolConfig {
  userPoolClientId: string;
  userPoolId: string;
  userPoolEndpoint?: string;
  signUpVerificationMethod?: 'code' | 'link';
  loginWith?: CognitoLoginWith;
  userAttributes?: AuthConfigUserAttributes;
  mfa?: CognitoMfaConfig;
  passwordFormat?: CognitoPasswordFormat;
  groups?: readonly Record<string, Record<string, number>>[];
  passwordless?: CognitoPasswordlessConfig;
}

/** An identity pool's part of `Auth.Cognito` (aws-amplify v6's CognitoIdentityPoolConfig). */
export interface CognitoIdentityPoolConfig {
  identityPoolId: string;
  identityPoolEndpoint?: string;
  allowGuestAccess?: boolean;
}

/** `Auth.Cognito`: a user pool, optionally with an identity pool (auth-core always needs the user pool). */
export type CognitoUserPoolAndIdentityPoolConfig = CognitoUserPoolConfig & Partial<CognitoIdentityPoolConfig>;

/** The `Auth` part of ResourcesConfig (aws-amplify v6's AuthConfig, renamed because auth-core's AuthConfig is the validated flat form). */
export interface AmplifyAuthConfig {
  Cognito: CognitoUserPoolAndIdentityPoolConfig;
}

/** aws-amplify v6's ResourcesConfig, as `Amplify.configure` takes it; categories other than Auth are accepted and ignored. */
export interface ResourcesConfig {
  Auth?: AmplifyAuthConfig;
  API?: unknown;
  Analytics?: unknown;
  Interactions?: unknown;
  Notifications?: unknown;
  Predictions?: unknown;
  Storage?: unknown;
  Geo?: unknown;
}

/**
 * A validated configuration in aws-amplify v6's shape (what getConfig() returns): only endpoints that
 * differ from the ones derived from the pool ids are listed, as Amplify lists only custom endpoints.
 */
export function toResourcesConfig(config: AuthConfig): ResourcesConfig & { Auth: AmplifyAuthConfig } {
  const defaults = parseAuthConfig({ userPoolId: config.userPoolId, userPoolClientId: config.userPoolClientId, identityPoolId: config.identityPoolId });
  const cognito: CognitoUserPoolAndIdentityPoolConfig = {
    userPoolId: config.userPoolId,
    userPoolClientId: config.userPoolClientId,
    signUpVerificationMethod: config.signUpVerificationMethod,
  };
  if (config.userPoolEndpoint !== defaults.userPoolEndpoint) cognito.userPoolEndpoint = config.userPoolEndpoint;
  if (config.identityPoolId !== undefined) {
    cognito.identityPoolId = config.identityPoolId;
    cognito.allowGuestAccess = config.allowGuestAccess;
    if (config.identityPoolEndpoint !== defaults.identityPoolEndpoint) cognito.identityPoolEndpoint = config.identityPoolEndpoint;
  }
  const { oauth } = config;
  if (config.loginWith !== undefined || oauth !== undefined) {
    cognito.loginWith = { ...config.loginWith };
    if (oauth !== undefined) {
      cognito.loginWith.oauth = {
        domain: oauth.domain,
        scopes: [...oauth.scopes],
        redirectSignIn: [...oauth.redirectSignIn],
        redirectSignOut: [...oauth.redirectSignOut],
        responseType: oauth.responseType,
        ...(oauth.providers === undefined ? {} : { providers: [...oauth.providers] }),
      };
    }
  }
  if (config.passwordPolicy !== undefined) cognito.passwordFormat = { ...config.passwordPolicy };
  if (config.mfa !== undefined) cognito.mfa = { ...config.mfa };
  if (config.userAttributes !== undefined) cognito.userAttributes = config.userAttributes;
  if (config.groups !== undefined) cognito.groups = config.groups;
  if (config.passwordless !== undefined) cognito.passwordless = config.passwordless;
  return { Auth: { Cognito: cognito } };
}

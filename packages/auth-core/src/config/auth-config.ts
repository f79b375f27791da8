import { AuthConfigError } from '../errors/auth-errors.js';
import { AuthUserPoolException, InvalidAuthConfigException } from '../errors/catalogue.js';
import { assertIdentityPoolId, assertUserPoolId } from '../validation/config-ids.js';
import type { PasswordPolicy } from '../validation/password-policy.js';
import type {
  AuthConfigUserAttributes,
  CognitoLoginWith,
  CognitoMfaConfig,
  CognitoPasswordFormat,
  CognitoPasswordlessConfig,
  CognitoUserPoolConfig,
  CustomOAuthProvider,
  OAuthProvider,
  ResourcesConfig,
} from './amplify-config.js';

/** The hosted UI (OAuth) part of the configuration. */
export interface OAuthConfigInput {
  domain: string;
  redirectSignIn?: string[];
  redirectSignOut: string[];
  responseType?: 'code' | 'token';
  /** Scopes asked for by signInWithRedirect; default DEFAULT_OAUTH_SCOPES. */
  scopes?: string[];
  /** aws-amplify's list of social / custom providers the app offers; kept for getConfig(). */
  providers?: readonly (OAuthProvider | CustomOAuthProvider)[];
}

/**
 * What configure() accepts: the fields of `/runtime-config.json` (extra fields such as
 * graphqlEndpoint are ignored) plus the options of the issue.
 */
export interface AuthConfigInput {
  userPoolId: string;
  userPoolClientId: string;
  /** Default: the region prefix of userPoolId when it has one, else 'us-east-1'. */
  region?: string;
  /** Absolute URL; default https://cognito-idp.{region}.amazonaws.com/. */
  userPoolEndpoint?: string;
  identityPoolId?: string;
  /** Absolute URL; default https://cognito-identity.{identity pool region}.amazonaws.com/. */
  identityPoolEndpoint?: string;
  allowGuestAccess?: boolean;
  signUpVerificationMethod?: 'code' | 'link';
  oauth?: OAuthConfigInput;
  // aws-amplify v6's Cognito fields, accepted in the flat form too (configure({ Auth: { Cognito } }) reads them from there).
  /** `loginWith.oauth` is read when `oauth` is absent. */
  loginWith?: CognitoLoginWith;
  /** The pool's password policy, checked before signUp, confirmResetPassword, updatePassword and the new-password step send a password. */
  passwordFormat?: CognitoPasswordFormat;
  mfa?: CognitoMfaConfig;
  userAttributes?: AuthConfigUserAttributes;
  groups?: CognitoUserPoolConfig['groups'];
  passwordless?: CognitoPasswordlessConfig;
}

/** The validated hosted UI configuration. */
export interface OAuthConfig {
  readonly domain: string;
  readonly redirectSignIn: readonly string[];
  readonly redirectSignOut: readonly string[];
  readonly responseType: 'code' | 'token';
  readonly scopes: readonly string[];
  readonly providers?: readonly (OAuthProvider | CustomOAuthProvider)[];
}

/** The validated configuration every runtime holds; endpoints are resolved absolute URLs. */
export interface AuthConfig {
  readonly userPoolId: string;
  readonly userPoolClientId: string;
  readonly region: string;
  readonly userPoolEndpoint: string;
  readonly identityPoolId: string | undefined;
  readonly identityPoolEndpoint: string | undefined;
  readonly allowGuestAccess: boolean;
  readonly signUpVerificationMethod: 'code' | 'link';
  readonly oauth: OAuthConfig | undefined;
  /** From passwordFormat; undefined (nothing configured) leaves every password to the user pool. */
  readonly passwordPolicy: PasswordPolicy | undefined;
  readonly mfa: Readonly<CognitoMfaConfig> | undefined;
  /** loginWith's username / email / phone flags (its oauth block is `oauth`). */
  readonly loginWith: Readonly<Omit<CognitoLoginWith, 'oauth'>> | undefined;
  readonly userAttributes: AuthConfigUserAttributes | undefined;
  readonly groups: CognitoUserPoolConfig['groups'] | undefined;
  readonly passwordless: CognitoPasswordlessConfig | undefined;
}

/** The scopes signInWithRedirect asks for when oauth.scopes is absent: every scope a Cognito app client can allow by default, as Amplify's generated configs list them. */
export const DEFAULT_OAUTH_SCOPES: readonly string[] = Object.freeze(['phone', 'email', 'openid', 'profile', 'aws.cognito.signin.user.admin']);

/** Spec section 9: the region is us-east-1 unless said otherwise. */
export const DEFAULT_REGION = 'us-east-1';

const REGION_PATTERN = /^[a-z]{2}(-[a-z]+)+-\d+$/;

function invalid(message: string): AuthConfigError {
  return new AuthConfigError(InvalidAuthConfigException, { message });
}

// Blank optional fields are treated as absent so a runtime-config.json with "" placeholders works.
function optionalString(value: unknown, field: string): string | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  if (typeof value !== 'string') throw invalid(`${field} must be a string.`);
  return value;
}

function optionalBoolean(value: unknown, field: string): boolean | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'boolean') throw invalid(`${field} must be a boolean.`);
  return value;
}

function optionalObject(value: unknown, field: string): Record<string, unknown> | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'object' || Array.isArray(value)) throw invalid(`${field} must be an object.`);
  return value as Record<string, unknown>;
}

function absoluteUrl(value: string, field: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw invalid(`${field} must be an absolute URL.`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw invalid(`${field} must be an http(s) URL.`);
  return url.href;
}

function urlList(value: unknown, field: string): string[] {
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value) || value.some((item) => typeof item !== 'string')) throw invalid(`${field} must be a list of URLs.`);
  // Kept as written: Cognito compares logout_uri with the registered URLs as exact strings.
  const urls = value as string[];
  urls.forEach((item, index) => absoluteUrl(item, `${field}[${index}]`));
  return [...urls];
}

function scopeList(value: unknown, field: string): readonly string[] {
  if (value === undefined || value === null) return DEFAULT_OAUTH_SCOPES;
  // A scope is one space-free token: the authorize URL joins them with spaces.
  if (!Array.isArray(value) || value.some((item) => typeof item !== 'string' || !/^[\x21-\x7e]+$/.test(item))) {
    throw invalid(`${field} must be a list of scope names without spaces.`);
  }
  return value.length === 0 ? DEFAULT_OAUTH_SCOPES : [...(value as string[])];
}

// The boolean fields `names` of `source` that are set, each checked.
function pickFlags<K extends string>(source: Record<string, unknown>, names: readonly K[], field: string): Partial<Record<K, boolean>> {
  const flags: Partial<Record<K, boolean>> = {};
  for (const name of names) {
    const flag = optionalBoolean(source[name], `${field}.${name}`);
    if (flag !== undefined) flags[name] = flag;
  }
  return flags;
}

// `path` is where the block sits in the input ('oauth', or 'Auth.Cognito.loginWith.oauth'), for the messages.
function parseOAuth(value: unknown, path: string): OAuthConfig | undefined {
  const input = optionalObject(value, path);
  if (input === undefined) return undefined;
  const domain = optionalString(input.domain, `${path}.domain`);
  if (domain === undefined) return undefined;
  const responseType = input.responseType ?? 'code';
  if (responseType !== 'code' && responseType !== 'token') throw invalid(`${path}.responseType must be 'code' or 'token'.`);
  // Only kept for getConfig() (auth-core offers no provider buttons), so only its kind is checked.
  const { providers } = input;
  if (providers !== undefined && !Array.isArray(providers)) throw invalid(`${path}.providers must be a list.`);
  return {
    domain,
    redirectSignIn: urlList(input.redirectSignIn, `${path}.redirectSignIn`),
    redirectSignOut: urlList(input.redirectSignOut, `${path}.redirectSignOut`),
    responseType,
    scopes: scopeList(input.scopes, `${path}.scopes`),
    ...(providers === undefined ? {} : { providers: [...(providers as (OAuthProvider | CustomOAuthProvider)[])] }),
  };
}

/** Cognito's lowest allowed minimum length: a passwordFormat without minLength never refuses what the pool may accept. */
const COGNITO_MIN_PASSWORD_LENGTH = 6;

function parsePasswordFormat(value: unknown, field: string): PasswordPolicy | undefined {
  const format = optionalObject(value, field);
  if (format === undefined) return undefined;
  const minLength = format.minLength ?? COGNITO_MIN_PASSWORD_LENGTH;
  if (typeof minLength !== 'number' || !Number.isInteger(minLength) || minLength < 1) throw invalid(`${field}.minLength must be a positive integer.`);
  // A rule left out is not required, as Amplify's own form validation reads the block.
  return {
    requireLowercase: false,
    requireUppercase: false,
    requireNumbers: false,
    requireSpecialCharacters: false,
    ...pickFlags(format, ['requireLowercase', 'requireUppercase', 'requireNumbers', 'requireSpecialCharacters'], field),
    minLength,
  };
}

function parseMfa(value: unknown, field: string): CognitoMfaConfig | undefined {
  const mfa = optionalObject(value, field);
  if (mfa === undefined) return undefined;
  const status = optionalString(mfa.status, `${field}.status`);
  if (status !== undefined && status !== 'on' && status !== 'off' && status !== 'optional') throw invalid(`${field}.status must be 'on', 'off' or 'optional'.`);
  return { ...(status === undefined ? {} : { status }), ...pickFlags(mfa, ['totpEnabled', 'smsEnabled'], field) };
}

// The Cognito block of an Amplify-shaped configuration; without one there is no user pool.
function cognitoBlock(input: ResourcesConfig): Record<string, unknown> {
  const auth = optionalObject(input.Auth, 'Auth');
  const cognito = optionalObject(auth?.Cognito, 'Auth.Cognito');
  if (cognito === undefined) throw new AuthConfigError(AuthUserPoolException);
  return cognito;
}

function regionPrefix(poolId: string, separator: string): string | undefined {
  const prefix = poolId.slice(0, poolId.indexOf(separator));
  return REGION_PATTERN.test(prefix) ? prefix : undefined;
}

/**
 * Validates configure()'s input, the flat form or aws-amplify v6's `{ Auth: { Cognito: … } }`
 * (told apart by the `Auth` key), into an AuthConfig; throws AuthConfigError naming the bad field.
 */
export function parseAuthConfig(input: AuthConfigInput | ResourcesConfig): AuthConfig {
  if (typeof input !== 'object' || input === null) {
    throw new AuthConfigError(AuthUserPoolException);
  }
  const amplifyShape = 'Auth' in input;
  const fields = amplifyShape ? cognitoBlock(input) : (input as Record<string, unknown>);
  // Messages name the field where the app wrote it.
  const at = amplifyShape ? 'Auth.Cognito.' : '';
  const userPoolId = optionalString(fields.userPoolId, `${at}userPoolId`);
  const userPoolClientId = optionalString(fields.userPoolClientId, `${at}userPoolClientId`);
  if (userPoolId === undefined || userPoolClientId === undefined) throw new AuthConfigError(AuthUserPoolException);
  assertUserPoolId(userPoolId);

  const region = optionalString(fields.region, `${at}region`) ?? regionPrefix(userPoolId, '_') ?? DEFAULT_REGION;
  const userPoolEndpoint = absoluteUrl(
    optionalString(fields.userPoolEndpoint, `${at}userPoolEndpoint`) ?? `https://cognito-idp.${region}.amazonaws.com/`,
    `${at}userPoolEndpoint`,
  );

  const identityPoolId = optionalString(fields.identityPoolId, `${at}identityPoolId`);
  let identityPoolEndpoint: string | undefined;
  if (identityPoolId !== undefined) {
    assertIdentityPoolId(identityPoolId);
    const identityRegion = regionPrefix(identityPoolId, ':') ?? region;
    identityPoolEndpoint = absoluteUrl(
      optionalString(fields.identityPoolEndpoint, `${at}identityPoolEndpoint`) ?? `https://cognito-identity.${identityRegion}.amazonaws.com/`,
      `${at}identityPoolEndpoint`,
    );
  }

  const signUpVerificationMethod = fields.signUpVerificationMethod ?? 'code';
  if (signUpVerificationMethod !== 'code' && signUpVerificationMethod !== 'link') {
    throw invalid(`${at}signUpVerificationMethod must be 'code' or 'link'.`);
  }
  const loginWith = optionalObject(fields.loginWith, `${at}loginWith`);
  const oauth = fields.oauth !== undefined ? parseOAuth(fields.oauth, `${at}oauth`) : parseOAuth(loginWith?.oauth, `${at}loginWith.oauth`);
  const groups = fields.groups;
  if (groups !== undefined && groups !== null && !Array.isArray(groups)) throw invalid(`${at}groups must be a list.`);

  return Object.freeze({
    userPoolId,
    userPoolClientId,
    region,
    userPoolEndpoint,
    identityPoolId,
    identityPoolEndpoint,
    allowGuestAccess: optionalBoolean(fields.allowGuestAccess, `${at}allowGuestAccess`) ?? false,
    signUpVerificationMethod,
    oauth,
    passwordPolicy: parsePasswordFormat(fields.passwordFormat, `${at}passwordFormat`),
    mfa: parseMfa(fields.mfa, `${at}mfa`),
    loginWith: loginWith && pickFlags(loginWith, ['username', 'email', 'phone'], `${at}loginWith`),
    userAttributes: optionalObject(fields.userAttributes, `${at}userAttributes`),
    groups: (groups ?? undefined) as CognitoUserPoolConfig['groups'],
    passwordless: optionalObject(fields.passwordless, `${at}passwordless`),
  });
}

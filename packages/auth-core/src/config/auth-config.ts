import { AuthConfigError } from '../errors/auth-errors.js';
import { AuthUserPoolException, InvalidAuthConfigException } from '../errors/catalogue.js';
import { assertIdentityPoolId, assertUserPoolId } from '../validation/config-ids.js';

/** The hosted UI (OAuth) part of the configuration. */
export interface OAuthConfigInput {
  domain: string;
  redirectSignIn?: string[];
  redirectSignOut: string[];
  responseType?: 'code' | 'token';
  /** Scopes asked for by signInWithRedirect; default DEFAULT_OAUTH_SCOPES. */
  scopes?: string[];
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
}

/** The validated hosted UI configuration. */
export interface OAuthConfig {
  readonly domain: string;
  readonly redirectSignIn: readonly string[];
  readonly redirectSignOut: readonly string[];
  readonly responseType: 'code' | 'token';
  readonly scopes: readonly string[];
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

function scopeList(value: unknown): readonly string[] {
  if (value === undefined || value === null) return DEFAULT_OAUTH_SCOPES;
  // A scope is one space-free token: the authorize URL joins them with spaces.
  if (!Array.isArray(value) || value.some((item) => typeof item !== 'string' || !/^[\x21-\x7e]+$/.test(item))) {
    throw invalid('oauth.scopes must be a list of scope names without spaces.');
  }
  return value.length === 0 ? DEFAULT_OAUTH_SCOPES : [...(value as string[])];
}

function parseOAuth(value: unknown): OAuthConfig | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'object') throw invalid('oauth must be an object.');
  const input = value as Partial<OAuthConfigInput>;
  const domain = optionalString(input.domain, 'oauth.domain');
  if (domain === undefined) return undefined;
  const responseType = input.responseType ?? 'code';
  if (responseType !== 'code' && responseType !== 'token') throw invalid("oauth.responseType must be 'code' or 'token'.");
  return {
    domain,
    redirectSignIn: urlList(input.redirectSignIn, 'oauth.redirectSignIn'),
    redirectSignOut: urlList(input.redirectSignOut, 'oauth.redirectSignOut'),
    responseType,
    scopes: scopeList(input.scopes),
  };
}

function regionPrefix(poolId: string, separator: string): string | undefined {
  const prefix = poolId.slice(0, poolId.indexOf(separator));
  return REGION_PATTERN.test(prefix) ? prefix : undefined;
}

/** Validates configure()'s input into an AuthConfig; throws AuthConfigError naming the bad field. */
export function parseAuthConfig(input: AuthConfigInput): AuthConfig {
  if (typeof input !== 'object' || input === null) {
    throw new AuthConfigError(AuthUserPoolException);
  }
  const userPoolId = optionalString(input.userPoolId, 'userPoolId');
  const userPoolClientId = optionalString(input.userPoolClientId, 'userPoolClientId');
  if (userPoolId === undefined || userPoolClientId === undefined) throw new AuthConfigError(AuthUserPoolException);
  assertUserPoolId(userPoolId);

  const region = optionalString(input.region, 'region') ?? regionPrefix(userPoolId, '_') ?? DEFAULT_REGION;
  const userPoolEndpoint = absoluteUrl(
    optionalString(input.userPoolEndpoint, 'userPoolEndpoint') ?? `https://cognito-idp.${region}.amazonaws.com/`,
    'userPoolEndpoint',
  );

  const identityPoolId = optionalString(input.identityPoolId, 'identityPoolId');
  let identityPoolEndpoint: string | undefined;
  if (identityPoolId !== undefined) {
    assertIdentityPoolId(identityPoolId);
    const identityRegion = regionPrefix(identityPoolId, ':') ?? region;
    identityPoolEndpoint = absoluteUrl(
      optionalString(input.identityPoolEndpoint, 'identityPoolEndpoint') ?? `https://cognito-identity.${identityRegion}.amazonaws.com/`,
      'identityPoolEndpoint',
    );
  }

  const signUpVerificationMethod = input.signUpVerificationMethod ?? 'code';
  if (signUpVerificationMethod !== 'code' && signUpVerificationMethod !== 'link') {
    throw invalid("signUpVerificationMethod must be 'code' or 'link'.");
  }
  if (input.allowGuestAccess !== undefined && typeof input.allowGuestAccess !== 'boolean') {
    throw invalid('allowGuestAccess must be a boolean.');
  }

  return Object.freeze({
    userPoolId,
    userPoolClientId,
    region,
    userPoolEndpoint,
    identityPoolId,
    identityPoolEndpoint,
    allowGuestAccess: input.allowGuestAccess ?? false,
    signUpVerificationMethod,
    oauth: parseOAuth(input.oauth),
  });
}

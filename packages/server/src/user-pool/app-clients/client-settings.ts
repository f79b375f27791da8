// The settings of CreateUserPoolClient / UpdateUserPoolClient: their wire members and the checks
// Cognito makes on them, turned into what is stored. Pure: the operations load what the checks
// need (the pool's custom attributes and resource-server scopes, whether the client has a secret).
import { fail } from '../../errors/catalogue.js';
import type { OAuthFlow, PoolRecord } from '../pools/pool-repository.js';
import { STANDARD_ATTRIBUTES } from '../users/attributes.js';
import { array, boolean, enumeration, integer, object, optional, string, type ObjectOf } from '../wire/input-schema.js';
import { redirectUrlProblem } from './redirect-urls.js';

/** The explicit auth flows a client may allow. */
export const EXPLICIT_AUTH_FLOWS = [
  'ALLOW_USER_SRP_AUTH',
  'ALLOW_REFRESH_TOKEN_AUTH',
  'ALLOW_USER_PASSWORD_AUTH',
  'ALLOW_CUSTOM_AUTH',
  'ALLOW_USER_AUTH',
  'ALLOW_ADMIN_USER_PASSWORD_AUTH',
  'ALLOW_CLIENT_TOKEN_AUTH',
] as const;
/** GetClientToken's flow (machine to machine): only for clients with a secret, and alone. */
const CLIENT_TOKEN_FLOW = 'ALLOW_CLIENT_TOKEN_AUTH';
/** Cognito's ExplicitAuthFlows when a request leaves them out. */
const DEFAULT_EXPLICIT_AUTH_FLOWS = ['ALLOW_USER_SRP_AUTH', 'ALLOW_REFRESH_TOKEN_AUTH', 'ALLOW_CUSTOM_AUTH'];
/** The OAuth scopes every pool has; the others are `<resource server identifier>/<scope name>`. */
export const STANDARD_OAUTH_SCOPES = ['openid', 'email', 'phone', 'profile', 'aws.cognito.signin.user.admin'] as const;
const NEEDS_OPENID = ['email', 'phone', 'profile'];

const TIME_UNITS = ['seconds', 'minutes', 'hours', 'days'] as const;
/** A unit of TokenValidityUnits. */
export type TimeUnit = (typeof TIME_UNITS)[number];
/** Seconds per unit. */
export const UNIT_SECONDS: Readonly<Record<TimeUnit, number>> = { seconds: 1, minutes: 60, hours: 3600, days: 86400 };
/** TokenValidityUnits: the unit each validity was given in. */
export interface TokenValidityUnits {
  readonly AccessToken: TimeUnit;
  readonly IdToken: TimeUnit;
  readonly RefreshToken: TimeUnit;
}
/** Cognito's units when a request leaves them out. */
export const DEFAULT_VALIDITY_UNITS: TokenValidityUnits = { AccessToken: 'hours', IdToken: 'hours', RefreshToken: 'days' };

const urlList = optional(array(string({ min: 1, max: 1024 }), { max: 100 }));
const unit = optional(enumeration(TIME_UNITS));

/** The wire members both CreateUserPoolClient and UpdateUserPoolClient take (besides the ids). */
export const clientSettingsMembers = {
  ClientName: string({ min: 1, max: 128, pattern: /^[\w\s+=,.@-]+$/ }),
  RefreshTokenValidity: optional(integer(0, 315360000)),
  AccessTokenValidity: optional(integer(1, 86400)),
  IdTokenValidity: optional(integer(1, 86400)),
  TokenValidityUnits: optional(object({ AccessToken: unit, IdToken: unit, RefreshToken: unit })),
  ReadAttributes: optional(array(string({ min: 1, max: 2048 }), { max: 100 })),
  WriteAttributes: optional(array(string({ min: 1, max: 2048 }), { max: 100 })),
  ExplicitAuthFlows: optional(array(enumeration(EXPLICIT_AUTH_FLOWS), { max: 10 })),
  SupportedIdentityProviders: optional(array(string({ min: 1, max: 32, pattern: /^[\p{L}\p{M}\p{S}\p{N}\p{P}]+$/u }), { max: 50 })),
  CallbackURLs: urlList,
  LogoutURLs: urlList,
  DefaultRedirectURI: optional(string({ min: 1, max: 1024 })),
  AllowedOAuthFlows: optional(array(enumeration(['code', 'implicit', 'client_credentials'] as const), { max: 3 })),
  AllowedOAuthScopes: optional(array(string({ min: 1, max: 256, pattern: /^[\x21\x23-\x5B\x5D-\x7E]+$/ }), { max: 50 })),
  AllowedOAuthFlowsUserPoolClient: optional(boolean()),
  PreventUserExistenceErrors: optional(enumeration(['LEGACY', 'ENABLED'] as const)),
  EnableTokenRevocation: optional(boolean()),
  RefreshTokenRotation: optional(object({ Feature: enumeration(['ENABLED', 'DISABLED'] as const), RetryGracePeriodSeconds: optional(integer(0, 60)) })),
};

/** The settings members of a request, as validated. */
export type ClientSettingsInput = ObjectOf<typeof clientSettingsMembers>;

/** An app client's settings as stored (a request's omitted members take their defaults: Update replaces, as Cognito's). */
export interface ClientSettings {
  readonly name: string;
  readonly explicitAuthFlows: readonly string[];
  readonly callbackUrls: readonly string[];
  readonly logoutUrls: readonly string[];
  readonly defaultRedirectUri: string | null;
  readonly allowedOAuthFlows: readonly OAuthFlow[];
  readonly allowedOAuthScopes: readonly string[];
  readonly allowedOAuthFlowsUserPoolClient: boolean;
  readonly supportedIdentityProviders: readonly string[];
  /** Null: the server's default (ACCESS_TOKEN_TTL_SECONDS …). */
  readonly accessTokenTtlSeconds: number | null;
  readonly idTokenTtlSeconds: number | null;
  readonly refreshTokenTtlSeconds: number | null;
  readonly tokenValidityUnits: TokenValidityUnits;
  /** Null: every attribute. */
  readonly readAttributes: readonly string[] | null;
  readonly writeAttributes: readonly string[] | null;
  readonly enableTokenRevocation: boolean;
  readonly preventUserExistenceErrors: boolean;
  readonly refreshTokenRotation: { readonly enabled: boolean; readonly retryGracePeriodSeconds: number };
}

/** What the checks need beyond the request. */
export interface SettingsContext {
  readonly pool: PoolRecord;
  /** Every `<identifier>/<scope>` of the pool's resource servers. */
  readonly customScopes: ReadonlySet<string>;
  /** Whether the client has (or, for CreateUserPoolClient, will get) a secret. */
  readonly hasSecret: boolean;
  /** The names of the pool's identity providers (CreateIdentityProvider), which SupportedIdentityProviders may name besides COGNITO. */
  readonly identityProviders?: ReadonlySet<string>;
}

const unique = <T>(values: readonly T[]): T[] => [...new Set(values)];

function checkUrls(member: string, urls: readonly string[]): string[] {
  for (const url of urls) {
    const problem = redirectUrlProblem(url);
    if (problem !== undefined) throw fail('InvalidParameterException', `${member}: ${url} ${problem}.`);
  }
  return unique(urls);
}

/** Seconds of a validity given in `unitName`, checked against Cognito's range; null when left to the server default. */
function validity(member: string, value: number | undefined, unitName: TimeUnit, range: readonly [number, number], label: string): number | null {
  if (value === undefined || value === 0) return null;
  const seconds = value * UNIT_SECONDS[unitName];
  if (seconds < range[0] || seconds > range[1]) throw fail('InvalidParameterException', `${member} must be between ${label} (${value} ${unitName} given).`);
  return seconds;
}

function checkAttributes(member: 'ReadAttributes' | 'WriteAttributes', pool: PoolRecord, names: readonly string[] | undefined): string[] | null {
  if (names === undefined) return null;
  const known = new Set<string>([...STANDARD_ATTRIBUTES, ...pool.customAttributes.map((c) => c.name)]);
  const unknown = names.filter((n) => !known.has(n));
  if (unknown.length > 0) throw fail('InvalidParameterException', `Invalid ${member === 'ReadAttributes' ? 'read' : 'write'} attributes specified while creating a client: ${unknown.join(', ')}`);
  return unique(names);
}

function checkScopes(scopes: readonly string[], customScopes: ReadonlySet<string>): string[] {
  const standard = new Set<string>(STANDARD_OAUTH_SCOPES);
  for (const scope of scopes) if (!standard.has(scope) && !customScopes.has(scope)) throw fail('ScopeDoesNotExistException', `Invalid scope requested: ${scope}`);
  const missingOpenid = scopes.filter((s) => NEEDS_OPENID.includes(s));
  if (missingOpenid.length > 0 && !scopes.includes('openid')) {
    throw fail('InvalidParameterException', `AllowedOAuthScopes: ${missingOpenid.join(', ')} can only be granted with openid; add openid.`);
  }
  return unique(scopes);
}

function checkOAuthFlows(flows: readonly OAuthFlow[], scopes: readonly string[], context: SettingsContext): OAuthFlow[] {
  if (flows.includes('client_credentials')) {
    if (!context.hasSecret) throw fail('InvalidOAuthFlowException', 'client_credentials flow can not be selected if client does not have a client secret.');
    if (flows.includes('code') || flows.includes('implicit')) throw fail('InvalidOAuthFlowException', 'client_credentials flow can not be selected along with code flow or implicit flow.');
    const standard = scopes.filter((s) => (STANDARD_OAUTH_SCOPES as readonly string[]).includes(s));
    if (standard.length > 0) throw fail('InvalidOAuthFlowException', `client_credentials flow can only be granted custom scopes (<resource server>/<scope>), not ${standard.join(', ')}.`);
  }
  return unique(flows);
}

/** Checks a request's settings as Cognito does and returns them with their defaults filled in. */
export function resolveClientSettings(input: ClientSettingsInput, context: SettingsContext): ClientSettings {
  const units: TokenValidityUnits = {
    AccessToken: input.TokenValidityUnits?.AccessToken ?? DEFAULT_VALIDITY_UNITS.AccessToken,
    IdToken: input.TokenValidityUnits?.IdToken ?? DEFAULT_VALIDITY_UNITS.IdToken,
    RefreshToken: input.TokenValidityUnits?.RefreshToken ?? DEFAULT_VALIDITY_UNITS.RefreshToken,
  };
  const callbackUrls = checkUrls('CallbackURLs', input.CallbackURLs ?? []);
  const logoutUrls = checkUrls('LogoutURLs', input.LogoutURLs ?? []);
  const defaultRedirectUri = input.DefaultRedirectURI ?? null;
  if (defaultRedirectUri !== null) {
    checkUrls('DefaultRedirectURI', [defaultRedirectUri]);
    if (!callbackUrls.includes(defaultRedirectUri)) throw fail('InvalidParameterException', 'DefaultRedirectURI must be one of the CallbackURLs.');
  }

  const scopes = checkScopes(input.AllowedOAuthScopes ?? [], context.customScopes);
  const flows = checkOAuthFlows(input.AllowedOAuthFlows ?? [], scopes, context);
  const oauthClient = input.AllowedOAuthFlowsUserPoolClient ?? false;
  if (oauthClient && (flows.length === 0 || scopes.length === 0)) {
    throw fail('InvalidParameterException', 'AllowedOAuthFlows and AllowedOAuthScopes are required when AllowedOAuthFlowsUserPoolClient is true.');
  }
  if (oauthClient && (flows.includes('code') || flows.includes('implicit')) && callbackUrls.length === 0) {
    throw fail('InvalidParameterException', 'CallbackURLs are required for the code and implicit flows.');
  }

  const providers = unique(input.SupportedIdentityProviders ?? []);
  const unknownProvider = providers.find((p) => p !== 'COGNITO' && context.identityProviders?.has(p) !== true);
  if (unknownProvider !== undefined) throw fail('InvalidParameterException', `The provider ${unknownProvider} does not exist for User Pool ${context.pool.id}`);

  const explicitAuthFlows = unique(input.ExplicitAuthFlows ?? DEFAULT_EXPLICIT_AUTH_FLOWS);
  if (explicitAuthFlows.includes(CLIENT_TOKEN_FLOW)) {
    if (!context.hasSecret) throw fail('InvalidParameterException', `${CLIENT_TOKEN_FLOW} can only be enabled for a client with a client secret.`);
    if (explicitAuthFlows.length > 1) throw fail('InvalidParameterException', `${CLIENT_TOKEN_FLOW} must be the only authentication flow of the client.`);
  }

  const rotation = input.RefreshTokenRotation;
  return {
    name: input.ClientName,
    explicitAuthFlows,
    callbackUrls,
    logoutUrls,
    defaultRedirectUri,
    allowedOAuthFlows: flows,
    allowedOAuthScopes: scopes,
    allowedOAuthFlowsUserPoolClient: oauthClient,
    supportedIdentityProviders: providers,
    accessTokenTtlSeconds: validity('AccessTokenValidity', input.AccessTokenValidity, units.AccessToken, [300, 86400], '5 minutes and 1 day'),
    idTokenTtlSeconds: validity('IdTokenValidity', input.IdTokenValidity, units.IdToken, [300, 86400], '5 minutes and 1 day'),
    refreshTokenTtlSeconds: validity('RefreshTokenValidity', input.RefreshTokenValidity, units.RefreshToken, [3600, 315360000], '60 minutes and 10 years'),
    tokenValidityUnits: units,
    readAttributes: checkAttributes('ReadAttributes', context.pool, input.ReadAttributes),
    writeAttributes: checkAttributes('WriteAttributes', context.pool, input.WriteAttributes),
    enableTokenRevocation: input.EnableTokenRevocation ?? true,
    preventUserExistenceErrors: (input.PreventUserExistenceErrors ?? 'ENABLED') === 'ENABLED',
    refreshTokenRotation: { enabled: rotation?.Feature === 'ENABLED', retryGracePeriodSeconds: rotation?.RetryGracePeriodSeconds ?? 0 },
  };
}

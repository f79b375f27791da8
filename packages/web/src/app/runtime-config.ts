// The one typed configuration of the web app: `/runtime-config.json`, fetched and validated at start,
// so one build runs against packages/server or against real Cognito and AppSync.
import { WebError } from './web-errors';

/** The hosted-UI part of the runtime configuration. */
export interface RuntimeOAuthConfig {
  readonly domain: string;
  readonly redirectSignIn: readonly string[];
  readonly redirectSignOut: readonly string[];
}

/** What `/runtime-config.json` holds (architecture section 3), validated. */
export interface RuntimeConfig {
  readonly region: string;
  readonly userPoolId: string;
  readonly userPoolClientId: string;
  readonly userPoolEndpoint: string | undefined;
  readonly identityPoolId: string | undefined;
  readonly identityPoolEndpoint: string | undefined;
  readonly graphqlEndpoint: string;
  /** The admin-queries REST API; defaults to `/admin` on the GraphQL endpoint's origin. */
  readonly adminApiEndpoint: string;
  readonly oauth: RuntimeOAuthConfig | undefined;
  /** How sign-up is confirmed: a typed code (default) or an emailed link the app waits for. */
  readonly signUpVerificationMethod: 'code' | 'link';
}

function invalid(field: string, problem: string): WebError {
  return new WebError('RuntimeConfigInvalid', { message: `The server sent settings Steward cannot use: ${field} ${problem}.` });
}

function requiredText(source: Record<string, unknown>, field: string): string {
  const value = source[field];
  if (typeof value !== 'string' || value.trim() === '') throw invalid(field, 'is missing');
  return value;
}

function optionalText(source: Record<string, unknown>, field: string): string | undefined {
  const value = source[field];
  if (value === undefined || value === null || value === '') return undefined;
  if (typeof value !== 'string') throw invalid(field, 'must be text');
  return value;
}

function absoluteUrl(value: string, field: string): string {
  try {
    const url = new URL(value);
    if (url.protocol !== 'https:' && url.protocol !== 'http:') throw invalid(field, 'must be an http(s) address');
    return url.href;
  } catch (error) {
    if (error instanceof WebError) throw error;
    throw invalid(field, 'must be an absolute address');
  }
}

function urlList(value: unknown, field: string): string[] {
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value) || value.some((item) => typeof item !== 'string')) throw invalid(field, 'must be a list of addresses');
  return value as string[];
}

function parseOAuth(value: unknown): RuntimeOAuthConfig | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'object') throw invalid('oauth', 'must be an object');
  const source = value as Record<string, unknown>;
  const domain = optionalText(source, 'domain');
  if (domain === undefined) return undefined;
  return {
    domain,
    redirectSignIn: urlList(source.redirectSignIn, 'oauth.redirectSignIn'),
    redirectSignOut: urlList(source.redirectSignOut, 'oauth.redirectSignOut'),
  };
}

function parseVerificationMethod(value: unknown): 'code' | 'link' {
  if (value === undefined || value === null || value === 'code') return 'code';
  if (value === 'link') return 'link';
  throw invalid('signUpVerificationMethod', 'must be "code" or "link"');
}

/** Validates the JSON of `/runtime-config.json`; throws WebError('RuntimeConfigInvalid') naming the bad field. */
export function parseRuntimeConfig(json: unknown): RuntimeConfig {
  if (typeof json !== 'object' || json === null || Array.isArray(json)) throw invalid('the document', 'must be a JSON object');
  const source = json as Record<string, unknown>;
  const userPoolId = requiredText(source, 'userPoolId');
  if (!userPoolId.includes('_')) throw invalid('userPoolId', 'must contain an underscore');
  const identityPoolId = optionalText(source, 'identityPoolId');
  if (identityPoolId !== undefined && !identityPoolId.includes(':')) throw invalid('identityPoolId', 'must contain a colon');
  const userPoolEndpoint = optionalText(source, 'userPoolEndpoint');
  const identityPoolEndpoint = optionalText(source, 'identityPoolEndpoint');
  const graphqlEndpoint = absoluteUrl(requiredText(source, 'graphqlEndpoint'), 'graphqlEndpoint');
  const adminApiEndpoint = optionalText(source, 'adminApiEndpoint');
  return {
    region: optionalText(source, 'region') ?? 'us-east-1',
    userPoolId,
    userPoolClientId: requiredText(source, 'userPoolClientId'),
    userPoolEndpoint: userPoolEndpoint === undefined ? undefined : absoluteUrl(userPoolEndpoint, 'userPoolEndpoint'),
    identityPoolId,
    identityPoolEndpoint: identityPoolEndpoint === undefined ? undefined : absoluteUrl(identityPoolEndpoint, 'identityPoolEndpoint'),
    graphqlEndpoint,
    adminApiEndpoint:
      adminApiEndpoint === undefined ? new URL('/admin', graphqlEndpoint).href : absoluteUrl(adminApiEndpoint, 'adminApiEndpoint').replace(/\/$/, ''),
    oauth: parseOAuth(source.oauth),
    signUpVerificationMethod: parseVerificationMethod(source.signUpVerificationMethod),
  };
}

/** Fetches and validates `/runtime-config.json` (never cached: a redeploy may change it). */
export async function loadRuntimeConfig(fetchFn: typeof fetch, url = '/runtime-config.json'): Promise<RuntimeConfig> {
  let response: Response;
  try {
    response = await fetchFn(url, { cache: 'no-store', headers: { accept: 'application/json' } });
  } catch (error) {
    throw new WebError('RuntimeConfigUnavailable', { cause: error });
  }
  if (!response.ok) throw new WebError('RuntimeConfigUnavailable', { message: `Steward could not load its settings from the server (HTTP ${response.status}).` });
  let json: unknown;
  try {
    json = await response.json();
  } catch (error) {
    throw new WebError('RuntimeConfigInvalid', { cause: error });
  }
  return parseRuntimeConfig(json);
}

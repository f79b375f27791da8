// Fixtures of the OAuth endpoint tests: app clients and resource servers made with the pool's admin
// operations, authorization URLs, PKCE pairs, the hosted page driven to a callback, and a fetch that
// trusts the managed-login origin's generated certificate.
import { createHash, randomBytes } from 'node:crypto';
import https from 'node:https';
import { requirePool } from '../../src/user-pool/pools/pool-repository.js';
import { findUserBySub } from '../../src/user-pool/users/user-repository.js';
import { checkAuthorizeRequest } from '../../src/oauth/authorize/authorize-request.js';
import { authorizationResponse } from '../../src/oauth/authorize/authorization-response.js';
import { advance, totpAt, type TestUser } from '../auth/auth-fixtures.js';
import type { TestServer } from '../harness.js';
import { adminInvoke, createAppClient } from './app-client-fixtures.js';
import { signInThroughHostedPage, type CookieJar } from './hosted-login-driver.js';

/** The callback URL every test client registers. */
export const CALLBACK = 'http://localhost:5173/callback';

/** An app client of the test pool for managed login. */
export interface OAuthTestClient {
  readonly clientId: string;
  readonly clientSecret: string | undefined;
}

/** A managed-login app client (public, code flow, the standard scopes) with `settings` of CreateUserPoolClient on top. */
export async function createOAuthClient(server: TestServer, settings: Record<string, unknown> = {}): Promise<OAuthTestClient> {
  const created = await createAppClient(server, {
    AllowedOAuthFlowsUserPoolClient: true,
    AllowedOAuthFlows: ['code'],
    AllowedOAuthScopes: ['openid', 'email', 'phone', 'profile', 'aws.cognito.signin.user.admin'],
    SupportedIdentityProviders: ['COGNITO'],
    CallbackURLs: [CALLBACK, 'http://localhost:5173/other'],
    LogoutURLs: ['http://localhost:5173/'],
    ExplicitAuthFlows: ['ALLOW_USER_SRP_AUTH', 'ALLOW_REFRESH_TOKEN_AUTH'],
    ...settings,
  });
  return { clientId: created.ClientId, clientSecret: created.ClientSecret };
}

/** A resource server of the test pool with the given scope names. */
export async function createResourceServer(server: TestServer, identifier: string, scopes: readonly string[]): Promise<void> {
  await adminInvoke(server, 'CreateResourceServer', {
    UserPoolId: server.pool.userPoolId,
    Identifier: identifier,
    Name: identifier.replace(/\W/g, '-'),
    Scopes: scopes.map((ScopeName) => ({ ScopeName, ScopeDescription: ScopeName })),
  });
}

/** A PKCE verifier and its S256 challenge. */
export function pkcePair(): { verifier: string; challenge: string } {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

/** The /oauth2/authorize URL on the managed-login origin (parameters with undefined values left out). */
export function authorizeUrl(server: TestServer, parameters: Readonly<Record<string, string | undefined>>): string {
  const url = new URL('/oauth2/authorize', server.managedLoginUrl);
  for (const [name, value] of Object.entries(parameters)) if (value !== undefined) url.searchParams.set(name, value);
  return url.toString();
}

/** GET on the managed-login origin without following redirects. */
export function getManual(url: string, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(url, { redirect: 'manual', headers: { accept: 'text/html', ...headers } });
}

/** Signs `user` in on the hosted page for this authorization request and returns the callback URL it ends at. */
export async function signInForCallback(server: TestServer, user: TestUser, parameters: Readonly<Record<string, string | undefined>>, cookies?: CookieJar): Promise<{ callback: URL; cookies: CookieJar }> {
  const secret = user.totpSecret;
  // A TOTP code works once: the next sign-in is a time step later.
  advance(server, 30);
  const { location, cookies: jar } = await signInThroughHostedPage({
    authorizeUrl: authorizeUrl(server, parameters),
    username: user.username,
    password: user.password,
    ...(secret !== undefined ? { totp: () => totpAt(server, secret) } : {}),
    ...(cookies !== undefined ? { cookies } : {}),
  });
  return { callback: new URL(location), cookies: jar };
}

/**
 * A code for `user` without the hosted page: the authorization request checked and answered
 * in-process, as the page does after a sign-in (for suites that cannot drive the page, e.g. over
 * HTTPS with a pinned certificate, and for the many error cases of the token endpoint).
 */
export async function codeInProcess(server: TestServer, user: TestUser, parameters: Readonly<Record<string, string | undefined>>): Promise<URL> {
  const query = Object.fromEntries(Object.entries(parameters).filter((e): e is [string, string] => e[1] !== undefined));
  const check = await checkAuthorizeRequest(server.app.steward, query);
  if (!check.ok) throw new Error(`authorization request refused: ${JSON.stringify(check)}`);
  const record = await findUserBySub(server.db, user.sub);
  if (record === undefined) throw new Error('no user');
  await requirePool(server.db, record.poolId);
  return new URL(await authorizationResponse(server.app.steward, check.request, { sessionId: 'in-process', poolId: record.poolId, userSub: user.sub, authTime: server.clock.now() }));
}

/** How far the server's manual clock is ahead of the wall clock, in seconds (oauth4webapi's clockSkew for its iat/exp checks). */
export function serverClockSkew(server: TestServer): number {
  return Math.round((server.clock.now().getTime() - Date.now()) / 1000);
}

/** POSTs a form to the managed-login origin; returns status, headers and the parsed JSON (or text). */
export async function postForm(
  url: string,
  form: Readonly<Record<string, string | undefined>>,
  headers: Record<string, string> = {},
): Promise<{ status: number; headers: Headers; body: Record<string, unknown> }> {
  const body = new URLSearchParams(Object.entries(form).filter((e): e is [string, string] => e[1] !== undefined));
  const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers }, body });
  const text = await response.text();
  return { status: response.status, headers: response.headers, body: text === '' ? {} : (JSON.parse(text) as Record<string, unknown>) };
}

/** `Authorization: Basic` of a client id and secret, URL-encoded as RFC 6749 §2.3.1 says. */
export function basicAuthorization(clientId: string, secret: string): string {
  return `Basic ${Buffer.from(`${encodeURIComponent(clientId)}:${encodeURIComponent(secret)}`).toString('base64')}`;
}

/** A fetch of oauth4webapi's customFetch shape. */
export type TrustingFetch = (url: string, options: { readonly method: string; readonly headers: Record<string, string>; readonly body?: unknown }) => Promise<Response>;

/**
 * A fetch (oauth4webapi's customFetch shape) over node:https that trusts exactly `ca`: the managed
 * origin's generated certificate, as a browser told to trust it would.
 */
export function fetchTrusting(ca: string): TrustingFetch {
  return (url, options) =>
    new Promise((resolve, reject) => {
      const request = https.request(url, { method: options.method, headers: options.headers, ca }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          const headers = new Headers();
          for (const [name, value] of Object.entries(response.headers)) {
            for (const v of Array.isArray(value) ? value : value === undefined ? [] : [value]) headers.append(name, v);
          }
          const status = response.statusCode ?? 500;
          resolve(new Response(status === 204 || status === 304 ? null : Buffer.concat(chunks), { status, headers }));
        });
        response.on('error', reject);
      });
      request.on('error', reject);
      const body = options.body instanceof URLSearchParams ? options.body.toString() : typeof options.body === 'string' ? options.body : undefined;
      if (body !== undefined) request.write(body);
      request.end();
    });
}

// Shared by the tests of what the hosted login page shows of an app client (UI customization,
// terms): a managed-login client of a test server and its sign-in page fetched over HTTP.
import { CALLBACK, authorizeUrl, createOAuthClient, pkcePair } from '../oauth/oauth-fixtures.js';
import type { TestServer } from '../harness.js';

/** Another way to managed login than its own URL: an origin (a pool domain's) and a fetch that reaches the server through it. */
export interface HostedRoute {
  readonly origin: string;
  readonly fetch: (url: string, init?: RequestInit) => Promise<Response>;
}

/** The sign-in page a browser reaches through /oauth2/authorize (on `route` when given): its HTML and response headers. */
export async function hostedSignInPage(
  server: TestServer,
  clientId: string,
  extra: Readonly<Record<string, string>> = {},
  route?: HostedRoute,
): Promise<{ status: number; html: string; headers: Headers; url: string }> {
  let url = authorizeUrl(server, { response_type: 'code', client_id: clientId, redirect_uri: CALLBACK, scope: 'openid', code_challenge: pkcePair().challenge, code_challenge_method: 'S256', ...extra });
  if (route !== undefined) url = `${route.origin}${new URL(url).pathname}${new URL(url).search}`;
  const get = route?.fetch ?? fetch;
  for (let hop = 0; hop < 5; hop += 1) {
    const response = await get(url, { redirect: 'manual', headers: { accept: 'text/html' } });
    const location = response.headers.get('location');
    if (location === null) return { status: response.status, html: await response.text(), headers: response.headers, url };
    await response.arrayBuffer();
    url = new URL(location, url).toString();
  }
  throw new Error('too many redirects on the way to the sign-in page');
}

/** A new managed-login app client of the test pool; its id. */
export async function newHostedClient(server: TestServer): Promise<string> {
  return (await createOAuthClient(server)).clientId;
}

/** The hosted sign-up page of a client (the sign-in page's link to it, with the same authorize query). */
export async function hostedSignUpPage(server: TestServer, clientId: string, extra: Readonly<Record<string, string>> = {}): Promise<{ status: number; html: string }> {
  const signIn = await hostedSignInPage(server, clientId, extra);
  const url = new URL(signIn.url);
  url.pathname = '/signup';
  const response = await fetch(url, { headers: { accept: 'text/html' } });
  return { status: response.status, html: await response.text() };
}

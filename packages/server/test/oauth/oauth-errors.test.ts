// Every refusal of managed login's protocol endpoints, as Cognito answers it, on both databases.
// Threats: an open redirector (an unknown client or unregistered redirect_uri must never be
// redirected to), authorization-code interception and replay (codes single-use, 5 minutes, bound
// to client, redirect_uri and PKCE verifier; a replay revokes what the code yielded), client
// impersonation at the token endpoint, scope escalation (OAuth tokens without
// aws.cognito.signin.user.admin reaching the user-pool API), bad input answered 500, and codes,
// tokens or secrets written to the log.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requirePool } from '../../src/user-pool/pools/pool-repository.js';
import { findUserByLogin } from '../../src/user-pool/users/user-repository.js';
import { advance, AUTH_TEST_ENV, createTestUser, type TestUser } from '../auth/auth-fixtures.js';
import { BOTH_DATABASES, issueTokensFor, startTestServer, type TestServer } from '../harness.js';
import {
  authorizeUrl,
  basicAuthorization,
  CALLBACK,
  codeInProcess,
  createOAuthClient,
  createResourceServer,
  getManual,
  pkcePair,
  postForm,
  signInForCallback,
  type OAuthTestClient,
} from './oauth-fixtures.js';

describe.each(BOTH_DATABASES)('managed login refusals on %s', (database) => {
  let server: TestServer;
  let user: TestUser;
  let client: OAuthTestClient;
  let confidential: OAuthTestClient;
  let machine: OAuthTestClient;
  let webDist: string;
  const logLines: string[] = [];
  /** Every code, token, verifier, state and secret the suite handles: none may appear in the log. */
  const secrets = new Set<string>();
  const keep = (value: string | undefined | null): string => {
    if (value !== undefined && value !== null && value !== '') secrets.add(value);
    return value ?? '';
  };

  let tokenUrl: string;
  let revokeUrl: string;
  let userInfoUrl: string;

  beforeAll(async () => {
    webDist = await mkdtemp(path.join(tmpdir(), 'steward-web-'));
    await writeFile(path.join(webDist, 'index.html'), '<!doctype html><title>the web app</title>');
    server = await startTestServer({
      database,
      env: { ...AUTH_TEST_ENV, LOG_LEVEL: 'info', WEB_DIST_DIR: webDist },
      logStream: { write: (line: string) => void logLines.push(line) },
    });
    user = await createTestUser(server);
    client = await createOAuthClient(server);
    await createResourceServer(server, 'https://api.example.com', ['read', 'write']);
    confidential = await createOAuthClient(server, { GenerateSecret: true });
    machine = await createOAuthClient(server, { GenerateSecret: true, AllowedOAuthFlows: ['client_credentials'], AllowedOAuthScopes: ['https://api.example.com/read'] });
    keep(confidential.clientSecret);
    keep(machine.clientSecret);
    tokenUrl = `${server.managedLoginUrl}/oauth2/token`;
    revokeUrl = `${server.managedLoginUrl}/oauth2/revoke`;
    userInfoUrl = `${server.managedLoginUrl}/oauth2/userInfo`;
  });
  afterAll(async () => {
    await server.close();
    await rm(webDist, { recursive: true, force: true });
  });

  /** A valid authorization request of `client` with PKCE, plus `extra`. */
  function request(extra: Record<string, string | undefined> = {}, of: OAuthTestClient = client): { parameters: Record<string, string | undefined>; verifier: string } {
    const { verifier, challenge } = pkcePair();
    keep(verifier);
    const state = keep(`state-${Math.random().toString(36).slice(2)}`);
    return { verifier, parameters: { response_type: 'code', client_id: of.clientId, redirect_uri: CALLBACK, scope: 'openid email', state, code_challenge: challenge, code_challenge_method: 'S256', ...extra } };
  }

  /** A fresh code (issued in-process, as the hosted page does after a sign-in). */
  async function freshCode(extra: Record<string, string | undefined> = {}, of: OAuthTestClient = client): Promise<{ code: string; verifier: string }> {
    const { parameters, verifier } = request(extra, of);
    const callback = await codeInProcess(server, user, parameters);
    return { code: keep(callback.searchParams.get('code')), verifier };
  }

  function exchange(code: string, verifier: string | undefined, extra: Record<string, string | undefined> = {}, headers: Record<string, string> = {}) {
    return postForm(tokenUrl, { grant_type: 'authorization_code', client_id: client.clientId, code, redirect_uri: CALLBACK, code_verifier: verifier, ...extra }, headers);
  }

  function expectOAuthError(reply: { status: number; body: Record<string, unknown>; headers: Headers }, error: string, status = 400): void {
    expect(reply.body.error, JSON.stringify(reply.body)).toBe(error);
    expect(typeof reply.body.error_description).toBe('string');
    expect(reply.status).toBe(status);
    expect(reply.headers.get('cache-control')).toBe('no-store');
  }

  describe('GET /oauth2/authorize: an untrusted client or redirect_uri gets an error page, never a redirect', () => {
    const cases: [string, () => Record<string, string | undefined>][] = [
      ['no client_id', () => ({ ...request().parameters, client_id: undefined })],
      ['an unknown client', () => ({ ...request().parameters, client_id: 'nosuchclient0000000000000' })],
      ['a malformed client_id', () => ({ ...request().parameters, client_id: '../../etc' })],
      ['no redirect_uri', () => ({ ...request().parameters, redirect_uri: undefined })],
      ['an unregistered redirect_uri', () => ({ ...request().parameters, redirect_uri: 'https://evil.example/callback' })],
      ['a redirect_uri that only starts like a registered one', () => ({ ...request().parameters, redirect_uri: `${CALLBACK}/../evil` })],
      ['a redirect_uri with an extra query', () => ({ ...request().parameters, redirect_uri: `${CALLBACK}?next=https://evil.example` })],
    ];
    it.each(cases)('%s', async (_name, parameters) => {
      const response = await getManual(authorizeUrl(server, parameters()));
      expect(response.status).toBe(400);
      expect(response.headers.get('location')).toBeNull();
      expect(response.headers.get('content-type')).toMatch(/^text\/html/);
      const page = await response.text();
      expect(page).not.toContain('evil.example');
    });

    it('a client not enabled for managed login', async () => {
      const plain = await createOAuthClient(server, { AllowedOAuthFlowsUserPoolClient: false, AllowedOAuthFlows: [], AllowedOAuthScopes: [] });
      const response = await getManual(authorizeUrl(server, request({}, plain).parameters));
      expect(response.status).toBe(400);
      expect(response.headers.get('location')).toBeNull();
    });

    it('a repeated redirect_uri', async () => {
      const url = `${authorizeUrl(server, request().parameters)}&redirect_uri=${encodeURIComponent('https://evil.example/')}`;
      const response = await getManual(url);
      expect(response.status).toBe(400);
      expect(response.headers.get('location')).toBeNull();
    });
  });

  describe('GET /oauth2/authorize: a bad request from a trusted client goes back to its redirect_uri', () => {
    async function refusal(parameters: Record<string, string | undefined>, raw = ''): Promise<URL> {
      const response = await getManual(`${authorizeUrl(server, parameters)}${raw}`);
      expect(response.status).toBe(302);
      const location = new URL(String(response.headers.get('location')));
      expect(`${location.origin}${location.pathname}`).toBe(CALLBACK);
      expect(location.searchParams.get('code')).toBeNull();
      return location;
    }
    const cases: [string, Record<string, string | undefined>, string][] = [
      ['no response_type', { response_type: undefined }, 'invalid_request'],
      ['response_type id_token', { response_type: 'id_token' }, 'unsupported_response_type'],
      ['response_type token for a client without the implicit flow', { response_type: 'token' }, 'unauthorized_client'],
      ['a scope the client is not allowed', { scope: 'openid https://api.example.com/write' }, 'invalid_scope'],
      ['a scope that does not exist', { scope: 'openid admin' }, 'invalid_scope'],
      ['no code_challenge from a public client', { code_challenge: undefined, code_challenge_method: undefined }, 'invalid_request'],
      ['code_challenge_method plain', { code_challenge_method: 'plain' }, 'invalid_request'],
      ['no code_challenge_method', { code_challenge_method: undefined }, 'invalid_request'],
      ['a malformed code_challenge', { code_challenge: 'short' }, 'invalid_request'],
      ['an identity provider the client does not support', { identity_provider: 'Facebook' }, 'invalid_request'],
      ['idp_identifier', { idp_identifier: 'example.com' }, 'invalid_request'],
      ['an unknown prompt', { prompt: 'bogus' }, 'invalid_request'],
      ['prompt none with another value', { prompt: 'none login' }, 'invalid_request'],
      ['a NUL character in the nonce', { nonce: 'a\u0000b' }, 'invalid_request'],
      ['prompt none without a hosted session', { prompt: 'none' }, 'login_required'],
    ];
    it.each(cases)('%s', async (_name, extra, error) => {
      const { parameters } = request(extra);
      const location = await refusal(parameters);
      expect(location.searchParams.get('error')).toBe(error);
      expect(location.searchParams.get('error_description')).toBeTruthy();
      expect(location.searchParams.get('state')).toBe(parameters.state);
    });

    it('a repeated parameter', async () => {
      const { parameters } = request();
      const location = await refusal(parameters, '&scope=openid');
      expect(location.searchParams.get('error')).toBe('invalid_request');
    });

    it('a federated provider the client lists but the server cannot reach', async () => {
      const federated = await createOAuthClient(server);
      await server.db.query(`UPDATE app_clients SET supported_identity_providers = '["COGNITO","Google"]' WHERE id = $1`, [federated.clientId]);
      const { parameters } = request({ identity_provider: 'Google' }, federated);
      const location = await refusal(parameters);
      expect(location.searchParams.get('error')).toBe('invalid_request');
      expect(location.searchParams.get('error_description')).toMatch(/Google/);
    });

    it('without a hosted session, sends the browser to /login with the same query', async () => {
      const url = authorizeUrl(server, request({ lang: 'fr', login_hint: user.username }).parameters);
      const response = await getManual(url);
      expect(response.status).toBe(302);
      expect(response.headers.get('location')).toBe(`/login${new URL(url).search}`);
    });
  });

  describe('the implicit flow', () => {
    it('returns tokens in the fragment, no code and no refresh token', async () => {
      const implicit = await createOAuthClient(server, { AllowedOAuthFlows: ['implicit'] });
      const state = keep('implicit-state');
      const { callback } = await signInForCallback(server, user, { response_type: 'token', client_id: implicit.clientId, redirect_uri: CALLBACK, scope: 'openid profile', state, nonce: 'n-0S6' });
      expect(callback.search).toBe('');
      const fragment = new URLSearchParams(callback.hash.slice(1));
      expect([...fragment.keys()].sort()).toEqual(['access_token', 'expires_in', 'id_token', 'state', 'token_type']);
      expect(fragment.get('state')).toBe(state);
      expect(fragment.get('token_type')).toBe('Bearer');
      expect(decodeJwt(keep(fragment.get('id_token')))).toMatchObject({ nonce: 'n-0S6', aud: implicit.clientId, sub: user.sub });
      expect(decodeJwt(keep(fragment.get('access_token'))).scope).toBe('openid profile');
    });
  });

  describe('POST /oauth2/token: codes', () => {
    it('a reused code is invalid_grant and revokes the tokens the code yielded', async () => {
      const { code, verifier } = await freshCode({ scope: 'openid email aws.cognito.signin.user.admin' });
      const first = await exchange(code, verifier);
      expect(first.status, JSON.stringify(first.body)).toBe(200);
      expect(first.headers.get('cache-control')).toBe('no-store');
      const access = keep(String(first.body.access_token));
      const refresh = keep(String(first.body.refresh_token));
      keep(String(first.body.id_token));
      expect((await server.call('GetUser', { AccessToken: access })).status).toBe(200);

      expectOAuthError(await exchange(code, verifier), 'invalid_grant');
      expect((await server.call('GetUser', { AccessToken: access })).body.__type).toBe('NotAuthorizedException');
      expectOAuthError(await postForm(tokenUrl, { grant_type: 'refresh_token', client_id: client.clientId, refresh_token: refresh }), 'invalid_grant');
    });

    it('an expired code is invalid_grant (5 minutes)', async () => {
      const almost = await freshCode();
      const late = await freshCode();
      advance(server, 299);
      expect((await exchange(almost.code, almost.verifier)).status).toBe(200);
      advance(server, 1);
      expectOAuthError(await exchange(late.code, late.verifier), 'invalid_grant');
    });

    it('a wrong or missing code_verifier is invalid_grant, and burns the code', async () => {
      const { code, verifier } = await freshCode();
      expectOAuthError(await exchange(code, pkcePair().verifier), 'invalid_grant');
      expectOAuthError(await exchange(code, verifier), 'invalid_grant');
      const other = await freshCode();
      expectOAuthError(await exchange(other.code, undefined), 'invalid_grant');
    });

    it("another client's code, or another redirect_uri, is invalid_grant", async () => {
      const theirs = await freshCode({}, confidential);
      expectOAuthError(await exchange(theirs.code, theirs.verifier), 'invalid_grant');
      const mine = await freshCode();
      expectOAuthError(await exchange(mine.code, mine.verifier, { redirect_uri: 'http://localhost:5173/other' }), 'invalid_grant');
      expectOAuthError(await exchange('not-a-code-that-was-ever-issued', pkcePair().verifier), 'invalid_grant');
    });

    it('bad requests are invalid_request or unsupported_grant_type', async () => {
      const { code, verifier } = await freshCode();
      expectOAuthError(await postForm(tokenUrl, { client_id: client.clientId, code, redirect_uri: CALLBACK, code_verifier: verifier }), 'invalid_request');
      expectOAuthError(await postForm(tokenUrl, { grant_type: 'password', client_id: client.clientId, username: user.username, password: user.password }), 'unsupported_grant_type');
      expectOAuthError(await exchange(code, verifier, { redirect_uri: undefined }), 'invalid_request');
      expectOAuthError(await exchange('', verifier), 'invalid_request');
      const json = await fetch(tokenUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ grant_type: 'authorization_code', client_id: client.clientId, code }) });
      expect(json.status).toBe(400);
      expect(((await json.json()) as { error: string }).error).toBe('invalid_request');
      const repeated = await fetch(tokenUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: `grant_type=authorization_code&client_id=${client.clientId}&code=${code}&code=${code}&redirect_uri=${encodeURIComponent(CALLBACK)}`,
      });
      expect(((await repeated.json()) as { error: string }).error).toBe('invalid_request');
      // None of these touched the code: it still works.
      expect((await exchange(code, verifier)).status).toBe(200);
    });

    it('a client not allowed the code flow is unauthorized_client', async () => {
      const reply = await postForm(tokenUrl, { grant_type: 'authorization_code', code: 'whatever', redirect_uri: CALLBACK }, { authorization: basicAuthorization(machine.clientId, String(machine.clientSecret)) });
      expectOAuthError(reply, 'unauthorized_client');
    });
  });

  describe('POST /oauth2/token: client authentication', () => {
    const secretOf = (): string => String(confidential.clientSecret);

    it('an unknown client is invalid_client; 401 with a Basic challenge when Basic was tried', async () => {
      const body = await postForm(tokenUrl, { grant_type: 'refresh_token', client_id: 'nosuchclient0000000000000', refresh_token: 'x' });
      expectOAuthError(body, 'invalid_client');
      expect(body.headers.get('www-authenticate')).toBeNull();
      const basic = await postForm(tokenUrl, { grant_type: 'refresh_token', refresh_token: 'x' }, { authorization: basicAuthorization('nosuchclient0000000000000', 'secret') });
      expectOAuthError(basic, 'invalid_client', 401);
      expect(basic.headers.get('www-authenticate')).toMatch(/^Basic /);
    });

    it('a confidential client without or with a wrong secret is invalid_client', async () => {
      const { code, verifier } = await freshCode({}, confidential);
      expectOAuthError(await exchange(code, verifier, { client_id: confidential.clientId }), 'invalid_client');
      expectOAuthError(await exchange(code, verifier, { client_id: confidential.clientId, client_secret: `${secretOf()}x` }), 'invalid_client');
      expectOAuthError(await exchange(code, verifier, { client_id: undefined }, { authorization: basicAuthorization(confidential.clientId, 'wrong') }), 'invalid_client', 401);
      expectOAuthError(await exchange(code, verifier, { client_id: undefined }, { authorization: 'Bearer something' }), 'invalid_client', 401);
      // Client authentication comes first: the code was not claimed.
      const ok = await exchange(code, verifier, { client_id: undefined }, { authorization: basicAuthorization(confidential.clientId, secretOf()) });
      expect(ok.status, JSON.stringify(ok.body)).toBe(200);
      keep(String(ok.body.access_token));
      keep(String(ok.body.refresh_token));
    });

    it('two authentication methods at once are invalid_request; a secret for a public client is invalid_client', async () => {
      const both = await postForm(tokenUrl, { grant_type: 'refresh_token', refresh_token: 'x', client_secret: secretOf() }, { authorization: basicAuthorization(confidential.clientId, secretOf()) });
      expectOAuthError(both, 'invalid_request');
      expectOAuthError(await postForm(tokenUrl, { grant_type: 'refresh_token', refresh_token: 'x', client_id: client.clientId, client_secret: 'made-up' }), 'invalid_client');
      const mismatch = await postForm(tokenUrl, { grant_type: 'refresh_token', refresh_token: 'x', client_id: client.clientId }, { authorization: basicAuthorization(confidential.clientId, secretOf()) });
      expectOAuthError(mismatch, 'invalid_client', 401);
    });

    it('client_credentials: public clients and clients without the flow are unauthorized_client, standard or unknown scopes invalid_scope', async () => {
      expectOAuthError(await postForm(tokenUrl, { grant_type: 'client_credentials', client_id: client.clientId }), 'unauthorized_client');
      expectOAuthError(await postForm(tokenUrl, { grant_type: 'client_credentials' }, { authorization: basicAuthorization(confidential.clientId, secretOf()) }), 'unauthorized_client');
      const auth = { authorization: basicAuthorization(machine.clientId, String(machine.clientSecret)) };
      expectOAuthError(await postForm(tokenUrl, { grant_type: 'client_credentials', scope: 'openid' }, auth), 'invalid_scope');
      expectOAuthError(await postForm(tokenUrl, { grant_type: 'client_credentials', scope: 'https://api.example.com/write' }, auth), 'invalid_scope');
      const ok = await postForm(tokenUrl, { grant_type: 'client_credentials' }, auth);
      expect(ok.status).toBe(200);
      expect(decodeJwt(keep(String(ok.body.access_token))).scope).toBe('https://api.example.com/read');
    });
  });

  describe('GET/POST /oauth2/userInfo', () => {
    it('401 without a token, with a bad or revoked token; 403 for a token without openid', async () => {
      const none = await fetch(userInfoUrl);
      expect(none.status).toBe(401);
      expect(none.headers.get('www-authenticate')).toBe('Bearer');
      const bad = await fetch(userInfoUrl, { headers: { authorization: 'Bearer not.a.token' } });
      expect(bad.status).toBe(401);
      expect(bad.headers.get('www-authenticate')).toMatch(/^Bearer error="invalid_token"/);

      const jsonApi = await issueTokensFor(server, user.username);
      keep(jsonApi.AccessToken);
      keep(jsonApi.RefreshToken);
      const wrongScope = await fetch(userInfoUrl, { method: 'POST', headers: { authorization: `Bearer ${jsonApi.AccessToken}` } });
      expect(wrongScope.status).toBe(403);
      expect(wrongScope.headers.get('www-authenticate')).toMatch(/error="insufficient_scope"/);

      const { code, verifier } = await freshCode();
      const tokens = await exchange(code, verifier);
      const access = keep(String(tokens.body.access_token));
      const refresh = keep(String(tokens.body.refresh_token));
      expect((await fetch(userInfoUrl, { method: 'POST', headers: { authorization: `Bearer ${access}` } })).status).toBe(200);
      expect((await postForm(revokeUrl, { token: refresh, client_id: client.clientId })).status).toBe(200);
      const revoked = await fetch(userInfoUrl, { headers: { authorization: `Bearer ${access}` } });
      expect(revoked.status).toBe(401);
      expect(revoked.headers.get('www-authenticate')).toMatch(/error="invalid_token"/);
    });

    it('401 for an expired token', async () => {
      const { code, verifier } = await freshCode();
      const access = keep(String((await exchange(code, verifier)).body.access_token));
      advance(server, 3601);
      const expired = await fetch(userInfoUrl, { headers: { authorization: `Bearer ${access}` } });
      expect(expired.status).toBe(401);
      expect(expired.headers.get('www-authenticate')).toMatch(/error="invalid_token", error_description="Access Token has expired"/);
    });
  });

  describe('POST /oauth2/revoke', () => {
    it('refuses access tokens, answers 200 for unknown tokens, refuses other clients and missing tokens', async () => {
      const { code, verifier } = await freshCode();
      const tokens = await exchange(code, verifier);
      const refresh = keep(String(tokens.body.refresh_token));
      expectOAuthError(await postForm(revokeUrl, { token: keep(String(tokens.body.access_token)), client_id: client.clientId }), 'unsupported_token_type');
      expect((await postForm(revokeUrl, { token: 'never-issued', client_id: client.clientId })).status).toBe(200);
      expectOAuthError(await postForm(revokeUrl, { client_id: client.clientId }), 'invalid_request');
      const theirs = await postForm(revokeUrl, { token: refresh }, { authorization: basicAuthorization(confidential.clientId, String(confidential.clientSecret)) });
      expectOAuthError(theirs, 'unauthorized_client');
      // Still live: the other client could not revoke it.
      const refreshed = await postForm(tokenUrl, { grant_type: 'refresh_token', client_id: client.clientId, refresh_token: refresh });
      expect(refreshed.status).toBe(200);
      keep(String(refreshed.body.access_token));
      keep(String(refreshed.body.id_token));
    });
  });

  describe('scopes on the user-pool API and the data API', () => {
    it('refuses managed-login access tokens without aws.cognito.signin.user.admin in the JSON operations, as Cognito', async () => {
      const { code, verifier } = await freshCode({ scope: 'openid email' });
      const access = keep(String((await exchange(code, verifier)).body.access_token));
      for (const [operation, body] of [
        ['GetUser', { AccessToken: access }],
        ['UpdateUserAttributes', { AccessToken: access, UserAttributes: [{ Name: 'given_name', Value: 'X' }] }],
        ['GlobalSignOut', { AccessToken: access }],
        ['ListDevices', { AccessToken: access }],
      ] as const) {
        const reply = await server.call(operation, body);
        expect(reply.body, operation).toEqual({ __type: 'NotAuthorizedException', message: 'Access Token does not have required scopes' });
      }
    });

    it('the GraphQL data API still accepts them', async () => {
      const pool = await requirePool(server.db, server.pool.userPoolId);
      const staff = await findUserByLogin(server.db, pool, 'staff');
      if (staff === undefined) throw new Error('no demo user staff');
      const { parameters, verifier } = request({ scope: 'openid email' });
      const callback = await codeInProcess(server, { ...user, sub: staff.sub, username: 'staff' }, parameters);
      const access = keep(String((await exchange(keep(callback.searchParams.get('code')), verifier)).body.access_token));
      const response = await fetch(`${server.url}/graphql`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: access }, body: JSON.stringify({ query: '{ listSessionMdls { items { id } } }' }) });
      expect(response.status).toBe(200);
      expect(((await response.json()) as { errors?: unknown }).errors).toBeUndefined();
    });
  });

  describe('the main origin', () => {
    it('does not answer /oauth2/* with the web app (no SPA fallback), but the app still loads elsewhere', async () => {
      const page = await fetch(`${server.url}/some/client/route`, { headers: { accept: 'text/html' } });
      expect(await page.text()).toContain('the web app');
      for (const route of ['/oauth2/authorize?client_id=x', '/oauth2/token', '/oauth2/userInfo']) {
        const response = await fetch(`${server.url}${route}`, { headers: { accept: 'text/html' }, redirect: 'manual' });
        expect(response.status, route).toBe(404);
        expect(await response.text()).not.toContain('the web app');
      }
    });
  });

  describe('the log', () => {
    it('never shows a code, token, verifier, state or client secret', () => {
      expect(logLines.length).toBeGreaterThan(20);
      const log = logLines.join('\n');
      expect(log).toContain('/oauth2/token');
      expect(log).toMatch(/state=\[redacted\]/);
      const leaked = [...secrets].filter((secret) => secret.length >= 8 && log.includes(secret));
      expect(leaked).toEqual([]);
    });
  });
});

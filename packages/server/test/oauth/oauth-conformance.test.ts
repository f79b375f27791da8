// Managed login against a generic, well-kept OAuth 2.0 / OpenID Connect client (oauth4webapi):
// discovery, the authorization code flow with PKCE through the hosted page, the token, refresh,
// userInfo and revocation endpoints, client_credentials and hosted logout, on both databases; and
// the same flow over HTTPS with the generated development certificate.
import { createRemoteJWKSet, decodeJwt, jwtVerify } from 'jose';
import * as oauth from 'oauth4webapi';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_TEST_ENV, createTestUser, type TestUser } from '../auth/auth-fixtures.js';
import { BOTH_DATABASES, startTestServer, type TestServer } from '../harness.js';
import {
  CALLBACK,
  codeInProcess,
  createOAuthClient,
  createResourceServer,
  fetchTrusting,
  getManual,
  pkcePair,
  serverClockSkew,
  signInForCallback,
  type OAuthTestClient,
  type TrustingFetch,
} from './oauth-fixtures.js';

const insecure = { [oauth.allowInsecureRequests]: true } as const;

/** The pool's authorization server metadata, through oauth4webapi's discovery checks (issuer match). */
async function discover(server: TestServer, fetcher?: TrustingFetch): Promise<oauth.AuthorizationServer> {
  const issuer = new URL(server.app.steward.tokens.issuer(server.pool.userPoolId));
  const url = `${server.managedLoginUrl}/${server.pool.userPoolId}/.well-known/openid-configuration`;
  const response = fetcher === undefined ? await fetch(url) : await fetcher(url, { method: 'GET', headers: {} });
  return oauth.processDiscoveryResponse(issuer, response);
}

describe.each(BOTH_DATABASES)('managed login with oauth4webapi on %s', (database) => {
  let server: TestServer;
  let as: oauth.AuthorizationServer;
  let user: TestUser;
  let publicClient: OAuthTestClient;

  beforeAll(async () => {
    server = await startTestServer({ database, env: AUTH_TEST_ENV });
    user = await createTestUser(server, { attributes: { email: 'oidc@example.com', email_verified: 'true', phone_number: '+15550001111', phone_number_verified: 'false', given_name: 'Olive', family_name: 'Idc' } });
    publicClient = await createOAuthClient(server);
    as = await discover(server);
  });
  afterAll(async () => {
    await server.close();
  });

  /** Runs the code flow with PKCE through the hosted page for `client`; returns the token response. */
  async function codeFlow(client: OAuthTestClient, auth: oauth.ClientAuth, scope = 'openid email profile aws.cognito.signin.user.admin') {
    const verifier = oauth.generateRandomCodeVerifier();
    const state = oauth.generateRandomState();
    const nonce = oauth.generateRandomNonce();
    const { callback } = await signInForCallback(server, user, {
      response_type: 'code',
      client_id: client.clientId,
      redirect_uri: CALLBACK,
      scope,
      state,
      nonce,
      code_challenge: await oauth.calculatePKCECodeChallenge(verifier),
      code_challenge_method: 'S256',
    });
    const c: oauth.Client = { client_id: client.clientId, [oauth.clockSkew]: serverClockSkew(server) };
    const params = oauth.validateAuthResponse(as, c, callback, state);
    const response = await oauth.authorizationCodeGrantRequest(as, c, auth, params, CALLBACK, verifier, insecure);
    const openid = scope.split(' ').includes('openid');
    return { tokens: await oauth.processAuthorizationCodeResponse(as, c, response, openid ? { expectedNonce: nonce, requireIdToken: true } : {}), client: c };
  }

  it('publishes discovery metadata listing exactly the endpoints served', () => {
    expect(as.issuer).toBe(`https://cognito-idp.us-east-1.amazonaws.com/${server.pool.userPoolId}`);
    expect(as.authorization_endpoint).toBe(`${server.managedLoginUrl}/oauth2/authorize`);
    expect(as.token_endpoint).toBe(`${server.managedLoginUrl}/oauth2/token`);
    expect(as.userinfo_endpoint).toBe(`${server.managedLoginUrl}/oauth2/userInfo`);
    expect(as.revocation_endpoint).toBe(`${server.managedLoginUrl}/oauth2/revoke`);
    expect(as.jwks_uri).toBe(`${server.managedLoginUrl}/${server.pool.userPoolId}/.well-known/jwks.json`);
    expect(as.end_session_endpoint).toBeUndefined();
    expect(as.code_challenge_methods_supported).toEqual(['S256']);
    expect(as.token_endpoint_auth_methods_supported).toEqual(['client_secret_basic', 'client_secret_post', 'none']);
    expect(as.response_types_supported).toEqual(['code', 'token']);
    expect(as.grant_types_supported).toEqual(['authorization_code', 'implicit', 'refresh_token', 'client_credentials']);
    expect(as.scopes_supported).toEqual(expect.arrayContaining(['openid', 'email', 'phone', 'profile', 'aws.cognito.signin.user.admin']));
  });

  it('serves the same document at /.well-known/openid-configuration (the default pool) and on the main origin', async () => {
    const root = (await (await fetch(`${server.managedLoginUrl}/.well-known/openid-configuration`)).json()) as Record<string, unknown>;
    expect(root).toEqual(as);
    const main = (await (await fetch(`${server.url}/${server.pool.userPoolId}/.well-known/openid-configuration`)).json()) as Record<string, unknown>;
    expect({ ...main, jwks_uri: as.jwks_uri }).toEqual(as);
    expect(main.jwks_uri).toBe(`${server.url}/${server.pool.userPoolId}/.well-known/jwks.json`);
    const keys = (await (await fetch(String(as.jwks_uri))).json()) as { keys: unknown[] };
    expect(keys.keys.length).toBeGreaterThan(0);
  });

  it('signs in with the authorization code flow and PKCE through the hosted page, with tokens like the JSON API', async () => {
    const { tokens } = await codeFlow(publicClient, oauth.None());
    expect(tokens.token_type).toBe('bearer');
    expect(typeof tokens.refresh_token).toBe('string');
    const jwks = createRemoteJWKSet(new URL(String(as.jwks_uri)));
    const { payload: id } = await jwtVerify(String(tokens.id_token), jwks, { issuer: as.issuer, audience: publicClient.clientId, currentDate: server.clock.now() });
    expect(id).toMatchObject({ sub: user.sub, token_use: 'id', 'cognito:username': user.username, email: 'oidc@example.com', email_verified: true });
    expect(typeof id.at_hash).toBe('string');
    expect(typeof id.nonce).toBe('string');
    const access = decodeJwt(tokens.access_token);
    expect(access).toMatchObject({ sub: user.sub, client_id: publicClient.clientId, token_use: 'access', username: user.username, scope: 'openid email profile aws.cognito.signin.user.admin' });
    expect(access.iss).toBe(as.issuer);
    // The JSON API takes the access token (it carries aws.cognito.signin.user.admin).
    const me = await server.call('GetUser', { AccessToken: tokens.access_token });
    expect(me.status).toBe(200);
    expect(me.body.Username).toBe(user.username);
  });

  it('answers userInfo by scope', async () => {
    const { tokens, client } = await codeFlow(publicClient, oauth.None(), 'openid email');
    const response = await oauth.userInfoRequest(as, client, tokens.access_token, insecure);
    const info = await oauth.processUserInfoResponse(as, client, user.sub, response);
    expect(info).toEqual({ sub: user.sub, email: 'oidc@example.com', email_verified: true, username: user.username });

    const all = await codeFlow(publicClient, oauth.None(), 'openid');
    const everything = await oauth.processUserInfoResponse(as, client, user.sub, await oauth.userInfoRequest(as, client, all.tokens.access_token, insecure));
    expect(everything).toMatchObject({ sub: user.sub, email: 'oidc@example.com', phone_number: '+15550001111', phone_number_verified: false, given_name: 'Olive', family_name: 'Idc', username: user.username });
  });

  it('refreshes (scopes kept, no id token without openid) and revokes the sign-in', async () => {
    const { tokens, client } = await codeFlow(publicClient, oauth.None(), 'email aws.cognito.signin.user.admin');
    expect(tokens.id_token).toBeUndefined();
    const refreshToken = String(tokens.refresh_token);
    const refreshed = await oauth.processRefreshTokenResponse(as, client, await oauth.refreshTokenGrantRequest(as, client, oauth.None(), refreshToken, insecure));
    expect(refreshed.id_token).toBeUndefined();
    expect(refreshed.refresh_token).toBeUndefined();
    expect(decodeJwt(refreshed.access_token)).toMatchObject({ scope: 'email aws.cognito.signin.user.admin', origin_jti: decodeJwt(tokens.access_token).origin_jti });

    await oauth.processRevocationResponse(await oauth.revocationRequest(as, client, oauth.None(), refreshToken, insecure));
    const again = await oauth.refreshTokenGrantRequest(as, client, oauth.None(), refreshToken, insecure);
    await expect(oauth.processRefreshTokenResponse(as, client, again)).rejects.toMatchObject({ error: 'invalid_grant' });
    // The access tokens of the sign-in are revoked with it, on the JSON API as well.
    const me = await server.call('GetUser', { AccessToken: refreshed.access_token });
    expect(me.body.__type).toBe('NotAuthorizedException');
  });

  it('refreshes with rotation for a rotating client', async () => {
    const rotating = await createOAuthClient(server, { RefreshTokenRotation: { Feature: 'ENABLED', RetryGracePeriodSeconds: 0 } });
    const { tokens, client } = await codeFlow(rotating, oauth.None());
    const first = String(tokens.refresh_token);
    const rotated = await oauth.processRefreshTokenResponse(as, client, await oauth.refreshTokenGrantRequest(as, client, oauth.None(), first, insecure));
    expect(typeof rotated.refresh_token).toBe('string');
    expect(rotated.refresh_token).not.toBe(first);
    expect(typeof rotated.id_token).toBe('string');
    // The replaced token is reuse: the sign-in is revoked.
    const reuse = await oauth.refreshTokenGrantRequest(as, client, oauth.None(), first, insecure);
    await expect(oauth.processRefreshTokenResponse(as, client, reuse)).rejects.toMatchObject({ error: 'invalid_grant' });
    const next = await oauth.refreshTokenGrantRequest(as, client, oauth.None(), String(rotated.refresh_token), insecure);
    await expect(oauth.processRefreshTokenResponse(as, client, next)).rejects.toMatchObject({ error: 'invalid_grant' });
  });

  it('refreshes a JSON-API sign-in at the token endpoint, and a managed-login sign-in through the JSON API', async () => {
    const { tokens } = await codeFlow(publicClient, oauth.None(), 'openid phone aws.cognito.signin.user.admin');
    const viaJson = await server.call('InitiateAuth', { AuthFlow: 'REFRESH_TOKEN_AUTH', ClientId: publicClient.clientId, AuthParameters: { REFRESH_TOKEN: String(tokens.refresh_token) } });
    expect(viaJson.status, JSON.stringify(viaJson.body)).toBe(200);
    const result = viaJson.body.AuthenticationResult as { AccessToken: string };
    expect(decodeJwt(result.AccessToken).scope).toBe('openid phone aws.cognito.signin.user.admin');
    // GlobalSignOut through the JSON API ends the managed-login sign-in too.
    expect((await server.call('GlobalSignOut', { AccessToken: result.AccessToken })).status).toBe(200);
    const client: oauth.Client = { client_id: publicClient.clientId };
    const refresh = await oauth.refreshTokenGrantRequest(as, client, oauth.None(), String(tokens.refresh_token), insecure);
    await expect(oauth.processRefreshTokenResponse(as, client, refresh)).rejects.toMatchObject({ error: 'invalid_grant' });
  });

  it('authenticates confidential clients by HTTP Basic and by the body', async () => {
    const confidential = await createOAuthClient(server, { GenerateSecret: true });
    const secret = String(confidential.clientSecret);
    const basic = await codeFlow(confidential, oauth.ClientSecretBasic(secret));
    expect(typeof basic.tokens.access_token).toBe('string');
    const post = await codeFlow(confidential, oauth.ClientSecretPost(secret));
    const refreshed = await oauth.processRefreshTokenResponse(as, post.client, await oauth.refreshTokenGrantRequest(as, post.client, oauth.ClientSecretBasic(secret), String(post.tokens.refresh_token), insecure));
    expect(typeof refreshed.access_token).toBe('string');
    const wrong = await oauth.refreshTokenGrantRequest(as, post.client, oauth.ClientSecretBasic(`${secret}x`), String(post.tokens.refresh_token), insecure);
    await expect(oauth.processRefreshTokenResponse(as, post.client, wrong)).rejects.toBeInstanceOf(oauth.WWWAuthenticateChallengeError);
  });

  it('issues client_credentials tokens with resource-server scopes to confidential clients', async () => {
    await createResourceServer(server, 'https://api.example.com', ['read', 'write']);
    const machine = await createOAuthClient(server, {
      GenerateSecret: true,
      AllowedOAuthFlows: ['client_credentials'],
      AllowedOAuthScopes: ['https://api.example.com/read', 'https://api.example.com/write'],
    });
    const client: oauth.Client = { client_id: machine.clientId };
    const auth = oauth.ClientSecretBasic(String(machine.clientSecret));
    const response = await oauth.clientCredentialsGrantRequest(as, client, auth, { scope: 'https://api.example.com/read' }, insecure);
    const tokens = await oauth.processClientCredentialsResponse(as, client, response);
    expect(tokens.id_token).toBeUndefined();
    expect(tokens.refresh_token).toBeUndefined();
    expect(decodeJwt(tokens.access_token)).toMatchObject({ sub: machine.clientId, client_id: machine.clientId, token_use: 'access', scope: 'https://api.example.com/read', iss: as.issuer });
    const all = await oauth.processClientCredentialsResponse(as, client, await oauth.clientCredentialsGrantRequest(as, client, auth, {}, insecure));
    expect(decodeJwt(all.access_token).scope).toBe('https://api.example.com/read https://api.example.com/write');
    // Not a user's token: userInfo and the JSON API refuse it.
    const info = await oauth.userInfoRequest(as, client, all.access_token, insecure);
    expect(info.status).toBe(401);
    expect((await server.call('GetUser', { AccessToken: all.access_token })).body.__type).toBe('NotAuthorizedException');
  });

  it('skips the form on a second authorize while the hosted session lives, and signs out through /logout', async () => {
    const first = await signInForCallback(server, user, {
      response_type: 'code',
      client_id: publicClient.clientId,
      redirect_uri: CALLBACK,
      state: 's1',
      code_challenge: pkcePair().challenge,
      code_challenge_method: 'S256',
    });
    expect(first.callback.searchParams.get('state')).toBe('s1');
    const again = await getManual(
      `${server.managedLoginUrl}/oauth2/authorize?${new URLSearchParams({ response_type: 'code', client_id: publicClient.clientId, redirect_uri: CALLBACK, state: 's2', code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM', code_challenge_method: 'S256' })}`,
      { cookie: first.cookies.header() },
    );
    expect(again.status).toBe(302);
    const location = new URL(String(again.headers.get('location')));
    expect(`${location.origin}${location.pathname}`).toBe(CALLBACK);
    expect(location.searchParams.get('code')).toMatch(/^[\w-]{43}$/);
    expect(location.searchParams.get('state')).toBe('s2');

    const logout = await getManual(`${server.managedLoginUrl}/logout?client_id=${publicClient.clientId}&logout_uri=${encodeURIComponent('http://localhost:5173/')}`, { cookie: first.cookies.header() });
    expect(logout.status).toBe(302);
    expect(logout.headers.get('location')).toBe('http://localhost:5173/');
    first.cookies.store(logout);
    const afterLogout = await getManual(
      `${server.managedLoginUrl}/oauth2/authorize?${new URLSearchParams({ response_type: 'code', client_id: publicClient.clientId, redirect_uri: CALLBACK, code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM', code_challenge_method: 'S256', prompt: 'none', state: 's3' })}`,
      { cookie: first.cookies.header() },
    );
    const denied = new URL(String(afterLogout.headers.get('location')));
    expect(denied.searchParams.get('error')).toBe('login_required');
    expect(denied.searchParams.get('state')).toBe('s3');
  });
});

describe('managed login over HTTPS with the generated development certificate', () => {
  let server: TestServer;
  let user: TestUser;
  let trusting: TrustingFetch;

  beforeAll(async () => {
    server = await startTestServer({ env: { ...AUTH_TEST_ENV, MANAGED_LOGIN_TLS: 'true' } });
    user = await createTestUser(server);
    trusting = fetchTrusting(String(server.managedLoginCertificate));
  });
  afterAll(async () => {
    await server.close();
  });

  it('discovers, exchanges a code, reads userInfo, refreshes and revokes over TLS', async () => {
    expect(server.managedLoginUrl).toMatch(/^https:\/\/localhost:\d+$/);
    const options = { [oauth.customFetch]: trusting };
    const as = await discover(server, trusting);
    expect(as.token_endpoint).toBe(`${server.managedLoginUrl}/oauth2/token`);
    const { clientId } = await createOAuthClient(server);
    const client: oauth.Client = { client_id: clientId };
    const verifier = oauth.generateRandomCodeVerifier();
    const state = oauth.generateRandomState();
    const callback = await codeInProcess(server, user, {
      response_type: 'code',
      client_id: clientId,
      redirect_uri: CALLBACK,
      scope: 'openid email',
      state,
      code_challenge: await oauth.calculatePKCECodeChallenge(verifier),
      code_challenge_method: 'S256',
    });
    const params = oauth.validateAuthResponse(as, client, callback, state);
    const tokens = await oauth.processAuthorizationCodeResponse(as, client, await oauth.authorizationCodeGrantRequest(as, client, oauth.None(), params, CALLBACK, verifier, options));
    const info = await oauth.processUserInfoResponse(as, client, user.sub, await oauth.userInfoRequest(as, client, tokens.access_token, options));
    expect(info.email).toBe(user.email);
    const refreshed = await oauth.processRefreshTokenResponse(as, client, await oauth.refreshTokenGrantRequest(as, client, oauth.None(), String(tokens.refresh_token), options));
    expect(typeof refreshed.id_token).toBe('string');
    await oauth.processRevocationResponse(await oauth.revocationRequest(as, client, oauth.None(), String(tokens.refresh_token), options));
    // Without trusting the certificate, nothing connects.
    await expect(fetch(`${server.managedLoginUrl}/.well-known/openid-configuration`)).rejects.toThrow();
  });
});

// Threat: refresh-token replay. A refresh token stolen from a client (storage, logs, a proxy) lets
// its thief mint access tokens for 30 days. With rotation on, every refresh replaces the token, the
// replaced one works only for the client's retry grace period, and presenting it later is reuse:
// the whole sign-in is revoked, so whichever of thief and user refreshes second ends the thief's
// access too. Also: GetTokensFromRefreshToken with rotation off (aws-amplify 6.22 always uses it),
// client authentication, device binding, and concurrent refreshes of one token.
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashToken } from '../../src/tokens/token-service.js';
import { advance, AUTH_TEST_ENV, createTestUser, expectError, type Reply } from '../auth/auth-fixtures.js';
import { BOTH_DATABASES, startTestServer, type TestServer } from '../harness.js';
import { createAppClient, createRotatingClient, refreshThrough, signInThrough } from './app-client-fixtures.js';

type Tokens = { AccessToken: string; IdToken: string; RefreshToken?: string; ExpiresIn: number; TokenType: string };

function result(reply: Reply): Tokens {
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
  return reply.body.AuthenticationResult as Tokens;
}

describe.each(BOTH_DATABASES)('GetTokensFromRefreshToken and refresh-token rotation on %s', (database) => {
  let server: TestServer;
  let username: string;

  beforeAll(async () => {
    server = await startTestServer({ database, env: AUTH_TEST_ENV });
    username = (await createTestUser(server)).username;
  });
  afterAll(async () => {
    await server.close();
  });

  const getUser = (accessToken: string) => server.call('GetUser', { AccessToken: accessToken });

  describe('rotation off (the default client)', () => {
    it('answers new access and id tokens of the same sign-in and no refresh token, and the refresh token keeps working', async () => {
      const signedIn = await signInThrough(server, server.pool.clientId, username);
      const origin = decodeJwt(signedIn.AccessToken).origin_jti;
      for (let i = 0; i < 3; i++) {
        advance(server, 60);
        const refreshed = result(await refreshThrough(server, server.pool.clientId, signedIn.RefreshToken));
        expect(refreshed).toMatchObject({ TokenType: 'Bearer', ExpiresIn: 3600 });
        expect(refreshed.RefreshToken).toBeUndefined();
        expect(decodeJwt(refreshed.AccessToken)).toMatchObject({ origin_jti: origin, token_use: 'access', client_id: server.pool.clientId });
        expect(decodeJwt(refreshed.IdToken)).toMatchObject({ origin_jti: origin, aud: server.pool.clientId });
        expect((await getUser(refreshed.AccessToken)).status).toBe(200);
      }
      // REFRESH_TOKEN_AUTH still serves a client that does not rotate.
      const viaInitiateAuth = await server.call('InitiateAuth', { AuthFlow: 'REFRESH_TOKEN_AUTH', ClientId: server.pool.clientId, AuthParameters: { REFRESH_TOKEN: signedIn.RefreshToken } });
      expect(result(viaInitiateAuth).RefreshToken).toBeUndefined();
    });
  });

  describe('rotation on', () => {
    it('returns a new refresh token on every refresh, of the same sign-in; earlier access tokens stay valid', async () => {
      const { ClientId } = await createRotatingClient(server, 10);
      const signedIn = await signInThrough(server, ClientId, username);
      const origin = decodeJwt(signedIn.AccessToken).origin_jti;
      const seen = new Set([signedIn.RefreshToken]);
      let current = signedIn.RefreshToken;
      for (let i = 0; i < 4; i++) {
        advance(server, 30);
        const refreshed = result(await refreshThrough(server, ClientId, current));
        expect(refreshed.RefreshToken).toMatch(/^[A-Za-z0-9_-]{64}$/);
        expect(seen.has(refreshed.RefreshToken ?? '')).toBe(false);
        expect(decodeJwt(refreshed.AccessToken).origin_jti).toBe(origin);
        seen.add(refreshed.RefreshToken ?? '');
        current = refreshed.RefreshToken ?? '';
      }
      expect((await getUser(signedIn.AccessToken)).status).toBe(200);
      // Only hashes are stored: neither the current nor a rotated-out token appears in clear.
      const stored = await server.db.query<{ row: string }>(`SELECT row_to_json(t)::text AS row FROM rotated_refresh_tokens t UNION ALL SELECT row_to_json(r)::text FROM refresh_tokens r`);
      const dump = stored.map((r) => r.row).join('\n');
      for (const token of seen) expect(dump).not.toContain(token);
      expect(dump).toContain(hashToken(signedIn.RefreshToken));
    });

    it('keeps a replaced token working inside the grace period only; then its reuse revokes the whole sign-in', async () => {
      const { ClientId } = await createRotatingClient(server, 10);
      const signedIn = await signInThrough(server, ClientId, username);
      const first = result(await refreshThrough(server, ClientId, signedIn.RefreshToken));

      // A retry with the replaced token 9 s later (its answer was lost): working tokens again.
      advance(server, 9);
      const retried = result(await refreshThrough(server, ClientId, signedIn.RefreshToken));
      expect(retried.RefreshToken).toBeDefined();
      expect(retried.RefreshToken).not.toBe(first.RefreshToken);
      expect((await getUser(retried.AccessToken)).status).toBe(200);
      const latest = result(await refreshThrough(server, ClientId, retried.RefreshToken ?? ''));

      // 10 s after it was replaced, the original token is reuse.
      advance(server, 1);
      expectError(await refreshThrough(server, ClientId, signedIn.RefreshToken), 'RefreshTokenReuseException');
      // Nothing of the family works any more: refresh tokens of every generation, access tokens of every refresh.
      expectError(await refreshThrough(server, ClientId, latest.RefreshToken ?? ''), 'NotAuthorizedException', 'Refresh Token has been revoked');
      expectError(await refreshThrough(server, ClientId, first.RefreshToken ?? ''), 'NotAuthorizedException', 'Refresh Token has been revoked');
      // A late copy is reuse every time it comes back.
      expectError(await refreshThrough(server, ClientId, signedIn.RefreshToken), 'RefreshTokenReuseException');
      for (const accessToken of [signedIn.AccessToken, first.AccessToken, retried.AccessToken, latest.AccessToken]) {
        expectError(await getUser(accessToken), 'NotAuthorizedException', 'Access Token has been revoked');
      }
    });

    it('with a grace period of 0 refuses a replaced token at once, as reuse', async () => {
      const { ClientId } = await createRotatingClient(server, 0);
      const signedIn = await signInThrough(server, ClientId, username);
      const rotated = result(await refreshThrough(server, ClientId, signedIn.RefreshToken));
      expectError(await refreshThrough(server, ClientId, signedIn.RefreshToken), 'RefreshTokenReuseException');
      expectError(await getUser(rotated.AccessToken), 'NotAuthorizedException', 'Access Token has been revoked');
    });

    it('refuses InitiateAuth REFRESH_TOKEN_AUTH for a rotating client, even with the flow in ExplicitAuthFlows', async () => {
      const { ClientId } = await createRotatingClient(server, 10);
      const signedIn = await signInThrough(server, ClientId, username);
      for (const flow of ['REFRESH_TOKEN_AUTH', 'REFRESH_TOKEN']) {
        expectError(
          await server.call('InitiateAuth', { AuthFlow: flow, ClientId, AuthParameters: { REFRESH_TOKEN: signedIn.RefreshToken } }),
          'InvalidParameterException',
          `${flow} flow not enabled for this client: it rotates refresh tokens, refresh with GetTokensFromRefreshToken`,
        );
      }
      // The refusal changed nothing: the token still rotates normally.
      expect(result(await refreshThrough(server, ClientId, signedIn.RefreshToken)).RefreshToken).toBeDefined();
    });

    it('RevokeToken with any generation, and GlobalSignOut, end the whole sign-in', async () => {
      const { ClientId } = await createRotatingClient(server, 0);
      const a = await signInThrough(server, ClientId, username);
      const a2 = result(await refreshThrough(server, ClientId, a.RefreshToken));
      // The rotated-out token revokes the family (not reuse: revocation is always allowed).
      expect((await server.call('RevokeToken', { ClientId, Token: a.RefreshToken })).status).toBe(200);
      expectError(await refreshThrough(server, ClientId, a2.RefreshToken ?? ''), 'NotAuthorizedException', 'Refresh Token has been revoked');
      expectError(await getUser(a2.AccessToken), 'NotAuthorizedException', 'Access Token has been revoked');

      const b = await signInThrough(server, ClientId, username);
      const b2 = result(await refreshThrough(server, ClientId, b.RefreshToken));
      expect((await server.call('GlobalSignOut', { AccessToken: b2.AccessToken })).status).toBe(200);
      expectError(await refreshThrough(server, ClientId, b2.RefreshToken ?? ''), 'NotAuthorizedException', 'Refresh Token has been revoked');
    });
  });

  describe('refusals', () => {
    it('refuses a token of another client, an unknown token or client, a revoked and an expired token', async () => {
      const { ClientId } = await createRotatingClient(server, 10, { RefreshTokenValidity: 60, TokenValidityUnits: { RefreshToken: 'minutes' } });
      const other = await createAppClient(server);
      const signedIn = await signInThrough(server, ClientId, username);
      expectError(await refreshThrough(server, other.ClientId, signedIn.RefreshToken), 'NotAuthorizedException', 'Invalid Refresh Token');
      expectError(await refreshThrough(server, ClientId, 'made-up-refresh-token'), 'NotAuthorizedException', 'Invalid Refresh Token');
      expectError(await refreshThrough(server, 'nosuchclient000000000000000', signedIn.RefreshToken), 'ResourceNotFoundException');
      // The foreign attempts changed nothing.
      const rotated = result(await refreshThrough(server, ClientId, signedIn.RefreshToken));

      advance(server, 3600);
      expectError(await refreshThrough(server, ClientId, rotated.RefreshToken ?? ''), 'NotAuthorizedException', 'Refresh Token has expired');

      const revoked = await signInThrough(server, server.pool.clientId, username);
      expect((await server.call('RevokeToken', { ClientId: server.pool.clientId, Token: revoked.RefreshToken })).status).toBe(200);
      expectError(await refreshThrough(server, server.pool.clientId, revoked.RefreshToken), 'NotAuthorizedException', 'Refresh Token has been revoked');
    });

    it('refuses a device key other than the one the sign-in was bound to', async () => {
      const deviceKey = 'us-east-1_1b2c3d4e-0000-4000-8000-000000000001';
      for (const clientId of [server.pool.clientId, (await createRotatingClient(server, 10)).ClientId]) {
        const signedIn = await signInThrough(server, clientId, username, deviceKey);
        expectError(await refreshThrough(server, clientId, signedIn.RefreshToken, { DeviceKey: 'us-east-1_1b2c3d4e-0000-4000-8000-000000000002' }), 'NotAuthorizedException', 'Invalid Refresh Token');
        const refreshed = result(await refreshThrough(server, clientId, signedIn.RefreshToken, { DeviceKey: deviceKey }));
        expect(decodeJwt(refreshed.AccessToken).device_key).toBe(deviceKey);
      }
    });

    it('requires the right ClientSecret from a client that has one', async () => {
      const confidential = await createRotatingClient(server, 10, { GenerateSecret: true });
      const secret = confidential.ClientSecret ?? '';
      expect(secret).toMatch(/^[a-z0-9]{51}$/);
      const signedIn = await signInThrough(server, confidential.ClientId, username);
      expectError(await refreshThrough(server, confidential.ClientId, signedIn.RefreshToken), 'NotAuthorizedException', `Client ${confidential.ClientId} is configured for secret but secret was not received`);
      expectError(await refreshThrough(server, confidential.ClientId, signedIn.RefreshToken, { ClientSecret: `${secret.slice(0, -1)}${secret.endsWith('x') ? 'y' : 'x'}` }), 'NotAuthorizedException', `Unable to verify secret for client ${confidential.ClientId}`);
      expectError(await refreshThrough(server, confidential.ClientId, signedIn.RefreshToken, { ClientSecret: 'short' }), 'NotAuthorizedException');
      // The failed attempts did not rotate the token.
      expect(result(await refreshThrough(server, confidential.ClientId, signedIn.RefreshToken, { ClientSecret: secret })).RefreshToken).toBeDefined();
      // RevokeToken authenticates the client the same way.
      expectError(await server.call('RevokeToken', { ClientId: confidential.ClientId, Token: signedIn.RefreshToken }), 'NotAuthorizedException');
    });

    it('refuses a disabled user without moving the family on', async () => {
      const user = await createTestUser(server);
      const { ClientId } = await createRotatingClient(server, 0);
      const signedIn = await signInThrough(server, ClientId, user.username);
      await server.db.query('UPDATE users SET enabled = false WHERE sub = $1', [user.sub]);
      expectError(await refreshThrough(server, ClientId, signedIn.RefreshToken), 'NotAuthorizedException', 'User is disabled.');
      await server.db.query('UPDATE users SET enabled = true WHERE sub = $1', [user.sub]);
      expect(result(await refreshThrough(server, ClientId, signedIn.RefreshToken)).RefreshToken).toBeDefined();
    });
  });

  describe('concurrent refreshes of one token', () => {
    // The rule: the first refresh to commit rotates the token. With a grace period of 0 every other
    // one presents a replaced token after its grace — reuse — so exactly one answer has tokens, the
    // rest are RefreshTokenReuseException, and the sign-in ends (the winner's tokens too: a token
    // used twice at once cannot be told from a stolen one). Inside a grace period all are retries
    // and all get working tokens, of which exactly one is the family's current token.
    it('with a grace period of 0: exactly one success, every other answer is reuse, and the sign-in is revoked', async () => {
      const { ClientId } = await createRotatingClient(server, 0);
      const signedIn = await signInThrough(server, ClientId, username);
      const replies = await Promise.all(Array.from({ length: 20 }, () => refreshThrough(server, ClientId, signedIn.RefreshToken)));
      const succeeded = replies.filter((r) => r.status === 200);
      expect(succeeded).toHaveLength(1);
      expect(replies.filter((r) => r.body.__type === 'RefreshTokenReuseException')).toHaveLength(19);
      const winner = result(succeeded[0] ?? { status: 0, body: {} });
      expectError(await refreshThrough(server, ClientId, winner.RefreshToken ?? ''), 'NotAuthorizedException', 'Refresh Token has been revoked');
      expectError(await getUser(winner.AccessToken), 'NotAuthorizedException', 'Access Token has been revoked');
    });

    it('inside a grace period: all succeed with distinct tokens, exactly one of them current', async () => {
      const { ClientId } = await createRotatingClient(server, 30);
      const signedIn = await signInThrough(server, ClientId, username);
      const replies = await Promise.all(Array.from({ length: 20 }, () => refreshThrough(server, ClientId, signedIn.RefreshToken)));
      const tokens = replies.map((r) => result(r).RefreshToken ?? '');
      expect(new Set(tokens).size).toBe(20);
      const origin = String(decodeJwt(signedIn.AccessToken).origin_jti);
      const [family] = await server.db.query<{ token_hash: string }>('SELECT token_hash FROM refresh_tokens WHERE origin_jti = $1', [origin]);
      const current = tokens.filter((t) => hashToken(t) === family?.token_hash);
      expect(current).toHaveLength(1);
      const replaced = await server.db.query<{ n: number }>('SELECT count(*)::int AS n FROM rotated_refresh_tokens WHERE origin_jti = $1', [origin]);
      expect(replaced[0]?.n).toBe(20);

      advance(server, 31);
      expect(result(await refreshThrough(server, ClientId, current[0] ?? '')).RefreshToken).toBeDefined();
      expectError(await refreshThrough(server, ClientId, tokens.find((t) => t !== current[0]) ?? ''), 'RefreshTokenReuseException');
    });
  });
});

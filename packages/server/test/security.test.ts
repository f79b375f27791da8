// Security properties of the account side: stored secrets, token checks, brute-force limits.
import { createHmac } from 'node:crypto';
import { exportJWK, generateKeyPair, SignJWT, decodeProtectedHeader, decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ManualClock } from '../src/time/clock.js';
import { findClient } from '../src/user-pool/pools/pool-repository.js';
import { issueTokensFor, startTestServer, type TestServer } from './harness.js';

describe('security', () => {
  let server: TestServer;
  const clock = () => server.clock as ManualClock;

  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server.close();
  });

  const getUser = (token: string) => server.call('GetUser', { AccessToken: token });

  it('stores codes only as a keyed hash', async () => {
    // Threat: a database leak revealing live confirmation codes.
    const email = 'hash-check@example.com';
    await server.call('SignUp', { ClientId: server.pool.clientId, Username: 'hashcheck', Password: 'Hash-Ch3ck!!', UserAttributes: [{ Name: 'email', Value: email }] });
    const code = await server.latestCode(email);
    const rows = await server.db.query<Record<string, unknown>>(
      `SELECT c.*, u.sub::text AS usub FROM one_time_codes c JOIN users u ON u.sub = c.user_sub WHERE u.username = 'hashcheck'`,
    );
    expect(rows).toHaveLength(1);
    const row = rows[0] ?? {};
    expect(JSON.stringify(row)).not.toContain(code);
    expect(row.code_hash).toBe(createHmac('sha256', server.config.codePepper).update(`${String(row.usub)}|SIGN_UP|${code}`).digest('hex'));
  });

  it('stores no password in any form but the SRP verifier and a scrypt hash', async () => {
    // Threat: a database leak revealing passwords.
    const rows = await server.db.query<Record<string, unknown>>(`SELECT * FROM users WHERE username = 'hashcheck'`);
    const row = rows[0] ?? {};
    expect(JSON.stringify(row)).not.toContain('Hash-Ch3ck!!');
    expect(String(row.password_hash)).toMatch(/^scrypt\$16384\$8\$1\$/);
    expect(String(row.srp_verifier)).toMatch(/^[0-9a-f]{100,}$/);
    expect(String(row.srp_salt)).toMatch(/^[0-9a-f]+$/);
  });

  it('ends a code after CODE_MAX_ATTEMPTS wrong guesses, even for the right code afterwards', async () => {
    // Threat: brute-forcing a 6-digit code.
    const code = await server.latestCode('hash-check@example.com');
    const wrong = code === '123456' ? '654321' : '123456';
    const answers: string[] = [];
    for (let i = 0; i < server.config.codeMaxAttempts; i++) {
      answers.push(String((await server.call('ConfirmSignUp', { ClientId: server.pool.clientId, Username: 'hashcheck', ConfirmationCode: wrong })).body.__type));
    }
    expect(answers.slice(0, -1).every((a) => a === 'CodeMismatchException')).toBe(true);
    expect(answers[answers.length - 1]).toBe('LimitExceededException');
    const right = await server.call('ConfirmSignUp', { ClientId: server.pool.clientId, Username: 'hashcheck', ConfirmationCode: code });
    expect(right.body.__type).toBe('LimitExceededException');
  });

  it('counts parallel wrong guesses atomically: never more than CODE_MAX_ATTEMPTS are compared', async () => {
    // Threat: racing many guesses in parallel past the attempt limit.
    await server.call('ResendConfirmationCode', { ClientId: server.pool.clientId, Username: 'hashcheck' });
    const code = await server.latestCode('hash-check@example.com');
    const guesses = Array.from({ length: 30 }, (_, i) => String((Number(code) + 1 + i) % 1_000_000).padStart(6, '0'));
    const answers = await Promise.all(guesses.map((g) => server.call('ConfirmSignUp', { ClientId: server.pool.clientId, Username: 'hashcheck', ConfirmationCode: g })));
    const mismatches = answers.filter((a) => a.body.__type === 'CodeMismatchException').length;
    expect(mismatches).toBeLessThanOrEqual(server.config.codeMaxAttempts);
    expect(answers.filter((a) => a.body.__type === 'LimitExceededException').length).toBeGreaterThanOrEqual(30 - server.config.codeMaxAttempts);
  });

  it('throttles wrong passwords with "Password attempts exceeded", also for the right one', async () => {
    // Threat: online password guessing through ChangePassword.
    const tokens = await issueTokensFor(server, 'staff');
    const attempt = (previous: string) => server.call('ChangePassword', { AccessToken: tokens.AccessToken, PreviousPassword: previous, ProposedPassword: 'Brand-N3w-Pass!' });
    const messages: string[] = [];
    for (let i = 0; i < server.config.lockoutFreeAttempts; i++) messages.push(String((await attempt(`Wrong-${i}-Passw0rd!`)).body.message));
    expect(messages[0]).toBe('Incorrect username or password.');
    expect(messages[messages.length - 1]).toBe('Password attempts exceeded');
    const right = await attempt('Staff-Passw0rd!');
    expect(right.body).toEqual({ __type: 'NotAuthorizedException', message: 'Password attempts exceeded' });
    clock().advance(server.config.lockoutInitialSeconds);
    expect((await attempt('Staff-Passw0rd!')).status).toBe(200);
  });

  it('refuses an access token whose payload was altered', async () => {
    // Threat: a client editing its own token (e.g. another sub or longer exp).
    const { AccessToken } = await issueTokensFor(server, 'client');
    const [header, payload, signature] = AccessToken.split('.');
    const claims = JSON.parse(Buffer.from(payload ?? '', 'base64url').toString()) as Record<string, unknown>;
    const forged = `${header}.${Buffer.from(JSON.stringify({ ...claims, username: 'admin' })).toString('base64url')}.${signature}`;
    expect((await getUser(forged)).body).toEqual({ __type: 'NotAuthorizedException', message: 'Invalid Access Token' });
    expect((await getUser(AccessToken)).status).toBe(200);
  });

  it('refuses a token signed with another key under our kid, and an unsigned one', async () => {
    // Threat: token forgery with an attacker's key or alg "none".
    const { AccessToken } = await issueTokensFor(server, 'client');
    const claims = decodeJwt(AccessToken);
    const { kid } = decodeProtectedHeader(AccessToken);
    const attacker = await generateKeyPair('RS256');
    const forged = await new SignJWT(claims).setProtectedHeader({ alg: 'RS256', kid: kid ?? '' }).sign(attacker.privateKey);
    expect((await getUser(forged)).body.__type).toBe('NotAuthorizedException');
    const unsigned = `${Buffer.from(JSON.stringify({ alg: 'none', kid })).toString('base64url')}.${AccessToken.split('.')[1] ?? ''}.`;
    expect((await getUser(unsigned)).body.__type).toBe('NotAuthorizedException');
    expect(await exportJWK(attacker.publicKey)).toBeDefined();
  });

  it('refuses an id token where an access token is required', async () => {
    // Threat: token confusion between id and access tokens.
    const { IdToken } = await issueTokensFor(server, 'client');
    expect((await getUser(IdToken)).body).toEqual({ __type: 'NotAuthorizedException', message: 'Invalid Access Token' });
  });

  it('refuses an expired access token', async () => {
    // Threat: replay of an old, leaked access token.
    const { AccessToken } = await issueTokensFor(server, 'client');
    clock().advance(server.config.accessTokenTtlSeconds + 1);
    expect((await getUser(AccessToken)).body).toEqual({ __type: 'NotAuthorizedException', message: 'Access Token has expired' });
  });

  it('refuses revoked tokens for every token operation and for refresh', async () => {
    // Threat: a stolen token staying useful after the user signed out.
    const tokens = await issueTokensFor(server, 'client');
    await server.call('RevokeToken', { ClientId: server.pool.clientId, Token: tokens.RefreshToken });
    for (const op of ['GetUser', 'GlobalSignOut', 'DeleteUser']) {
      expect((await server.call(op, { AccessToken: tokens.AccessToken })).body).toEqual({ __type: 'NotAuthorizedException', message: 'Access Token has been revoked' });
    }
    const client = await findClient(server.app.steward, server.pool.clientId);
    await expect(server.app.steward.tokens.refresh(client!, tokens.RefreshToken)).rejects.toMatchObject({ name: 'NotAuthorizedException', message: 'Refresh Token has been revoked' });
  });

  it('refuses RevokeToken of an access token and of another client’s refresh token', async () => {
    const tokens = await issueTokensFor(server, 'client');
    expect((await server.call('RevokeToken', { ClientId: server.pool.clientId, Token: tokens.AccessToken })).body.__type).toBe('UnsupportedTokenTypeException');
    await server.db.query(`INSERT INTO app_clients (id, pool_id, name, created_at, updated_at) VALUES ('otherclient', $1, 'other', now(), now())`, [server.pool.userPoolId]);
    expect((await server.call('RevokeToken', { ClientId: 'otherclient', Token: tokens.RefreshToken })).status).toBe(401);
    expect((await getUser(tokens.AccessToken)).status).toBe(200);
  });

  it('refuses tokens of a disabled user at once', async () => {
    // Threat: a disabled employee keeping access until the token expires.
    const tokens = await issueTokensFor(server, 'client');
    await server.db.query(`UPDATE users SET enabled = false WHERE username = 'client'`);
    expect((await getUser(tokens.AccessToken)).body).toEqual({ __type: 'NotAuthorizedException', message: 'User is disabled.' });
    await server.db.query(`UPDATE users SET enabled = true WHERE username = 'client'`);
  });

  it('keeps tokens valid across a key rotation and signs new ones with the new key', async () => {
    const before = await issueTokensFor(server, 'client');
    const { kid } = await server.app.steward.tokens.keys.rotate();
    const after = await issueTokensFor(server, 'client');
    expect(decodeProtectedHeader(after.AccessToken).kid).toBe(kid);
    expect(decodeProtectedHeader(before.AccessToken).kid).not.toBe(kid);
    expect((await getUser(before.AccessToken)).status).toBe(200);
    expect((await getUser(after.AccessToken)).status).toBe(200);
    const jwks = (await (await fetch(`${server.url}/${server.pool.userPoolId}/.well-known/jwks.json`)).json()) as { keys: { kid: string }[] };
    expect(jwks.keys.map((k) => k.kid)).toEqual(expect.arrayContaining([kid, decodeProtectedHeader(before.AccessToken).kid]));
    // Once every token of the old key has expired, the old key leaves the JWKS.
    clock().advance(24 * 3600 + 601);
    const later = (await (await fetch(`${server.url}/${server.pool.userPoolId}/.well-known/jwks.json`)).json()) as { keys: { kid: string }[] };
    expect(later.keys.map((k) => k.kid)).toEqual([kid]);
  });

  it('issues tokens with Cognito’s claim sets', async () => {
    const tokens = await issueTokensFor(server, 'admin');
    const access = decodeJwt(tokens.AccessToken);
    const id = decodeJwt(tokens.IdToken);
    const iss = `https://cognito-idp.us-east-1.amazonaws.com/${server.pool.userPoolId}`;
    expect(access).toMatchObject({ iss, token_use: 'access', scope: 'aws.cognito.signin.user.admin', client_id: server.pool.clientId, username: 'admin', 'cognito:groups': ['Admins'] });
    expect(id).toMatchObject({ iss, token_use: 'id', aud: server.pool.clientId, 'cognito:username': 'admin', email: 'admin@steward.example.com', email_verified: true, given_name: 'Ada', 'cognito:groups': ['Admins'] });
    for (const claims of [access, id]) {
      expect(claims.origin_jti).toBe(access.origin_jti);
      expect(typeof claims.jti).toBe('string');
      expect(typeof claims.event_id).toBe('string');
      expect(typeof claims.auth_time).toBe('number');
      expect((claims.exp ?? 0) - (claims.iat ?? 0)).toBe(3600);
    }
    expect(access.jti).not.toBe(id.jti);
  });
});

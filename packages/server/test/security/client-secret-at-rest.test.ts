// Threat: a reader of the database (a backup, a replica, an SQL injection elsewhere) authenticates
// as a confidential client. Before, app-client secrets were stored plain in app_clients.secret: with
// one, a reader could compute SECRET_HASH for any user, redeem codes and refresh tokens at
// /oauth2/token, revoke and refresh as the client. Now the secret is sealed (AES-256-GCM under
// DATA_SEALING_SECRET, bound to its client id) when it is written and opened only where a client row
// is read; secrets stored plain by an older version are sealed at start-up, and re-sealed there
// under a new DATA_SEALING_SECRET.
import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/config.js';
import { isSealedValue, SealedValueError, SecretBox } from '../../src/sealing/secret-box.js';
import { resealStoredSecrets } from '../../src/sealing/reseal-stored-secrets.js';
import { startServer } from '../../src/server.js';
import { findClient } from '../../src/user-pool/pools/pool-repository.js';
import { advance, AUTH_TEST_ENV, createTestUser, totpAt, type TestUser } from '../auth/auth-fixtures.js';
import { BOTH_DATABASES, startTestServer, TEST_ADMIN_CREDENTIALS, TEST_POSTGRES_URL, type TestServer } from '../harness.js';
import { adminInvoke } from '../oauth/app-client-fixtures.js';
import { basicAuthorization, CALLBACK, createOAuthClient, pkcePair, postForm, signInForCallback, type OAuthTestClient } from '../oauth/oauth-fixtures.js';
import { callAt } from '../server-process.js';
import { dumpDatabase } from './database-dump.js';

type Call = (target: string, body: unknown) => Promise<{ status: number; body: Record<string, unknown> }>;

/** SECRET_HASH as a Cognito client computes it: base64(HMAC-SHA256(secret, username + client id)). */
const secretHashOf = (secret: string, username: string, clientId: string): string => createHmac('sha256', secret).update(`${username}${clientId}`).digest('base64');

/** USER_PASSWORD_AUTH and the TOTP step through `clientId`, each with SECRET_HASH; the tokens. */
async function signInWithSecretHash(server: TestServer, call: Call, client: { clientId: string; secret: string }, user: TestUser): Promise<{ AccessToken: string; RefreshToken: string }> {
  const SECRET_HASH = secretHashOf(client.secret, user.username, client.clientId);
  const start = await call('InitiateAuth', { AuthFlow: 'USER_PASSWORD_AUTH', ClientId: client.clientId, AuthParameters: { USERNAME: user.username, PASSWORD: user.password, SECRET_HASH } });
  expect(start.body.ChallengeName, JSON.stringify(start.body)).toBe('SOFTWARE_TOKEN_MFA');
  advance(server, 30);
  const answer = { USERNAME: user.username, SOFTWARE_TOKEN_MFA_CODE: totpAt(server, user.totpSecret ?? ''), SECRET_HASH };
  const done = await call('RespondToAuthChallenge', { ClientId: client.clientId, ChallengeName: 'SOFTWARE_TOKEN_MFA', Session: start.body.Session, ChallengeResponses: answer });
  const result = done.body.AuthenticationResult as { AccessToken: string; RefreshToken: string } | undefined;
  expect(result, JSON.stringify(done.body)).toBeDefined();
  return result as { AccessToken: string; RefreshToken: string };
}

describe.each(BOTH_DATABASES)('app-client secrets at rest (%s)', (database) => {
  let server: TestServer;
  let call: Call;
  let tokenUrl: string;
  let user: TestUser;

  /** A confidential managed-login client that also allows USER_PASSWORD_AUTH, with its secret. */
  async function confidentialClient(): Promise<{ clientId: string; secret: string }> {
    const created: OAuthTestClient = await createOAuthClient(server, { GenerateSecret: true, ExplicitAuthFlows: ['ALLOW_USER_PASSWORD_AUTH', 'ALLOW_USER_SRP_AUTH', 'ALLOW_REFRESH_TOKEN_AUTH'] });
    expect(created.clientSecret).toMatch(/^[a-z0-9]{51}$/);
    return { clientId: created.clientId, secret: created.clientSecret ?? '' };
  }

  const storedSecret = async (clientId: string): Promise<string> => (await server.db.query<{ secret: string }>('SELECT secret FROM app_clients WHERE id = $1', [clientId]))[0]?.secret ?? '';
  const describeClient = async (clientId: string): Promise<Record<string, unknown>> =>
    (await adminInvoke(server, 'DescribeUserPoolClient', { UserPoolId: server.pool.userPoolId, ClientId: clientId })).UserPoolClient as Record<string, unknown>;

  beforeAll(async () => {
    server = await startTestServer({ database, env: AUTH_TEST_ENV });
    call = (target, body) => server.call(target, body);
    tokenUrl = `${server.managedLoginUrl}/oauth2/token`;
    user = await createTestUser(server);
  });
  afterAll(async () => server.close());

  it('stores the secret sealed, and SECRET_HASH, /oauth2/token client authentication and DescribeUserPoolClient still work', async () => {
    const client = await confidentialClient();

    // What the reader sees: a sealed value, and the secret nowhere in the database.
    const stored = await storedSecret(client.clientId);
    expect(isSealedValue(stored)).toBe(true);
    expect(stored).not.toContain(client.secret);
    expect((await dumpDatabase(server)).toLowerCase()).not.toContain(client.secret);
    // Without DATA_SEALING_SECRET it does not open, and copied onto another client it does not open either.
    expect(() => new SecretBox('an-attacker-guess-of-the-sealing-secret-0000').open(`client-secret:${client.clientId}`, stored)).toThrow(/does not open/);
    const other = await confidentialClient();
    const othersOwn = await storedSecret(other.clientId);
    await server.db.query('UPDATE app_clients SET secret = $2 WHERE id = $1', [other.clientId, stored]);
    await expect(findClient(server.app.steward, other.clientId)).rejects.toBeInstanceOf(SealedValueError);
    await server.db.query('UPDATE app_clients SET secret = $2 WHERE id = $1', [other.clientId, othersOwn]);
    expect((await findClient(server.app.steward, other.clientId))?.secret).toBe(other.secret);

    // DescribeUserPoolClient shows the secret to administrators, as Cognito does.
    expect((await describeClient(client.clientId)).ClientSecret).toBe(client.secret);

    // SECRET_HASH on InitiateAuth and RespondToAuthChallenge; a wrong one is still refused.
    const wrong = await call('InitiateAuth', {
      AuthFlow: 'USER_PASSWORD_AUTH',
      ClientId: client.clientId,
      AuthParameters: { USERNAME: user.username, PASSWORD: user.password, SECRET_HASH: secretHashOf(`${client.secret}x`, user.username, client.clientId) },
    });
    expect(wrong.body.__type).toBe('NotAuthorizedException');
    const signedIn = await signInWithSecretHash(server, call, client, user);

    // /oauth2/token authenticates the client by its secret: HTTP Basic and client_secret_post.
    const refreshed = await postForm(tokenUrl, { grant_type: 'refresh_token', refresh_token: signedIn.RefreshToken }, { authorization: basicAuthorization(client.clientId, client.secret) });
    expect(refreshed.status, JSON.stringify(refreshed.body)).toBe(200);
    expect(typeof refreshed.body.access_token).toBe('string');
    const posted = await postForm(tokenUrl, { grant_type: 'refresh_token', refresh_token: signedIn.RefreshToken, client_id: client.clientId, client_secret: client.secret });
    expect(posted.status, JSON.stringify(posted.body)).toBe(200);
    const refused = await postForm(tokenUrl, { grant_type: 'refresh_token', refresh_token: signedIn.RefreshToken }, { authorization: basicAuthorization(client.clientId, stored) });
    expect(refused.status).toBe(401);
    expect(refused.body.error).toBe('invalid_client');

    // The hosted page computes SECRET_HASH itself for a confidential client; its code is redeemed with the secret.
    const { verifier, challenge } = pkcePair();
    const { callback } = await signInForCallback(server, user, { response_type: 'code', client_id: client.clientId, redirect_uri: CALLBACK, scope: 'openid', code_challenge: challenge, code_challenge_method: 'S256' });
    const code = callback.searchParams.get('code') ?? '';
    expect(code, callback.toString()).not.toBe('');
    const exchanged = await postForm(tokenUrl, { grant_type: 'authorization_code', code, redirect_uri: CALLBACK, code_verifier: verifier }, { authorization: basicAuthorization(client.clientId, client.secret) });
    expect(exchanged.status, JSON.stringify(exchanged.body)).toBe(200);

    // GetTokensFromRefreshToken checks ClientSecret against the opened secret.
    const byOperation = await call('GetTokensFromRefreshToken', { ClientId: client.clientId, RefreshToken: signedIn.RefreshToken, ClientSecret: client.secret });
    expect(byOperation.body.AuthenticationResult, JSON.stringify(byOperation.body)).toBeDefined();
  });

  it('seals at start-up a secret stored plain by an older version, re-seals under a new DATA_SEALING_SECRET, and does nothing the second time', async () => {
    const client = await confidentialClient();
    // As a version before sealing stored it. A plain value is never taken for a sealed one.
    await server.db.query('UPDATE app_clients SET secret = $2 WHERE id = $1', [client.clientId, client.secret]);
    await expect(findClient(server.app.steward, client.clientId)).rejects.toBeInstanceOf(SealedValueError);

    expect(await resealStoredSecrets(server.db, server.app.steward.secrets)).toBeGreaterThanOrEqual(1);
    const sealed = await storedSecret(client.clientId);
    expect(isSealedValue(sealed)).toBe(true);
    expect(sealed).not.toContain(client.secret);
    expect(await resealStoredSecrets(server.db, server.app.steward.secrets)).toBe(0);
    expect(await storedSecret(client.clientId)).toBe(sealed);
    await signInWithSecretHash(server, call, client, user);
    expect((await describeClient(client.clientId)).ClientSecret).toBe(client.secret);

    // Rotation: the old secret moves to DATA_SEALING_PREVIOUS_SECRETS and start-up re-seals.
    const newSecret = 'a-brand-new-data-sealing-secret-of-32+chars';
    const rotated = new SecretBox(newSecret, [server.config.dataSealingSecret]);
    expect(await resealStoredSecrets(server.db, rotated)).toBeGreaterThanOrEqual(1);
    const resealed = await storedSecret(client.clientId);
    expect(resealed).not.toBe(sealed);
    expect(new SecretBox(newSecret).open(`client-secret:${client.clientId}`, resealed)).toBe(client.secret);
    expect(await resealStoredSecrets(server.db, rotated)).toBe(0);

    // The real start-up (src/server.ts) on the same database, with only the new secret: it seals a
    // secret planted plain meanwhile and signs in through both clients (PostgreSQL: an in-memory
    // PGlite cannot be shared between two servers).
    if (database !== 'postgres' || server.schema === undefined) return;
    const planted = await confidentialClient();
    await server.db.query('UPDATE app_clients SET secret = $2 WHERE id = $1', [planted.clientId, planted.secret]);
    const config = loadConfig({
      STEWARD_MODE: 'development',
      LOG_LEVEL: 'silent',
      PORT: '0',
      HOST: '127.0.0.1',
      MANAGED_LOGIN: 'false',
      DATABASE_URL: TEST_POSTGRES_URL,
      DATABASE_SCHEMA: server.schema,
      DATA_SEALING_SECRET: newSecret,
      ADMIN_ACCESS_KEY_ID: TEST_ADMIN_CREDENTIALS.accessKeyId,
      ADMIN_SECRET_ACCESS_KEY: TEST_ADMIN_CREDENTIALS.secretAccessKey,
      WEB_DIST_DIR: '/nonexistent-web-dist',
      ...AUTH_TEST_ENV,
    });
    const next = await startServer(config, { clock: server.clock });
    try {
      const stored = await storedSecret(planted.clientId);
      expect(isSealedValue(stored)).toBe(true);
      expect(new SecretBox(newSecret).open(`client-secret:${planted.clientId}`, stored)).toBe(planted.secret);
      const callNext: Call = (target, body) => callAt(next.url, target, body);
      await signInWithSecretHash(server, callNext, planted, user);
      await signInWithSecretHash(server, callNext, client, user);
    } finally {
      await next.close();
    }
  });
});

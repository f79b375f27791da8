// The identity pool: GetId and GetCredentialsForIdentity for signed-in users (their id token in
// Logins), guests only when the identity pool allows them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../harness.js';
import { AUTH_TEST_ENV, createTestUser, expectError, signInWithTotp, type Reply } from './auth-fixtures.js';

describe('identity pool', () => {
  let server: TestServer;
  let provider: string;
  beforeAll(async () => {
    server = await startTestServer({ database: 'postgres', env: AUTH_TEST_ENV });
    provider = `cognito-idp.us-east-1.amazonaws.com/${server.pool.userPoolId}`;
  });
  afterAll(async () => server.close());

  const getId = (logins?: Record<string, string>): Promise<Reply> =>
    server.call('AWSCognitoIdentityService.GetId', { IdentityPoolId: server.pool.identityPoolId, ...(logins !== undefined ? { Logins: logins } : {}) });
  const credentials = (identityId: string, logins?: Record<string, string>): Promise<Reply> =>
    server.call('AWSCognitoIdentityService.GetCredentialsForIdentity', { IdentityId: identityId, ...(logins !== undefined ? { Logins: logins } : {}) });

  it('gives a signed-in user one stable identity and short-lived credentials for it', async () => {
    const user = await createTestUser(server);
    const { IdToken } = await signInWithTotp(server, user);
    const first = await getId({ [provider]: IdToken });
    const identityId = first.body.IdentityId as string;
    expect(identityId).toMatch(/^us-east-1:[0-9a-f-]{36}$/);
    const again = await signInWithTotp(server, user);
    expect((await getId({ [provider]: again.IdToken })).body.IdentityId).toBe(identityId);

    const issued = await credentials(identityId, { [provider]: IdToken });
    expect(issued.body).toMatchObject({ IdentityId: identityId, Credentials: { AccessKeyId: expect.stringMatching(/^ASIA[A-Z0-9]{16}$/) as unknown } });
    const creds = issued.body.Credentials as { SecretKey: string; SessionToken: string; Expiration: number };
    expect(creds.SecretKey.length).toBeGreaterThanOrEqual(40);
    expect(creds.Expiration - Math.floor(server.clock.now().getTime() / 1000)).toBe(3600);
  });

  // Threat: using someone else's identity, or an identity without proving the login.
  it('refuses credentials without the login, with another user’s login, or with a revoked token', async () => {
    const alice = await createTestUser(server);
    const bob = await createTestUser(server);
    const aliceTokens = await signInWithTotp(server, alice);
    const bobTokens = await signInWithTotp(server, bob);
    const aliceId = (await getId({ [provider]: aliceTokens.IdToken })).body.IdentityId as string;
    expectError(await credentials(aliceId), 'NotAuthorizedException');
    expectError(await credentials(aliceId, { [provider]: bobTokens.IdToken }), 'NotAuthorizedException');
    expectError(await getId({ 'accounts.google.com': aliceTokens.IdToken }), 'NotAuthorizedException');
    expectError(await getId({ [provider]: `${aliceTokens.IdToken.slice(0, -4)}AAAA` }), 'NotAuthorizedException');
    await server.call('GlobalSignOut', { AccessToken: aliceTokens.AccessToken });
    expectError(await credentials(aliceId, { [provider]: aliceTokens.IdToken }), 'NotAuthorizedException');
    expectError(await credentials('us-east-1:00000000-0000-0000-0000-000000000000', { [provider]: bobTokens.IdToken }), 'ResourceNotFoundException');
  });

  it('refuses guests unless the identity pool allows them', async () => {
    expectError(await getId(), 'NotAuthorizedException', 'Unauthenticated access is not supported for this identity pool.');
    await server.db.query('UPDATE identity_pools SET allow_unauthenticated = true WHERE id = $1', [server.pool.identityPoolId]);
    try {
      const guest = (await getId()).body.IdentityId as string;
      expect(guest).toMatch(/^us-east-1:/);
      expect((await credentials(guest)).body).toMatchObject({ IdentityId: guest, Credentials: expect.any(Object) as unknown });
      expect((await getId()).body.IdentityId).not.toBe(guest);
    } finally {
      await server.db.query('UPDATE identity_pools SET allow_unauthenticated = false WHERE id = $1', [server.pool.identityPoolId]);
    }
  });
});

// The identity pool on POST / (AWSCognitoIdentityService.*): GetId and GetCredentialsForIdentity.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issueTokensFor, startTestServer, type TestServer } from './harness.js';

const identity = (op: string) => `AWSCognitoIdentityService.${op}`;

describe('identity pool', () => {
  let server: TestServer;
  let logins: Record<string, string>;
  beforeAll(async () => {
    server = await startTestServer();
    const { IdToken } = await issueTokensFor(server, 'staff');
    logins = { [`cognito-idp.us-east-1.amazonaws.com/${server.pool.userPoolId}`]: IdToken };
  });
  afterAll(async () => {
    await server.close();
  });

  it('gives a signed-in user one stable identity and credentials for it', async () => {
    const first = await server.call(identity('GetId'), { IdentityPoolId: server.pool.identityPoolId, Logins: logins });
    const second = await server.call(identity('GetId'), { IdentityPoolId: server.pool.identityPoolId, Logins: logins });
    expect(first.status).toBe(200);
    expect(first.body.IdentityId).toMatch(/^us-east-1:[0-9a-f-]{36}$/);
    expect(second.body.IdentityId).toBe(first.body.IdentityId);
    const credentials = await server.call(identity('GetCredentialsForIdentity'), { IdentityId: first.body.IdentityId, Logins: logins });
    expect(credentials.status).toBe(200);
    expect(credentials.body).toMatchObject({ IdentityId: first.body.IdentityId, Credentials: { AccessKeyId: expect.stringMatching(/^ASIA/) as unknown } });
    const expiration = (credentials.body.Credentials as { Expiration: number }).Expiration;
    expect(expiration - Math.floor(server.clock.now().getTime() / 1000)).toBe(3600);
  });

  it('refuses guests when guest access is not configured', async () => {
    const guest = await server.call(identity('GetId'), { IdentityPoolId: server.pool.identityPoolId });
    expect(guest.body.__type).toBe('NotAuthorizedException');
  });

  it('refuses credentials of a user identity without that user’s token', async () => {
    // Threat: taking over another user's identity by knowing its IdentityId.
    const { body } = await server.call(identity('GetId'), { IdentityPoolId: server.pool.identityPoolId, Logins: logins });
    expect((await server.call(identity('GetCredentialsForIdentity'), { IdentityId: body.IdentityId })).body.__type).toBe('NotAuthorizedException');
    const { IdToken } = await issueTokensFor(server, 'client');
    const other = { [`cognito-idp.us-east-1.amazonaws.com/${server.pool.userPoolId}`]: IdToken };
    expect((await server.call(identity('GetCredentialsForIdentity'), { IdentityId: body.IdentityId, Logins: other })).body.__type).toBe('NotAuthorizedException');
  });

  it('refuses another provider name and a tampered token', async () => {
    const token = Object.values(logins)[0] ?? '';
    expect((await server.call(identity('GetId'), { IdentityPoolId: server.pool.identityPoolId, Logins: { 'accounts.google.com': token } })).body.__type).toBe('NotAuthorizedException');
    const tampered = { [Object.keys(logins)[0] ?? '']: `${token.slice(0, -3)}abc` };
    expect((await server.call(identity('GetId'), { IdentityPoolId: server.pool.identityPoolId, Logins: tampered })).body.__type).toBe('NotAuthorizedException');
  });

  it('answers an unknown identity pool or identity with ResourceNotFoundException', async () => {
    expect((await server.call(identity('GetId'), { IdentityPoolId: 'us-east-1:00000000-0000-0000-0000-000000000000', Logins: logins })).body.__type).toBe('ResourceNotFoundException');
    expect((await server.call(identity('GetCredentialsForIdentity'), { IdentityId: 'us-east-1:00000000-0000-0000-0000-000000000000' })).body.__type).toBe('ResourceNotFoundException');
  });
});

describe('identity pool with guests allowed', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ env: { ALLOW_GUEST_IDENTITIES: 'true' } });
  });
  afterAll(async () => {
    await server.close();
  });

  it('gives guests an identity and credentials without logins', async () => {
    const guest = await server.call(identity('GetId'), { IdentityPoolId: server.pool.identityPoolId });
    expect(guest.status).toBe(200);
    const credentials = await server.call(identity('GetCredentialsForIdentity'), { IdentityId: guest.body.IdentityId });
    expect(credentials.status).toBe(200);
  });
});

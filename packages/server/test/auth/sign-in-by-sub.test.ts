// The sub as a sign-in name: Cognito hands out the user's sub as USER_ID_FOR_SRP and clients carry
// it forward as USERNAME (amazon-cognito-identity-js, Amplify), so every operation that names a
// user by username also accepts the sub, as Cognito does. On both databases.
import { AdminGetUserCommand, AdminSetUserPasswordCommand, CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { createClientEphemeral } from '@steward/auth-core/srp';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BOTH_DATABASES, startTestServer, TEST_ADMIN_CREDENTIALS, type TestServer } from '../harness.js';
import { advance, AUTH_TEST_ENV, createTestUser, params, passwordAuth, respond, session, srpAuth, tokens, totpAt } from './auth-fixtures.js';

describe.each(BOTH_DATABASES)('signing in and administering by the sub (%s)', (database) => {
  let server: TestServer;
  let admin: CognitoIdentityProviderClient;

  beforeAll(async () => {
    server = await startTestServer({ database, env: AUTH_TEST_ENV });
    admin = new CognitoIdentityProviderClient({ region: 'us-east-1', endpoint: server.url, maxAttempts: 1, credentials: TEST_ADMIN_CREDENTIALS });
  });
  afterAll(async () => {
    admin.destroy();
    await server.close();
  });

  it('signs in with USER_SRP_AUTH and USER_PASSWORD_AUTH by the sub, and answers the MFA challenge naming the sub', async () => {
    const user = await createTestUser(server, { mfa: 'totp' });
    const srp = await srpAuth(server, user.sub, user.password);
    expect(srp.body.ChallengeName, JSON.stringify(srp.body)).toBe('SOFTWARE_TOKEN_MFA');
    const byPassword = await passwordAuth(server, user.sub.toUpperCase(), user.password);
    expect(byPassword.body.ChallengeName, JSON.stringify(byPassword.body)).toBe('SOFTWARE_TOKEN_MFA');
    advance(server, 30);
    const done = tokens(await respond(server, 'SOFTWARE_TOKEN_MFA', session(byPassword), { USERNAME: user.sub, SOFTWARE_TOKEN_MFA_CODE: totpAt(server, user.totpSecret ?? '') }));
    expect(decodeJwt(done.IdToken)).toMatchObject({ sub: user.sub, 'cognito:username': user.username });
  });

  it('hands out the sub as USER_ID_FOR_SRP and the name as typed as USERNAME when signing in by the sub', async () => {
    const user = await createTestUser(server);
    const start = await server.call('InitiateAuth', { AuthFlow: 'USER_SRP_AUTH', ClientId: server.pool.clientId, AuthParameters: { USERNAME: user.sub, SRP_A: createClientEphemeral().srpAHex } });
    expect(params(start)).toMatchObject({ USERNAME: user.sub, USER_ID_FOR_SRP: user.sub });
  });

  it('sends a ForgotPassword code to the user named by the sub', async () => {
    const user = await createTestUser(server);
    const forgot = await server.call('ForgotPassword', { ClientId: server.pool.clientId, Username: user.sub });
    expect(forgot.status, JSON.stringify(forgot.body)).toBe(200);
    const code = await server.latestCode(user.email);
    const confirmed = await server.call('ConfirmForgotPassword', { ClientId: server.pool.clientId, Username: user.sub, ConfirmationCode: code, Password: 'Brand-New-Passw0rd!' });
    expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
    expect((await passwordAuth(server, user.username, 'Brand-New-Passw0rd!')).body.ChallengeName).toBe('SOFTWARE_TOKEN_MFA');
  });

  it('finds the user named by the sub in Admin operations, and answers UserNotFoundException for a sub no user has', async () => {
    const user = await createTestUser(server);
    const found = await admin.send(new AdminGetUserCommand({ UserPoolId: server.pool.userPoolId, Username: user.sub }));
    expect(found.Username).toBe(user.username);
    await admin.send(new AdminSetUserPasswordCommand({ UserPoolId: server.pool.userPoolId, Username: user.sub, Password: 'Admin-Set-Passw0rd!', Permanent: true }));
    expect((await passwordAuth(server, user.username, 'Admin-Set-Passw0rd!')).body.ChallengeName).toBe('SOFTWARE_TOKEN_MFA');
    const missing = await admin.send(new AdminGetUserCommand({ UserPoolId: server.pool.userPoolId, Username: 'a3b1c2d4-0000-4000-8000-000000000abc' })).catch((error: unknown) => error as Error);
    expect(missing).toMatchObject({ name: 'UserNotFoundException', message: 'User does not exist.' });
  });
});

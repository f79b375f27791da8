// UsernameConfiguration.CaseSensitive (issue 24) through the AWS SDK v3 client and the JSON
// protocol, on PGlite and PostgreSQL: a case-sensitive pool holds "Alice" and "alice" as two users
// and refuses "ALICE" as it refuses any unknown name; a case-insensitive pool (and the demo pool)
// matches every case and keeps one user per name, also when two creates race.
import {
  AdminCreateUserCommand,
  AdminGetUserCommand,
  AdminSetUserPasswordCommand,
  CreateUserPoolClientCommand,
  CreateUserPoolCommand,
  DescribeUserPoolCommand,
  ListUsersCommand,
  type CreateUserPoolCommandInput,
} from '@aws-sdk/client-cognito-identity-provider';
import { createClientEphemeral } from '@steward/auth-core/srp';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_TEST_ENV } from '../auth/auth-fixtures.js';
import { BOTH_DATABASES, startTestServer, type TestServer } from '../harness.js';
import { sdkClients, sdkError, type SdkClients } from './sdk-fixtures.js';

/** A pool without MFA and a client allowed SRP and password sign-in (PreventUserExistenceErrors on). */
async function pool(sdk: SdkClients, input: Partial<CreateUserPoolCommandInput> = {}): Promise<{ poolId: string; clientId: string }> {
  const { UserPool } = await sdk.admin.send(new CreateUserPoolCommand({ PoolName: 'case pool', MfaConfiguration: 'OFF', Policies: { PasswordPolicy: { MinimumLength: 8 } }, ...input }));
  const poolId = UserPool?.Id ?? '';
  const { UserPoolClient } = await sdk.admin.send(
    new CreateUserPoolClientCommand({ UserPoolId: poolId, ClientName: 'app', PreventUserExistenceErrors: 'ENABLED', ExplicitAuthFlows: ['ALLOW_USER_SRP_AUTH', 'ALLOW_USER_PASSWORD_AUTH', 'ALLOW_REFRESH_TOKEN_AUTH'] }),
  );
  return { poolId, clientId: UserPoolClient?.ClientId ?? '' };
}

/** A confirmed user with a permanent password; returns its sub. */
async function userIn(sdk: SdkClients, poolId: string, username: string, password: string): Promise<string> {
  const { User } = await sdk.admin.send(new AdminCreateUserCommand({ UserPoolId: poolId, Username: username, MessageAction: 'SUPPRESS' }));
  await sdk.admin.send(new AdminSetUserPasswordCommand({ UserPoolId: poolId, Username: username, Password: password, Permanent: true }));
  return User?.Attributes?.find((a) => a.Name === 'sub')?.Value ?? '';
}

describe.each(BOTH_DATABASES)('UsernameConfiguration.CaseSensitive on %s', (database) => {
  let server: TestServer;
  let sdk: SdkClients;

  beforeAll(async () => {
    server = await startTestServer({ database, env: AUTH_TEST_ENV });
    sdk = sdkClients(server);
  });
  afterAll(async () => {
    sdk.destroy();
    await server.close();
  });

  const passwordAuth = (clientId: string, username: string, password: string) =>
    server.call('InitiateAuth', { AuthFlow: 'USER_PASSWORD_AUTH', ClientId: clientId, AuthParameters: { USERNAME: username, PASSWORD: password } });
  const srpStart = async (clientId: string, username: string): Promise<Record<string, string>> => {
    const start = await server.call('InitiateAuth', { AuthFlow: 'USER_SRP_AUTH', ClientId: clientId, AuthParameters: { USERNAME: username, SRP_A: createClientEphemeral().srpAHex } });
    expect(start.body.ChallengeName, JSON.stringify(start.body)).toBe('PASSWORD_VERIFIER');
    return start.body.ChallengeParameters as Record<string, string>;
  };
  const usernameOf = (result: { body: Record<string, unknown> }): unknown => {
    const auth = result.body.AuthenticationResult as { IdToken?: string } | undefined;
    expect(auth?.IdToken, JSON.stringify(result.body)).toBeDefined();
    return decodeJwt(auth?.IdToken ?? '')['cognito:username'];
  };

  it('a case-sensitive pool holds "Alice" and "alice" as two users, each signing in with its own password', async () => {
    const { poolId, clientId } = await pool(sdk, { UsernameConfiguration: { CaseSensitive: true } });
    const upper = await userIn(sdk, poolId, 'Alice', 'password-of-Alice');
    const lower = await userIn(sdk, poolId, 'alice', 'password-of-alice');
    expect(upper).not.toBe(lower);
    expect(usernameOf(await passwordAuth(clientId, 'Alice', 'password-of-Alice'))).toBe('Alice');
    expect(usernameOf(await passwordAuth(clientId, 'alice', 'password-of-alice'))).toBe('alice');
    // One's password does not open the other.
    expect((await passwordAuth(clientId, 'alice', 'password-of-Alice')).body.__type).toBe('NotAuthorizedException');
    // SRP names each its own user.
    expect((await srpStart(clientId, 'Alice')).USER_ID_FOR_SRP).toBe(upper);
    expect((await srpStart(clientId, 'alice')).USER_ID_FOR_SRP).toBe(lower);
    // The Admin operations and ListUsers find exactly the name asked for.
    expect((await sdk.admin.send(new AdminGetUserCommand({ UserPoolId: poolId, Username: 'alice' }))).Username).toBe('alice');
    expect((await sdk.admin.send(new AdminGetUserCommand({ UserPoolId: poolId, Username: 'Alice' }))).Username).toBe('Alice');
    expect((await sdk.admin.send(new ListUsersCommand({ UserPoolId: poolId, Filter: 'username = "Alice"' }))).Users?.map((u) => u.Username)).toEqual(['Alice']);
    expect((await sdk.admin.send(new ListUsersCommand({ UserPoolId: poolId }))).Users?.map((u) => u.Username).sort()).toEqual(['Alice', 'alice']);
    // The exact name is still unique.
    expect((await sdkError(sdk.admin.send(new AdminCreateUserCommand({ UserPoolId: poolId, Username: 'Alice', MessageAction: 'SUPPRESS' })))).name).toBe('UsernameExistsException');
  });

  it('a case-sensitive pool refuses "ALICE" for "Alice" exactly as it refuses a name no user has', async () => {
    // Threat: a case variant of a real name answering differently from an unknown name, telling an attacker the user exists.
    const { poolId, clientId } = await pool(sdk, { UsernameConfiguration: { CaseSensitive: true } });
    await userIn(sdk, poolId, 'Alice', 'password-of-Alice');
    const variant = await passwordAuth(clientId, 'ALICE', 'password-of-Alice');
    const unknown = await passwordAuth(clientId, 'nobody-at-all', 'password-of-Alice');
    const wrong = await passwordAuth(clientId, 'Alice', 'not-the-password');
    expect(variant.body.AuthenticationResult).toBeUndefined();
    expect({ status: variant.status, body: variant.body }).toEqual({ status: unknown.status, body: unknown.body });
    expect({ status: variant.status, body: variant.body }).toEqual({ status: wrong.status, body: wrong.body });
    expect((await sdkError(sdk.admin.send(new AdminGetUserCommand({ UserPoolId: poolId, Username: 'ALICE' }))))).toEqual({ name: 'UserNotFoundException', message: 'User does not exist.' });
    // ForgotPassword answers the variant with a stand-in delivery, as for an unknown name.
    const forgot = await server.call('ForgotPassword', { ClientId: clientId, Username: 'ALICE' });
    expect(forgot.status, JSON.stringify(forgot.body)).toBe(200);
    const forgotUnknown = await server.call('ForgotPassword', { ClientId: clientId, Username: 'nobody-at-all' });
    expect(Object.keys(forgot.body)).toEqual(Object.keys(forgotUnknown.body));
  });

  it("a case-sensitive pool gives each case variant of a name its own SRP stand-in, so comparing variants tells nothing", async () => {
    // Threat: with one stand-in for every case of an unknown name, "Bob" answering unlike "bob" and
    // "BOB" would prove that Bob exists.
    const { poolId, clientId } = await pool(sdk, { UsernameConfiguration: { CaseSensitive: true } });
    const bob = await userIn(sdk, poolId, 'Bob', 'password-of-Bob');
    const real = [await srpStart(clientId, 'Bob'), await srpStart(clientId, 'bob'), await srpStart(clientId, 'BOB')].map((p) => p.USER_ID_FOR_SRP);
    const absent = [await srpStart(clientId, 'Carol'), await srpStart(clientId, 'carol'), await srpStart(clientId, 'CAROL')].map((p) => p.USER_ID_FOR_SRP);
    expect(real[0]).toBe(bob);
    expect(new Set(real).size).toBe(3);
    expect(new Set(absent).size).toBe(3);
    // Each stand-in is stable, as a real user's sub is.
    expect((await srpStart(clientId, 'carol')).USER_ID_FOR_SRP).toBe(absent[1]);
    expect((await srpStart(clientId, 'carol')).SALT).toBe((await srpStart(clientId, 'carol')).SALT);
  });

  it('a case-insensitive pool refuses "alice" when "Alice" exists and signs "Alice" in as "ALICE"', async () => {
    const { poolId, clientId } = await pool(sdk, { UsernameConfiguration: { CaseSensitive: false } });
    const sub = await userIn(sdk, poolId, 'Alice', 'password-of-Alice');
    expect((await sdkError(sdk.admin.send(new AdminCreateUserCommand({ UserPoolId: poolId, Username: 'alice', MessageAction: 'SUPPRESS' })))).name).toBe('UsernameExistsException');
    const signUp = await server.call('SignUp', { ClientId: clientId, Username: 'ALICE', Password: 'password-of-ALICE' });
    expect(signUp.body.__type).toBe('UsernameExistsException');
    expect(usernameOf(await passwordAuth(clientId, 'ALICE', 'password-of-Alice'))).toBe('Alice');
    expect((await srpStart(clientId, 'aLiCe')).USER_ID_FOR_SRP).toBe(sub);
    expect((await sdk.admin.send(new AdminGetUserCommand({ UserPoolId: poolId, Username: 'ALICE' }))).Username).toBe('Alice');
    expect((await sdk.admin.send(new ListUsersCommand({ UserPoolId: poolId, Filter: 'username = "alice"' }))).Users?.map((u) => u.Username)).toEqual(['Alice']);
  });

  it('of concurrent creates of "Bob" and "bob" in a case-insensitive pool exactly one wins; in a case-sensitive pool both do', async () => {
    const insensitive = await pool(sdk, { UsernameConfiguration: { CaseSensitive: false } });
    for (const round of [1, 2, 3]) {
      const names = [`Bob${round}`, `bob${round}`, `BOB${round}`];
      const results = await Promise.all(names.map((n) => sdkError(sdk.admin.send(new AdminCreateUserCommand({ UserPoolId: insensitive.poolId, Username: n, MessageAction: 'SUPPRESS' })))));
      expect(results.filter((r) => r.name === 'no error')).toHaveLength(1);
      expect(results.filter((r) => r.name === 'UsernameExistsException')).toHaveLength(2);
    }
    const signUps = await Promise.all(['Dave', 'dave'].map((n) => server.call('SignUp', { ClientId: insensitive.clientId, Username: n, Password: 'password-of-dave' })));
    expect(signUps.map((r) => (r.status === 200 ? 'ok' : r.body.__type)).sort()).toEqual(['UsernameExistsException', 'ok']);
    expect((await sdk.admin.send(new ListUsersCommand({ UserPoolId: insensitive.poolId }))).Users).toHaveLength(4);

    const sensitive = await pool(sdk, { UsernameConfiguration: { CaseSensitive: true } });
    const both = await Promise.all(['Bob', 'bob'].map((n) => sdkError(sdk.admin.send(new AdminCreateUserCommand({ UserPoolId: sensitive.poolId, Username: n, MessageAction: 'SUPPRESS' })))));
    expect(both.map((r) => r.name)).toEqual(['no error', 'no error']);
  });

  it("is case-sensitive when CreateUserPool leaves UsernameConfiguration out, as Cognito's API", async () => {
    const { poolId, clientId } = await pool(sdk);
    expect((await sdk.admin.send(new DescribeUserPoolCommand({ UserPoolId: poolId }))).UserPool?.UsernameConfiguration).toEqual({ CaseSensitive: true });
    await userIn(sdk, poolId, 'Erin', 'password-of-Erin');
    await userIn(sdk, poolId, 'erin', 'password-of-erin');
    expect(usernameOf(await passwordAuth(clientId, 'erin', 'password-of-erin'))).toBe('erin');
  });

  it('keeps the demo pool case-insensitive: its users sign in typing their name in capitals', async () => {
    const described = await sdk.admin.send(new DescribeUserPoolCommand({ UserPoolId: server.pool.userPoolId }));
    expect(described.UserPool?.UsernameConfiguration).toEqual({ CaseSensitive: false });
    await sdk.admin.send(new AdminCreateUserCommand({ UserPoolId: server.pool.userPoolId, Username: 'Frank', MessageAction: 'SUPPRESS', UserAttributes: [{ Name: 'email', Value: 'frank@example.com' }] }));
    expect((await sdkError(sdk.admin.send(new AdminCreateUserCommand({ UserPoolId: server.pool.userPoolId, Username: 'frank', MessageAction: 'SUPPRESS', UserAttributes: [{ Name: 'email', Value: 'frank2@example.com' }] })))).name).toBe(
      'UsernameExistsException',
    );
    await sdk.admin.send(new AdminSetUserPasswordCommand({ UserPoolId: server.pool.userPoolId, Username: 'FRANK', Password: 'Frank-Passw0rd!', Permanent: true }));
    const start = await passwordAuth(server.pool.clientId, 'FRANK', 'Frank-Passw0rd!');
    // The demo pool requires MFA: the password was right, so the sign-in goes on to set it up.
    expect(start.body.ChallengeName, JSON.stringify(start.body)).toBe('MFA_SETUP');
  });

  it('a case-sensitive pool with email as the username matches the email as written; a case-insensitive one in any case', async () => {
    const sensitive = await pool(sdk, { UsernameConfiguration: { CaseSensitive: true }, UsernameAttributes: ['email'] });
    await sdk.admin.send(new AdminCreateUserCommand({ UserPoolId: sensitive.poolId, Username: 'Gina@example.com', MessageAction: 'SUPPRESS' }));
    await sdk.admin.send(new AdminSetUserPasswordCommand({ UserPoolId: sensitive.poolId, Username: 'Gina@example.com', Password: 'password-of-gina', Permanent: true }));
    expect((await passwordAuth(sensitive.clientId, 'Gina@example.com', 'password-of-gina')).body.AuthenticationResult).toBeDefined();
    const variant = await passwordAuth(sensitive.clientId, 'gina@example.com', 'password-of-gina');
    const unknown = await passwordAuth(sensitive.clientId, 'nobody@example.com', 'password-of-gina');
    expect(variant.body).toEqual(unknown.body);

    const insensitive = await pool(sdk, { UsernameConfiguration: { CaseSensitive: false }, UsernameAttributes: ['email'] });
    await sdk.admin.send(new AdminCreateUserCommand({ UserPoolId: insensitive.poolId, Username: 'Gina@example.com', MessageAction: 'SUPPRESS' }));
    await sdk.admin.send(new AdminSetUserPasswordCommand({ UserPoolId: insensitive.poolId, Username: 'GINA@example.com', Password: 'password-of-gina', Permanent: true }));
    expect((await passwordAuth(insensitive.clientId, 'gina@EXAMPLE.com', 'password-of-gina')).body.AuthenticationResult).toBeDefined();
    const again = await server.call('SignUp', { ClientId: insensitive.clientId, Username: 'gina@example.com', Password: 'password-of-gina' });
    expect(again.body.__type).toBe('UsernameExistsException');
  });

  it('of simultaneous sign-ups with one exact email in a case-sensitive pool with email as the username exactly one wins', async () => {
    // Threat: two accounts signing in with one address (the generated usernames never collide, so only the lock on the exact address stops it).
    const { poolId, clientId } = await pool(sdk, { UsernameConfiguration: { CaseSensitive: true }, UsernameAttributes: ['email'] });
    const outcomes = await Promise.all([1, 2, 3, 4].map(() => server.call('SignUp', { ClientId: clientId, Username: 'Hana@example.com', Password: 'password-of-hana' })));
    expect(outcomes.map((o) => (o.status === 200 ? 'ok' : o.body.__type)).sort()).toEqual(['UsernameExistsException', 'UsernameExistsException', 'UsernameExistsException', 'ok']);
    // The same address in another case is another sign-in name in this pool.
    expect((await server.call('SignUp', { ClientId: clientId, Username: 'hana@example.com', Password: 'password-of-hana' })).status).toBe(200);
    expect((await sdk.admin.send(new ListUsersCommand({ UserPoolId: poolId }))).Users).toHaveLength(2);
  });
});

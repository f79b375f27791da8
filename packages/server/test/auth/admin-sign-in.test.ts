// AdminInitiateAuth and AdminRespondToAuthChallenge through the AWS SDK v3 client: a back end signs
// users in with the admin credential, through the same flows and challenge code as InitiateAuth.
import {
  AdminInitiateAuthCommand,
  AdminRespondToAuthChallengeCommand,
  CreateUserPoolClientCommand,
  type AdminInitiateAuthCommandOutput,
  type ExplicitAuthFlowsType,
} from '@aws-sdk/client-cognito-identity-provider';
import { computeClaimSignature, computePasswordAuthenticationKey, createClientEphemeral, formatCognitoTimestamp, poolNameFromUserPoolId } from '@steward/auth-core/srp';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BOTH_DATABASES, startTestServer, type TestServer } from '../harness.js';
import { expectAdminOnly, sdkClients, sdkError, type SdkClients } from '../user-pool/sdk-fixtures.js';
import { advance, AUTH_TEST_ENV, createTestUser, totpAt, type TestUser } from './auth-fixtures.js';

describe.each(BOTH_DATABASES)('AdminInitiateAuth / AdminRespondToAuthChallenge on %s', (database) => {
  let server: TestServer;
  let sdk: SdkClients;
  let poolId: string;
  let clientId: string;
  let noAdminFlowClientId: string;

  beforeAll(async () => {
    server = await startTestServer({ database, env: AUTH_TEST_ENV });
    sdk = sdkClients(server);
    poolId = server.pool.userPoolId;
    const create = (name: string, flows: ExplicitAuthFlowsType[]) =>
      sdk.admin.send(new CreateUserPoolClientCommand({ UserPoolId: poolId, ClientName: name, ExplicitAuthFlows: flows }));
    clientId = (await create('back-end', ['ALLOW_ADMIN_USER_PASSWORD_AUTH', 'ALLOW_USER_SRP_AUTH', 'ALLOW_REFRESH_TOKEN_AUTH'])).UserPoolClient?.ClientId ?? '';
    noAdminFlowClientId = (await create('browser', ['ALLOW_USER_SRP_AUTH', 'ALLOW_REFRESH_TOKEN_AUTH'])).UserPoolClient?.ClientId ?? '';
  });
  afterAll(async () => {
    sdk.destroy();
    await server.close();
  });

  const passwordSignIn = (username: string, password: string, flow: 'ADMIN_USER_PASSWORD_AUTH' | 'ADMIN_NO_SRP_AUTH' = 'ADMIN_USER_PASSWORD_AUTH', client = clientId) =>
    sdk.admin.send(new AdminInitiateAuthCommand({ UserPoolId: poolId, ClientId: client, AuthFlow: flow, AuthParameters: { USERNAME: username, PASSWORD: password } }));

  /** Answers the SOFTWARE_TOKEN_MFA challenge of `start` (the test pool requires MFA) with the right code. */
  async function finishTotp(start: { ChallengeName?: string | undefined; Session?: string | undefined }, user: TestUser) {
    expect(start.ChallengeName).toBe('SOFTWARE_TOKEN_MFA');
    advance(server, 30);
    return sdk.admin.send(
      new AdminRespondToAuthChallengeCommand({
        UserPoolId: poolId,
        ClientId: clientId,
        ChallengeName: 'SOFTWARE_TOKEN_MFA',
        Session: start.Session,
        ChallengeResponses: { USERNAME: user.username, SOFTWARE_TOKEN_MFA_CODE: totpAt(server, user.totpSecret ?? '') },
      }),
    );
  }

  it('signs a user in with ADMIN_USER_PASSWORD_AUTH and with ADMIN_NO_SRP_AUTH, through the MFA the pool requires', async () => {
    const user = await createTestUser(server, { mfa: 'totp' });
    for (const flow of ['ADMIN_USER_PASSWORD_AUTH', 'ADMIN_NO_SRP_AUTH'] as const) {
      const result = await finishTotp(await passwordSignIn(user.username, user.password, flow), user);
      expect(result.ChallengeName).toBeUndefined();
      const access = decodeJwt(result.AuthenticationResult?.AccessToken ?? '');
      expect(access).toMatchObject({ sub: user.sub, token_use: 'access', client_id: clientId, username: user.username });
      expect(result.AuthenticationResult?.RefreshToken).toBeTruthy();
    }
  });

  it('answers a wrong password with NotAuthorizedException', async () => {
    const user = await createTestUser(server, { mfa: 'none' });
    expect(await sdkError(passwordSignIn(user.username, 'Wrong-Passw0rd!'))).toEqual({ name: 'NotAuthorizedException', message: 'Incorrect username or password.' });
  });

  it('asks a TOTP user for the code and finishes with AdminRespondToAuthChallenge', async () => {
    const user = await createTestUser(server, { mfa: 'totp' });
    const start = await passwordSignIn(user.username, user.password);
    expect(start.ChallengeName).toBe('SOFTWARE_TOKEN_MFA');
    advance(server, 30);
    const answer = (code: string) =>
      sdk.admin.send(
        new AdminRespondToAuthChallengeCommand({
          UserPoolId: poolId,
          ClientId: clientId,
          ChallengeName: 'SOFTWARE_TOKEN_MFA',
          Session: start.Session,
          ChallengeResponses: { USERNAME: user.username, SOFTWARE_TOKEN_MFA_CODE: code },
        }),
      );
    const right = totpAt(server, user.totpSecret ?? '');
    expect((await sdkError(answer(right === '000000' ? '111111' : '000000'))).name).toBe('CodeMismatchException');
    const done = await answer(right);
    expect(decodeJwt(done.AuthenticationResult?.IdToken ?? '')).toMatchObject({ sub: user.sub, token_use: 'id' });
  });

  it('runs USER_SRP_AUTH: the PASSWORD_VERIFIER proof answered through AdminRespondToAuthChallenge', async () => {
    const user = await createTestUser(server, { mfa: 'totp' });
    const ephemeral = createClientEphemeral();
    const start: AdminInitiateAuthCommandOutput = await sdk.admin.send(
      new AdminInitiateAuthCommand({ UserPoolId: poolId, ClientId: clientId, AuthFlow: 'USER_SRP_AUTH', AuthParameters: { USERNAME: user.username, SRP_A: ephemeral.srpAHex } }),
    );
    expect(start.ChallengeName).toBe('PASSWORD_VERIFIER');
    const p = start.ChallengeParameters ?? {};
    const poolName = poolNameFromUserPoolId(poolId);
    const userIdForSrp = p.USER_ID_FOR_SRP ?? '';
    const key = computePasswordAuthenticationKey({ poolName, username: userIdForSrp, password: user.password, saltHex: p.SALT ?? '', serverBHex: p.SRP_B ?? '', a: ephemeral.a, A: ephemeral.A });
    const timestamp = formatCognitoTimestamp(new Date());
    const proven = await sdk.admin.send(
      new AdminRespondToAuthChallengeCommand({
        UserPoolId: poolId,
        ClientId: clientId,
        ChallengeName: 'PASSWORD_VERIFIER',
        Session: start.Session,
        ChallengeResponses: {
          USERNAME: userIdForSrp,
          PASSWORD_CLAIM_SECRET_BLOCK: p.SECRET_BLOCK ?? '',
          TIMESTAMP: timestamp,
          PASSWORD_CLAIM_SIGNATURE: computeClaimSignature({ key, poolName, userIdForSrp, secretBlockB64: p.SECRET_BLOCK ?? '', timestamp }),
        },
      }),
    );
    const done = await finishTotp(proven, user);
    expect(decodeJwt(done.AuthenticationResult?.AccessToken ?? '')).toMatchObject({ sub: user.sub });
  });

  it('refreshes tokens with REFRESH_TOKEN_AUTH', async () => {
    const user = await createTestUser(server, { mfa: 'totp' });
    const first = await finishTotp(await passwordSignIn(user.username, user.password), user);
    const refreshed = await sdk.admin.send(
      new AdminInitiateAuthCommand({ UserPoolId: poolId, ClientId: clientId, AuthFlow: 'REFRESH_TOKEN_AUTH', AuthParameters: { REFRESH_TOKEN: first.AuthenticationResult?.RefreshToken ?? '' } }),
    );
    expect(refreshed.AuthenticationResult?.RefreshToken).toBeUndefined();
    expect(decodeJwt(refreshed.AuthenticationResult?.AccessToken ?? '')).toMatchObject({ sub: user.sub, client_id: clientId });
  });

  it('refuses a client id that is not of the pool named', async () => {
    const user = await createTestUser(server, { mfa: 'none' });
    const other = await sdkError(
      sdk.admin.send(new AdminInitiateAuthCommand({ UserPoolId: 'us-east-1_Elsewhere1', ClientId: clientId, AuthFlow: 'ADMIN_USER_PASSWORD_AUTH', AuthParameters: { USERNAME: user.username, PASSWORD: user.password } })),
    );
    expect(other.name).toBe('ResourceNotFoundException');
  });

  // Threat: a back end's app client used for a server-side password flow it was never allowed.
  it('refuses ADMIN_USER_PASSWORD_AUTH on a client without ALLOW_ADMIN_USER_PASSWORD_AUTH', async () => {
    const user = await createTestUser(server, { mfa: 'none' });
    expect(await sdkError(passwordSignIn(user.username, user.password, 'ADMIN_USER_PASSWORD_AUTH', noAdminFlowClientId))).toEqual({
      name: 'InvalidParameterException',
      message: 'ADMIN_USER_PASSWORD_AUTH flow not enabled for this client',
    });
    expect((await sdkError(passwordSignIn(user.username, user.password, 'ADMIN_NO_SRP_AUTH', noAdminFlowClientId))).name).toBe('InvalidParameterException');
  });

  // Threat: online password guessing through the admin flow, which must share the user's lockout.
  it('locks out repeated wrong passwords, then refuses the right one too until the lockout passes', async () => {
    const user = await createTestUser(server, { mfa: 'totp' });
    const messages: string[] = [];
    for (let i = 0; i < 10 && !messages.includes('Password attempts exceeded'); i++) messages.push((await sdkError(passwordSignIn(user.username, `Wrong-${i}-Passw0rd!`))).message);
    expect(messages.at(-1)).toBe('Password attempts exceeded');
    expect(await sdkError(passwordSignIn(user.username, user.password))).toEqual({ name: 'NotAuthorizedException', message: 'Password attempts exceeded' });
    advance(server, server.config.lockoutInitialSeconds);
    expect((await passwordSignIn(user.username, user.password)).ChallengeName).toBe('SOFTWARE_TOKEN_MFA');
  });

  // Threat: anyone on the network signing users in (or testing passwords) without the admin credential.
  it('is refused without valid admin credentials, as the other Admin* calls are', async () => {
    const user = await createTestUser(server, { mfa: 'none' });
    const input = { UserPoolId: poolId, ClientId: clientId, AuthFlow: 'ADMIN_USER_PASSWORD_AUTH', AuthParameters: { USERNAME: user.username, PASSWORD: user.password } };
    await expectAdminOnly(server, sdk, 'AdminInitiateAuth', input);
    await expectAdminOnly(server, sdk, 'AdminRespondToAuthChallenge', { UserPoolId: poolId, ClientId: clientId, ChallengeName: 'SOFTWARE_TOKEN_MFA', Session: 'x'.repeat(40), ChallengeResponses: {} });
  });
});

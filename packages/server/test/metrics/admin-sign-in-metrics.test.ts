// Back ends sign users in with AdminInitiateAuth / AdminRespondToAuthChallenge: those steps count in
// the sign-in metrics like the public ones (an operator watching failures must see them), and the
// audit trail records the sign-in with its flow. The counting is the same code on both databases,
// so this runs on PGlite only.
import { AdminInitiateAuthCommand, AdminRespondToAuthChallengeCommand, CreateUserPoolClientCommand } from '@aws-sdk/client-cognito-identity-provider';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { entriesOf } from '../audit/audit-fixtures.js';
import { advance, AUTH_TEST_ENV, createTestUser, totpAt } from '../auth/auth-fixtures.js';
import { startTestServer, type TestServer } from '../harness.js';
import { sdkClients, sdkError, type SdkClients } from '../user-pool/sdk-fixtures.js';
import { scrape, valueOf, type Sample } from './exposition.js';

describe('sign-in metrics of the admin sign-in operations', () => {
  let server: TestServer;
  let sdk: SdkClients;
  let clientId: string;

  beforeAll(async () => {
    server = await startTestServer({ database: 'pglite', env: { ...AUTH_TEST_ENV, METRICS_ENABLED: 'true' } });
    sdk = sdkClients(server);
    const created = await sdk.admin.send(new CreateUserPoolClientCommand({ UserPoolId: server.pool.userPoolId, ClientName: 'back-end', ExplicitAuthFlows: ['ALLOW_ADMIN_USER_PASSWORD_AUTH', 'ALLOW_REFRESH_TOKEN_AUTH'] }));
    clientId = created.UserPoolClient?.ClientId ?? '';
  });
  afterAll(async () => {
    sdk.destroy();
    await server.close();
  });

  it('counts each AdminInitiateAuth and AdminRespondToAuthChallenge step by flow and outcome, and the wrong MFA code', async () => {
    const user = await createTestUser(server, { mfa: 'totp' });
    const before: Sample[] = (await scrape(server.metricsUrl ?? '')).samples;
    const start = (flow: 'ADMIN_USER_PASSWORD_AUTH' | 'ADMIN_NO_SRP_AUTH') =>
      sdk.admin.send(new AdminInitiateAuthCommand({ UserPoolId: server.pool.userPoolId, ClientId: clientId, AuthFlow: flow, AuthParameters: { USERNAME: user.username, PASSWORD: user.password } }));
    const answer = (session: string | undefined, code: string) =>
      sdk.admin.send(
        new AdminRespondToAuthChallengeCommand({ UserPoolId: server.pool.userPoolId, ClientId: clientId, ChallengeName: 'SOFTWARE_TOKEN_MFA', Session: session, ChallengeResponses: { USERNAME: user.username, SOFTWARE_TOKEN_MFA_CODE: code } }),
      );

    const first = await start('ADMIN_USER_PASSWORD_AUTH');
    expect(first.ChallengeName).toBe('SOFTWARE_TOKEN_MFA');
    advance(server, 30);
    const right = totpAt(server, user.totpSecret ?? '');
    const wrong = ['000000', '111111', '222222'].find((c) => c !== right && ![-1, 1].map((s) => totpAt(server, user.totpSecret ?? '', s)).includes(c)) ?? '333333';
    expect((await sdkError(answer(first.Session, wrong))).name).toBe('CodeMismatchException');
    const second = await start('ADMIN_NO_SRP_AUTH');
    const done = await answer(second.Session, right);
    expect(done.AuthenticationResult?.AccessToken).toBeTruthy();
    expect((await start('ADMIN_USER_PASSWORD_AUTH')).ChallengeName).toBe('SOFTWARE_TOKEN_MFA');
    const wrongPassword = new AdminInitiateAuthCommand({ UserPoolId: server.pool.userPoolId, ClientId: clientId, AuthFlow: 'ADMIN_USER_PASSWORD_AUTH', AuthParameters: { USERNAME: user.username, PASSWORD: 'Wrong-Passw0rd!' } });
    expect((await sdkError(sdk.admin.send(wrongPassword))).name).toBe('NotAuthorizedException');

    const after = (await scrape(server.metricsUrl ?? '')).samples;
    const delta = (name: string, labels: Record<string, string>) => valueOf(after, name, labels) - valueOf(before, name, labels);
    const steps = (outcome: string, reason = '') => delta('steward_sign_in_steps_total', { flow: 'ADMIN_USER_PASSWORD_AUTH', outcome, reason });
    // Three starts answered with the TOTP challenge (both flow names count under one label), one wrong code, one success, one wrong password.
    expect(steps('challenge')).toBe(3);
    expect(steps('failure', 'wrong_code')).toBe(1);
    expect(steps('success')).toBe(1);
    expect(steps('failure', 'wrong_credentials')).toBe(1);
    expect(delta('steward_mfa_failures_total', { kind: 'SOFTWARE_TOKEN_MFA', reason: 'wrong_code' })).toBe(1);
    // Nothing of it under the label of another flow.
    expect(delta('steward_sign_in_steps_total', { flow: 'unknown', outcome: 'challenge', reason: '' })).toBe(0);

    const signIns = (await entriesOf(server, 'sign_in')).filter((e) => e.subject?.sub === user.sub);
    expect(signIns.filter((e) => e.outcome === 'success')).toMatchObject([{ details: { flow: 'ADMIN_NO_SRP_AUTH', clientId } }]);
  });
});

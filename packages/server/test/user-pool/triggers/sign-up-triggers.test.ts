// PreSignUp and PostConfirmation as signed webhooks, through the AWS SDK v3 client against a real
// HTTP receiver, on PGlite and PostgreSQL; with the invoker's signing, rotation, timeout, retry
// and failure mapping.
import {
  AdminConfirmSignUpCommand,
  AdminCreateUserCommand,
  AdminGetUserCommand,
  type CognitoIdentityProviderClient,
  ConfirmForgotPasswordCommand,
  ConfirmSignUpCommand,
  ForgotPasswordCommand,
  SignUpCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { beforeEach, describe, expect, it } from 'vitest';
import { setPoolLambdaConfig } from '../../../src/user-pool/triggers/lambda-config.js';
import { TRIGGER_TIMEOUT_MS } from '../../../src/user-pool/triggers/invoke-trigger.js';
import { verifySignature } from '../../../src/user-pool/triggers/signature.js';
import { activeTriggerSecrets, retirePreviousTriggerSecret, rotateTriggerSecret } from '../../../src/user-pool/triggers/trigger-secrets.js';
import { BOTH_DATABASES, type TestServer } from '../../harness.js';
import { sdkError, type SdkClients } from '../sdk-fixtures.js';
import { triggerFixture } from './trigger-fixture.js';
import type { Receiver } from './trigger-receiver.js';

const nowSeconds = (): number => Math.floor(Date.now() / 1000);
/**
 * The trigger timeout of the timeout suite: waiting out Cognito's 5 s three times per database cost
 * CI 30 s, so that suite's server gets a shorter one (buildApp's `triggerTimeoutMs`); the default is
 * checked on the main suite's server.
 */
const SHORT_TRIGGER_TIMEOUT_MS = 500;

describe.each(BOTH_DATABASES)('sign-up triggers on %s', (database) => {
  let server: TestServer;
  let sdk: SdkClients;
  let publicClient: CognitoIdentityProviderClient;
  let receiver: Receiver;
  let n = 0;

  triggerFixture(database, {}, (fixture) => {
    ({ server, sdk, client: publicClient, receiver } = fixture);
  });
  beforeEach(async () => {
    await setPoolLambdaConfig(server.db, server.pool.userPoolId, { PreSignUp: `${receiver.url}/pre-sign-up`, PostConfirmation: `${receiver.url}/post-confirmation` });
  });

  const signUp = (extra: Partial<ConstructorParameters<typeof SignUpCommand>[0]> = {}): { name: string; email: string; send: () => Promise<unknown> } => {
    n += 1;
    const name = `signup-${database}-${n}-${Date.now().toString(36)}`;
    const email = `${name}@example.com`;
    return {
      name,
      email,
      send: () =>
        publicClient.send(
          new SignUpCommand({ ClientId: server.pool.clientId, Username: name, Password: 'Corr3ct-Horse!', UserAttributes: [{ Name: 'email', Value: email }], ...extra }),
        ),
    };
  };

  it('sends PreSignUp the event in Cognito shape, signed with the pool secret', async () => {
    const s = signUp({ ValidationData: [{ Name: 'invite', Value: 'abc' }], ClientMetadata: { source: 'test' } });
    await s.send();
    const [call] = receiver.to('/pre-sign-up');
    expect(call?.event).toEqual({
      version: '1',
      triggerSource: 'PreSignUp_SignUp',
      region: 'us-east-1',
      userPoolId: server.pool.userPoolId,
      userName: s.name,
      callerContext: { awsSdkVersion: expect.stringMatching(/^aws-sdk-js-\d/) as unknown, clientId: server.pool.clientId },
      request: { userAttributes: { email: s.email }, validationData: { invite: 'abc' }, clientMetadata: { source: 'test' } },
      response: { autoConfirmUser: false, autoVerifyEmail: false, autoVerifyPhone: false },
    });
    const secrets = await activeTriggerSecrets(server.db, server.app.steward.secrets, server.pool.userPoolId, new Date());
    expect(call?.signature).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    expect(verifySignature(call?.signature ?? '', call?.body ?? '', secrets.current, nowSeconds())).toBe(true);
    // Threat: a forged or altered request accepted as the server's — another secret or body fails.
    expect(verifySignature(call?.signature ?? '', `${call?.body ?? ''} `, secrets.current, nowSeconds())).toBe(false);
    expect(verifySignature(call?.signature ?? '', call?.body ?? '', 'whsec_guessed', nowSeconds())).toBe(false);
    // Threat: a captured request replayed later — an old timestamp is refused.
    expect(verifySignature(call?.signature ?? '', call?.body ?? '', secrets.current, nowSeconds() + 600)).toBe(false);
  });

  it('honours autoConfirmUser and autoVerifyEmail: the user is confirmed and verified, no code is sent', async () => {
    receiver.on('/pre-sign-up', (event) => ({ body: { ...event, response: { autoConfirmUser: true, autoVerifyEmail: true, autoVerifyPhone: false } } }));
    const s = signUp();
    const result = (await s.send()) as { UserConfirmed: boolean; CodeDeliveryDetails?: unknown };
    expect(result.UserConfirmed).toBe(true);
    expect(result.CodeDeliveryDetails).toBeUndefined();
    expect(await server.outbox(s.email)).toEqual([]);
    const user = await sdk.admin.send(new AdminGetUserCommand({ UserPoolId: server.pool.userPoolId, Username: s.name }));
    expect(user.UserStatus).toBe('CONFIRMED');
    expect(user.UserAttributes).toEqual(expect.arrayContaining([{ Name: 'email_verified', Value: 'true' }]));
    receiver.on('/pre-sign-up', (event) => ({ body: event }));
  });

  it("blocks the sign-up with the handler's message, exactly as Cognito words it", async () => {
    receiver.on('/pre-sign-up', () => ({ status: 400, body: { errorMessage: 'Sign-ups from this domain are closed' } }));
    const s = signUp();
    expect(await sdkError(s.send())).toEqual({ name: 'UserLambdaValidationException', message: 'PreSignUp failed with error Sign-ups from this domain are closed.' });
    expect((await sdkError(sdk.admin.send(new AdminGetUserCommand({ UserPoolId: server.pool.userPoolId, Username: s.name })))).name).toBe('UserNotFoundException');
    // A handler error is the function's answer: not retried.
    expect(receiver.to('/pre-sign-up')).toHaveLength(1);
    receiver.on('/pre-sign-up', () => ({ status: 500, body: { message: 'no' } }));
    expect(await sdkError(signUp().send())).toEqual({ name: 'UserLambdaValidationException', message: 'PreSignUp failed with error no.' });
    receiver.on('/pre-sign-up', (event) => ({ body: event }));
  });

  it('answers an unreadable response with InvalidLambdaResponseException', async () => {
    receiver.on('/pre-sign-up', () => ({ rawBody: 'not json' }));
    expect(await sdkError(signUp().send())).toEqual({ name: 'InvalidLambdaResponseException', message: 'Unrecognizable lambda output' });
    receiver.on('/pre-sign-up', (event) => ({ body: { ...event, response: { autoConfirmUser: 'yes' } } }));
    expect((await sdkError(signUp().send())).name).toBe('InvalidLambdaResponseException');
    receiver.on('/pre-sign-up', (event) => ({ body: event }));
  });

  it('retries a throttled or failing webhook, three attempts in all', async () => {
    let calls = 0;
    receiver.on('/pre-sign-up', (event) => {
      calls += 1;
      return calls < 3 ? { status: calls === 1 ? 429 : 503, rawBody: 'busy' } : { body: event };
    });
    const s = signUp();
    await s.send();
    expect(receiver.to('/pre-sign-up')).toHaveLength(3);
    calls = -10;
    expect(await sdkError(signUp().send())).toEqual({ name: 'UnexpectedLambdaException', message: 'PreSignUp invocation failed due to error ServiceException (HTTP 503).' });
    receiver.on('/pre-sign-up', (event) => ({ body: event }));
  });

  it("waits for a webhook that answers slower than the timeout suites shorten it to: an attempt has Cognito's 5 s", async () => {
    expect(TRIGGER_TIMEOUT_MS).toBe(5000);
    receiver.on('/pre-sign-up', (event) => ({ body: event, delayMs: 3 * SHORT_TRIGGER_TIMEOUT_MS }));
    const s = signUp();
    await s.send();
    expect(receiver.to('/pre-sign-up')).toHaveLength(1);
    expect((await sdk.admin.send(new AdminGetUserCommand({ UserPoolId: server.pool.userPoolId, Username: s.name }))).Username).toBe(s.name);
    receiver.on('/pre-sign-up', (event) => ({ body: event }));
  });

  it('signs with both secrets during a rotation, then with the new one alone once the old is retired', async () => {
    const poolId = server.pool.userPoolId;
    const before = await activeTriggerSecrets(server.db, server.app.steward.secrets, poolId, new Date());
    const rotated = await rotateTriggerSecret(server.db, server.app.steward.secrets, poolId, new Date());
    expect(rotated.previous).toBe(before.current);
    expect(rotated.current).not.toBe(before.current);
    await signUp().send();
    const during = receiver.to('/pre-sign-up').at(-1);
    expect(during?.signature).toMatch(/^t=\d+,v1=[0-9a-f]{64},v1=[0-9a-f]{64}$/);
    for (const secret of [rotated.current, before.current]) expect(verifySignature(during?.signature ?? '', during?.body ?? '', secret, nowSeconds())).toBe(true);
    await retirePreviousTriggerSecret(server.db, poolId);
    await signUp().send();
    const after = receiver.to('/pre-sign-up').at(-1);
    expect(verifySignature(after?.signature ?? '', after?.body ?? '', rotated.current, nowSeconds())).toBe(true);
    expect(verifySignature(after?.signature ?? '', after?.body ?? '', before.current, nowSeconds())).toBe(false);
    // Threat: a database reader forging requests — the stored secret is sealed, not the plain one.
    const stored = await server.db.query<{ current_secret: string }>('SELECT current_secret FROM trigger_secrets WHERE pool_id = $1', [poolId]);
    expect(stored[0]?.current_secret).toMatch(/^sealed\.v1\./);
    expect(stored[0]?.current_secret).not.toContain(rotated.current);
  });

  it("refuses to call the server's own port and does not follow redirects", async () => {
    // Threat: SSRF — a LambdaConfig (or a redirect) making the server call itself or another host.
    await setPoolLambdaConfig(server.db, server.pool.userPoolId, { PreSignUp: `${server.url}/` });
    expect((await sdkError(signUp().send())).name).toBe('UnexpectedLambdaException');
    // Threat: a URL written around the URL rule (straight into the database) — a typed error, never a 500.
    for (const url of ['ftp://127.0.0.1/', 'not a url', 'http://192.0.2.10/']) {
      await server.db.query(`UPDATE user_pools SET settings = jsonb_set(settings, '{lambdaConfig}', $2::jsonb) WHERE id = $1`, [server.pool.userPoolId, JSON.stringify({ PreSignUp: url })]);
      expect((await sdkError(signUp().send())).name, url).toBe('UnexpectedLambdaException');
    }
    // The same port by name: the check runs on the address the name resolves to.
    await setPoolLambdaConfig(server.db, server.pool.userPoolId, { PreSignUp: `${server.url.replace('127.0.0.1', 'localhost')}/` });
    expect(await sdkError(signUp().send())).toEqual({ name: 'UnexpectedLambdaException', message: "PreSignUp invocation failed due to error trigger URL resolves to the server's own port." });
    await setPoolLambdaConfig(server.db, server.pool.userPoolId, { PreSignUp: `${receiver.url}/redirect` });
    receiver.on('/redirect', () => ({ status: 307, headers: { location: `${receiver.url}/pre-sign-up` }, rawBody: '' }));
    expect(await sdkError(signUp().send())).toEqual({ name: 'UnexpectedLambdaException', message: 'PreSignUp invocation failed due to error a redirect (not followed).' });
    expect(receiver.to('/pre-sign-up')).toHaveLength(0);
  });

  it('tells PostConfirmation after ConfirmSignUp; a handler error is answered but the user stays confirmed', async () => {
    const s = signUp({ ClientMetadata: { step: 'confirm' } });
    const { UserSub } = (await s.send()) as { UserSub: string };
    receiver.on('/post-confirmation', () => ({ status: 400, body: { errorMessage: 'CRM down' } }));
    const code = await server.latestCode(s.email);
    expect(await sdkError(publicClient.send(new ConfirmSignUpCommand({ ClientId: server.pool.clientId, Username: s.name, ConfirmationCode: code, ClientMetadata: { step: 'confirm' } })))).toEqual({
      name: 'UserLambdaValidationException',
      message: 'PostConfirmation failed with error CRM down.',
    });
    const [call] = receiver.to('/post-confirmation');
    expect(call?.event).toMatchObject({
      version: '1',
      triggerSource: 'PostConfirmation_ConfirmSignUp',
      userName: s.name,
      callerContext: { clientId: server.pool.clientId },
      request: { userAttributes: { sub: UserSub, email: s.email, email_verified: 'true', 'cognito:user_status': 'CONFIRMED' }, clientMetadata: { step: 'confirm' } },
      response: {},
    });
    const user = await sdk.admin.send(new AdminGetUserCommand({ UserPoolId: server.pool.userPoolId, Username: s.name }));
    expect(user.UserStatus).toBe('CONFIRMED');
    receiver.on('/post-confirmation', (event) => ({ body: event }));
  });

  it('asks PreSignUp_AdminCreateUser before an admin creates a user: its error blocks the creation, its verification flags apply', async () => {
    n += 1;
    const name = `invited-${database}-${n}`;
    receiver.on('/pre-sign-up', () => ({ status: 400, body: { errorMessage: 'Invitations are paused' } }));
    const create = () =>
      sdk.admin.send(new AdminCreateUserCommand({ UserPoolId: server.pool.userPoolId, Username: name, UserAttributes: [{ Name: 'email', Value: `${name}@example.com` }], MessageAction: 'SUPPRESS', ValidationData: [{ Name: 'ticket', Value: 'T-1' }] }));
    expect(await sdkError(create())).toEqual({ name: 'UserLambdaValidationException', message: 'PreSignUp failed with error Invitations are paused.' });
    receiver.on('/pre-sign-up', (event) => ({ body: { ...event, response: { autoConfirmUser: false, autoVerifyEmail: true, autoVerifyPhone: false } } }));
    const { User } = await create();
    expect(receiver.to('/pre-sign-up').at(-1)?.event).toMatchObject({
      triggerSource: 'PreSignUp_AdminCreateUser',
      callerContext: { clientId: 'CLIENT_ID_NOT_APPLICABLE' },
      request: { userAttributes: { email: `${name}@example.com` }, validationData: { ticket: 'T-1' } },
    });
    expect(User?.UserStatus).toBe('FORCE_CHANGE_PASSWORD');
    expect(User?.Attributes).toEqual(expect.arrayContaining([{ Name: 'email_verified', Value: 'true' }]));
    receiver.on('/pre-sign-up', (event) => ({ body: event }));
  });

  it('tells PostConfirmation after AdminConfirmSignUp and after ConfirmForgotPassword', async () => {
    const s = signUp();
    await s.send();
    await sdk.admin.send(new AdminConfirmSignUpCommand({ UserPoolId: server.pool.userPoolId, Username: s.name, ClientMetadata: { by: 'admin' } }));
    expect(receiver.to('/post-confirmation').at(-1)?.event).toMatchObject({
      triggerSource: 'PostConfirmation_ConfirmSignUp',
      userName: s.name,
      callerContext: { clientId: 'CLIENT_ID_NOT_APPLICABLE' },
      request: { userAttributes: { 'cognito:user_status': 'CONFIRMED' }, clientMetadata: { by: 'admin' } },
    });
    await server.db.query(`UPDATE users SET attributes = attributes || '{"email_verified": "true"}'::jsonb WHERE pool_id = $1 AND username = $2`, [server.pool.userPoolId, s.name]);
    await publicClient.send(new ForgotPasswordCommand({ ClientId: server.pool.clientId, Username: s.name }));
    const code = await server.latestCode(s.email);
    await publicClient.send(new ConfirmForgotPasswordCommand({ ClientId: server.pool.clientId, Username: s.name, ConfirmationCode: code, Password: 'N3w-Horse-Pass!' }));
    expect(receiver.to('/post-confirmation').at(-1)?.event).toMatchObject({ triggerSource: 'PostConfirmation_ConfirmForgotPassword', userName: s.name, callerContext: { clientId: server.pool.clientId } });
  });
});

describe.each(BOTH_DATABASES)('the trigger timeout on %s', (database) => {
  let server: TestServer;
  let sdk: SdkClients;
  let publicClient: CognitoIdentityProviderClient;
  let receiver: Receiver;

  triggerFixture(database, { triggerTimeoutMs: SHORT_TRIGGER_TIMEOUT_MS, lambdaConfig: (url) => ({ PreSignUp: `${url}/pre-sign-up` }) }, (fixture) => {
    ({ server, sdk, client: publicClient, receiver } = fixture);
  });

  it('answers UnexpectedLambdaException when the webhook does not answer within the timeout, after three attempts', async () => {
    receiver.on('/pre-sign-up', () => ({ delayMs: 6 * SHORT_TRIGGER_TIMEOUT_MS }));
    const name = `timeout-${database}-${Date.now().toString(36)}`;
    const started = Date.now();
    const signUp = publicClient.send(new SignUpCommand({ ClientId: server.pool.clientId, Username: name, Password: 'Corr3ct-Horse!', UserAttributes: [{ Name: 'email', Value: `${name}@example.com` }] }));
    expect(await sdkError(signUp)).toEqual({ name: 'UnexpectedLambdaException', message: 'PreSignUp invocation failed due to error Socket timeout while invoking Lambda function.' });
    // Each of the three attempts waited out the whole timeout (a lower bound only: load makes it longer).
    expect(Date.now() - started).toBeGreaterThanOrEqual(3 * SHORT_TRIGGER_TIMEOUT_MS - 50);
    expect(receiver.to('/pre-sign-up')).toHaveLength(3);
    expect((await sdkError(sdk.admin.send(new AdminGetUserCommand({ UserPoolId: server.pool.userPoolId, Username: name })))).name).toBe('UserNotFoundException');
  });
});

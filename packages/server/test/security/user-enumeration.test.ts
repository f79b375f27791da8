// Threat: an outsider learns which accounts exist by asking the user pool (to aim phishing or
// password guessing at them). With PreventUserExistenceErrors on (the default for app clients), a
// name no user has gets answers indistinguishable from a real user's: the SRP challenge (USERNAME,
// USER_ID_FOR_SRP, SALT), the sign-in errors, ForgotPassword's and ResendConfirmationCode's
// CodeDeliveryDetails, and the answers to guessed codes in ConfirmForgotPassword / ConfirmSignUp.
import { createClientEphemeral } from '@steward/auth-core/srp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BOTH_DATABASES, startTestServer, type TestServer } from '../harness.js';
import { AUTH_TEST_ENV, createTestUser, params, passwordAuth, srpAuth, type Reply } from '../auth/auth-fixtures.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe.each(BOTH_DATABASES)('user existence through the user pool (%s)', (database) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ database, env: { ...AUTH_TEST_ENV, CODE_SEND_LIMIT: '0' } });
    await server.db.query(`UPDATE user_pools SET alias_attributes = '["email"]' WHERE id = $1`, [server.pool.userPoolId]);
  });
  afterAll(async () => server.close());

  const srpStart = (login: string): Promise<Reply> =>
    server.call('InitiateAuth', { AuthFlow: 'USER_SRP_AUTH', ClientId: server.pool.clientId, AuthParameters: { USERNAME: login, SRP_A: createClientEphemeral().srpAHex } });

  /** What an outsider can compare of a PASSWORD_VERIFIER challenge: its form, and whether it is stable across probes. */
  async function challengeShape(login: string) {
    const [first, second] = [params(await srpStart(login)), params(await srpStart(login))];
    return {
      identityIsUuid: UUID.test(first.USER_ID_FOR_SRP ?? ''),
      usernameAsTyped: first.USERNAME === login,
      identityStable: first.USER_ID_FOR_SRP === second.USER_ID_FOR_SRP,
      identityIsTypedName: first.USER_ID_FOR_SRP === login,
      saltStable: first.SALT === second.SALT,
      // Cognito's padHex of 16 random bytes: 30 to 34 hex digits, depending on the value.
      saltShape: /^([0-9a-f]{2}){15,17}$/.test(first.SALT ?? ''),
      bChanges: first.SRP_B !== second.SRP_B,
    };
  }

  it('gives an existing user typed in capitals, or by email, the same SRP challenge shape as an unknown name', async () => {
    const user = await createTestUser(server);
    const real = [await challengeShape(user.username.toUpperCase()), await challengeShape(user.email)];
    const unknown = [await challengeShape('NOBODY-HERE'), await challengeShape('nobody-here@example.com')];
    for (const shape of [...real, ...unknown]) {
      expect(shape).toEqual({ ...shape, identityIsUuid: true, usernameAsTyped: true, identityStable: true, identityIsTypedName: false, saltStable: true, saltShape: true, bChanges: true });
    }
    // The real user's identity is the same whatever name they typed: the sub, which the verifier is for.
    expect(params(await srpStart(user.username.toUpperCase())).USER_ID_FOR_SRP).toBe(user.sub);
  });

  it('answers a wrong SRP proof and a wrong password identically for an existing and an unknown name', async () => {
    const user = await createTestUser(server);
    const answers = [await srpAuth(server, user.username, 'Wrong-1-Passw0rd!'), await srpAuth(server, 'nobody-srp', 'Wrong-1-Passw0rd!')];
    answers.push(await passwordAuth(server, user.username, 'Wrong-2-Passw0rd!'), await passwordAuth(server, 'nobody-srp', 'Wrong-2-Passw0rd!'));
    for (const answer of answers) expect(answer).toEqual({ status: 400, body: { __type: 'NotAuthorizedException', message: 'Incorrect username or password.' } });
  });

  // Threat: the sub is accepted as a sign-in name, so an outsider can send back the USER_ID_FOR_SRP a
  // challenge handed out and compare: a real user's sub leads to the same identity and salt, so an
  // unknown name's stand-in identity must too, and a sub no user has must answer like any unknown name.
  it('answers a stand-in identity sent back as USERNAME with the same identity and salt, as a real sub does', async () => {
    const user = await createTestUser(server);
    for (const login of [user.username, 'NOBODY-LINKED', 'nobody-linked@example.com']) {
      const first = params(await srpStart(login));
      const identity = first.USER_ID_FOR_SRP ?? '';
      const byIdentity = params(await srpStart(identity));
      expect({ identity: byIdentity.USER_ID_FOR_SRP, salt: byIdentity.SALT }, login).toEqual({ identity, salt: first.SALT });
      // Typed in capitals, too (a sub is looked up case-insensitively, like a name).
      expect(params(await srpStart(identity.toUpperCase())).USER_ID_FOR_SRP, login).toBe(identity);
    }
    expect(params(await srpStart(user.username)).USER_ID_FOR_SRP).toBe(user.sub);
  });

  it('answers a sub no user has exactly like an unknown name, in every sign-in flow and ForgotPassword', async () => {
    const unknownSub = 'a3b1c2d4-0000-4000-8000-000000000abc';
    for (const login of [unknownSub, 'nobody-sub']) {
      expect(await srpAuth(server, login, 'Wrong-1-Passw0rd!')).toEqual({ status: 400, body: { __type: 'NotAuthorizedException', message: 'Incorrect username or password.' } });
      expect(await passwordAuth(server, login, 'Wrong-1-Passw0rd!')).toEqual({ status: 400, body: { __type: 'NotAuthorizedException', message: 'Incorrect username or password.' } });
      const forgot = (await server.call('ForgotPassword', { ClientId: server.pool.clientId, Username: login })).body;
      expect(forgot).toMatchObject({ CodeDeliveryDetails: { DeliveryMedium: 'EMAIL', AttributeName: 'email' } });
    }
    const shape = await challengeShape(unknownSub);
    expect(shape).toMatchObject({ identityIsUuid: true, usernameAsTyped: true, identityStable: true, saltStable: true, saltShape: true, bChanges: true });
  });

  it('simulates ForgotPassword and ResendConfirmationCode for an unknown name, with a stable masked address', async () => {
    const user = await createTestUser(server, { attributes: { email: 'kim.example@domain.example', email_verified: 'true' } });
    const forgot = async (login: string) => (await server.call('ForgotPassword', { ClientId: server.pool.clientId, Username: login })).body;
    const real = await forgot(user.username);
    const unknown = await forgot('nobody-forgot');
    expect(real).toEqual({ CodeDeliveryDetails: { Destination: 'k***@d***', DeliveryMedium: 'EMAIL', AttributeName: 'email' } });
    const details = unknown.CodeDeliveryDetails as Record<string, unknown>;
    expect(details.Destination).toMatch(/^[a-z]\*\*\*@[a-z]\*\*\*$/);
    expect(details).toMatchObject({ DeliveryMedium: 'EMAIL', AttributeName: 'email' });
    expect(await forgot('nobody-forgot')).toEqual(unknown);
    const resend = (await server.call('ResendConfirmationCode', { ClientId: server.pool.clientId, Username: 'nobody-forgot' })).body;
    expect(resend).toEqual(unknown);
  });

  it('answers guesses at a reset code the same for an existing and an unknown name, up to the attempt limit', async () => {
    const user = await createTestUser(server);
    const guesses = async (login: string): Promise<string[]> => {
      await server.call('ForgotPassword', { ClientId: server.pool.clientId, Username: login });
      const out: string[] = [];
      for (let i = 0; i < server.config.codeMaxAttempts + 1; i++) {
        const reply = await server.call('ConfirmForgotPassword', { ClientId: server.pool.clientId, Username: login, ConfirmationCode: '00000' + String(i % 10), Password: 'New-Passw0rd!!' });
        out.push(`${String(reply.body.__type)}: ${String(reply.body.message)}`);
      }
      return out;
    };
    const real = await guesses(user.username);
    expect(real.slice(0, -2).every((a) => a.startsWith('CodeMismatchException'))).toBe(true);
    expect(real.slice(-2).every((a) => a.startsWith('LimitExceededException'))).toBe(true);
    expect(await guesses('nobody-reset')).toEqual(real);
    // Without a "sent" code, both answer ExpiredCodeException.
    const never = async (login: string) => (await server.call('ConfirmSignUp', { ClientId: server.pool.clientId, Username: login, ConfirmationCode: '123456' })).body;
    const unconfirmed = await createTestUser(server, { status: 'UNCONFIRMED' });
    expect(await never('nobody-confirm')).toEqual(await never(unconfirmed.username));
  });
});

describe('a client that reveals user existence (PreventUserExistenceErrors LEGACY)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ env: AUTH_TEST_ENV });
    await server.db.query('UPDATE app_clients SET prevent_user_existence_errors = false WHERE id = $1', [server.pool.clientId]);
  });
  afterAll(async () => server.close());

  it('answers UserNotFoundException, as Cognito does for such clients', async () => {
    expect((await passwordAuth(server, 'nobody-legacy', 'Wrong-1-Passw0rd!')).body.__type).toBe('UserNotFoundException');
    expect((await server.call('ForgotPassword', { ClientId: server.pool.clientId, Username: 'nobody-legacy' })).body.__type).toBe('UserNotFoundException');
  });
});

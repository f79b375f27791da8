// Every challenge the server can produce, over HTTP: NEW_PASSWORD_REQUIRED with required
// attributes, SMS and email MFA, MFA_SETUP by email, SELECT_MFA_TYPE, USER_AUTH's first factors
// (SELECT_CHALLENGE, PASSWORD, PASSWORD_SRP, EMAIL_OTP, SMS_OTP) and CUSTOM_AUTH.
import { AdminCreateUserCommand, CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { createClientEphemeral } from '@steward/auth-core/srp';
import { decodeJwt } from 'jose';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { setCustomAuthDefinition } from '../../src/user-pool/auth/index.js';
import { emailCodeChallenge } from '../../src/user-pool/auth/custom-auth/email-code-challenge.js';
import { findUserBySub } from '../../src/user-pool/users/user-repository.js';
import { startTestServer, TEST_ADMIN_CREDENTIALS, type TestServer } from '../harness.js';
import {
  advance,
  answerPasswordVerifier,
  AUTH_TEST_ENV,
  createTestUser,
  expectError,
  params,
  passwordAuth,
  respond,
  session,
  tokens,
  totpAt,
  type Reply,
  type TestUser,
} from './auth-fixtures.js';

describe('sign-in challenges', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ database: 'postgres', env: AUTH_TEST_ENV });
  });
  afterAll(async () => server.close());

  const userAuth = (username: string, extra: Record<string, string> = {}): Promise<Reply> =>
    server.call('InitiateAuth', { AuthFlow: 'USER_AUTH', ClientId: server.pool.clientId, AuthParameters: { USERNAME: username, ...extra } });
  const answerTotp = async (reply: Reply, user: TestUser): Promise<Reply> => {
    expect(reply.body.ChallengeName, JSON.stringify(reply.body)).toBe('SOFTWARE_TOKEN_MFA');
    advance(server, 30);
    return respond(server, 'SOFTWARE_TOKEN_MFA', session(reply), { USERNAME: user.username, SOFTWARE_TOKEN_MFA_CODE: totpAt(server, user.totpSecret ?? '') });
  };

  describe('NEW_PASSWORD_REQUIRED', () => {
    afterEach(async () => {
      await server.db.query(`UPDATE user_pools SET required_attributes = '["email"]' WHERE id = $1`, [server.pool.userPoolId]);
    });

    it('leads a user created by AdminCreateUser to choose a password and give the missing required attributes', async () => {
      const admin = new CognitoIdentityProviderClient({ region: 'us-east-1', endpoint: server.url, credentials: TEST_ADMIN_CREDENTIALS });
      const username = `invited-${Date.now()}`;
      await admin.send(
        new AdminCreateUserCommand({
          UserPoolId: server.pool.userPoolId,
          Username: username,
          TemporaryPassword: 'Temp-Passw0rd!',
          MessageAction: 'SUPPRESS',
          UserAttributes: [
            { Name: 'email', Value: `${username}@example.com` },
            { Name: 'email_verified', Value: 'true' },
          ],
        }),
      );
      admin.destroy();
      await server.db.query(`UPDATE user_pools SET required_attributes = '["email","given_name"]' WHERE id = $1`, [server.pool.userPoolId]);

      const start = await passwordAuth(server, username, 'Temp-Passw0rd!');
      expect(start.body.ChallengeName).toBe('NEW_PASSWORD_REQUIRED');
      expect(JSON.parse(params(start).requiredAttributes ?? '')).toEqual(['userAttributes.given_name']);
      expect(JSON.parse(params(start).userAttributes ?? '')).toMatchObject({ email: `${username}@example.com` });

      expectError(await respond(server, 'NEW_PASSWORD_REQUIRED', session(start), { USERNAME: username, NEW_PASSWORD: 'New-Passw0rd!' }), 'InvalidParameterException', /given_name/);
      expectError(await respond(server, 'NEW_PASSWORD_REQUIRED', session(start), { USERNAME: username, NEW_PASSWORD: 'short', 'userAttributes.given_name': 'Ivy' }), 'InvalidPasswordException');
      const changed = await respond(server, 'NEW_PASSWORD_REQUIRED', session(start), { USERNAME: username, NEW_PASSWORD: 'New-Passw0rd!', 'userAttributes.given_name': 'Ivy' });
      // MFA is required and the new user has none: set it up next.
      expect(changed.body.ChallengeName).toBe('MFA_SETUP');

      // The temporary password is gone; the new one leads straight to MFA setup.
      expectError(await passwordAuth(server, username, 'Temp-Passw0rd!'), 'NotAuthorizedException', 'Incorrect username or password.');
      expect((await passwordAuth(server, username, 'New-Passw0rd!')).body.ChallengeName).toBe('MFA_SETUP');
    });

    it('refuses an expired temporary password', async () => {
      const user = await createTestUser(server, { status: 'FORCE_CHANGE_PASSWORD', patch: { temporaryPasswordExpiresAt: new Date(server.clock.now().getTime() - 1000) } });
      expectError(await passwordAuth(server, user.username, user.password), 'NotAuthorizedException', 'Temporary password has expired and must be reset by an administrator.');
    });
  });

  describe('MFA by SMS and email', () => {
    it('sends a 6-digit SMS code and signs in with it, once', async () => {
      const user = await createTestUser(server, { mfa: 'sms' });
      const start = await passwordAuth(server, user.username, user.password);
      expect(start.body.ChallengeName).toBe('SMS_MFA');
      const code = await server.latestCode(user.phone);
      expect(code).toMatch(/^\d{6}$/);
      expectError(await respond(server, 'SMS_MFA', session(start), { USERNAME: user.username, SMS_MFA_CODE: code === '000000' ? '111111' : '000000' }), 'CodeMismatchException');
      const done = await respond(server, 'SMS_MFA', session(start), { USERNAME: user.username, SMS_MFA_CODE: code });
      expect(decodeJwt(tokens(done).IdToken)).toMatchObject({ sub: user.sub, phone_number: user.phone });
    });

    it('sets up email MFA through MFA_SETUP with a new address, verifying it with the code sent there', async () => {
      const user = await createTestUser(server, { mfa: 'none' });
      const start = await passwordAuth(server, user.username, user.password);
      expect(start.body.ChallengeName).toBe('MFA_SETUP');
      expectError(await respond(server, 'MFA_SETUP', session(start), { USERNAME: user.username, EMAIL: 'not-an-email' }), 'InvalidParameterException');
      const newEmail = `new-${user.username}@example.com`;
      const asked = await respond(server, 'MFA_SETUP', session(start), { USERNAME: user.username, EMAIL: newEmail });
      expect(asked.body.ChallengeName).toBe('EMAIL_OTP');
      expect(params(asked)).toMatchObject({ CODE_DELIVERY_DELIVERY_MEDIUM: 'EMAIL', CODE_DELIVERY_DESTINATION: 'n***@e***' });
      const done = await respond(server, 'EMAIL_OTP', session(asked), { USERNAME: user.username, EMAIL_OTP_CODE: await server.latestCode(newEmail) });
      expect(decodeJwt(tokens(done).IdToken)).toMatchObject({ email: newEmail, email_verified: true });
      const stored = await findUserBySub(server.db, user.sub);
      expect(stored).toMatchObject({ emailMfaEnabled: true, preferredMfa: 'EMAIL_OTP' });

      const next = await passwordAuth(server, user.username, user.password);
      expect(next.body.ChallengeName).toBe('EMAIL_OTP');
      tokens(await respond(server, 'EMAIL_OTP', session(next), { USERNAME: user.username, EMAIL_OTP_CODE: await server.latestCode(newEmail) }));
    });

    it('refuses to finish MFA_SETUP for an authenticator app that was never verified', async () => {
      const user = await createTestUser(server, { mfa: 'none' });
      const start = await passwordAuth(server, user.username, user.password);
      expectError(await respond(server, 'MFA_SETUP', session(start), { USERNAME: user.username }), 'InvalidParameterException');
    });
  });

  describe('USER_AUTH first factors', () => {
    it('lists the factors the user can use in SELECT_CHALLENGE', async () => {
      const user = await createTestUser(server);
      const start = await userAuth(user.username);
      expect(start.body).toMatchObject({ ChallengeName: 'SELECT_CHALLENGE', AvailableChallenges: ['EMAIL_OTP', 'SMS_OTP', 'PASSWORD', 'PASSWORD_SRP'] });
      // An unknown user sees a plausible list, and no answer succeeds.
      const unknown = await userAuth('nobody-at-all');
      expect(unknown.body).toMatchObject({ ChallengeName: 'SELECT_CHALLENGE', AvailableChallenges: ['PASSWORD', 'PASSWORD_SRP'] });
      expectError(await respond(server, 'SELECT_CHALLENGE', session(unknown), { USERNAME: 'nobody-at-all', ANSWER: 'PASSWORD', PASSWORD: 'Whatever-1!' }), 'NotAuthorizedException', 'Incorrect username or password.');
    });

    it('signs in with an emailed code as first factor, then asks a second factor from another channel', async () => {
      const user = await createTestUser(server);
      const start = await userAuth(user.username);
      const asked = await respond(server, 'SELECT_CHALLENGE', session(start), { USERNAME: user.username, ANSWER: 'EMAIL_OTP' });
      expect(asked.body.ChallengeName).toBe('EMAIL_OTP');
      const second = await respond(server, 'EMAIL_OTP', session(asked), { USERNAME: user.username, EMAIL_OTP_CODE: await server.latestCode(user.email) });
      tokens(await answerTotp(second, user));

      // Email is this user's only MFA: after an emailed first factor they must set up an app.
      const emailOnly = await createTestUser(server, { mfa: 'email' });
      const first = await userAuth(emailOnly.username, { PREFERRED_CHALLENGE: 'EMAIL_OTP' });
      expect(first.body.ChallengeName).toBe('EMAIL_OTP');
      const setup = await respond(server, 'EMAIL_OTP', session(first), { USERNAME: emailOnly.username, EMAIL_OTP_CODE: await server.latestCode(emailOnly.email) });
      expect(setup.body.ChallengeName).toBe('MFA_SETUP');
      expect(JSON.parse(params(setup).MFAS_CAN_SETUP ?? '')).toEqual(['SOFTWARE_TOKEN_MFA']);
    });

    it('starts the preferred SMS_OTP factor at once', async () => {
      const user = await createTestUser(server);
      const start = await userAuth(user.username, { PREFERRED_CHALLENGE: 'SMS_OTP' });
      expect(start.body.ChallengeName).toBe('SMS_OTP');
      expectError(await respond(server, 'SMS_OTP', session(start), { USERNAME: user.username, SMS_OTP_CODE: '12345x' }), 'CodeMismatchException');
      const second = await respond(server, 'SMS_OTP', session(start), { USERNAME: user.username, SMS_OTP_CODE: await server.latestCode(user.phone) });
      tokens(await answerTotp(second, user));
    });

    it('takes PASSWORD with the preferred challenge and PASSWORD_SRP through SELECT_CHALLENGE', async () => {
      const user = await createTestUser(server);
      tokens(await answerTotp(await userAuth(user.username, { PREFERRED_CHALLENGE: 'PASSWORD', PASSWORD: user.password }), user));

      const start = await userAuth(user.username);
      const ephemeral = createClientEphemeral();
      const verifier = await respond(server, 'SELECT_CHALLENGE', session(start), { USERNAME: user.username, ANSWER: 'PASSWORD_SRP', SRP_A: ephemeral.srpAHex });
      expect(verifier.body.ChallengeName).toBe('PASSWORD_VERIFIER');
      tokens(await answerTotp(await answerPasswordVerifier(server, verifier, ephemeral, user.password), user));
    });
  });

  describe('CUSTOM_AUTH', () => {
    afterEach(() => setCustomAuthDefinition(emailCodeChallenge));
    const customAuth = (parameters: Record<string, string>): Promise<Reply> =>
      server.call('InitiateAuth', { AuthFlow: 'CUSTOM_AUTH', ClientId: server.pool.clientId, AuthParameters: parameters });

    it('without SRP: an emailed code, one typo allowed without a new email, then a second factor', async () => {
      const user = await createTestUser(server);
      const start = await customAuth({ USERNAME: user.username });
      expect(start.body.ChallengeName).toBe('CUSTOM_CHALLENGE');
      expect(params(start)).toMatchObject({ CODE_DELIVERY_DELIVERY_MEDIUM: 'EMAIL', USERNAME: user.sub });
      const code = await server.latestCode(user.email);
      const retry = await respond(server, 'CUSTOM_CHALLENGE', session(start), { USERNAME: user.username, ANSWER: code === '000000' ? '111111' : '000000' });
      expect(retry.body.ChallengeName).toBe('CUSTOM_CHALLENGE');
      expect(await server.outbox(user.email)).toHaveLength(1);
      tokens(await answerTotp(await respond(server, 'CUSTOM_CHALLENGE', session(retry), { USERNAME: user.username, ANSWER: code }), user));
    });

    it('with SRP: the password, then the emailed code, is enough for the MFA-required pool', async () => {
      const user = await createTestUser(server);
      const ephemeral = createClientEphemeral();
      const start = await customAuth({ USERNAME: user.username, SRP_A: ephemeral.srpAHex, CHALLENGE_NAME: 'SRP_A' });
      expect(start.body.ChallengeName).toBe('PASSWORD_VERIFIER');
      const custom = await answerPasswordVerifier(server, start, ephemeral, user.password);
      expect(custom.body.ChallengeName).toBe('CUSTOM_CHALLENGE');
      const done = await respond(server, 'CUSTOM_CHALLENGE', session(custom), { USERNAME: user.username, ANSWER: await server.latestCode(user.email) });
      tokens(done);
    });

    // Threat: guessing the custom challenge's answer.
    it('fails the sign-in after three wrong answers and ends the session', async () => {
      const user = await createTestUser(server);
      let current = session(await customAuth({ USERNAME: user.username }));
      for (let i = 0; i < 2; i++) current = session(await respond(server, 'CUSTOM_CHALLENGE', current, { USERNAME: user.username, ANSWER: 'wrong' }));
      expectError(await respond(server, 'CUSTOM_CHALLENGE', current, { USERNAME: user.username, ANSWER: 'wrong' }), 'NotAuthorizedException', 'Incorrect username or password.');
      expectError(await respond(server, 'CUSTOM_CHALLENGE', current, { USERNAME: user.username, ANSWER: await server.latestCode(user.email) }), 'NotAuthorizedException');
    });

    it('runs a definition installed by the deployment', async () => {
      setCustomAuthDefinition({
        define: ({ rounds }) => (rounds.some((r) => r.challengeResult) ? { issueTokens: true } : rounds.length >= 1 ? { failAuthentication: true } : { challengeName: 'CUSTOM_CHALLENGE' }),
        create: (_event, tools) => ({ publicChallengeParameters: { QUESTION: 'six times seven?' }, privateChallengeParameters: { answerHash: tools.hashAnswer('42') } }),
        verify: ({ privateChallengeParameters, challengeAnswer }, tools) => tools.answerMatches(challengeAnswer, privateChallengeParameters.answerHash ?? ''),
      });
      const user = await createTestUser(server, { mfa: 'none' });
      await server.db.query(`UPDATE user_pools SET mfa_configuration = 'OPTIONAL' WHERE id = $1`, [server.pool.userPoolId]);
      try {
        const start = await customAuth({ USERNAME: user.username });
        expect(params(start)).toMatchObject({ QUESTION: 'six times seven?' });
        tokens(await respond(server, 'CUSTOM_CHALLENGE', session(start), { USERNAME: user.username, ANSWER: '42' }));
      } finally {
        await server.db.query(`UPDATE user_pools SET mfa_configuration = 'ON' WHERE id = $1`, [server.pool.userPoolId]);
      }
    });
  });
});

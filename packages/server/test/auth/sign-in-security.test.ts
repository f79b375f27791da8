// Security of sign-in: guessing passwords, guessing or replaying MFA codes, reusing or outliving
// challenge sessions, and probing for accounts. Each test names the threat it guards against.
import { createClientEphemeral, SRP_N } from '@steward/auth-core/srp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertClient } from '../../src/user-pool/pools/pool-repository.js';
import { updateUser } from '../../src/user-pool/users/user-repository.js';
import { BOTH_DATABASES, startTestServer, type TestServer } from '../harness.js';
import { advance, answerPasswordVerifier, AUTH_TEST_ENV, createTestUser, expectError, passwordAuth, respond, session, signInWithTotp, srpAuth, tokens, totpAt } from './auth-fixtures.js';

const EXPIRED = 'Invalid session for the user, session is expired.';

describe.each(BOTH_DATABASES)('sign-in security (%s)', (database) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ database, env: AUTH_TEST_ENV });
  });
  afterAll(async () => server.close());

  // Threat: telling "no such user" from "wrong password" lets an attacker enumerate accounts.
  it('answers a wrong password and an unknown user alike, in both password flows', async () => {
    const user = await createTestUser(server);
    expectError(await passwordAuth(server, user.username, 'Wrong-Passw0rd!'), 'NotAuthorizedException', 'Incorrect username or password.');
    expectError(await passwordAuth(server, 'nobody-here', 'Wrong-Passw0rd!'), 'NotAuthorizedException', 'Incorrect username or password.');
    // SRP: the unknown user gets a decoy challenge of the same shape, then the same error.
    expectError(await srpAuth(server, user.username, 'Wrong-Passw0rd!'), 'NotAuthorizedException', 'Incorrect username or password.');
    expectError(await srpAuth(server, 'nobody-here', 'Wrong-Passw0rd!'), 'NotAuthorizedException', 'Incorrect username or password.');
  });

  // Threat: online password guessing.
  it('throttles after repeated wrong passwords (both flows count), also for the right password, until the lockout passes', async () => {
    const user = await createTestUser(server);
    for (let i = 0; i < 2; i++) expectError(await srpAuth(server, user.username, `Wrong-${i}-Passw0rd!`), 'NotAuthorizedException', 'Incorrect username or password.');
    for (let i = 0; i < 2; i++) expectError(await passwordAuth(server, user.username, `Wrong-${i}-Passw0rd!`), 'NotAuthorizedException', 'Incorrect username or password.');
    expectError(await passwordAuth(server, user.username, 'Wrong-4-Passw0rd!'), 'NotAuthorizedException', 'Password attempts exceeded');
    expectError(await passwordAuth(server, user.username, user.password), 'NotAuthorizedException', 'Password attempts exceeded');
    // SRP hands out its challenge as for anyone (an outsider learns nothing); the proof is refused unchecked.
    expectError(await srpAuth(server, user.username, user.password), 'NotAuthorizedException', 'Password attempts exceeded');
    advance(server, server.config.lockoutInitialSeconds);
    expect((await passwordAuth(server, user.username, user.password)).body.ChallengeName).toBe('SOFTWARE_TOKEN_MFA');
  });

  // Threat: guessing a 6-digit MFA code.
  it('refuses wrong MFA codes and ends the session at the fifth, after which even the right code fails', async () => {
    const user = await createTestUser(server);
    let current = session(await passwordAuth(server, user.username, user.password));
    for (let i = 1; i <= 4; i++) {
      const reply = await respond(server, 'SOFTWARE_TOKEN_MFA', current, { USERNAME: user.username, SOFTWARE_TOKEN_MFA_CODE: '000000' });
      expectError(reply, 'CodeMismatchException');
    }
    expectError(await respond(server, 'SOFTWARE_TOKEN_MFA', current, { USERNAME: user.username, SOFTWARE_TOKEN_MFA_CODE: '000000' }), 'NotAuthorizedException', EXPIRED);
    advance(server, 30);
    expectError(await respond(server, 'SOFTWARE_TOKEN_MFA', current, { USERNAME: user.username, SOFTWARE_TOKEN_MFA_CODE: totpAt(server, user.totpSecret ?? '') }), 'NotAuthorizedException', EXPIRED);
    current = session(await passwordAuth(server, user.username, user.password));
    expect(tokens(await respond(server, 'SOFTWARE_TOKEN_MFA', current, { USERNAME: user.username, SOFTWARE_TOKEN_MFA_CODE: totpAt(server, user.totpSecret ?? '') })).AccessToken).toBeTruthy();
  });

  // Threat: a process killed between counting the last wrong answer and deleting the session leaves a session that takes one more answer.
  it('treats a session at the attempt limit as ended even when the delete that ends it never ran', async () => {
    const user = await createTestUser(server);
    const current = session(await passwordAuth(server, user.username, user.password));
    await server.db.query('UPDATE auth_sessions SET attempts = $1 WHERE user_sub = $2', [server.config.authSessionMaxAttempts, user.sub]);
    advance(server, 30);
    expectError(await respond(server, 'SOFTWARE_TOKEN_MFA', current, { USERNAME: user.username, SOFTWARE_TOKEN_MFA_CODE: totpAt(server, user.totpSecret ?? '') }), 'NotAuthorizedException', EXPIRED);
  });

  // Threat: finishing a sign-in long after the password was given (a left-open screen).
  it('expires the challenge session after 3 minutes', async () => {
    const user = await createTestUser(server);
    const current = session(await passwordAuth(server, user.username, user.password));
    advance(server, 181);
    expectError(await respond(server, 'SOFTWARE_TOKEN_MFA', current, { USERNAME: user.username, SOFTWARE_TOKEN_MFA_CODE: totpAt(server, user.totpSecret ?? '') }), 'NotAuthorizedException', EXPIRED);
  });

  // Threat: a TOTP code seen over the user's shoulder (or phished) used a second time.
  it('refuses a TOTP code that was already used, and accepts one step of clock drift', async () => {
    const user = await createTestUser(server);
    advance(server, 30);
    const code = totpAt(server, user.totpSecret ?? '');
    const first = session(await passwordAuth(server, user.username, user.password));
    tokens(await respond(server, 'SOFTWARE_TOKEN_MFA', first, { USERNAME: user.username, SOFTWARE_TOKEN_MFA_CODE: code }));
    const second = session(await passwordAuth(server, user.username, user.password));
    expectError(await respond(server, 'SOFTWARE_TOKEN_MFA', second, { USERNAME: user.username, SOFTWARE_TOKEN_MFA_CODE: code }), 'CodeMismatchException');
    // The phone runs 30 s behind or ahead: accepted; two steps off: refused.
    expectError(await respond(server, 'SOFTWARE_TOKEN_MFA', second, { USERNAME: user.username, SOFTWARE_TOKEN_MFA_CODE: totpAt(server, user.totpSecret ?? '', -2) }), 'CodeMismatchException');
    tokens(await respond(server, 'SOFTWARE_TOKEN_MFA', second, { USERNAME: user.username, SOFTWARE_TOKEN_MFA_CODE: totpAt(server, user.totpSecret ?? '', 1) }));
  });

  // Threat: a replayed TOTP code ending the sign-in anyway, or being a free guess. The answer that ends a
  // sign-in records the code's step, claims the session and stores the tokens in one statement.
  it('counts a replayed TOTP code as a wrong code and stores nothing for it, up to the fifth', async () => {
    const user = await createTestUser(server);
    advance(server, 30);
    const code = totpAt(server, user.totpSecret ?? '');
    tokens(await respond(server, 'SOFTWARE_TOKEN_MFA', session(await passwordAuth(server, user.username, user.password)), { USERNAME: user.username, SOFTWARE_TOKEN_MFA_CODE: code }));
    const second = session(await passwordAuth(server, user.username, user.password));
    for (let i = 1; i <= 4; i++) expectError(await respond(server, 'SOFTWARE_TOKEN_MFA', second, { USERNAME: user.username, SOFTWARE_TOKEN_MFA_CODE: code }), 'CodeMismatchException');
    expectError(await respond(server, 'SOFTWARE_TOKEN_MFA', second, { USERNAME: user.username, SOFTWARE_TOKEN_MFA_CODE: code }), 'NotAuthorizedException', EXPIRED);
    const stored = await server.db.query<{ origins: number; devices: number }>(
      'SELECT (SELECT count(*)::int FROM refresh_tokens WHERE user_sub = $1) AS origins, (SELECT count(*)::int FROM devices WHERE user_sub = $1) AS devices',
      [user.sub],
    );
    expect(stored[0]).toEqual({ origins: 1, devices: 1 });
  });

  // Threat: two requests racing with one Session string and one TOTP code to get two sets of tokens.
  it('gives tokens to only one of two concurrent TOTP answers on the same session', async () => {
    const user = await createTestUser(server);
    advance(server, 30);
    const current = session(await passwordAuth(server, user.username, user.password));
    const answer = { USERNAME: user.username, SOFTWARE_TOKEN_MFA_CODE: totpAt(server, user.totpSecret ?? '') };
    const replies = await Promise.all([respond(server, 'SOFTWARE_TOKEN_MFA', current, answer), respond(server, 'SOFTWARE_TOKEN_MFA', current, answer)]);
    expect(replies.filter((r) => r.status === 200)).toHaveLength(1);
    const loser = replies.find((r) => r.status !== 200);
    expect(['CodeMismatchException', 'NotAuthorizedException']).toContain(loser?.body.__type);
    const stored = await server.db.query<{ origins: number }>('SELECT count(*)::int AS origins FROM refresh_tokens WHERE user_sub = $1', [user.sub]);
    expect(stored[0]?.origins).toBe(1);
    expectError(await respond(server, 'SOFTWARE_TOKEN_MFA', current, answer), 'NotAuthorizedException', EXPIRED);
  });

  // Threat: replaying a captured Session string to obtain a second set of tokens.
  it('refuses a challenge session once it moved on or completed, also under concurrent use', async () => {
    const user = await createTestUser(server, { mfa: 'sms' });
    const start = await passwordAuth(server, user.username, user.password);
    expect(start.body.ChallengeName).toBe('SMS_MFA');
    const code = await server.latestCode(user.phone);
    const answer = { USERNAME: user.username, SMS_MFA_CODE: code };
    const [a, b] = await Promise.all([respond(server, 'SMS_MFA', session(start), answer), respond(server, 'SMS_MFA', session(start), answer)]);
    const winners = [a, b].filter((r) => r.status === 200);
    expect(winners).toHaveLength(1);
    expectError(await respond(server, 'SMS_MFA', session(start), answer), 'NotAuthorizedException', EXPIRED);

    // The PASSWORD_VERIFIER session is replaced by the MFA session: answering it again fails.
    const totpUser = await createTestUser(server);
    const ephemeral = createClientEphemeral();
    const srpStart = await server.call('InitiateAuth', { AuthFlow: 'USER_SRP_AUTH', ClientId: server.pool.clientId, AuthParameters: { USERNAME: totpUser.username, SRP_A: ephemeral.srpAHex } });
    const verified = await answerPasswordVerifier(server, srpStart, ephemeral, totpUser.password);
    expect(verified.body.ChallengeName).toBe('SOFTWARE_TOKEN_MFA');
    expectError(await answerPasswordVerifier(server, srpStart, ephemeral, totpUser.password), 'NotAuthorizedException', EXPIRED);
  });

  // Threat: a session handed out to one app client being completed through another.
  it('binds the session to its app client and to its challenge', async () => {
    const user = await createTestUser(server);
    const current = session(await passwordAuth(server, user.username, user.password));
    const other = 'otherclient0000000000000001';
    await insertClient(server.db, { id: other, poolId: server.pool.userPoolId, name: 'other' }, server.clock.now());
    advance(server, 30);
    const code = totpAt(server, user.totpSecret ?? '');
    const foreign = await server.call('RespondToAuthChallenge', { ClientId: other, ChallengeName: 'SOFTWARE_TOKEN_MFA', Session: current, ChallengeResponses: { USERNAME: user.username, SOFTWARE_TOKEN_MFA_CODE: code } });
    expectError(foreign, 'NotAuthorizedException', EXPIRED);
    expectError(await respond(server, 'SMS_MFA', current, { USERNAME: user.username, SMS_MFA_CODE: code }), 'NotAuthorizedException', EXPIRED);
    tokens(await respond(server, 'SOFTWARE_TOKEN_MFA', current, { USERNAME: user.username, SOFTWARE_TOKEN_MFA_CODE: code }));
  });

  // Threat: an SRP client choosing A = 0 (or N) so the session key is known without the password.
  it('refuses SRP_A values that are 0 mod N or not hexadecimal', async () => {
    const user = await createTestUser(server);
    for (const A of ['0', SRP_N.toString(16), (SRP_N * 2n).toString(16), 'xyz']) {
      const reply = await server.call('InitiateAuth', { AuthFlow: 'USER_SRP_AUTH', ClientId: server.pool.clientId, AuthParameters: { USERNAME: user.username, SRP_A: A } });
      expectError(reply, 'InvalidParameterException', 'SRP_A is not a valid SRP public value.');
    }
  });

  // Threat: a disabled account, or one awaiting a reset, still signing in — without leaking that state to password guessers.
  it('refuses disabled and reset-required users only after the right password', async () => {
    const user = await createTestUser(server);
    await updateUser(server.db, user.sub, { enabled: false }, server.clock.now());
    expectError(await passwordAuth(server, user.username, 'Wrong-Passw0rd!'), 'NotAuthorizedException', 'Incorrect username or password.');
    expectError(await passwordAuth(server, user.username, user.password), 'NotAuthorizedException', 'User is disabled.');
    const reset = await createTestUser(server, { status: 'RESET_REQUIRED' });
    expectError(await srpAuth(server, reset.username, reset.password), 'PasswordResetRequiredException');
    const unconfirmed = await createTestUser(server, { status: 'UNCONFIRMED' });
    expectError(await passwordAuth(server, unconfirmed.username, unconfirmed.password), 'UserNotConfirmedException', 'User is not confirmed.');
  });

  // Threat: the refresh token of a signed-out user keeps issuing tokens.
  it('refuses refresh tokens after global sign-out', async () => {
    const user = await createTestUser(server);
    const result = await signInWithTotp(server, user);
    const refresh = () => server.call('InitiateAuth', { AuthFlow: 'REFRESH_TOKEN_AUTH', ClientId: server.pool.clientId, AuthParameters: { REFRESH_TOKEN: result.RefreshToken ?? '' } });
    expect((await refresh()).status).toBe(200);
    expect((await server.call('GlobalSignOut', { AccessToken: result.AccessToken })).status).toBe(200);
    expectError(await refresh(), 'NotAuthorizedException', 'Refresh Token has been revoked');
    expectError(await server.call('InitiateAuth', { AuthFlow: 'REFRESH_TOKEN_AUTH', ClientId: server.pool.clientId, AuthParameters: { REFRESH_TOKEN: 'made-up' } }), 'NotAuthorizedException');
  });

  // Threat: an access token of one sign-in registering a verifier for a device handed to another.
  it('lets only the sign-in that received a new device confirm it', async () => {
    const user = await createTestUser(server);
    const a = await signInWithTotp(server, user);
    const b = await signInWithTotp(server, user);
    const verifier = { Salt: Buffer.alloc(16, 1).toString('base64'), PasswordVerifier: Buffer.alloc(384, 2).toString('base64') };
    const cross = await server.call('ConfirmDevice', { AccessToken: b.AccessToken, DeviceKey: a.NewDeviceMetadata?.DeviceKey, DeviceSecretVerifierConfig: verifier });
    expectError(cross, 'NotAuthorizedException');
    const own = await server.call('ConfirmDevice', { AccessToken: a.AccessToken, DeviceKey: a.NewDeviceMetadata?.DeviceKey, DeviceSecretVerifierConfig: verifier, DeviceName: 'laptop' });
    expect(own.body).toEqual({ UserConfirmationNecessary: true });
  });
});

describe('MFA code expiry (PostgreSQL, a 5-minute challenge session)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ database: 'postgres', env: { ...AUTH_TEST_ENV, AUTH_SESSION_TTL_SECONDS: '300' } });
  });
  afterAll(async () => server.close());

  // Threat: an SMS code intercepted late (a forwarded or leaked message) still working.
  it('refuses an SMS MFA code older than 3 minutes with ExpiredCodeException', async () => {
    const user = await createTestUser(server, { mfa: 'sms' });
    const start = await passwordAuth(server, user.username, user.password);
    const code = await server.latestCode(user.phone);
    advance(server, 181);
    expectError(await respond(server, 'SMS_MFA', session(start), { USERNAME: user.username, SMS_MFA_CODE: code }), 'ExpiredCodeException');
  });
});

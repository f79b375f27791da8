// Threat: an attacker who has the password guesses the 6-digit MFA code. Each challenge session
// ends after 5 wrong codes, but a fresh sign-in used to start over: 30 wrong TOTP codes over 6
// sign-ins, then the right one, returned tokens. Failed code answers now count per user across
// sign-ins (TOTP, SMS, email, custom challenges), on the password lockout's schedule, and a success
// resets the count.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { setCustomAuthDefinition } from '../../src/user-pool/auth/index.js';
import { emailCodeChallenge } from '../../src/user-pool/auth/custom-auth/email-code-challenge.js';
import { BOTH_DATABASES, startTestServer, type TestServer } from '../harness.js';
import { startTwoProcesses, type ServerProcess, type TwoProcesses } from '../server-process.js';
import { advance, AUTH_TEST_ENV, createTestUser, expectError, passwordAuth, respond, session, tokens, totpAt, type Reply, type TestUser } from '../auth/auth-fixtures.js';

const TOO_MANY = 'TooManyFailedAttemptsException';

describe.each(BOTH_DATABASES)('MFA code guessing across sign-ins (%s)', (database) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ database, env: { ...AUTH_TEST_ENV, CODE_SEND_LIMIT: '0' } });
  });
  afterAll(async () => server.close());
  afterEach(() => setCustomAuthDefinition(emailCodeChallenge));

  const wrongTotp = (user: TestUser): string => (totpAt(server, user.totpSecret ?? '') === '000000' ? '111111' : '000000');

  /** Six sign-ins with five wrong TOTP codes each (as many as a session allows), as the attacker would. */
  async function thirtyWrongCodes(user: TestUser): Promise<Reply[]> {
    const answers: Reply[] = [];
    for (let signIn = 0; signIn < 6; signIn++) {
      const current = session(await passwordAuth(server, user.username, user.password));
      for (let i = 0; i < 5; i++) answers.push(await respond(server, 'SOFTWARE_TOKEN_MFA', current, { USERNAME: user.username, SOFTWARE_TOKEN_MFA_CODE: wrongTotp(user) }));
    }
    return answers;
  }

  it('refuses the right TOTP code after 30 wrong ones spread over 6 sign-ins, without checking it', async () => {
    const user = await createTestUser(server, { mfa: 'totp' });
    const answers = await thirtyWrongCodes(user);
    // The first four are ordinary mismatches; from the fifth the counter is locked (1 s, not passing on the manual clock).
    expect(answers.slice(0, 4).map((a) => a.body.__type)).toEqual(Array(4).fill('CodeMismatchException'));
    expect(answers.slice(5).every((a) => a.body.__type === TOO_MANY)).toBe(true);
    const last = await passwordAuth(server, user.username, user.password);
    expectError(await respond(server, 'SOFTWARE_TOKEN_MFA', session(last), { USERNAME: user.username, SOFTWARE_TOKEN_MFA_CODE: totpAt(server, user.totpSecret ?? '') }), TOO_MANY);
  });

  it('lets the right code through once the lockout passed, and the success resets the count', async () => {
    const user = await createTestUser(server, { mfa: 'totp' });
    let current = session(await passwordAuth(server, user.username, user.password));
    for (let i = 0; i < 4; i++) expectError(await respond(server, 'SOFTWARE_TOKEN_MFA', current, { USERNAME: user.username, SOFTWARE_TOKEN_MFA_CODE: wrongTotp(user) }), 'CodeMismatchException');
    current = session(await passwordAuth(server, user.username, user.password));
    expectError(await respond(server, 'SOFTWARE_TOKEN_MFA', current, { USERNAME: user.username, SOFTWARE_TOKEN_MFA_CODE: wrongTotp(user) }), TOO_MANY);
    expectError(await respond(server, 'SOFTWARE_TOKEN_MFA', current, { USERNAME: user.username, SOFTWARE_TOKEN_MFA_CODE: totpAt(server, user.totpSecret ?? '') }), TOO_MANY);
    advance(server, 30);
    tokens(await respond(server, 'SOFTWARE_TOKEN_MFA', current, { USERNAME: user.username, SOFTWARE_TOKEN_MFA_CODE: totpAt(server, user.totpSecret ?? '') }));
    const rows = await server.db.query('SELECT 1 FROM sign_in_failures WHERE key = $1', [`mfa:${user.sub}`]);
    expect(rows).toHaveLength(0);
  });

  it('counts SMS and email codes on the same per-user counter', async () => {
    const user = await createTestUser(server, { mfa: 'sms' });
    for (let signIn = 0; signIn < 2; signIn++) {
      const current = session(await passwordAuth(server, user.username, user.password));
      const code = await server.latestCode(user.phone);
      const attempts = signIn === 0 ? 3 : 1;
      for (let i = 0; i < attempts; i++) expectError(await respond(server, 'SMS_MFA', current, { USERNAME: user.username, SMS_MFA_CODE: code === '000000' ? '111111' : '000000' }), 'CodeMismatchException');
    }
    await server.db.query(`UPDATE users SET sms_mfa_enabled = false, email_mfa_enabled = true, preferred_mfa = 'EMAIL_OTP' WHERE sub = $1`, [user.sub]);
    const current = session(await passwordAuth(server, user.username, user.password));
    const code = await server.latestCode(user.email);
    expectError(await respond(server, 'EMAIL_OTP', current, { USERNAME: user.username, EMAIL_OTP_CODE: code === '000000' ? '111111' : '000000' }), TOO_MANY);
    expectError(await respond(server, 'EMAIL_OTP', current, { USERNAME: user.username, EMAIL_OTP_CODE: code }), TOO_MANY);
  });

  it('counts wrong custom-challenge answers on the same counter', async () => {
    const user = await createTestUser(server, { mfa: 'totp' });
    const customAuth = () => server.call('InitiateAuth', { AuthFlow: 'CUSTOM_AUTH', ClientId: server.pool.clientId, AuthParameters: { USERNAME: user.username } });
    const outcomes: string[] = [];
    for (let signIn = 0; signIn < 2; signIn++) {
      let current = session(await customAuth());
      for (let i = 0; i < 3; i++) {
        const reply = await respond(server, 'CUSTOM_CHALLENGE', current, { USERNAME: user.username, ANSWER: 'wrong' });
        outcomes.push(String(reply.body.ChallengeName ?? reply.body.__type));
        if (typeof reply.body.Session !== 'string') break;
        current = reply.body.Session;
      }
    }
    // Five answers were checked (the definition allows three per sign-in); the sixth is refused unchecked.
    expect(outcomes).toEqual(['CUSTOM_CHALLENGE', 'CUSTOM_CHALLENGE', 'NotAuthorizedException', 'CUSTOM_CHALLENGE', 'CUSTOM_CHALLENGE', TOO_MANY]);
  });
});

describe('a burst of MFA code guesses over many sign-ins and two server processes on one PostgreSQL', () => {
  // A first lockout long enough to outlast the burst.
  let two: TwoProcesses;
  let server: TestServer;
  let other: ServerProcess;
  beforeAll(async () => {
    two = await startTwoProcesses({ ...AUTH_TEST_ENV, LOCKOUT_INITIAL_SECONDS: '120' });
    ({ server, other } = two);
  }, 90_000);
  afterAll(async () => two?.close());

  it('checks no more than the free attempts of 40 simultaneous wrong codes sent over 8 sessions', async () => {
    const user = await createTestUser(server, { mfa: 'totp' });
    const sessions: string[] = [];
    for (let i = 0; i < 8; i++) sessions.push(session(await passwordAuth(server, user.username, user.password)));
    const wrong = totpAt(server, user.totpSecret ?? '') === '000000' ? '111111' : '000000';
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        fetch(`${i % 2 === 0 ? server.url : other.url}/`, {
          method: 'POST',
          headers: { 'content-type': 'application/x-amz-json-1.1', 'x-amz-target': 'AWSCognitoIdentityProviderService.RespondToAuthChallenge' },
          body: JSON.stringify({
            ClientId: server.pool.clientId,
            ChallengeName: 'SOFTWARE_TOKEN_MFA',
            Session: sessions[i % sessions.length],
            ChallengeResponses: { USERNAME: user.username, SOFTWARE_TOKEN_MFA_CODE: wrong },
          }),
        }).then(async (r) => ((await r.json()) as { __type?: string }).__type),
      ),
    );
    const rows = await server.db.query<{ failures: number }>('SELECT failures::int AS failures FROM sign_in_failures WHERE key = $1', [`mfa:${user.sub}`]);
    expect(rows[0]?.failures).toBe(5);
    // Four ordinary mismatches; everything else refused by the lockout (the fifth says so too).
    expect(answers.filter((t) => t === 'CodeMismatchException')).toHaveLength(4);
    expect(answers.filter((t) => t === TOO_MANY)).toHaveLength(36);
  });
});

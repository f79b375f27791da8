// Threat: control characters, NUL and lone surrogates in an identifier (ClientId, a sign-in name)
// reaching PostgreSQL, whose text cannot hold \u0000: an HTTP 500 InternalErrorException an
// attacker can provoke at will (a crash oracle that fills the error log), instead of Cognito's 400.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BOTH_DATABASES, startTestServer, type TestServer } from '../harness.js';

/** The 14 hostile characters, each placed inside an otherwise valid value. */
const CASES: readonly (readonly [name: string, character: string])[] = [
  ['NUL', '\u0000'],
  ['start of heading \\u0001', '\u0001'],
  ['bell \\u0007', '\u0007'],
  ['backspace \\u0008', '\b'],
  ['tab', '\t'],
  ['line feed', '\n'],
  ['vertical tab \\u000b', '\u000b'],
  ['carriage return', '\r'],
  ['escape \\u001b', '\u001b'],
  ['unit separator \\u001f', '\u001f'],
  ['delete \\u007f', '\u007f'],
  ['lone high surrogate', '\ud800'],
  ['lone low surrogate', '\udfff'],
  ['surrogates in the wrong order', '\udc00\ud800'],
];

const INVALID = { status: 400, type: 'InvalidParameterException', shape: ['__type', 'message'] };

describe.each(BOTH_DATABASES)('control characters at the wire (%s)', (database) => {
  let server: TestServer;
  beforeAll(async () => {
    // The default request limit stays on: the request counter is what used to carry a raw ClientId to the database.
    server = await startTestServer({ database });
  });
  afterAll(async () => {
    await server.close();
  });

  /** Sends one request per case (the hostile character inside `value`) and returns each answer's status, __type and body keys. */
  async function answersTo(build: (character: string) => Record<string, unknown>, target: string): Promise<Record<string, unknown>> {
    const answers: Record<string, unknown> = {};
    for (const [name, character] of CASES) {
      // JSON.stringify escapes NUL and lone surrogates, so the body is valid JSON and the server's parser yields them back.
      const reply = await server.call(target, build(character));
      answers[name] = { status: reply.status, type: reply.body.__type, shape: Object.keys(reply.body).sort() };
    }
    return answers;
  }
  const everyCase = (): Record<string, unknown> => Object.fromEntries(CASES.map(([name]) => [name, INVALID]));

  const password = 'Contr0l-Chars!!';
  const flows: readonly (readonly [flow: string, extra: Record<string, string>])[] = [
    ['USER_SRP_AUTH', { SRP_A: '02' }],
    ['USER_PASSWORD_AUTH', { PASSWORD: password }],
    ['USER_AUTH', { PREFERRED_CHALLENGE: 'PASSWORD', PASSWORD: password }],
  ];

  it('answers InvalidParameterException to a ClientId with a control character in InitiateAuth', async () => {
    const answers = await answersTo((c) => ({ AuthFlow: 'USER_PASSWORD_AUTH', ClientId: `${server.pool.clientId}${c}`, AuthParameters: { USERNAME: 'admin', PASSWORD: password } }), 'InitiateAuth');
    expect(answers).toEqual(everyCase());
  });

  it('answers InvalidParameterException to a ClientId with a control character in SignUp', async () => {
    const answers = await answersTo((c) => ({ ClientId: `${c}${server.pool.clientId}`, Username: 'controlcharacters', Password: password }), 'SignUp');
    expect(answers).toEqual(everyCase());
  });

  it.each(flows)('answers InvalidParameterException to an AuthParameters.USERNAME with a control character in %s', async (flow, extra) => {
    const answers = await answersTo((c) => ({ AuthFlow: flow, ClientId: server.pool.clientId, AuthParameters: { USERNAME: `ad${c}min`, ...extra } }), 'InitiateAuth');
    expect(answers).toEqual(everyCase());
  });

  it('answers InvalidParameterException to a SignUp Username with a control character', async () => {
    const answers = await answersTo((c) => ({ ClientId: server.pool.clientId, Username: `sign${c}up`, Password: password }), 'SignUp');
    expect(answers).toEqual(everyCase());
  });

  it('answers InvalidParameterException to a control character in any other AuthParameters / ChallengeResponses value', async () => {
    const answers: Record<string, unknown> = {};
    for (const key of ['SECRET_HASH', 'DEVICE_KEY', 'SRP_A', 'REFRESH_TOKEN', 'PREFERRED_CHALLENGE']) {
      const reply = await server.call('InitiateAuth', { AuthFlow: 'USER_SRP_AUTH', ClientId: server.pool.clientId, AuthParameters: { USERNAME: 'admin', SRP_A: '02', [key]: `a\u0000b` } });
      answers[key] = reply.body.__type;
    }
    for (const key of ['SOFTWARE_TOKEN_MFA_CODE', 'PASSWORD_CLAIM_SIGNATURE', 'TIMESTAMP', 'ANSWER', 'NEW_PASSWORD']) {
      const reply = await server.call('RespondToAuthChallenge', { ClientId: server.pool.clientId, ChallengeName: 'SOFTWARE_TOKEN_MFA', Session: 'x'.repeat(40), ChallengeResponses: { USERNAME: 'admin', [key]: `1\u00002` } });
      answers[key] = reply.body.__type;
    }
    const reply = await server.call('RespondToAuthChallenge', { ClientId: server.pool.clientId, ChallengeName: 'SOFTWARE_TOKEN_MFA', Session: `${'x'.repeat(30)}\u0000`, ChallengeResponses: { USERNAME: 'admin' } });
    answers.Session = reply.body.__type;
    expect(Object.values(answers).every((type) => type === 'InvalidParameterException'), JSON.stringify(answers)).toBe(true);
  });

  it('still signs in a unicode username with a unicode password, and stores neither NUL nor a request counter for the refused requests', async () => {
    const username = 'Zoë-Ελένη_日本';
    const unicodePassword = 'Pässwörd ✓ 密码 1A!';
    const signUp = await server.call('SignUp', { ClientId: server.pool.clientId, Username: username, Password: unicodePassword, UserAttributes: [{ Name: 'email', Value: 'zoe@example.com' }] });
    expect(signUp.status, JSON.stringify(signUp.body)).toBe(200);
    await server.call('ConfirmSignUp', { ClientId: server.pool.clientId, Username: username, ConfirmationCode: await server.latestCode('zoe@example.com') });
    const signIn = await server.call('InitiateAuth', { AuthFlow: 'USER_PASSWORD_AUTH', ClientId: server.pool.clientId, AuthParameters: { USERNAME: username, PASSWORD: unicodePassword } });
    // 200 only comes after the right password: tokens, or the pool's MFA step.
    expect(signIn.status, JSON.stringify(signIn.body)).toBe(200);
    expect(signIn.body.AuthenticationResult ?? signIn.body.ChallengeName).toBeDefined();
    const users = await server.db.query<{ count: number }>(`SELECT count(*)::int AS count FROM users WHERE username LIKE 'sign%up' OR username = 'controlcharacters'`);
    expect(users[0]?.count).toBe(0);
    // One request counter for the one caller of the one pool, whatever ClientId strings it sent.
    const counters = await server.db.query<{ count: number }>(`SELECT count(*)::int AS count FROM rate_limit_counters WHERE key LIKE 'req:%'`);
    expect(counters[0]?.count).toBe(1);
  });
});

// Threat: an attacker with a short list of candidate passwords fires them all at once. When the
// lockout is read in one step and counted in another, every request of the burst reads the count
// before any of them writes it, so every guess is checked — and the right one gets through past the
// limit. Here the count and the check are one atomic step in the database, whatever the
// concurrency and however many server processes share it: once a counter is locked, no guess is
// checked. (Before the fix, 4 wrong passwords then a burst of 40 left the counter at 43.)
import { createClientEphemeral } from '@steward/auth-core/srp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../harness.js';
import { callAt, startTwoProcesses, type ServerProcess, type TwoProcesses } from '../server-process.js';
import { advance, answerPasswordVerifier, AUTH_TEST_ENV, createTestUser, expectError, passwordAuth, type Reply, type TestUser } from '../auth/auth-fixtures.js';

const BURST = 40;
const FREE = 5;

/** The failures counted on a user's password lockout counter (0 when it has none). */
async function countedFailures(server: TestServer, user: TestUser): Promise<number> {
  const rows = await server.db.query<{ failures: number }>('SELECT failures::int AS failures FROM sign_in_failures WHERE key = $1', [`password:${user.sub}`]);
  return Number(rows[0]?.failures ?? 0);
}


/** One guess of a burst, by USER_PASSWORD_AUTH or by SRP, prepared up to the request that checks it. */
type Guess = () => Promise<Reply>;

async function prepareGuess(server: TestServer, flow: 'USER_PASSWORD_AUTH' | 'USER_SRP_AUTH', user: TestUser, password: string, url: string): Promise<Guess> {
  if (flow === 'USER_PASSWORD_AUTH') {
    return () => callAt(url, 'InitiateAuth', { AuthFlow: 'USER_PASSWORD_AUTH', ClientId: server.pool.clientId, AuthParameters: { USERNAME: user.username, PASSWORD: password } });
  }
  // The challenge first (it counts nothing); the burst is of the answers, where the proof is checked.
  const ephemeral = createClientEphemeral();
  const start = await callAt(url, 'InitiateAuth', { AuthFlow: 'USER_SRP_AUTH', ClientId: server.pool.clientId, AuthParameters: { USERNAME: user.username, SRP_A: ephemeral.srpAHex } });
  expect(start.body.ChallengeName).toBe('PASSWORD_VERIFIER');
  const routed: TestServer = { ...server, call: (target, body) => callAt(url, target, body) };
  return () => answerPasswordVerifier(routed, start, ephemeral, password);
}

/**
 * 4 wrong passwords, then a burst of 39 wrong and 1 right (sent last), spread over `urls`.
 * Returns the answers and the counter afterwards.
 */
async function burst(server: TestServer, flow: 'USER_PASSWORD_AUTH' | 'USER_SRP_AUTH', urls: readonly string[]): Promise<{ answers: Reply[]; counted: number; user: TestUser }> {
  const user = await createTestUser(server);
  for (let i = 0; i < FREE - 1; i++) expectError(await passwordAuth(server, user.username, `Wrong-${i}-Passw0rd!`), 'NotAuthorizedException', 'Incorrect username or password.');
  const guesses = await Promise.all(
    Array.from({ length: BURST }, (_, i) => prepareGuess(server, flow, user, i === BURST - 1 ? user.password : `Guess-${i}-Passw0rd!`, urls[i % urls.length] ?? server.url)),
  );
  const answers = await Promise.all(guesses.map((guess) => guess()));
  return { answers, counted: await countedFailures(server, user), user };
}

function expectAtMostOneChecked(result: { answers: Reply[]; counted: number }): void {
  const through = result.answers.filter((a) => a.body.ChallengeName === 'SOFTWARE_TOKEN_MFA');
  const refused = result.answers.filter((a) => a.body.__type === 'NotAuthorizedException' && a.body.message === 'Password attempts exceeded');
  // Every answer is a lockout, but for the one guess that may be checked (the 5th attempt).
  expect(through.length + refused.length).toBe(BURST);
  expect(through.length).toBeLessThanOrEqual(1);
  // Exactly one guess of the burst was counted: the 5th. (A success clears the counter.)
  if (through.length === 0) expect(result.counted).toBe(FREE);
}

describe.each(['pglite', 'postgres'] as const)('a burst of parallel password guesses (%s)', (database) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ database, env: AUTH_TEST_ENV });
  });
  afterAll(async () => server.close());

  for (const flow of ['USER_PASSWORD_AUTH', 'USER_SRP_AUTH'] as const) {
    it(`checks at most one of ${BURST} simultaneous guesses after ${FREE - 1} failures, by ${flow}`, async () => {
      for (let round = 0; round < 2; round++) expectAtMostOneChecked(await burst(server, flow, [server.url]));
    });
  }
});

describe('a burst of parallel password guesses spread over two server processes on one PostgreSQL', () => {
  // A first lockout long enough to outlast the burst: the first guess past the free ones locks the
  // counter for the whole test.
  let two: TwoProcesses;
  let server: TestServer;
  let other: ServerProcess;
  beforeAll(async () => {
    two = await startTwoProcesses({ ...AUTH_TEST_ENV, LOCKOUT_INITIAL_SECONDS: '120' });
    ({ server, other } = two);
  }, 90_000);
  afterAll(async () => two?.close());

  for (const flow of ['USER_PASSWORD_AUTH', 'USER_SRP_AUTH'] as const) {
    it(`checks at most one of ${BURST} simultaneous guesses sent to both processes, by ${flow}`, async () => {
      expectAtMostOneChecked(await burst(server, flow, [server.url, other.url]));
    });
  }
});

describe('the right password after the burst', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ database: 'pglite', env: AUTH_TEST_ENV });
  });
  afterAll(async () => server.close());

  it('is refused unchecked while the counter is locked, then accepted once the lockout passes', async () => {
    const { answers, user } = await burst(server, 'USER_PASSWORD_AUTH', [server.url]);
    if (answers.some((a) => a.body.ChallengeName !== undefined)) return; // the right guess won the one check: nothing is locked
    expectError(await passwordAuth(server, user.username, user.password), 'NotAuthorizedException', 'Password attempts exceeded');
    advance(server, server.config.lockoutInitialSeconds);
    expect((await passwordAuth(server, user.username, user.password)).body.ChallengeName).toBe('SOFTWARE_TOKEN_MFA');
  });
});

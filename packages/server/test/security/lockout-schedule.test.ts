// Threat: a lockout that is a cheap denial of service (five wrong passwords, typed by anyone, lock
// the owner out for a fixed 15 minutes), or one that differs from Cognito's so that clients and
// operators are surprised. Cognito's schedule: 5 failures allowed, then a lockout that starts at
// 1 s and doubles with each further failure up to about 15 minutes; attempts during a lockout are
// refused unchecked; a success, or 15 minutes without attempts, resets it. Tested on the server's
// injected clock; the numbers are configuration (LOCKOUT_*).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BOTH_DATABASES, startTestServer, type TestServer } from '../harness.js';
import { advance, AUTH_TEST_ENV, createTestUser, expectError, passwordAuth, srpAuth, type TestUser } from '../auth/auth-fixtures.js';

const EXCEEDED = 'Password attempts exceeded';
const WRONG = 'Incorrect username or password.';

describe.each(BOTH_DATABASES)('the password lockout schedule (%s)', (database) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ database, env: AUTH_TEST_ENV });
  });
  afterAll(async () => server.close());

  const wrong = (user: TestUser, i: number) => passwordAuth(server, user.username, `Wrong-${i}-Passw0rd!`);
  const signsIn = async (user: TestUser): Promise<boolean> => (await passwordAuth(server, user.username, user.password)).body.ChallengeName === 'SOFTWARE_TOKEN_MFA';

  it('allows five failures, then locks for 1 s, 2 s, 4 s… refusing even the right password unchecked while locked', async () => {
    const user = await createTestUser(server);
    for (let i = 1; i <= 4; i++) expectError(await wrong(user, i), 'NotAuthorizedException', WRONG);
    expectError(await wrong(user, 5), 'NotAuthorizedException', EXCEEDED);
    for (const lock of [1, 2, 4, 8]) {
      expectError(await passwordAuth(server, user.username, user.password), 'NotAuthorizedException', EXCEEDED);
      advance(server, lock - 0.5);
      expectError(await passwordAuth(server, user.username, user.password), 'NotAuthorizedException', EXCEEDED);
      advance(server, 0.5);
      // The lock has passed: the next failure is counted and doubles it.
      expectError(await wrong(user, lock), 'NotAuthorizedException', EXCEEDED);
    }
    advance(server, 16);
    expect(await signsIn(user)).toBe(true);
    // The success reset the counter: five failures are free again.
    for (let i = 1; i <= 4; i++) expectError(await wrong(user, i), 'NotAuthorizedException', WRONG);
  });

  it('reaches the 15-minute lockout at the 15th failure', async () => {
    const user = await createTestUser(server);
    for (let i = 0; i < 5; i++) await wrong(user, i);
    // Failures 6..15 each wait out the lock before them: 1, 2, … 512 s; the 15th locks for 900 s
    // (2^10 capped), which is also the quiet time after which Cognito forgets the counter.
    for (let n = 6; n <= 15; n++) {
      advance(server, 2 ** (n - 6));
      expectError(await wrong(user, n), 'NotAuthorizedException', EXCEEDED);
    }
    advance(server, 899);
    expectError(await passwordAuth(server, user.username, user.password), 'NotAuthorizedException', EXCEEDED);
    advance(server, 1);
    expect(await signsIn(user)).toBe(true);
  });

  it('forgets failures after LOCKOUT_RESET_SECONDS without attempts', async () => {
    const user = await createTestUser(server);
    for (let i = 1; i <= 4; i++) await wrong(user, i);
    advance(server, server.config.lockoutResetSeconds);
    for (let i = 1; i <= 4; i++) expectError(await wrong(user, i), 'NotAuthorizedException', WRONG);
  });

  it('counts SRP proofs on the same counter as plain passwords', async () => {
    const user = await createTestUser(server);
    for (let i = 1; i <= 2; i++) expectError(await srpAuth(server, user.username, `Wrong-${i}-Passw0rd!`), 'NotAuthorizedException', WRONG);
    for (let i = 3; i <= 4; i++) expectError(await wrong(user, i), 'NotAuthorizedException', WRONG);
    expectError(await srpAuth(server, user.username, 'Wrong-5-Passw0rd!'), 'NotAuthorizedException', EXCEEDED);
    expectError(await srpAuth(server, user.username, user.password), 'NotAuthorizedException', EXCEEDED);
  });
});

describe('a configured lockout schedule', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ env: { ...AUTH_TEST_ENV, LOCKOUT_FREE_ATTEMPTS: '2', LOCKOUT_INITIAL_SECONDS: '10', LOCKOUT_MAX_SECONDS: '30' } });
  });
  afterAll(async () => server.close());

  it('follows LOCKOUT_FREE_ATTEMPTS, LOCKOUT_INITIAL_SECONDS and LOCKOUT_MAX_SECONDS', async () => {
    const user = await createTestUser(server);
    expectError(await passwordAuth(server, user.username, 'Wrong-1-Passw0rd!'), 'NotAuthorizedException', WRONG);
    expectError(await passwordAuth(server, user.username, 'Wrong-2-Passw0rd!'), 'NotAuthorizedException', EXCEEDED);
    advance(server, 9);
    expectError(await passwordAuth(server, user.username, user.password), 'NotAuthorizedException', EXCEEDED);
    advance(server, 1);
    expectError(await passwordAuth(server, user.username, 'Wrong-3-Passw0rd!'), 'NotAuthorizedException', EXCEEDED);
    advance(server, 20);
    expectError(await passwordAuth(server, user.username, 'Wrong-4-Passw0rd!'), 'NotAuthorizedException', EXCEEDED);
    advance(server, 29);
    expectError(await passwordAuth(server, user.username, user.password), 'NotAuthorizedException', EXCEEDED);
    advance(server, 1);
    expect((await passwordAuth(server, user.username, user.password)).body.ChallengeName).toBe('SOFTWARE_TOKEN_MFA');
  });
});

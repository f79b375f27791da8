// Threat: a server process dying (SIGKILL: OOM killer, crash, a deploy that does not wait) in the
// middle of sign-ups and sign-ins on a PostgreSQL it shares with other processes. Whatever it had
// written stays; whatever it had not sent never happens. A sign-up written in two statements then
// leaves a user whose name is taken but who has no code to confirm with; a confirmation that used
// the code and died before confirming leaves a user the code they hold no longer confirms; a
// sign-in whose end is not one statement could yield two sets of tokens for one Session, or count
// an answer twice. Defence: each of these writes is all-or-nothing (one transaction or one
// statement), so the database holds the state before or after, and the surviving process goes on
// from there. The process is frozen at chosen points by holding a table lock its next write
// waits for, then killed; and killed at an arbitrary moment of a burst.
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemClock } from '../../src/time/clock.js';
import { createTestUser, type Reply, type TestUser } from '../auth/auth-fixtures.js';
import { dropSchema, startTestServer, TEST_POSTGRES_URL, type TestServer } from '../harness.js';
import { startServerProcess, type ServerProcess } from '../server-process.js';

const schema = `t_kill_${randomBytes(4).toString('hex')}`;
/** The victim's connections are told apart from everyone else's by their application_name. */
const VICTIM = `steward-victim-${randomBytes(4).toString('hex')}`;
/** Many requests from one address: no per-client request limit. */
const ENV = { CLIENT_REQUEST_LIMIT: '0' };
const FROZEN = 6;

type Call = (target: string, body: unknown) => Promise<Reply>;

/** A sign-in waiting for its EMAIL_OTP answer. */
interface StartedSignIn extends TestUser {
  readonly session: string;
}

/** JSON 1.1 calls to the server at `url`; a dead server rejects. */
function callsTo(url: string): Call {
  return async (target, body) => {
    const res = await fetch(`${url}/`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-amz-json-1.1', 'x-amz-target': `AWSCognitoIdentityProviderService.${target}` },
      body: JSON.stringify(body),
    });
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  };
}

/** What became of a request to the victim: its answer, or `lost` when the process died first. */
type Outcome = Reply | 'lost';

const settle = (reply: Promise<Reply>): Promise<Outcome> => reply.then((r): Outcome => r, (): Outcome => 'lost');
const gotTokens = (o: Outcome): boolean => o !== 'lost' && o.body.AuthenticationResult !== undefined;

async function sleep(ms: number): Promise<void> {
  await new Promise((resolve) => setTimeout(resolve, ms));
}

/** Waits (bounded) until `done` holds. */
async function until(what: string, done: () => Promise<boolean>, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await done())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}`);
    await sleep(50);
  }
}

describe('a server process killed in the middle of sign-ups and sign-ins on PostgreSQL', () => {
  // B survives (in this process, on the wall clock); the victim is a separate process, a new one
  // for each test. `sql` reads the schema directly; `locker` holds the locks that freeze the victim.
  let b: TestServer;
  let onB: Call;
  let sql: pg.Client;
  let locker: pg.Client;
  let victim: ServerProcess | undefined;
  let maxSessionAttempts: number;
  let maxCodeAttempts: number;

  beforeAll(async () => {
    b = await startTestServer({ database: 'postgres', schema, clock: systemClock, env: ENV });
    onB = (target, body) => b.call(target, body);
    maxSessionAttempts = b.config.authSessionMaxAttempts;
    maxCodeAttempts = b.config.codeMaxAttempts;
    sql = new pg.Client({ connectionString: TEST_POSTGRES_URL, options: `-c search_path="${schema}"` });
    locker = new pg.Client({ connectionString: TEST_POSTGRES_URL, options: `-c search_path="${schema}"` });
    await Promise.all([sql.connect(), locker.connect()]);
  }, 90_000);

  afterAll(async () => {
    await victim?.stop('SIGKILL');
    await locker?.query('ROLLBACK').catch(() => undefined);
    await Promise.all([locker?.end(), sql?.end()]);
    await b?.close();
    await dropSchema(schema);
  });

  async function startVictim(): Promise<Call> {
    // A test that failed half-way may have left its victim running.
    await victim?.stop('SIGKILL');
    victim = await startServerProcess(schema, { ...ENV, PGAPPNAME: VICTIM });
    return callsTo(victim.url);
  }

  async function victimBackends(where = 'true'): Promise<number> {
    const rows = await sql.query<{ n: number }>(`SELECT count(*)::int AS n FROM pg_stat_activity WHERE application_name = $1 AND ${where}`, [VICTIM]);
    return rows.rows[0]?.n ?? 0;
  }

  /**
   * SIGKILLs the victim. `dropConnections`: the database ends its sessions at once, so a statement
   * it was waiting to run never runs (as when the process died just before sending it); otherwise
   * statements already sent run to the end on their own. Returns once none of its sessions is left.
   */
  async function kill(options: { dropConnections: boolean; release?: () => Promise<void> }): Promise<void> {
    await victim?.stop('SIGKILL');
    victim = undefined;
    if (options.dropConnections) await sql.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = $1', [VICTIM]);
    await options.release?.();
    await until('the killed process has no database session left', async () => (await victimBackends()) === 0);
  }

  /** Holds `lockSql` (a LOCK TABLE) in an open transaction of `locker`; returns its release. */
  async function freeze(lockSql: string): Promise<() => Promise<void>> {
    // A test that failed half-way may have left its lock held.
    await locker.query('ROLLBACK');
    await locker.query('BEGIN');
    await locker.query(lockSql);
    return async () => void (await locker.query('ROLLBACK'));
  }

  /** Waits until `count` of the victim's statements wait for the freezing lock. */
  async function frozenAt(count: number): Promise<void> {
    await until(`${count} statements of the victim wait for the lock`, async () => (await victimBackends(`wait_event_type = 'Lock'`)) >= count);
  }

  /**
   * The database after the kill: each user of `usernames` that exists is complete (password
   * secrets, attributes, and confirmed or holding a sign-up code), no challenge session or code is
   * counted past its limit, each user of `signedInOnce` has at most one sign-in (refresh-token
   * row), and no MFA guess is counted that was not made.
   */
  async function expectWhole(usernames: readonly string[], signedInOnce: readonly { sub: string; guesses: number }[] = []): Promise<void> {
    const broken = await sql.query<{ username: string }>(
      `SELECT u.username FROM users u
        WHERE u.username = ANY($1::text[])
          AND (u.srp_salt IS NULL OR u.srp_verifier IS NULL OR u.password_hash IS NULL OR NOT (u.attributes ? 'email')
               OR NOT (u.status = 'CONFIRMED' OR (u.status = 'UNCONFIRMED' AND EXISTS (SELECT 1 FROM one_time_codes c WHERE c.user_sub = u.sub AND c.purpose = 'SIGN_UP'))))`,
      [usernames],
    );
    expect(broken.rows.map((r) => r.username), 'users left half-written').toEqual([]);
    const sessions = await sql.query('SELECT id FROM auth_sessions WHERE attempts > $1', [maxSessionAttempts]);
    expect(sessions.rowCount, 'challenge sessions counted past AUTH_SESSION_MAX_ATTEMPTS').toBe(0);
    const codes = await sql.query('SELECT user_sub FROM one_time_codes WHERE attempts > $1', [maxCodeAttempts]);
    expect(codes.rowCount, 'codes counted past CODE_MAX_ATTEMPTS').toBe(0);
    for (const { sub, guesses } of signedInOnce) {
      const rows = await sql.query<{ tokens: number; mfa: number }>(
        `SELECT (SELECT count(*)::int FROM refresh_tokens WHERE user_sub = $1) AS tokens,
                COALESCE((SELECT failures FROM sign_in_failures WHERE key = 'mfa:' || $1), 0)::int AS mfa`,
        [sub],
      );
      expect(rows.rows[0]?.tokens, `refresh tokens of ${sub}, who signed in once`).toBeLessThanOrEqual(1);
      expect(rows.rows[0]?.mfa, `MFA guesses counted for ${sub}`).toBeLessThanOrEqual(guesses);
    }
  }

  interface NewAccount {
    readonly username: string;
    readonly email: string;
    readonly password: string;
  }

  function newAccounts(n: number, prefix: string): NewAccount[] {
    return Array.from({ length: n }, (_, i) => {
      const username = `${prefix}-${i}-${randomBytes(3).toString('hex')}`;
      return { username, email: `${username}@example.com`, password: `Pw-${username}-Aa1!` };
    });
  }

  const signUpBody = (acc: NewAccount): unknown => ({ ClientId: b.pool.clientId, Username: acc.username, Password: acc.password, UserAttributes: [{ Name: 'email', Value: acc.email }] });

  /**
   * Finishes on B whatever became of a sign-up through the victim: a user it left unconfirmed is
   * confirmed with a code B resends, and a name it left free is signed up afresh. Fails when neither works.
   */
  async function finishSignUpOnB(acc: NewAccount): Promise<void> {
    const row = await sql.query<{ status: string }>('SELECT status FROM users WHERE pool_id = $1 AND username_key = lower($2)', [b.pool.userPoolId, acc.username]);
    const status = row.rows[0]?.status;
    if (status === 'CONFIRMED') return;
    if (status === undefined) expect((await onB('SignUp', signUpBody(acc))).status).toBe(200);
    else expect((await onB('ResendConfirmationCode', { ClientId: b.pool.clientId, Username: acc.username })).status).toBe(200);
    const confirmed = await onB('ConfirmSignUp', { ClientId: b.pool.clientId, Username: acc.username, ConfirmationCode: await b.latestCode(acc.email) });
    expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
  }

  /** A first sign-in on B of a signed-up user: password, email MFA set up with the user's address, the code. */
  async function firstSignInOnB(acc: NewAccount): Promise<void> {
    const start = await onB('InitiateAuth', { AuthFlow: 'USER_PASSWORD_AUTH', ClientId: b.pool.clientId, AuthParameters: { USERNAME: acc.username, PASSWORD: acc.password } });
    expect(start.body.ChallengeName, JSON.stringify(start.body)).toBe('MFA_SETUP');
    const asked = await onB('RespondToAuthChallenge', { ClientId: b.pool.clientId, ChallengeName: 'MFA_SETUP', Session: start.body.Session, ChallengeResponses: { USERNAME: acc.username, EMAIL: acc.email } });
    expect(asked.body.ChallengeName, JSON.stringify(asked.body)).toBe('EMAIL_OTP');
    const done = await onB('RespondToAuthChallenge', {
      ClientId: b.pool.clientId,
      ChallengeName: 'EMAIL_OTP',
      Session: asked.body.Session,
      ChallengeResponses: { USERNAME: acc.username, EMAIL_OTP_CODE: await b.latestCode(acc.email) },
    });
    expect(done.body.AuthenticationResult, JSON.stringify(done.body)).toBeDefined();
  }

  /** A sign-in of `user` (email MFA) started on `call`, up to the EMAIL_OTP challenge. */
  async function startSignIn(call: Call, user: TestUser): Promise<StartedSignIn> {
    const start = await call('InitiateAuth', { AuthFlow: 'USER_PASSWORD_AUTH', ClientId: b.pool.clientId, AuthParameters: { USERNAME: user.username, PASSWORD: user.password } });
    expect(start.body.ChallengeName, JSON.stringify(start.body)).toBe('EMAIL_OTP');
    return { ...user, session: String(start.body.Session) };
  }

  /** Users with email MFA, written straight into the pool. */
  async function mfaUsers(n: number): Promise<TestUser[]> {
    const users: TestUser[] = [];
    for (let i = 0; i < n; i++) users.push(await createTestUser(b, { mfa: 'email' }));
    return users;
  }

  const answer = (s: StartedSignIn, code: string): unknown => ({
    ClientId: b.pool.clientId,
    ChallengeName: 'EMAIL_OTP',
    Session: s.session,
    ChallengeResponses: { USERNAME: s.username, EMAIL_OTP_CODE: code },
  });
  const wrongCode = (right: string): string => (right === '000000' ? '111111' : '000000');

  it('leaves no user without a sign-up code when killed between writing the user and the code', async () => {
    const onVictim = await startVictim();
    const accounts = newAccounts(FROZEN, 'frozen-signup');
    // Writes of codes wait (reads do not): each sign-up stops where it stores its code.
    const release = await freeze('LOCK TABLE one_time_codes IN EXCLUSIVE MODE');
    const replies = accounts.map((acc) => settle(onVictim('SignUp', signUpBody(acc))));
    await frozenAt(FROZEN);
    await kill({ dropConnections: true, release });
    expect(await Promise.all(replies)).toEqual(accounts.map(() => 'lost'));

    await expectWhole(accounts.map((acc) => acc.username));
    for (const acc of accounts) await finishSignUpOnB(acc);
    await firstSignInOnB(accounts[0]);
  }, 120_000);

  it('leaves the code unused when killed between using it and confirming the user, so it still confirms on the other process', async () => {
    const accounts = newAccounts(FROZEN, 'frozen-confirm');
    for (const acc of accounts) expect((await onB('SignUp', signUpBody(acc))).status).toBe(200);
    const codes = await Promise.all(accounts.map((acc) => b.latestCode(acc.email)));
    const onVictim = await startVictim();
    // Writes of users wait (reads do not): each confirmation stops where it confirms the user.
    const release = await freeze('LOCK TABLE users IN SHARE MODE');
    const replies = accounts.map((acc, i) => settle(onVictim('ConfirmSignUp', { ClientId: b.pool.clientId, Username: acc.username, ConfirmationCode: codes[i] })));
    await frozenAt(FROZEN);
    await kill({ dropConnections: true, release });
    expect(await Promise.all(replies)).toEqual(accounts.map(() => 'lost'));

    await expectWhole(accounts.map((acc) => acc.username));
    for (const [i, acc] of accounts.entries()) {
      const confirmed = await onB('ConfirmSignUp', { ClientId: b.pool.clientId, Username: acc.username, ConfirmationCode: codes[i] });
      expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
    }
    await firstSignInOnB(accounts[0]);
  }, 120_000);

  it('ends a sign-in killed as it ends at most once: the same answer on the other process yields no second set of tokens', async () => {
    const onVictim = await startVictim();
    const users = await mfaUsers(FROZEN);
    const started: StartedSignIn[] = [];
    for (const user of users) started.push(await startSignIn(onVictim, user));
    const codes = await Promise.all(started.map((s) => b.latestCode(s.email)));
    for (const [i, s] of started.entries()) expect((await onVictim('RespondToAuthChallenge', answer(s, wrongCode(codes[i] ?? '')))).body.__type).toBe('CodeMismatchException');
    // Writes of refresh tokens wait: each sign-in stops at the statement that ends it.
    const release = await freeze('LOCK TABLE refresh_tokens IN SHARE MODE');
    const onA = started.map((s, i) => settle(onVictim('RespondToAuthChallenge', answer(s, codes[i] ?? ''))));
    await frozenAt(FROZEN);
    // Statements already sent run to the end here: the sign-ins may well be ended, with nobody told.
    await kill({ dropConnections: false, release });
    const again = await Promise.all(started.map((s, i) => onB('RespondToAuthChallenge', answer(s, codes[i] ?? ''))));
    expect(await Promise.all(onA)).toEqual(started.map(() => 'lost'));
    expect(again.filter(gotTokens)).toEqual([]);

    await expectWhole(
      started.map((s) => s.username),
      started.map((s) => ({ sub: s.sub, guesses: 3 })),
    );
    // The user starts over on B and gets in.
    const over = await startSignIn(onB, users[0]);
    expect(gotTokens(await onB('RespondToAuthChallenge', answer(over, await b.latestCode(over.email))))).toBe(true);
  }, 120_000);

  it('leaves every user whole and every sign-in ended at most once when killed at an arbitrary moment of a burst, and the other process serves them all', async () => {
    const onVictim = await startVictim();
    const accounts = newAccounts(16, 'burst-signup');
    const signIns: StartedSignIn[] = [];
    for (const user of await mfaUsers(8)) signIns.push(await startSignIn(onVictim, user));
    const signInCodes = await Promise.all(signIns.map((s) => b.latestCode(s.email)));

    let answered = 0;
    let lost = 0;
    const counted = (reply: Promise<Reply>): Promise<Outcome> =>
      settle(reply).then((o) => {
        if (o === 'lost') lost += 1;
        else answered += 1;
        return o;
      });
    // Staggered, so that sign-ups and sign-ins are at every stage when the process dies.
    const signUps = accounts.map(async (acc, k) => {
      await sleep(k * 120);
      const signedUp = await counted(onVictim('SignUp', signUpBody(acc)));
      if (signedUp === 'lost' || signedUp.status !== 200) return;
      await counted(onVictim('ConfirmSignUp', { ClientId: b.pool.clientId, Username: acc.username, ConfirmationCode: await b.latestCode(acc.email) }));
    });
    // Each sign-in: a burst of 0..6 wrong answers (the session ends at the 5th), then the right one
    // sent to both processes at once.
    const wrongAnswers = (i: number): number => i % 7;
    const outcomes = signIns.map(async (s, i) => {
      await sleep(i * 80);
      const right = signInCodes[i] ?? '';
      await Promise.all(Array.from({ length: wrongAnswers(i) }, () => counted(onVictim('RespondToAuthChallenge', answer(s, wrongCode(right))))));
      return Promise.all([counted(onVictim('RespondToAuthChallenge', answer(s, right))), settle(onB('RespondToAuthChallenge', answer(s, right)))]);
    });
    // Killed once about a third of the requests are answered: many others are then in flight.
    const total = accounts.length * 2 + signIns.reduce((n, _, i) => n + wrongAnswers(i) + 1, 0);
    await until('a third of the burst is answered', async () => answered >= total / 3, 90_000);
    await kill({ dropConnections: false });
    await Promise.all(signUps);
    const ended = await Promise.all(outcomes);
    expect(lost, 'requests the process never answered').toBeGreaterThan(0);
    for (const pair of ended) expect(pair.filter(gotTokens).length).toBeLessThanOrEqual(1);

    await expectWhole(
      [...accounts.map((acc) => acc.username), ...signIns.map((s) => s.username)],
      signIns.map((s, i) => ({ sub: s.sub, guesses: wrongAnswers(i) + 2 })),
    );
    for (const acc of accounts) await finishSignUpOnB(acc);
    for (const acc of accounts.slice(0, 2)) await firstSignInOnB(acc);
  }, 180_000);
});

// Threat: a sign-in revoked through one server process (GlobalSignOut, RevokeToken,
// AdminUserGlobalSignOut) staying usable on another process of the same database, because that
// process's data API trusts access tokens it verified recently (verified-token cache). Only the
// revoking process hears of a revocation at once; every other one finds out when its cached check
// runs out. Bound (docs/security.md): the revoking process refuses the token at once; any other
// process within 5 s of the revocation, however often the token is used meanwhile (a hit never
// extends the cached check); the refresh token is refused at once everywhere (it is never cached).
import { randomBytes } from 'node:crypto';
import { AdminUserGlobalSignOutCommand, CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemClock } from '../../src/time/clock.js';
import { AUTH_TEST_ENV, createTestUser, passwordAuth, respond, session, tokens } from '../auth/auth-fixtures.js';
import { dropSchema, startTestServer, TEST_ADMIN_CREDENTIALS, type TestServer } from '../harness.js';
import { callAt, startServerProcess, type ServerProcess } from '../server-process.js';

/** The data API's accessTokenCacheMs: its default, which the server does not override (app.ts). */
const BOUND_MS = 5000;
/** One poll interval plus the latency of a request on a loaded 2-core machine. */
const TOLERANCE_MS = 1000;
const POLL_MS = 100;
const READ = '{ listSessionMdls { items { id } } }';
const OK = { status: 200, errorType: undefined };
const REFUSED = { status: 401, errorType: 'UnauthorizedException' };

interface SignIn {
  readonly username: string;
  readonly access: string;
  readonly refresh: string;
}

async function query(baseUrl: string, token: string): Promise<{ status: number; errorType: string | undefined }> {
  const res = await fetch(`${baseUrl}/graphql`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: token }, body: JSON.stringify({ query: READ }) });
  const body = (await res.json()) as { errors?: { errorType?: string }[] };
  return { status: res.status, errorType: body.errors?.[0]?.errorType };
}


/** How long after a revocation a process went on honouring a token it had cached. */
interface Honoured {
  /** The last request that was still answered 200 was sent this long after the revocation (-1: none was). */
  readonly lastHonouredMs: number;
  /** The first 401 had arrived this long after the revocation. */
  readonly refusedWithinMs: number;
}

/** Uses `token` on `url` every POLL_MS from `revokedAt` until it is refused (bounded: fails 15 s past the bound). */
async function pollUntilRefused(url: string, token: string, revokedAt: number): Promise<Honoured> {
  let lastHonouredMs = -1;
  for (;;) {
    const sentAt = Date.now();
    const answer = await query(url, token);
    if (answer.status !== 200) {
      expect(answer).toEqual(REFUSED);
      return { lastHonouredMs, refusedWithinMs: Date.now() - revokedAt };
    }
    expect(answer).toEqual(OK);
    lastHonouredMs = sentAt - revokedAt;
    if (Date.now() - revokedAt > BOUND_MS + 15_000) throw new Error(`still honoured ${Date.now() - revokedAt} ms after the revocation`);
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}

describe('a sign-in revoked through one server process, used on another on the same PostgreSQL schema', () => {
  const schema = `t_xrev_${randomBytes(4).toString('hex')}`;
  // A revokes (in this process, on the wall clock like B); B is a separate OS process, so it shares
  // the database with A and nothing else: no revocation reaches it but through the database.
  let a: TestServer;
  let b: ServerProcess;
  let admin: CognitoIdentityProviderClient;
  beforeAll(async () => {
    a = await startTestServer({ database: 'postgres', schema, clock: systemClock, env: AUTH_TEST_ENV });
    b = await startServerProcess(schema, AUTH_TEST_ENV);
    admin = new CognitoIdentityProviderClient({ region: 'us-east-1', endpoint: a.url, maxAttempts: 1, credentials: TEST_ADMIN_CREDENTIALS });
  }, 90_000);
  afterAll(async () => {
    admin?.destroy();
    await b?.stop();
    await a?.close();
    await dropSchema(schema);
  });

  /** A full sign-in over the wire through A (password, then the emailed MFA code). */
  async function signIn(): Promise<SignIn> {
    const user = await createTestUser(a, { mfa: 'email' });
    const asked = await passwordAuth(a, user.username, user.password);
    expect(asked.body.ChallengeName, JSON.stringify(asked.body)).toBe('EMAIL_OTP');
    const issued = tokens(await respond(a, 'EMAIL_OTP', session(asked), { USERNAME: user.username, EMAIL_OTP_CODE: await a.latestCode(user.email) }));
    return { username: user.username, access: issued.AccessToken, refresh: String(issued.RefreshToken) };
  }

  const revocations: { readonly name: string; readonly revoke: (s: SignIn) => Promise<void> }[] = [
    { name: 'GlobalSignOut', revoke: async (s) => void expect((await a.call('GlobalSignOut', { AccessToken: s.access })).status).toBe(200) },
    { name: 'RevokeToken', revoke: async (s) => void expect((await a.call('RevokeToken', { Token: s.refresh, ClientId: a.pool.clientId })).status).toBe(200) },
    {
      name: 'AdminUserGlobalSignOut',
      revoke: async (s) => void (await admin.send(new AdminUserGlobalSignOutCommand({ UserPoolId: a.pool.userPoolId, Username: s.username }))),
    },
  ];

  // Concurrent: each case waits out most of the bound; they use separate users.
  it.concurrent.for(revocations)(
    'after $name through one process, the other refuses a token it had cached within 5 s, and the first at once',
    { timeout: 60_000 },
    async ({ name, revoke }, { expect }) => {
      const s = await signIn();
      expect(await query(b.url, s.access)).toEqual(OK); // B verifies the token and caches the check
      expect(await query(a.url, s.access)).toEqual(OK); // so does A
      await revoke(s);
      const revokedAt = Date.now();
      expect(await query(a.url, s.access)).toEqual(REFUSED);
      // The refresh token is checked against the database on every use, by any process.
      const refreshed = await callAt(b.url, 'InitiateAuth', { AuthFlow: 'REFRESH_TOKEN_AUTH', ClientId: a.pool.clientId, AuthParameters: { REFRESH_TOKEN: s.refresh } });
      expect(refreshed.body.__type, JSON.stringify(refreshed.body)).toBe('NotAuthorizedException');

      const honoured = await pollUntilRefused(b.url, s.access, revokedAt);
      console.info(`${name}: the other process last honoured the token ${honoured.lastHonouredMs} ms after the revocation, refused it within ${honoured.refusedWithinMs} ms`);
      expect(honoured.refusedWithinMs).toBeLessThanOrEqual(BOUND_MS + TOLERANCE_MS);
      // Refused for good: the failed check is not cached, and the next one fails again.
      expect(await query(b.url, s.access)).toEqual(REFUSED);
      expect(await query(a.url, s.access)).toEqual(REFUSED);
    },
  );

  it('refuses at once a token it never verified that was revoked through the other process', async () => {
    const s = await signIn();
    expect((await a.call('GlobalSignOut', { AccessToken: s.access })).status).toBe(200);
    expect(await query(b.url, s.access)).toEqual(REFUSED);
  });
});

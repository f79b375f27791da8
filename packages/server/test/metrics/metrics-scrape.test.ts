// The Prometheus metrics of a real server, scraped over HTTP from their own listener after real
// traffic: sign-ins that succeed and fail (an MFA code, a lockout), a refresh with rotation and a
// reuse, OAuth grants through the hosted login page, GraphQL reads and writes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JobQueue } from '../../src/jobs/job-queue.js';
import { loadConfig } from '../../src/config/config.js';
import { startServer, type RunningServer } from '../../src/server.js';
import { AUTH_TEST_ENV, advance, createTestUser, passwordAuth, respond, session, srpAuth, tokens, totpAt, type TestUser } from '../auth/auth-fixtures.js';
import { BOTH_DATABASES, issueTokensFor, startTestServer, type TestServer } from '../harness.js';
import { signInThroughHostedPage } from '../oauth/hosted-login-driver.js';
import { authorizeUrl, CALLBACK, createOAuthClient, pkcePair, postForm, type OAuthTestClient } from '../oauth/oauth-fixtures.js';
import { scrape, valueOf, type Sample } from './exposition.js';

const DURATION_COUNT = 'steward_http_request_duration_seconds_count';

/** A wrong authenticator code for `secret` now (none of the codes the server accepts around this step). */
function wrongTotp(server: TestServer, secret: string): string {
  const accepted = new Set([-1, 0, 1].map((steps) => totpAt(server, secret, steps)));
  return ['000000', '111111', '222222', '333333'].find((code) => !accepted.has(code)) ?? '444444';
}

describe.each(BOTH_DATABASES)('metrics on %s', (database) => {
  let server: TestServer;
  let metricsUrl: string;
  let before: Sample[];
  let after: { text: string; samples: Sample[]; contentType: string | null };
  /** Everything that must never appear in a scrape: names, ids, subs, tokens, codes, secrets. */
  const secrets: string[] = [];
  let users: { srp: TestUser; mfaTypo: TestUser; locked: TestUser; hosted: TestUser };
  let oauthClient: OAuthTestClient;

  const delta = (name: string, labels: Record<string, string> = {}): number => valueOf(after.samples, name, labels) - valueOf(before, name, labels);
  const gql = async (token: string | undefined, query: string): Promise<number> => {
    const response = await fetch(`${server.url}/graphql`, { method: 'POST', headers: { 'content-type': 'application/json', ...(token === undefined ? {} : { authorization: token }) }, body: JSON.stringify({ query }) });
    await response.text();
    return response.status;
  };

  beforeAll(async () => {
    server = await startTestServer({
      database,
      env: { ...AUTH_TEST_ENV, METRICS_ENABLED: 'true', REFRESH_TOKEN_ROTATION: 'enabled', LOCKOUT_FREE_ATTEMPTS: '3' },
    });
    metricsUrl = server.metricsUrl ?? '';
    expect(metricsUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    users = {
      srp: await createTestUser(server, { mfa: 'totp' }),
      mfaTypo: await createTestUser(server, { mfa: 'totp' }),
      locked: await createTestUser(server, { mfa: 'totp' }),
      hosted: await createTestUser(server, { mfa: 'totp' }),
    };
    oauthClient = await createOAuthClient(server);
    for (const user of Object.values(users)) secrets.push(user.username, user.sub, user.email, user.password, user.totpSecret ?? '');
    secrets.push(server.pool.clientId, server.pool.userPoolId, oauthClient.clientId);
    before = (await scrape(metricsUrl)).samples;

    // A: a complete SRP sign-in with TOTP, then a refresh that rotates, then the replaced token again (reuse).
    advance(server, 30);
    const verifier = await srpAuth(server, users.srp.username, users.srp.password);
    expect(verifier.body.ChallengeName).toBe('SOFTWARE_TOKEN_MFA');
    const signedIn = tokens(await respond(server, 'SOFTWARE_TOKEN_MFA', session(verifier), { USERNAME: users.srp.username, SOFTWARE_TOKEN_MFA_CODE: totpAt(server, users.srp.totpSecret ?? '') }));
    const rotated = await server.call('GetTokensFromRefreshToken', { ClientId: server.pool.clientId, RefreshToken: signedIn.RefreshToken });
    expect(rotated.status, JSON.stringify(rotated.body)).toBe(200);
    const next = (rotated.body.AuthenticationResult as { RefreshToken?: string; AccessToken: string }).RefreshToken;
    expect(next).toBeDefined();
    const reused = await server.call('GetTokensFromRefreshToken', { ClientId: server.pool.clientId, RefreshToken: signedIn.RefreshToken });
    expect(reused.body.__type).toBe('RefreshTokenReuseException');
    secrets.push(signedIn.AccessToken, signedIn.IdToken, signedIn.RefreshToken ?? '', next ?? '');

    // B: the password, then a wrong authenticator code; then a wrong password.
    const mfaAsked = await passwordAuth(server, users.mfaTypo.username, users.mfaTypo.password);
    expect(mfaAsked.body.ChallengeName).toBe('SOFTWARE_TOKEN_MFA');
    const typo = await respond(server, 'SOFTWARE_TOKEN_MFA', session(mfaAsked), { USERNAME: users.mfaTypo.username, SOFTWARE_TOKEN_MFA_CODE: wrongTotp(server, users.mfaTypo.totpSecret ?? '') });
    expect(typo.body.__type).toBe('CodeMismatchException');
    expect((await passwordAuth(server, users.mfaTypo.username, 'Wrong-Passw0rd!')).body.message).toBe('Incorrect username or password.');

    // C: three wrong passwords with LOCKOUT_FREE_ATTEMPTS=3: the third is answered with the lockout.
    const answers: unknown[] = [];
    for (let i = 0; i < 3; i++) answers.push((await passwordAuth(server, users.locked.username, `Wrong-Passw0rd-${i}!`)).body.message);
    expect(answers).toEqual(['Incorrect username or password.', 'Incorrect username or password.', 'Password attempts exceeded']);

    // D: the hosted login page (SRP and TOTP), the code exchanged, a refresh, the code replayed, a request without grant_type.
    const pkce = pkcePair();
    advance(server, 30);
    const { location } = await signInThroughHostedPage({
      authorizeUrl: authorizeUrl(server, { response_type: 'code', client_id: oauthClient.clientId, redirect_uri: CALLBACK, state: 'st-1', code_challenge: pkce.challenge, code_challenge_method: 'S256', scope: 'openid email' }),
      username: users.hosted.username,
      password: users.hosted.password,
      totp: () => totpAt(server, users.hosted.totpSecret ?? ''),
    });
    const code = new URL(location).searchParams.get('code') ?? '';
    expect(code).not.toBe('');
    const exchange = { grant_type: 'authorization_code', client_id: oauthClient.clientId, code, redirect_uri: CALLBACK, code_verifier: pkce.verifier };
    const granted = await postForm(`${server.managedLoginUrl}/oauth2/token`, exchange);
    expect(granted.status, JSON.stringify(granted.body)).toBe(200);
    const refreshed = await postForm(`${server.managedLoginUrl}/oauth2/token`, { grant_type: 'refresh_token', client_id: oauthClient.clientId, refresh_token: String(granted.body.refresh_token) });
    expect(refreshed.status, JSON.stringify(refreshed.body)).toBe(200);
    // A replayed code is refused (and revokes what it gave).
    expect((await postForm(`${server.managedLoginUrl}/oauth2/token`, exchange)).body.error).toBe('invalid_grant');
    expect((await postForm(`${server.managedLoginUrl}/oauth2/token`, { client_id: oauthClient.clientId })).body.error).toBe('invalid_request');
    secrets.push(code, pkce.verifier, String(granted.body.access_token), String(granted.body.id_token), String(granted.body.refresh_token), String(refreshed.body.access_token));

    // E: GraphQL: two reads, a write, a query that fails validation, one without a token.
    const admin = await issueTokensFor(server, 'admin');
    secrets.push(admin.AccessToken, admin.IdToken, admin.RefreshToken);
    expect(await gql(admin.AccessToken, '{ listAccountMdls { items { id } } }')).toBe(200);
    expect(await gql(admin.AccessToken, '{ listAccountMdls(limit: 5) { items { id } } }')).toBe(200);
    expect(await gql(admin.AccessToken, `mutation { createUserMdl(input: { userId: "${users.srp.sub}", userType: "staff" }) { userId } }`)).toBe(200);
    expect(await gql(admin.AccessToken, '{ noSuchField }')).toBe(400);
    expect(await gql(undefined, '{ listAccountMdls { items { id } } }')).toBe(401);

    // F: an unknown operation, and a path holding a sub that no route has.
    expect((await server.call('AWSCognitoIdentityProviderService.NoSuchOperation', {})).body.__type).toBe('UnknownOperationException');
    expect((await fetch(`${server.url}/accounts/${users.hosted.sub}/${users.hosted.username}`)).status).toBe(404);

    // G: a job due two minutes ago and one due in an hour (this harness runs no job runner).
    const queue = new JobQueue({ db: server.db, clock: server.clock });
    const now = server.clock.now().getTime();
    await queue.enqueue({ kind: 'metrics-test', runAt: new Date(now - 120_000) });
    await queue.enqueue({ kind: 'metrics-test', runAt: new Date(now + 3_600_000) });

    after = await scrape(metricsUrl);
  }, 240_000);

  afterAll(async () => {
    await server?.close();
  });

  it('serves the Prometheus text format on its own listener', () => {
    expect(after.contentType).toBe('text/plain; version=0.0.4; charset=utf-8');
    expect(after.text).toContain('# TYPE steward_sign_in_steps_total counter');
    expect(after.text).toContain('# TYPE steward_http_request_duration_seconds histogram');
  });

  it('counts each step of each sign-in by flow and outcome', () => {
    const steps = (flow: string, outcome: string, reason = ''): number => delta('steward_sign_in_steps_total', { flow, outcome, reason });
    // A: InitiateAuth and PASSWORD_VERIFIER each asked the next challenge; the TOTP answer ended it.
    expect(steps('USER_SRP_AUTH', 'challenge')).toBe(2);
    expect(steps('USER_SRP_AUTH', 'success')).toBe(1);
    // B and C: one challenge, one wrong code, one wrong password (B) and two more (C), then C's lockout.
    expect(steps('USER_PASSWORD_AUTH', 'challenge')).toBe(1);
    expect(steps('USER_PASSWORD_AUTH', 'success')).toBe(0);
    expect(steps('USER_PASSWORD_AUTH', 'failure', 'wrong_code')).toBe(1);
    expect(steps('USER_PASSWORD_AUTH', 'failure', 'wrong_credentials')).toBe(3);
    expect(steps('USER_PASSWORD_AUTH', 'failure', 'locked_out')).toBe(1);
    // D: the hosted page runs the same operations (SRP, then TOTP), counted under its own flow.
    expect(steps('MANAGED_LOGIN', 'challenge')).toBe(2);
    expect(steps('MANAGED_LOGIN', 'success')).toBe(1);
    expect(steps('MANAGED_LOGIN', 'failure', 'wrong_credentials')).toBe(0);
  });

  it('counts the lockout and the wrong MFA code by kind', () => {
    expect(delta('steward_lockouts_total', { kind: 'password' })).toBe(1);
    expect(delta('steward_lockouts_total', { kind: 'mfa' })).toBe(0);
    expect(delta('steward_mfa_failures_total', { kind: 'SOFTWARE_TOKEN_MFA', reason: 'wrong_code' })).toBe(1);
  });

  it('counts refreshes: the rotation, the reuse, and the OAuth refresh without rotation', () => {
    expect(delta('steward_token_refreshes_total', { result: 'rotated' })).toBe(1);
    expect(delta('steward_token_refreshes_total', { result: 'reuse_detected' })).toBe(1);
    expect(delta('steward_token_refreshes_total', { result: 'reissued' })).toBe(1);
    expect(delta('steward_token_refreshes_total', { result: 'refused' })).toBe(0);
  });

  it('counts OAuth grants by grant type and outcome', () => {
    expect(delta('steward_oauth_grants_total', { grant_type: 'authorization_code', outcome: 'success' })).toBe(1);
    expect(delta('steward_oauth_grants_total', { grant_type: 'authorization_code', outcome: 'invalid_grant' })).toBe(1);
    expect(delta('steward_oauth_grants_total', { grant_type: 'none', outcome: 'invalid_request' })).toBe(1);
    expect(delta('steward_oauth_grants_total', { grant_type: 'refresh_token', outcome: 'success' })).toBe(1);
  });

  it('times requests by route pattern, Cognito operation, GraphQL root field and status', () => {
    const requests = (labels: Record<string, string>): number => delta(DURATION_COUNT, { listener: 'app', method: 'POST', ...labels });
    expect(requests({ route: '/', operation: 'InitiateAuth', status: '200' })).toBe(2);
    expect(requests({ route: '/', operation: 'InitiateAuth', status: '400' })).toBe(4);
    expect(requests({ route: '/', operation: 'RespondToAuthChallenge', status: '200' })).toBe(2);
    expect(requests({ route: '/', operation: 'RespondToAuthChallenge', status: '400' })).toBe(1);
    expect(requests({ route: '/', operation: 'GetTokensFromRefreshToken', status: '200' })).toBe(1);
    expect(requests({ route: '/', operation: 'GetTokensFromRefreshToken', status: '400' })).toBe(1);
    expect(requests({ route: '/', operation: 'unknown', status: '400' })).toBe(1);
    expect(requests({ route: '/graphql', operation: 'listAccountMdls', status: '200' })).toBe(2);
    expect(requests({ route: '/graphql', operation: 'createUserMdl', status: '200' })).toBe(1);
    expect(requests({ route: '/graphql', operation: 'other', status: '400' })).toBe(1);
    expect(requests({ route: '/graphql', operation: 'other', status: '401' })).toBe(1);
    expect(delta(DURATION_COUNT, { listener: 'app', method: 'GET', route: 'unmatched', operation: '', status: '404' })).toBe(1);
    expect(delta(DURATION_COUNT, { listener: 'managed_login', method: 'POST', route: '/oauth2/token', operation: '', status: '200' })).toBe(2);
    expect(delta(DURATION_COUNT, { listener: 'managed_login', method: 'POST', route: '/oauth2/token', operation: '', status: '400' })).toBe(2);
    // Every observation falls in the +Inf bucket, and the sum is a duration.
    const inf = valueOf(after.samples, 'steward_http_request_duration_seconds_bucket', { listener: 'app', method: 'POST', route: '/graphql', operation: 'listAccountMdls', status: '200', le: '+Inf' });
    expect(inf).toBe(valueOf(after.samples, DURATION_COUNT, { listener: 'app', method: 'POST', route: '/graphql', operation: 'listAccountMdls', status: '200' }));
    expect(valueOf(after.samples, 'steward_http_request_duration_seconds_sum', { listener: 'app', method: 'POST', route: '/graphql', operation: 'listAccountMdls', status: '200' })).toBeGreaterThan(0);
  });

  it("reads the job queue's depth and the age of the oldest due job at scrape time", async () => {
    // The server's own jobs (the demo seed's, the dashboard fold) may move at any moment, so a scrape
    // is bracketed by two reads of the table and kept only when nothing moved in between: the gauges
    // must then say exactly what the table says, counting the two jobs added here.
    const read = async (): Promise<string> => {
      const [row] = await server.db.query<{ due: number; scheduled: number; running: number; oldest: Date | string | null }>(
        `SELECT count(*) FILTER (WHERE state = 'pending' AND run_at <= $1)::int AS due,
                count(*) FILTER (WHERE state = 'pending' AND run_at > $1)::int AS scheduled,
                count(*) FILTER (WHERE state = 'running')::int AS running,
                min(run_at) FILTER (WHERE state = 'pending' AND run_at <= $1) AS oldest
           FROM jobs`,
        [server.clock.now()],
      );
      return JSON.stringify({ ...row, oldest: row?.oldest === null || row?.oldest === undefined ? null : new Date(row.oldest).getTime() });
    };
    let settled: { table: { due: number; scheduled: number; running: number; oldest: number }; samples: Sample[] } | undefined;
    for (let attempt = 0; attempt < 20 && settled === undefined; attempt++) {
      // A scrape reuses the queue read of the last second (one read serves both gauges): wait it out.
      await new Promise((resolve) => setTimeout(resolve, 1_100));
      const before = await read();
      const { samples } = await scrape(metricsUrl);
      if ((await read()) === before) settled = { table: JSON.parse(before) as { due: number; scheduled: number; running: number; oldest: number }, samples };
    }
    expect(settled, 'the job table kept moving around every scrape').toBeDefined();
    const { table, samples } = settled ?? { table: { due: -1, scheduled: -1, running: -1, oldest: 0 }, samples: [] };
    expect(valueOf(samples, 'steward_job_queue_depth', { state: 'due' })).toBe(table.due);
    expect(valueOf(samples, 'steward_job_queue_depth', { state: 'scheduled' })).toBe(table.scheduled);
    expect(valueOf(samples, 'steward_job_queue_depth', { state: 'running' })).toBe(table.running);
    const mine = await server.db.query<{ due: boolean }>(`SELECT run_at <= $1 AS due FROM jobs WHERE kind = 'metrics-test' AND state = 'pending'`, [server.clock.now()]);
    expect(mine.map((r) => r.due).sort()).toEqual([false, true]);
    const age = valueOf(samples, 'steward_job_queue_oldest_due_age_seconds');
    expect(age).toBeGreaterThanOrEqual(120);
    expect(age).toBe((server.clock.now().getTime() - table.oldest) / 1000);
  });

  it("reports the database pool and Node's event-loop delay and process metrics", () => {
    const pool = (name: string): number => valueOf(after.samples, name, { database });
    if (database === 'pglite') {
      expect(pool('steward_db_pool_connections')).toBe(1);
      expect(pool('steward_db_pool_max_connections')).toBe(1);
    } else {
      expect(pool('steward_db_pool_connections')).toBeGreaterThanOrEqual(1);
      expect(pool('steward_db_pool_max_connections')).toBe(10);
    }
    // Nothing else runs: at most the scrape's own job-queue read (PostgreSQL: waiting while its connection opens).
    expect(pool('steward_db_pool_waiting_requests')).toBeLessThanOrEqual(database === 'pglite' ? 0 : 1);
    expect(pool('steward_db_calls_in_flight')).toBeLessThanOrEqual(database === 'pglite' ? 1 : 2);
    for (const name of ['nodejs_eventloop_lag_seconds', 'nodejs_eventloop_lag_p99_seconds', 'process_cpu_user_seconds_total', 'process_resident_memory_bytes', 'nodejs_heap_size_used_bytes']) {
      expect(after.samples.some((s) => s.name === name), name).toBe(true);
    }
  });

  // Threat: the metrics endpoint leaking who signs in (usernames, subs, emails), what with (client
  // ids, tokens, codes, secrets), or growing without bound on attacker-chosen label values.
  it('carries no username, id, sub, token, code or secret anywhere, and only label values of closed sets', () => {
    for (const secret of secrets.filter((s) => s.length >= 6)) expect(after.text.includes(secret), `scrape contains ${secret.slice(0, 12)}…`).toBe(false);
    const values = new Set(after.samples.flatMap((s) => Object.values(s.labels)));
    for (const value of values) expect(value, value).toMatch(/^[A-Za-z0-9_./:+-]{0,60}$/);
    const routes = new Set(after.samples.filter((s) => s.name === DURATION_COUNT).map((s) => s.labels.route));
    for (const route of routes) expect(route, route).not.toMatch(/[0-9a-f]{8}-[0-9a-f]{4}/);
  });

  // Threat: the app's public port (behind the proxy) exposing the metrics to anyone.
  it('is not served on the app port nor on the managed-login port', async () => {
    for (const origin of [server.url, server.managedLoginUrl]) {
      const response = await fetch(`${origin}/metrics`);
      const body = await response.text();
      expect(response.status, origin).toBe(404);
      expect(body).not.toContain('steward_');
    }
    const other = await fetch(`${metricsUrl}/`);
    expect(other.status).toBe(404);
    const post = await fetch(`${metricsUrl}/metrics`, { method: 'POST' });
    expect(post.status).toBe(405);
  });
});

describe('the metrics listener of startServer', () => {
  const env = { STEWARD_MODE: 'development', LOG_LEVEL: 'silent', PORT: '0', DATA_DIR: 'memory://', WEB_DIST_DIR: '/nonexistent', MANAGED_LOGIN: 'false', SEED_DEMO: 'false' };
  let running: RunningServer | undefined;

  afterAll(async () => {
    await running?.close();
  });

  it('listens on a port of its own (PORT=0: a free one) and stops with the server', async () => {
    running = await startServer(loadConfig(env));
    const metricsUrl = running.metricsUrl ?? '';
    expect(metricsUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(metricsUrl).not.toBe(running.url);
    const first = await scrape(metricsUrl);
    expect(first.samples.some((s) => s.name === 'nodejs_eventloop_lag_seconds')).toBe(true);
    await running.close();
    running = undefined;
    await expect(fetch(`${metricsUrl}/metrics`)).rejects.toThrow();
  }, 120_000);

  it('is absent with METRICS_ENABLED=false, and nothing is counted', async () => {
    running = await startServer(loadConfig({ ...env, METRICS_ENABLED: 'false' }));
    expect(running.metricsUrl).toBeUndefined();
    expect(running.app.steward.metrics.enabled).toBe(false);
    expect((await fetch(`${running.url}/metrics`)).status).toBe(404);
  }, 120_000);
});

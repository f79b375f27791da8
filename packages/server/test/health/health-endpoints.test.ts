// GET /health/live, /health/ready and /health over HTTP on both databases: each state readiness can
// be in (starting, ready, a check failing, stopping) and the database going away.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { JobRunner } from '../../src/jobs/job-runner.js';
import { SigningKeys } from '../../src/tokens/signing-keys.js';
import { systemClock } from '../../src/time/clock.js';
import { BOTH_DATABASES, dropSchema, startTestServer, TEST_POSTGRES_URL, type TestServer } from '../harness.js';

interface Answer {
  readonly status: number;
  readonly body: { status: string; phase: string; failing?: string[]; checks?: Record<string, string> };
  readonly cacheControl: string | null;
}

async function get(server: TestServer, path: string): Promise<Answer> {
  const response = await fetch(`${server.url}${path}`);
  return { status: response.status, body: (await response.json()) as Answer['body'], cacheControl: response.headers.get('cache-control') };
}

describe.each(BOTH_DATABASES)('health endpoints on %s', (database) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ database, seed: false, env: { KEEP_ALIVE_TIMEOUT_SECONDS: '5' } });
  }, 120_000);
  afterAll(async () => {
    await server?.close();
  });

  it('answers ready (200) with every check named once started, /health the same, and live 200', async () => {
    const ready = await get(server, '/health/ready');
    expect(ready.status).toBe(200);
    expect(ready.body).toEqual({ status: 'ok', phase: 'ready', checks: { database: 'ok', migrations: 'ok', signingKeys: 'ok', jobRunner: 'off' }, failing: [] });
    expect(ready.cacheControl).toBe('no-store');
    expect((await get(server, '/health')).body).toEqual(ready.body);
    const live = await get(server, '/health/live');
    expect(live).toMatchObject({ status: 200, body: { status: 'ok', phase: 'ready' } });
  });

  it('advertises its keep-alive timeout (KEEP_ALIVE_TIMEOUT_SECONDS), which a drain waits out before closing an idle connection', async () => {
    const response = await fetch(`${server.url}/health/live`);
    await response.text();
    expect(response.headers.get('keep-alive')).toBe(`timeout=${server.config.keepAliveTimeoutSeconds}`);
    expect(server.config.keepAliveTimeoutSeconds).toBe(5);
  });

  it('answers 503 naming the job runner when it stops, and ok while it runs', async () => {
    const runner = new JobRunner({ db: server.db, clock: systemClock, handlers: { noop: async () => undefined } }, { pollIntervalMs: 50 });
    server.app.steward.health.watchJobRunner(runner);
    try {
      expect(await get(server, '/health/ready')).toMatchObject({ status: 503, body: { failing: ['jobRunner'] } });
      runner.start();
      expect(await get(server, '/health/ready')).toMatchObject({ status: 200, body: { checks: { jobRunner: 'ok' } } });
      await runner.stop();
      expect(await get(server, '/health/ready')).toMatchObject({ status: 503, body: { failing: ['jobRunner'] } });
    } finally {
      await runner.stop();
      server.app.steward.health.watchJobRunner(undefined);
    }
  });

  it('answers 503 naming migrations when one this build knows is not applied', async () => {
    const [last] = await server.db.query<{ version: number; name: string }>('SELECT version, name FROM schema_migrations ORDER BY version DESC LIMIT 1');
    await server.db.query('DELETE FROM schema_migrations WHERE version = $1', [last?.version]);
    try {
      expect(await get(server, '/health/ready')).toMatchObject({ status: 503, body: { failing: ['migrations'], checks: { database: 'ok', migrations: 'failing' } } });
    } finally {
      await server.db.query('INSERT INTO schema_migrations (version, name) VALUES ($1, $2)', [last?.version, last?.name]);
    }
    expect((await get(server, '/health/ready')).status).toBe(200);
  });

  it('answers 503 naming the signing keys when the active key does not open with this process secret', async () => {
    // Another process with another SIGNING_KEY_SECRET rotates: the newest key is one this process cannot open.
    await server.app.steward.tokens.keys.rotate();
    await new SigningKeys(server.db, systemClock, 'another-signing-key-secret-0123456789abcdef').rotate();
    try {
      expect(await get(server, '/health/ready')).toMatchObject({ status: 503, body: { failing: ['signingKeys'] } });
    } finally {
      await server.app.steward.tokens.keys.rotate();
    }
    expect((await get(server, '/health/ready')).status).toBe(200);
  });

  it.runIf(database === 'postgres')('answers 503 within its 2 s probe timeout when a query hangs, not after', async () => {
    // Another session holds an exclusive lock on schema_migrations: the migrations probe waits on it.
    const blocker = new pg.Client({ connectionString: TEST_POSTGRES_URL, options: `-c search_path=${server.schema ?? 'public'}` });
    await blocker.connect();
    try {
      await blocker.query('BEGIN');
      await blocker.query('LOCK TABLE schema_migrations IN ACCESS EXCLUSIVE MODE');
      const before = Date.now();
      const ready = await get(server, '/health/ready');
      expect(ready).toMatchObject({ status: 503, body: { failing: ['migrations'], checks: { database: 'ok' } } });
      expect(Date.now() - before).toBeLessThan(10_000);
    } finally {
      await blocker.query('ROLLBACK');
      await blocker.end();
    }
    expect((await get(server, '/health/ready')).status).toBe(200);
  });

  it('walks its life: 503 while starting, 200 once ready, 503 naming the database once it stops answering, 503 while stopping; live 200 throughout', async () => {
    const own = await startTestServer({ database, seed: false, ready: false });
    try {
      expect(await get(own, '/health/ready')).toMatchObject({ status: 503, body: { status: 'unavailable', phase: 'starting', failing: ['lifecycle'] } });
      expect(await get(own, '/health')).toMatchObject({ status: 503, body: { phase: 'starting' } });
      expect((await get(own, '/health/live')).status).toBe(200);
      own.app.steward.health.markReady();
      expect((await get(own, '/health/ready')).status).toBe(200);
      // The database goes away: its pool (or PGlite) closed under the running server.
      await own.db.close();
      const gone = await get(own, '/health/ready');
      expect(gone.status).toBe(503);
      expect(gone.body.failing).toEqual(expect.arrayContaining(['database', 'migrations']));
      expect((await get(own, '/health/live')).status).toBe(200);
      own.app.steward.health.markStopping();
      expect(await get(own, '/health/ready')).toMatchObject({ status: 503, body: { phase: 'stopping', failing: ['lifecycle'] } });
      expect(await get(own, '/health/live')).toMatchObject({ status: 200, body: { phase: 'stopping' } });
    } finally {
      await own.managedLoginApp.close();
      await own.app.close();
      if (own.schema !== undefined) await dropSchema(own.schema);
    }
  });
});

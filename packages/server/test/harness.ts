// Starts the real server (buildApp + listen on 127.0.0.1:0) on in-memory PGlite or on a fresh
// schema of the local PostgreSQL, seeds a pool and client (and the demo users), and cleans up.
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp, type AppDependencies } from '../src/app.js';
import { loadConfig, type Config } from '../src/config/config.js';
import type { Database } from '../src/db/database.js';
import { migrate } from '../src/db/migrate.js';
import { openDatabase } from '../src/db/open-database.js';
import { openMigratedPglite } from './migrated-pglite.js';
import type { OutboxMessage } from '../src/delivery/dev-outbox.js';
import { seedOnFirstStart, type SeedResult } from '../src/seed/seed.js';
import { applyDefaultClientConfig } from '../src/user-pool/app-clients/index.js';
import { ManualClock, type Clock } from '../src/time/clock.js';
import { buildManagedLoginApp } from '../src/oauth/managed-login-app.js';
import { generateDevCertificate } from '../src/oauth/tls/managed-login-certificate.js';
import { startMetricsListener } from '../src/metrics/metrics-listener.js';

/** Which database a suite runs on. */
export type TestDatabase = 'pglite' | 'postgres';

/** The PostgreSQL of this machine used by tests. */
export const TEST_POSTGRES_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

/** The admin key pair the harness configures (for SigV4-signed Admin* calls through the AWS SDK). */
export const TEST_ADMIN_CREDENTIALS = { accessKeyId: 'AKIASTEWARDTEST00001', secretAccessKey: 'steward-test-admin-secret-key-0000000000' };

/** Secrets of the right length that are not the public development values: production mode refuses to start without its own. */
export const TEST_PRODUCTION_SECRETS: Readonly<Record<'CODE_PEPPER' | 'SIGNING_KEY_SECRET' | 'DATA_SEALING_SECRET', string>> = {
  CODE_PEPPER: 'a-test-production-pepper-0123456789',
  SIGNING_KEY_SECRET: 'a-test-production-signing-key-secret-0123456789',
  DATA_SEALING_SECRET: 'a-test-production-data-sealing-secret-0123456789',
};

/** Options of startTestServer. */
export interface TestServerOptions {
  readonly database?: TestDatabase;
  /** Extra environment variables (they override the harness defaults). */
  readonly env?: Readonly<Record<string, string>>;
  /** Clock for the server; default a ManualClock at the current time. */
  readonly clock?: Clock;
  readonly delivery?: AppDependencies['delivery'];
  readonly logStream?: AppDependencies['logStream'];
  /** Reuse an existing PostgreSQL schema instead of a fresh one (two servers sharing state). */
  readonly schema?: string;
  /** Skip the first-start seed. */
  readonly seed?: boolean;
  /** false: leave the server in its `starting` phase (readiness 503), as if its start were still running. */
  readonly ready?: boolean;
  /** Time each trigger attempt may take instead of Cognito's 5 s (tests of the trigger timeout). */
  readonly triggerTimeoutMs?: number;
}

/** A running server for one test file. */
export interface TestServer {
  readonly url: string;
  readonly app: FastifyInstance;
  /** Managed login's origin (plain http unless the suite sets MANAGED_LOGIN_TLS=true). */
  readonly managedLoginUrl: string;
  readonly managedLoginApp: FastifyInstance;
  /** With MANAGED_LOGIN_TLS=true: the PEM of the generated certificate the managed-login origin serves (to trust in clients). */
  readonly managedLoginCertificate: string | undefined;
  /** The metrics listener's origin (GET /metrics) when the suite sets METRICS_ENABLED=true; off by default. */
  readonly metricsUrl: string | undefined;
  readonly db: Database;
  readonly config: Config;
  readonly clock: Clock;
  readonly schema: string | undefined;
  readonly pool: SeedResult;
  /** POSTs a JSON 1.1 call and returns status and parsed body. */
  call(target: string, body: unknown, headers?: Record<string, string>): Promise<{ status: number; body: Record<string, unknown> }>;
  /** Messages in the dev outbox for a destination, newest first. */
  outbox(destination: string): Promise<OutboxMessage[]>;
  /** The newest code sent to a destination (fails when none). */
  latestCode(destination: string): Promise<string>;
  close(): Promise<void>;
}

/** Starts the server for a test file. Call `close()` in afterAll. */
export async function startTestServer(options: TestServerOptions = {}): Promise<TestServer> {
  const database = options.database ?? 'pglite';
  const schema = database === 'postgres' ? (options.schema ?? `t_${randomBytes(6).toString('hex')}`) : undefined;
  const config = loadConfig({
    STEWARD_MODE: 'development',
    LOG_LEVEL: 'silent',
    PORT: '0',
    MANAGED_LOGIN_TLS: 'false',
    DATA_DIR: 'memory://',
    ADMIN_ACCESS_KEY_ID: TEST_ADMIN_CREDENTIALS.accessKeyId,
    ADMIN_SECRET_ACCESS_KEY: TEST_ADMIN_CREDENTIALS.secretAccessKey,
    WEB_DIST_DIR: '/nonexistent-web-dist',
    METRICS_ENABLED: 'false',
    // Test clients reuse idle connections (undici); with the 5 s default a request sent as the
    // server closes an idle one is reset when a loaded CI machine stalls the event loop for a
    // second. Tests of the keep-alive and the drain set their own value.
    KEEP_ALIVE_TIMEOUT_SECONDS: '60',
    ...(database === 'postgres' ? { DATABASE_URL: TEST_POSTGRES_URL, DATABASE_SCHEMA: schema ?? 'public' } : {}),
    ...options.env,
  });
  const clock = options.clock ?? new ManualClock();
  // In-memory PGlite starts from the migrated snapshot (migrated-pglite.ts); migrate() then finds nothing to do.
  const db = config.databaseUrl === undefined && config.dataDir.startsWith('memory://') ? await openMigratedPglite() : await openDatabase(config);
  await migrate(db);
  const app = await buildApp(config, {
    db,
    clock,
    ...(options.delivery !== undefined ? { delivery: options.delivery } : {}),
    ...(options.logStream !== undefined ? { logStream: options.logStream } : {}),
    ...(options.triggerTimeoutMs !== undefined ? { triggerTimeoutMs: options.triggerTimeoutMs } : {}),
  });
  await app.steward.tokens.keys.ensureKey();
  let seeded = options.seed === false ? undefined : await seedOnFirstStart(db, clock, config);
  await applyDefaultClientConfig(app.steward, config, clock.now());
  if (seeded === undefined) {
    const row = await db.query<{ value: SeedResult }>(`SELECT value FROM server_settings WHERE key = 'default_pool'`);
    seeded = { ...(row[0]?.value ?? { userPoolId: '', clientId: '', identityPoolId: '' }), demoUsers: [] };
  }
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (address === null || typeof address === 'string') throw new Error('no address');
  const url = `http://127.0.0.1:${address.port}`;
  const tls = config.managedLoginTls ? await generateDevCertificate() : undefined;
  const managedLoginApp = await buildManagedLoginApp(config, app.steward, { ...(options.logStream !== undefined ? { logStream: options.logStream } : {}), ...(tls !== undefined ? { tls } : {}) });
  await managedLoginApp.listen({ port: 0, host: '127.0.0.1' });
  const loginAddress = managedLoginApp.server.address();
  if (loginAddress === null || typeof loginAddress === 'string') throw new Error('no managed-login address');
  const managedLoginUrl = `${config.managedLoginTls ? 'https' : 'http'}://${config.managedLoginTls ? 'localhost' : '127.0.0.1'}:${loginAddress.port}`;
  if (!config.managedLoginPublicUrlIsExplicit) app.steward.managedLogin.publicUrl = managedLoginUrl;
  const metrics = config.metricsEnabled ? await startMetricsListener(app.steward.metrics, { host: '127.0.0.1', port: 0 }) : undefined;
  if (options.ready !== false) app.steward.health.markReady();

  const server: TestServer = {
    url,
    app,
    managedLoginUrl,
    managedLoginApp,
    managedLoginCertificate: tls?.cert,
    metricsUrl: metrics?.url,
    db,
    config,
    clock,
    schema,
    pool: seeded,
    async call(target, body, headers = {}) {
      const response = await fetch(`${url}/`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-amz-json-1.1', 'x-amz-target': target.includes('.') ? target : `AWSCognitoIdentityProviderService.${target}`, ...headers },
        body: typeof body === 'string' ? body : JSON.stringify(body),
      });
      const text = await response.text();
      return { status: response.status, body: text === '' ? {} : (JSON.parse(text) as Record<string, unknown>) };
    },
    async outbox(destination) {
      const response = await fetch(`${url}/dev/outbox?destination=${encodeURIComponent(destination)}`);
      return ((await response.json()) as { messages: OutboxMessage[] }).messages;
    },
    async latestCode(destination) {
      const [message] = await server.outbox(destination);
      if (message?.code === undefined || message.code === null) throw new Error(`no code sent to ${destination}`);
      return message.code;
    },
    async close() {
      await metrics?.close();
      await managedLoginApp.close();
      await app.close();
      await db.close();
      if (schema !== undefined && options.schema === undefined) await dropSchema(schema);
    },
  };
  return server;
}

/** Drops a test schema of the local PostgreSQL. */
export async function dropSchema(schema: string): Promise<void> {
  const client = new pg.Client({ connectionString: TEST_POSTGRES_URL });
  await client.connect();
  try {
    await client.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
  } finally {
    await client.end();
  }
}

/** Both databases, for `describe.each`. */
export const BOTH_DATABASES: readonly TestDatabase[] = ['pglite', 'postgres'];

/** Tokens for a user without a sign-in flow (issued by the server's TokenService, as a sign-in would). */
export async function issueTokensFor(server: TestServer, username: string): Promise<{ AccessToken: string; IdToken: string; RefreshToken: string }> {
  const { findClient, requirePool } = await import('../src/user-pool/pools/pool-repository.js');
  const { findUserByLogin } = await import('../src/user-pool/users/user-repository.js');
  const client = await findClient(server.app.steward, server.pool.clientId);
  const pool = await requirePool(server.db, server.pool.userPoolId);
  const user = await findUserByLogin(server.db, pool, username);
  if (client === undefined || user === undefined) throw new Error(`no user ${username}`);
  const result = await server.app.steward.tokens.issueForSignIn({ client, user, authTime: server.clock.now() });
  return { AccessToken: result.AccessToken, IdToken: result.IdToken, RefreshToken: result.RefreshToken ?? '' };
}

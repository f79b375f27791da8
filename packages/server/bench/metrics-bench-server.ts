// Child process of the metrics overhead benchmark: the real server (startServer, as main.ts runs it)
// with METRICS_ENABLED on or off, its demo data seeded, and an access token of the demo admin for
// the GraphQL reads the parent sends.
import { loadConfig } from '../src/config/config.js';
import { startServer } from '../src/server.js';
import { findClient, findDefaultPool } from '../src/user-pool/pools/pool-repository.js';
import { findUserByUsername } from '../src/user-pool/users/user-repository.js';
import { serveBenchProtocol } from './graphql-child.js';

/** What the parent sends. */
export interface MetricsServerRequest {
  readonly metrics: boolean;
  /** PostgreSQL URL and a schema of the child's own; unset: in-memory PGlite. */
  readonly postgresUrl?: string;
  readonly schema?: string;
}

/** What the child answers once listening. */
export interface MetricsServerReady {
  readonly port: number;
  readonly metricsUrl: string | null;
  readonly token: string;
}

process.once('message', (message: MetricsServerRequest) => {
  void (async () => {
    const config = loadConfig({
      STEWARD_MODE: 'development',
      LOG_LEVEL: 'silent',
      PORT: '0',
      MANAGED_LOGIN: 'false',
      JOBS_ENABLED: 'false',
      CLIENT_REQUEST_LIMIT: '0',
      WEB_DIST_DIR: '/nonexistent',
      METRICS_ENABLED: String(message.metrics),
      ...(message.postgresUrl === undefined ? { DATA_DIR: 'memory://' } : { DATABASE_URL: message.postgresUrl, DATABASE_SCHEMA: message.schema ?? 'public' }),
    });
    const server = await startServer(config);
    const pool = await findDefaultPool(server.db);
    const client = pool === undefined ? undefined : await findClient(server.app.steward, pool.clientId);
    const admin = pool === undefined ? undefined : await findUserByUsername(server.db, pool.userPoolId, 'admin');
    if (client === undefined || admin === undefined) throw new Error('the demo seed is missing');
    const { AccessToken } = await server.app.steward.tokens.issueForSignIn({ client, user: admin, authTime: new Date() });
    const address = server.app.server.address();
    serveBenchProtocol(() => server.close());
    process.send?.({ port: typeof address === 'object' && address !== null ? address.port : 0, metricsUrl: server.metricsUrl ?? null, token: AccessToken } satisfies MetricsServerReady);
  })().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
});

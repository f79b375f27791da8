// Child process of the data API benchmark: the real server (buildApp: the user pool, its RS256 keys
// and token service, and the data API as src/app.ts registers it) on PostgreSQL or PGlite. It
// seeds PGlite itself (an embedded database lives in one process), signs in bench users through
// the pool's token service, and reports their access tokens. Every request is authorized as in
// production: the pool's verifyAccessToken (signature, expiry, revocation, user) and the rules.
import { randomUUID } from 'node:crypto';
import { buildApp } from '../src/app.js';
import { loadConfig, type Config } from '../src/config/config.js';
import type { Database } from '../src/db/database.js';
import { migrate } from '../src/db/migrate.js';
import { openPgliteDatabase } from '../src/db/pglite-database.js';
import { openPostgresDatabase } from '../src/db/postgres-database.js';
import { registerGraphqlApi } from '../src/graphql/index.js';
import { seedOnFirstStart } from '../src/seed/seed.js';
import { findClient, findDefaultPool } from '../src/user-pool/pools/pool-repository.js';
import { findUserByUsername, insertUser } from '../src/user-pool/users/user-repository.js';
import { serveBenchProtocol } from './graphql-child.js';
import { withNamedStatements } from './graphql-named-statements.js';
import { seedOnce, type SeedOutcome, type SeedSize } from './graphql-seed.js';

/** What the parent sends to start the server. */
export interface BenchServerRequest {
  readonly backend: 'pglite' | 'postgres';
  readonly postgresUrl: string;
  readonly schema: string;
  readonly pgliteDir: string;
  readonly size: SeedSize;
  /** Connections of the server's PostgreSQL pool. */
  readonly poolSize: number;
  /** Signed-in staff users; virtual client i uses token i mod users. */
  readonly users: number;
  /** Experiment: send SELECTs as named statements (bench adapter; the shipped one sends unnamed). */
  readonly namedStatements: boolean;
}

/** What the server answers once listening. */
export interface BenchServerReady {
  readonly port: number;
  readonly tokens: readonly string[];
  /** PGlite only: how its seed came about. */
  readonly seed: SeedOutcome | null;
}

/** Extra route serving the data API with the verified-token cache off, to measure what the cache saves. */
export const UNCACHED_TOKEN_PATH = '/graphql-token-uncached';

async function openStore(message: BenchServerRequest): Promise<{ db: Database; seed: SeedOutcome | null }> {
  if (message.backend === 'postgres') {
    const db = await openPostgresDatabase(message.postgresUrl, message.schema, message.poolSize);
    return { db: message.namedStatements ? withNamedStatements(db, message.postgresUrl, message.schema, message.poolSize) : db, seed: null };
  }
  const db = await openPgliteDatabase(message.pgliteDir);
  await migrate(db);
  return { db, seed: await seedOnce(db, message.size) };
}

/** Signs in `count` staff users of the default pool (created on first use) and returns their access tokens. */
async function staffTokens(db: Database, app: Awaited<ReturnType<typeof buildApp>>, count: number): Promise<string[]> {
  const pool = await findDefaultPool(db);
  const client = pool === undefined ? undefined : await findClient(app.steward, pool.clientId);
  if (pool === undefined || client === undefined) throw new Error('no default pool');
  const now = new Date();
  const tokens: string[] = [];
  for (let i = 0; i < count; i++) {
    const username = `bench-staff-${i}`;
    const user =
      (await findUserByUsername(db, pool.userPoolId, username)) ??
      (await insertUser(db, { sub: randomUUID(), poolId: pool.userPoolId, username, status: 'CONFIRMED', attributes: {}, srpSalt: null, srpVerifier: null, passwordHash: null }, now));
    // The caller's product profile: staff, so the access rules admit the whole business.
    await db.query(
      `INSERT INTO "UserMdl" ("id", "userId", "userType", "createdAt", "updatedAt") VALUES ($1, $2, 'staff', now(), now()) ON CONFLICT DO NOTHING`,
      [`bench-user-${user.sub}`, user.sub],
    );
    tokens.push((await app.steward.tokens.issueForSignIn({ client, user, authTime: now })).AccessToken);
  }
  return tokens;
}

process.once('message', (message: BenchServerRequest) => {
  void (async () => {
    const { db, seed } = await openStore(message);
    if (message.backend === 'postgres') await migrate(db);
    const env: Record<string, string> = { STEWARD_MODE: 'development', LOG_LEVEL: 'silent', PORT: '0', CLIENT_REQUEST_LIMIT: '0', SEED_DEMO: 'false', WEB_DIST_DIR: '/nonexistent' };
    const config: Config = loadConfig(env);
    const app = await buildApp(config, { db });
    await registerGraphqlApi(app, {
      db,
      clock: app.steward.clock,
      nextTokenSecret: config.codePepper,
      verifyAccessToken: async (token) => (await app.steward.tokens.verifyAccessToken(token)).claims,
      path: UNCACHED_TOKEN_PATH,
      accessTokenCacheMs: 0,
    });
    await app.steward.tokens.keys.ensureKey();
    await seedOnFirstStart(db, app.steward.clock, config);
    const tokens = await staffTokens(db, app, message.users);
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    const ready: BenchServerReady = { port: typeof address === 'object' && address !== null ? address.port : 0, tokens, seed };
    serveBenchProtocol(async () => {
      await app.close();
      await db.close();
    });
    process.send?.(ready);
  })().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
});

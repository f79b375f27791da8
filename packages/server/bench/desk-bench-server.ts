// Child process of the collector's desk benchmark: the real server (buildApp, with the desk's and the
// money operations as src/app.ts registers them) on PostgreSQL or PGlite. It seeds PGlite itself (an
// embedded database lives in one process), signs in the collectors (their fixed subs own the seeded
// books) and one supervisor through the pool's token service, and reports their access tokens.
import { buildApp } from '../src/app.js';
import { startRollupFolding } from '../src/collections/dashboard/dashboard-rollups.js';
import { silentLogger } from '../src/user-pool/operations/logger.js';
import { loadConfig, type Config } from '../src/config/config.js';
import type { Database, Queryable } from '../src/db/database.js';
import { migrate } from '../src/db/migrate.js';
import { openPgliteDatabase } from '../src/db/pglite-database.js';
import { openPostgresDatabase } from '../src/db/postgres-database.js';
import { SUPERVISORS_GROUP } from '../src/graphql/authorization/caller.js';
import { seedOnFirstStart } from '../src/seed/seed.js';
import { findClient, findDefaultPool } from '../src/user-pool/pools/pool-repository.js';
import { findUserByUsername, insertUser } from '../src/user-pool/users/user-repository.js';
import { serveBenchProtocol } from './graphql-child.js';
import { collectorSub, seedDeskOnce, type DeskSeedOutcome, type DeskSeedSize } from './desk-seed.js';

/** What the parent sends to start the server. */
export interface DeskServerRequest {
  readonly backend: 'pglite' | 'postgres';
  readonly postgresUrl: string;
  readonly schema: string;
  readonly pgliteDir: string;
  readonly size: DeskSeedSize;
  readonly poolSize: number;
  /** Collectors signed in (collector i has token i). */
  readonly signedIn: number;
}

/** What the server answers once listening. */
export interface DeskServerReady {
  readonly port: number;
  readonly collectorTokens: readonly string[];
  readonly supervisorToken: string;
  /** PGlite only: how its seed came about. */
  readonly seed: DeskSeedOutcome | null;
}

async function openStore(message: DeskServerRequest): Promise<{ db: Database; seed: DeskSeedOutcome | null }> {
  if (message.backend === 'postgres') return { db: await openPostgresDatabase(message.postgresUrl, message.schema, message.poolSize), seed: null };
  const db = await openPgliteDatabase(message.pgliteDir);
  await migrate(db);
  return { db, seed: await seedDeskOnce(db, message.size, (line) => console.log(`pglite${line}`)) };
}

/** The user `username` with `sub` (created on first use) and its staff profile. */
async function staffUser(db: Queryable, poolId: string, username: string, sub: string, now: Date) {
  const user =
    (await findUserByUsername(db, poolId, username)) ??
    (await insertUser(db, { sub, poolId, username, status: 'CONFIRMED', attributes: {}, srpSalt: null, srpVerifier: null, passwordHash: null }, now));
  await db.query(`INSERT INTO "UserMdl" ("id", "userId", "userType", "createdAt", "updatedAt") VALUES ($1, $2, 'staff', now(), now()) ON CONFLICT DO NOTHING`, [`desk-bench-${user.sub}`, user.sub]);
  return user;
}

process.once('message', (message: DeskServerRequest) => {
  void (async () => {
    const { db, seed } = await openStore(message);
    if (message.backend === 'postgres') await migrate(db);
    const env: Record<string, string> = { STEWARD_MODE: 'development', LOG_LEVEL: 'silent', PORT: '0', CLIENT_REQUEST_LIMIT: '0', SEED_DEMO: 'false', WEB_DIST_DIR: '/nonexistent' };
    const config: Config = loadConfig(env);
    const app = await buildApp(config, { db });
    // As startServer does: the dashboard's deltas are folded every few seconds.
    const stopFolding = startRollupFolding(db, silentLogger);
    await app.steward.tokens.keys.ensureKey();
    await seedOnFirstStart(db, app.steward.clock, config);
    const pool = await findDefaultPool(db);
    const client = pool === undefined ? undefined : await findClient(app.steward, pool.clientId);
    if (pool === undefined || client === undefined) throw new Error('no default pool');
    const now = new Date();
    const collectorTokens: string[] = [];
    for (let i = 0; i < message.signedIn; i++) {
      const user = await staffUser(db, pool.userPoolId, `desk-collector-${i}`, collectorSub(i), now);
      collectorTokens.push((await app.steward.tokens.issueForSignIn({ client, user, authTime: now })).AccessToken);
    }
    const supervisor = await staffUser(db, pool.userPoolId, 'desk-supervisor', '00000000-0000-4000-9000-000000000001', now);
    await db.query(`INSERT INTO groups (pool_id, name, created_at, updated_at) VALUES ($1, $2, $3, $3) ON CONFLICT DO NOTHING`, [pool.userPoolId, SUPERVISORS_GROUP, now]);
    await db.query(`INSERT INTO group_members (pool_id, group_name, user_sub, added_at) VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING`, [pool.userPoolId, SUPERVISORS_GROUP, supervisor.sub, now]);
    const supervisorToken = (await app.steward.tokens.issueForSignIn({ client, user: supervisor, authTime: now })).AccessToken;
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    const ready: DeskServerReady = { port: typeof address === 'object' && address !== null ? address.port : 0, collectorTokens, supervisorToken, seed };
    serveBenchProtocol(async () => {
      await stopFolding();
      await app.close();
      await db.close();
    });
    process.send?.(ready);
  })().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
});

// Child process of the data API benchmark: opens the database (seeding PGlite itself, since an
// embedded database lives in one process), starts the real data API and reports its port.
import Fastify from 'fastify';
import { migrate } from '../src/db/migrate.js';
import { openPgliteDatabase } from '../src/db/pglite-database.js';
import { openPostgresDatabase } from '../src/db/postgres-database.js';
import { registerGraphqlApi } from '../src/graphql/index.js';
import { dataApiMigrationSql } from '../src/graphql/sql/write-migration.js';
import { TestTokens } from '../test/graphql/test-tokens.js';
import { seedBenchRows, type SeedSize } from './graphql-seed.js';

/** What the parent sends to start the server. */
export interface BenchServerRequest {
  readonly backend: 'pglite' | 'postgres';
  readonly postgresUrl: string;
  readonly schema: string;
  readonly pgliteDir: string;
  readonly size: SeedSize;
}

/** What the server answers once listening. */
export interface BenchServerReady {
  readonly port: number;
  readonly token: string;
  readonly seedSeconds: number | null;
}

process.once('message', (message: BenchServerRequest) => {
  void (async () => {
    const db = message.backend === 'postgres' ? await openPostgresDatabase(message.postgresUrl, message.schema, 16) : await openPgliteDatabase(message.pgliteDir);
    let seedSeconds: number | null = null;
    if (message.backend === 'pglite') {
      await migrate(db, [{ version: 100, name: 'data_api', sql: dataApiMigrationSql() }]);
      seedSeconds = await seedBenchRows(db, message.size);
    }
    const tokens = await TestTokens.create();
    const app = Fastify({ logger: false });
    await registerGraphqlApi(app, { db, verifyAccessToken: tokens.verify, nextTokenSecret: 'bench-secret' });
    // The caller is a staff user: every request verifies the RS256 token and applies the access rules.
    const staffSub = 'bench-staff';
    await db.query(`INSERT INTO "UserMdl" ("id", "userId", "userType", "createdAt", "updatedAt") VALUES ('bench-staff-user', $1, 'staff', now(), now()) ON CONFLICT DO NOTHING`, [staffSub]);
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    const port = typeof address === 'object' && address !== null ? address.port : 0;
    const ready: BenchServerReady = { port, token: await tokens.issue(staffSub, { expiresIn: 24 * 3600 }), seedSeconds };
    process.send?.(ready);
    process.once('message', () => {
      void app.close().then(() => db.close()).then(() => process.exit(0));
    });
  })();
});

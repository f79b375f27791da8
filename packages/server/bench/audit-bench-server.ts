// Child process of the audit trail benchmark: the real server (buildApp) with the audit trail on or
// off, on PostgreSQL (a fresh schema) or PGlite (a fresh folder), with one staff user's access token,
// `accounts` accounts (one per client of the load, for postPayment) and as many tickets (updateTicketMdl).
import { randomUUID } from 'node:crypto';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config/config.js';
import type { Database } from '../src/db/database.js';
import { migrate } from '../src/db/migrate.js';
import { openPgliteDatabase } from '../src/db/pglite-database.js';
import { openPostgresDatabase } from '../src/db/postgres-database.js';
import { seedOnFirstStart } from '../src/seed/seed.js';
import { findClient, findDefaultPool } from '../src/user-pool/pools/pool-repository.js';
import { insertUser } from '../src/user-pool/users/user-repository.js';
import { serveBenchProtocol } from './graphql-child.js';

/** What the parent sends. */
export interface AuditServerRequest {
  readonly backend: 'pglite' | 'postgres';
  readonly postgresUrl: string;
  readonly schema: string;
  readonly pgliteDir: string;
  readonly audit: 'on' | 'off';
  readonly accounts: number;
}

/** What the child answers once listening. */
export interface AuditServerReady {
  readonly port: number;
  readonly token: string;
  readonly accountIds: readonly string[];
  readonly ticketIds: readonly string[];
}

async function openStore(request: AuditServerRequest): Promise<Database> {
  const db = request.backend === 'postgres' ? await openPostgresDatabase(request.postgresUrl, request.schema, 10) : await openPgliteDatabase(request.pgliteDir);
  await migrate(db);
  return db;
}

process.once('message', (request: AuditServerRequest) => {
  void (async () => {
    const db = await openStore(request);
    const config = loadConfig({ STEWARD_MODE: 'development', LOG_LEVEL: 'silent', PORT: '0', CLIENT_REQUEST_LIMIT: '0', SEED_DEMO: 'false', WEB_DIST_DIR: '/nonexistent', MANAGED_LOGIN: 'false' });
    const app = await buildApp(config, { db, auditTrail: request.audit });
    await app.steward.tokens.keys.ensureKey();
    await seedOnFirstStart(db, app.steward.clock, config);
    const pool = await findDefaultPool(db);
    const client = pool === undefined ? undefined : await findClient(app.steward, pool.clientId);
    if (pool === undefined || client === undefined) throw new Error('no default pool');
    const now = new Date();
    const user = await insertUser(db, { sub: randomUUID(), poolId: pool.userPoolId, username: 'audit-bench-staff', status: 'CONFIRMED', attributes: {}, srpSalt: null, srpVerifier: null, passwordHash: null }, now);
    await db.query(`INSERT INTO "UserMdl" ("id", "userId", "userType", "createdAt", "updatedAt") VALUES ($1, $2, 'staff', $3, $3)`, [randomUUID(), user.sub, now]);
    const token = (await app.steward.tokens.issueForSignIn({ client, user, authTime: now })).AccessToken;
    const accountIds: string[] = [];
    const ticketIds: string[] = [];
    for (let i = 0; i < request.accounts; i++) {
      const id = randomUUID();
      await db.query(
        `INSERT INTO "AccountMdl" ("id", "clientNumber", "clientName", "fileNumber", "originalUpbLoaded", "amountPaid", "currentUpb", "zipCode", "accountStatus", "createdAt", "updatedAt")
         VALUES ($1, 'C-1001', 'Bench Client', $2, 1000000, 0, 1000000, '10001', 'ACTIVE', $3, $3)`,
        [id, `AB-${i}-${id.slice(0, 8)}`, now],
      );
      accountIds.push(id);
      const ticket = randomUUID();
      await db.query(`INSERT INTO "TicketMdl" ("id", "subject", "priority", "status", "createdAt", "updatedAt") VALUES ($1, 'bench', 'low', 'open', $2, $2)`, [ticket, now]);
      ticketIds.push(ticket);
    }
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    const ready: AuditServerReady = { port: typeof address === 'object' && address !== null ? address.port : 0, token, accountIds, ticketIds };
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

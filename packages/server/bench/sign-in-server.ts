// Child process of the sign-in benchmark: the real server (buildApp, OpenSSL SRP engine, real
// clock) on PostgreSQL or PGlite, with bench users that have TOTP MFA. It reports its port and
// users, and answers "cpu" with process.cpuUsage(), so the parent measures the server alone.
import { randomUUID } from 'node:crypto';
import { createPasswordVerifier, poolNameFromUserPoolId } from '@steward/auth-core/srp';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config/config.js';
import { migrate } from '../src/db/migrate.js';
import type { Database } from '../src/db/database.js';
import { openDatabase } from '../src/db/open-database.js';
import { seedOnFirstStart } from '../src/seed/seed.js';
import { srpEngine } from '../src/user-pool/auth/srp-exchange/srp-exchange.js';
import { sealTotpSecret } from '../src/user-pool/auth/totp/totp-verification.js';
import { generateTotpSecret } from '../src/user-pool/auth/totp/totp.js';
import { insertUser, updateUser } from '../src/user-pool/users/user-repository.js';

/** What the parent asks for. */
export interface SignInServerRequest {
  readonly backend: 'postgres' | 'pglite';
  readonly postgresUrl: string;
  readonly schema: string;
  readonly users: number;
  readonly password: string;
}

/** A bench user. */
export interface BenchUser {
  readonly username: string;
  readonly secret: string;
}

/** What the child reports once listening. */
export interface SignInServerReady {
  readonly kind: 'ready';
  readonly port: number;
  readonly userPoolId: string;
  readonly clientId: string;
  readonly users: readonly BenchUser[];
}

process.once('message', (request: SignInServerRequest) => {
  void (async () => {
    const config = loadConfig({
      STEWARD_MODE: 'development',
      LOG_LEVEL: 'silent',
      PORT: '0',
      CLIENT_REQUEST_LIMIT: '0',
      SEED_DEMO: 'false',
      WEB_DIST_DIR: '/nonexistent',
      ...(request.backend === 'postgres' ? { DATABASE_URL: request.postgresUrl, DATABASE_SCHEMA: request.schema } : { DATA_DIR: 'memory://' }),
    });
    const opened = await openDatabase(config);
    await migrate(opened);
    // Counts statements, so the bench can report database round trips per sign-in.
    let statements = 0;
    const db: Database = {
      kind: opened.kind,
      query: (sql, params) => {
        statements++;
        if (process.env.BENCH_LOG_SQL !== undefined) console.error(`SQL ${sql.replace(/\s+/g, ' ').slice(0, 160)}`);
        return opened.query(sql, params);
      },
      transaction: (fn) => opened.transaction(fn),
      exec: (sql, tx) => opened.exec(sql, tx),
      close: () => opened.close(),
    };
    // Times the server's own exponentiations (wall clock around each synchronous OpenSSL call), so the
    // bench can set the server's CPU beside what its exponentiations cost in this very run, under the same load.
    let modPowNs = 0n;
    const innerModPow = srpEngine.modPow.bind(srpEngine);
    Object.defineProperty(srpEngine, 'modPow', {
      value: (base: bigint, exponent: bigint, modulus: bigint): bigint => {
        const started = process.hrtime.bigint();
        try {
          return innerModPow(base, exponent, modulus);
        } finally {
          modPowNs += process.hrtime.bigint() - started;
        }
      },
    });
    const app = await buildApp(config, { db });
    await app.steward.tokens.keys.ensureKey();
    const seed = await seedOnFirstStart(db, app.steward.clock, config);
    if (seed === undefined) throw new Error('expected a fresh database');
    const now = new Date();
    const poolName = poolNameFromUserPoolId(seed.userPoolId);
    const users: BenchUser[] = [];
    for (let i = 0; i < request.users; i++) {
      const username = `bench-${i}`;
      const sub = randomUUID();
      // As the server derives it: USER_ID_FOR_SRP is the sub.
      const verifier = createPasswordVerifier({ poolName, username: sub, password: request.password, engine: srpEngine });
      const user = await insertUser(
        db,
        {
          sub,
          poolId: seed.userPoolId,
          username,
          status: 'CONFIRMED',
          attributes: { email: `${username}@example.com`, email_verified: 'true' },
          srpSalt: verifier.saltHex,
          srpVerifier: verifier.verifierHex,
          srpIdentity: sub,
          passwordHash: null,
        },
        now,
      );
      const secret = generateTotpSecret();
      await updateUser(db, user.sub, { totpSecret: sealTotpSecret(app.steward.secrets, user.sub, secret), softwareTokenMfaEnabled: true, preferredMfa: 'SOFTWARE_TOKEN_MFA' }, now);
      users.push({ username, secret });
    }
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    if (address === null || typeof address === 'string') throw new Error('no address');
    const ready: SignInServerReady = { kind: 'ready', port: address.port, userPoolId: seed.userPoolId, clientId: seed.clientId, users };
    process.send?.(ready);
    process.on('message', (message: string) => {
      if (message === 'cpu') process.send?.({ kind: 'cpu', usage: process.cpuUsage(), calls: { ...srpEngine.calls }, statements, modPowMs: Number(modPowNs) / 1e6 });
      if (message === 'stop') {
        void app
          .close()
          .then(() => db.close())
          .then(() => process.exit(0));
      }
    });
  })().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
});

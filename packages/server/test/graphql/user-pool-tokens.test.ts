// The data API wired to the real server: buildApp with the user pool, its RS256 keys and token
// service; tokens issued by the pool for its seeded demo users are what the data API checks.
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { loadConfig } from '../../src/config/config.js';
import type { Database } from '../../src/db/database.js';
import { migrate } from '../../src/db/migrate.js';
import { openPgliteDatabase } from '../../src/db/pglite-database.js';
import { seedOnFirstStart } from '../../src/seed/seed.js';
import { ManualClock } from '../../src/time/clock.js';
import { findClient } from '../../src/user-pool/pools/pool-repository.js';
import { findUserByUsername } from '../../src/user-pool/users/user-repository.js';

// Threat: tokens that the pool itself would refuse (expired, revoked) still opening the data API.
describe('data API with the user pool token service', () => {
  let app: FastifyInstance;
  let db: Database;
  let url: string;
  const clock = new ManualClock();
  const tokensOf = async (username: string): Promise<{ access: string; sub: string }> => {
    const pool = (await db.query<{ value: { userPoolId: string; clientId: string } }>(`SELECT value FROM server_settings WHERE key = 'default_pool'`))[0]?.value;
    const client = await findClient(db, String(pool?.clientId));
    const user = await findUserByUsername(db, String(pool?.userPoolId), username);
    if (client === undefined || user === undefined) throw new Error('seed missing');
    const result = await app.steward.tokens.issueForSignIn({ client, user, authTime: clock.now() });
    return { access: result.AccessToken, sub: user.sub };
  };
  const gql = async (token: string, query: string) => {
    const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', authorization: token }, body: JSON.stringify({ query }) });
    return { status: res.status, body: (await res.json()) as { data: unknown; errors?: { errorType: string; message: string }[] } };
  };

  beforeAll(async () => {
    const config = loadConfig({ STEWARD_MODE: 'development', LOG_LEVEL: 'silent', DATA_DIR: 'memory://', WEB_DIST_DIR: '/nonexistent' });
    db = await openPgliteDatabase('memory://');
    await migrate(db);
    app = await buildApp(config, { db, clock });
    await app.steward.tokens.keys.ensureKey();
    await seedOnFirstStart(db, clock, config);
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    url = `${address}/graphql`;
  });
  afterAll(async () => {
    await app.close();
    await db.close();
  });

  it("accepts the pool's access tokens and reads the Admins group from them", async () => {
    const admin = await tokensOf('admin');
    const staff = await tokensOf('staff');
    const newcomer = randomUUID();
    const created = await gql(admin.access, `mutation { createUserMdl(input: { userId: "${newcomer}", userType: "staff" }) { userId } }`);
    expect(created.body).toEqual({ data: { createUserMdl: { userId: newcomer } } });
    const refused = await gql(staff.access, 'mutation { createUserMdl(input: { userId: "someone" }) { id } }');
    expect(refused.body.errors?.[0]?.errorType).toBe('Unauthorized');
    expect((await gql(staff.access, '{ listAccountMdls { items { id } } }')).status).toBe(200);
  });

  it('refuses an access token after the pool revoked the sign-in', async () => {
    const client = await tokensOf('client');
    expect((await gql(client.access, '{ listSessionMdls { items { id } } }')).status).toBe(200);
    await app.steward.tokens.revokeAllForUser(client.sub);
    const res = await gql(client.access, '{ listSessionMdls { items { id } } }');
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ data: null, errors: [expect.objectContaining({ errorType: 'UnauthorizedException', message: 'Token has been revoked.' })] });
  });

  it('refuses an access token once it has expired', async () => {
    const staff = await tokensOf('staff');
    clock.advance(config().accessTokenTtlSeconds + 1);
    const res = await gql(staff.access, '{ listSessionMdls { items { id } } }');
    expect(res.status).toBe(401);
    expect(res.body.errors?.[0]).toMatchObject({ errorType: 'UnauthorizedException', message: 'Token has expired.' });
  });

  function config() {
    return app.steward.config;
  }
});

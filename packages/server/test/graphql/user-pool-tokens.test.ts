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
import { deleteUser, findUserByUsername, insertUser } from '../../src/user-pool/users/user-repository.js';

// Threat: tokens that the pool itself would refuse (expired, revoked) still opening the data API.
describe('data API with the user pool token service', () => {
  let app: FastifyInstance;
  let db: Database;
  let url: string;
  const clock = new ManualClock();
  const defaultPool = async () => {
    const pool = (await db.query<{ value: { userPoolId: string; clientId: string } }>(`SELECT value FROM server_settings WHERE key = 'default_pool'`))[0]?.value;
    const client = await findClient(app.steward, String(pool?.clientId));
    if (pool === undefined || client === undefined) throw new Error('seed missing');
    return { poolId: pool.userPoolId, client };
  };
  const tokensOf = async (username: string): Promise<{ access: string; refresh: string; sub: string }> => {
    const { poolId, client } = await defaultPool();
    const user = await findUserByUsername(db, poolId, username);
    if (user === undefined) throw new Error('seed missing');
    const result = await app.steward.tokens.issueForSignIn({ client, user, authTime: clock.now() });
    return { access: result.AccessToken, refresh: String(result.RefreshToken), sub: user.sub };
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

  // Threat: the data API's short cache of verified tokens keeping a revoked, deleted or expired
  // sign-in usable. The bound (docs/security.md): at once for revocations made through this
  // process's token service, within the cache time (5 s) for anything else.
  describe('with the verified-token cache (5 s)', () => {
    const read = '{ listSessionMdls { items { id } } }';

    it('refuses a cached token at once after RevokeToken of its refresh token', async () => {
      const user = await tokensOf('staff');
      expect((await gql(user.access, read)).status).toBe(200);
      await app.steward.tokens.revokeRefreshToken((await defaultPool()).client, user.refresh);
      const res = await gql(user.access, read);
      expect(res.status).toBe(401);
      expect(res.body.errors?.[0]).toMatchObject({ errorType: 'UnauthorizedException', message: 'Token has been revoked.' });
    });

    it('refuses a cached token revoked by another server process once the cache time has passed', async () => {
      const user = await tokensOf('staff');
      expect((await gql(user.access, read)).status).toBe(200);
      // Another process revoking writes the same row; no announcement reaches this one.
      await db.query('UPDATE refresh_tokens SET revoked_at = $2 WHERE user_sub = $1 AND revoked_at IS NULL', [user.sub, clock.now()]);
      clock.advance(5);
      const res = await gql(user.access, read);
      expect(res.status).toBe(401);
      expect(res.body.errors?.[0]).toMatchObject({ errorType: 'UnauthorizedException', message: 'Token has been revoked.' });
    });

    it('refuses a cached token of a deleted user once the cache time has passed', async () => {
      const { poolId, client } = await defaultPool();
      const user = await insertUser(
        db,
        { sub: randomUUID(), poolId, username: `gone-${randomUUID()}`, status: 'CONFIRMED', attributes: {}, srpSalt: null, srpVerifier: null, passwordHash: null },
        clock.now(),
      );
      const access = (await app.steward.tokens.issueForSignIn({ client, user, authTime: clock.now() })).AccessToken;
      expect((await gql(access, read)).status).toBe(200);
      await deleteUser(db, user.sub);
      clock.advance(5);
      expect((await gql(access, read)).status).toBe(401);
    });

    it('refuses a cached token once it has expired', async () => {
      const user = await tokensOf('staff');
      expect((await gql(user.access, read)).status).toBe(200);
      clock.advance(config().accessTokenTtlSeconds + 1);
      const res = await gql(user.access, read);
      expect(res.status).toBe(401);
      expect(res.body.errors?.[0]).toMatchObject({ errorType: 'UnauthorizedException', message: 'Token has expired.' });
    });
  });

  function config() {
    return app.steward.config;
  }
});

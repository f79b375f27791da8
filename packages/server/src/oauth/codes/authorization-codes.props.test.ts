// An authorization code yields tokens at most once, only to the first exchange and only within its
// 5 minutes, whatever the interleaving of exchanges (right or wrong verifier, client, redirect_uri;
// concurrent or one after the other) and clock advances; a replay after a success revokes that
// sign-in. On PGlite and PostgreSQL (where concurrent exchanges really interleave), through the
// same functions the token endpoint runs.
import { randomBytes, randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { propertyRuns } from '../../../test/properties.js';
import { createServices, type StewardHandle } from '../../app.js';
import { loadConfig } from '../../config/config.js';
import type { Database } from '../../db/database.js';
import { migrate } from '../../db/migrate.js';
import { openDatabase } from '../../db/open-database.js';
import { ManualClock } from '../../time/clock.js';
import { consoleLogger } from '../../user-pool/operations/logger.js';
import { findClient, insertClient, insertPool, type ClientRecord } from '../../user-pool/pools/pool-repository.js';
import { insertUser, type UserRecord } from '../../user-pool/users/user-repository.js';
import { BOTH_DATABASES, dropSchema, TEST_POSTGRES_URL } from '../../../test/harness.js';
import { CODE_TTL_SECONDS, exchangeAuthorizationCode, issueAuthorizationCode, s256Challenge } from './authorization-codes.js';

type Exchange = { readonly kind: 'exchange'; readonly verifier: 'right' | 'wrong' | 'none'; readonly client: 'right' | 'other'; readonly redirect: 'right' | 'other'; readonly together: boolean };
type Step = Exchange | { readonly kind: 'advance'; readonly seconds: number };

const REDIRECT = 'https://app.example.com/callback';

const step: fc.Arbitrary<Step> = fc.oneof(
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('exchange' as const), verifier: fc.constantFrom('right' as const, 'right' as const, 'wrong' as const, 'none' as const), client: fc.constantFrom('right' as const, 'right' as const, 'other' as const), redirect: fc.constantFrom('right' as const, 'right' as const, 'other' as const), together: fc.boolean() }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('advance' as const), seconds: fc.oneof(fc.integer({ min: 0, max: 120 }), fc.integer({ min: 280, max: 320 })) }) },
);

describe.each(BOTH_DATABASES)('authorization codes on %s', (database) => {
  let db: Database;
  let services: StewardHandle;
  let clock: ManualClock;
  let clientA: ClientRecord;
  let clientB: ClientRecord;
  let user: UserRecord;
  let schema: string | undefined;
  let successes = 0;
  let revokedByReplay = 0;

  beforeAll(async () => {
    schema = database === 'postgres' ? `t_${randomBytes(6).toString('hex')}` : undefined;
    const config = loadConfig({ DATA_DIR: 'memory://', LOG_LEVEL: 'silent', ...(schema !== undefined ? { DATABASE_URL: TEST_POSTGRES_URL, DATABASE_SCHEMA: schema } : {}) });
    db = await openDatabase(config);
    await migrate(db);
    clock = new ManualClock(new Date('2026-01-01T00:00:00Z'));
    services = createServices(config, { db, clock }, consoleLogger('silent'));
    await services.tokens.keys.ensureKey();
    const now = clock.now();
    await insertPool(db, { id: 'us-east-1_codeprops', name: 'props' }, now);
    for (const id of ['clientaprops', 'clientbprops']) {
      await insertClient(db, { id, poolId: 'us-east-1_codeprops', name: id, callbackUrls: [REDIRECT], allowedOAuthFlows: ['code'], allowedOAuthScopes: ['openid'], allowedOAuthFlowsUserPoolClient: true }, now);
    }
    clientA = (await findClient(services, 'clientaprops')) as ClientRecord;
    clientB = (await findClient(services, 'clientbprops')) as ClientRecord;
    user = await insertUser(db, { sub: randomUUID(), poolId: 'us-east-1_codeprops', username: 'props-user', status: 'CONFIRMED', attributes: {}, srpSalt: null, srpVerifier: null, passwordHash: null }, now);
  });
  afterAll(async () => {
    await db.close();
    if (schema !== undefined) await dropSchema(schema);
  });

  it('yields tokens at most once, to a right first exchange within 5 minutes, and a replay revokes them', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 12 }), async (steps) => {
        const verifier = `v-${randomUUID()}-${randomUUID()}`;
        const issuedAt = clock.now().getTime();
        const code = await issueAuthorizationCode(services, {
          poolId: 'us-east-1_codeprops',
          clientId: clientA.id,
          userSub: user.sub,
          redirectUri: REDIRECT,
          scopes: ['openid'],
          nonce: undefined,
          codeChallenge: s256Challenge(verifier),
          authTime: clock.now(),
        });
        const run = (e: Exchange) => {
          const at = clock.now().getTime();
          const rightOne = e.verifier === 'right' && e.client === 'right' && e.redirect === 'right';
          const given = e.verifier === 'right' ? verifier : e.verifier === 'wrong' ? `w-${randomUUID()}-${randomUUID()}` : undefined;
          const client = e.client === 'right' ? clientA : clientB;
          return exchangeAuthorizationCode(services, client, code, { clientId: client.id, redirectUri: e.redirect === 'right' ? REDIRECT : `${REDIRECT}/other`, codeVerifier: given }).then((result) => ({ result, at, rightOne }));
        };

        const outcomes: Awaited<ReturnType<typeof run>>[][] = [];
        let group: Exchange[] = [];
        const flush = async (): Promise<void> => {
          if (group.length > 0) outcomes.push(await Promise.all(group.map(run)));
          group = [];
        };
        for (const s of steps) {
          if (s.kind === 'advance') {
            await flush();
            clock.advance(s.seconds);
          } else {
            if (!s.together) await flush();
            group.push(s);
          }
        }
        await flush();

        const all = outcomes.flat();
        const succeeded = all.filter((o) => o.result.ok);
        expect(succeeded.length).toBeLessThanOrEqual(1);
        const success = succeeded[0];
        if (success === undefined) return;
        successes += 1;
        // Only a right exchange, before the code's 5 minutes were over, and the first one made.
        expect(success.rightOne).toBe(true);
        expect(success.at).toBeLessThan(issuedAt + CODE_TTL_SECONDS * 1000);
        const firstGroup = outcomes[0] ?? [];
        expect(firstGroup.includes(success)).toBe(true);
        // Any other attempt was a replay: the sign-in the code yielded is revoked.
        if (success.result.ok && all.length > 1) {
          const refresh = success.result.tokens.RefreshToken ?? '';
          await expect(services.tokens.refresh(clientA, refresh)).rejects.toMatchObject({ name: 'NotAuthorizedException' });
          revokedByReplay += 1;
        }
      }),
      propertyRuns(60),
    );
    // Not vacuous: codes were exchanged, and replays after a success were seen.
    expect(successes).toBeGreaterThan(0);
    expect(revokedByReplay).toBeGreaterThan(0);
  });
});

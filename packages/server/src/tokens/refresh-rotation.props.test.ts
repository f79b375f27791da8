// Refresh-token rotation on a real database (PGlite), for arbitrary interleavings of refreshes with
// the current token and with any earlier one, and waits: a rotated-out token is never accepted
// outside its grace period, after a reuse nothing of the family is accepted (refresh tokens of any
// generation, access tokens of any refresh), and inside the rules every refresh succeeds.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { propertyRuns, propertyTimeout } from '../../test/properties.js';
import { loadConfig } from '../config/config.js';
import type { Database } from '../db/database.js';
import { migrate } from '../db/migrate.js';
import { openDatabase } from '../db/open-database.js';
import { isServiceError } from '../errors/catalogue.js';
import { SecretBox } from '../sealing/secret-box.js';
import { seedOnFirstStart } from '../seed/seed.js';
import { ManualClock } from '../time/clock.js';
import { findClient, requirePool } from '../user-pool/pools/pool-repository.js';
import { createUserWithPassword } from '../user-pool/users/create-user.js';
import type { UserRecord } from '../user-pool/users/user-repository.js';
import { decideRefresh, withinGrace, type PresentedToken } from './refresh-rotation.js';
import { RevocationFeed } from './revocation-feed.js';
import { SigningKeys } from './signing-keys.js';
import { TokenService } from './token-service.js';

/** One step of a client's (or a thief's) life: wait, or refresh with the n-th refresh token ever issued in the family. */
type Step = { readonly wait: number } | { readonly refreshWith: number };

const step: fc.Arbitrary<Step> = fc.oneof(fc.record({ wait: fc.integer({ min: 0, max: 15 }) }), fc.record({ refreshWith: fc.nat() }), fc.record({ refreshWith: fc.constant(Number.MAX_SAFE_INTEGER) }));

describe('refresh-token rotation', () => {
  describe('decideRefresh', () => {
    const presented = fc.oneof(
      fc.constant<PresentedToken>({ kind: 'current' }),
      fc.integer({ min: 0, max: 10_000 }).map((ms): PresentedToken => ({ kind: 'rotated-out', rotatedOutAt: new Date(1_000_000 + ms) })),
    );
    it('accepts a rotated-out token only inside its grace period, and nothing of a revoked or expired family', () => {
      fc.assert(
        fc.property(presented, fc.boolean(), fc.integer({ min: 0, max: 20_000 }), fc.boolean(), fc.integer({ min: 0, max: 60 }), fc.integer({ min: 0, max: 100_000 }), (p, revoked, expiresIn, enabled, grace, at) => {
          const now = new Date(1_000_000 + at);
          const decision = decideRefresh(p, { revoked, expiresAt: new Date(1_000_000 + expiresIn) }, { enabled, retryGracePeriodSeconds: grace }, now);
          const accepted = decision.kind === 'rotate' || decision.kind === 'retry' || decision.kind === 'reissue';
          if (p.kind === 'rotated-out' && !withinGrace(p.rotatedOutAt, grace, now)) expect(decision.kind).toBe('reuse');
          if (revoked || expiresIn <= at) expect(accepted).toBe(false);
          if (accepted && decision.kind !== 'reissue') expect(enabled).toBe(true);
          if (!enabled) expect(['rotate', 'retry']).not.toContain(decision.kind);
        }),
        propertyRuns(2000),
      );
    });
  });

  describe('on PGlite', () => {
    let db: Database;
    let clock: ManualClock;
    let tokens: TokenService;
    let user: UserRecord;
    let clientId: string;
    let secrets: SecretBox;
    const revocations = new RevocationFeed();
    const revokedSubs: string[] = [];

    beforeAll(async () => {
      const config = loadConfig({ DATA_DIR: 'memory://', LOG_LEVEL: 'silent', SEED_DEMO: 'false' });
      db = await openDatabase(config);
      await migrate(db);
      secrets = new SecretBox(config.dataSealingSecret);
      clock = new ManualClock(new Date('2026-01-01T00:00:00Z'));
      const keys = new SigningKeys(db, clock, config.signingKeySecret);
      await keys.ensureKey();
      tokens = new TokenService(db, config, clock, keys, revocations);
      revocations.subscribe((r) => revokedSubs.push(r.sub));
      const seeded = await seedOnFirstStart(db, clock, config);
      if (seeded === undefined) throw new Error('no seed');
      clientId = seeded.clientId;
      const pool = await requirePool(db, seeded.userPoolId);
      user = await createUserWithPassword(db, clock.now(), { pool, username: 'rotator', password: 'Rot4te-Passw0rd!', status: 'CONFIRMED', attributes: { email: 'rotator@example.com' } });
    });
    afterAll(async () => db.close());

    it('never accepts a rotated-out token outside its grace period, nor anything of a family after a reuse', async () => {
      await fc.assert(
        fc.asyncProperty(fc.integer({ min: 0, max: 10 }), fc.array(step, { minLength: 1, maxLength: 30 }), async (grace, steps) => {
          await db.query('UPDATE app_clients SET refresh_token_rotation = true, refresh_token_grace_seconds = $2 WHERE id = $1', [clientId, grace]);
          const client = await findClient({ db, secrets }, clientId);
          if (client === undefined) throw new Error('no client');
          const signedIn = await tokens.issueForSignIn({ client, user, authTime: clock.now() });
          // The model: every refresh token the family ever had, and when it was rotated out.
          const issued: { token: string; rotatedOutAt: Date | null }[] = [{ token: signedIn.RefreshToken ?? '', rotatedOutAt: null }];
          const accessTokens = [signedIn.AccessToken];
          let reused = false;
          revokedSubs.length = 0;

          for (const s of steps) {
            if ('wait' in s) {
              clock.advance(s.wait);
              continue;
            }
            const presented = issued[s.refreshWith % issued.length] ?? issued[0];
            if (presented === undefined) throw new Error('no token');
            const now = clock.now();
            const late = presented.rotatedOutAt !== null && !withinGrace(presented.rotatedOutAt, grace, now);
            let answer: Awaited<ReturnType<TokenService['refreshGrant']>> | undefined;
            let refusal: unknown;
            try {
              answer = await tokens.refreshGrant(client, presented.token);
            } catch (error) {
              if (!isServiceError(error)) throw error;
              refusal = error;
            }

            if (reused || late) {
              // Never accepted: after a reuse nothing, outside its grace a rotated-out token.
              expect(answer).toBeUndefined();
              if (late) expect(refusal).toMatchObject({ name: 'RefreshTokenReuseException' });
              else expect(refusal).toMatchObject({ name: 'NotAuthorizedException', message: 'Refresh Token has been revoked' });
              if (late && !reused) {
                reused = true;
                expect(revokedSubs).toContain(user.sub);
              }
              continue;
            }
            // Inside the rules: a new refresh token, the current one (or, for a retry, the family's current one) rotated out now.
            expect(refusal).toBeUndefined();
            const next = answer?.RefreshToken;
            expect(next).toBeDefined();
            const current = issued.find((t) => t.rotatedOutAt === null);
            if (current !== undefined) current.rotatedOutAt = now;
            issued.push({ token: next ?? '', rotatedOutAt: null });
            accessTokens.push(answer?.AccessToken ?? '');
          }

          if (reused) {
            for (const accessToken of accessTokens) await expect(tokens.verifyAccessToken(accessToken)).rejects.toMatchObject({ name: 'NotAuthorizedException' });
            for (const { token } of issued) await expect(tokens.refreshGrant(client, token)).rejects.toSatisfy((e) => isServiceError(e));
          } else {
            await expect(tokens.verifyAccessToken(accessTokens.at(-1) ?? '')).resolves.toBeDefined();
          }
        }),
        propertyRuns(60),
      );
    }, propertyTimeout(120_000));
  });
});

import { describe, expect, it } from 'vitest';
import { RevocationFeed } from '../../tokens/revocation-feed.js';
import type { AccessTokenClaims } from './caller.js';
import { VerifiedTokenCache } from './verified-token-cache.js';

const T0 = Date.UTC(2026, 0, 1);

/** A verifier over a fixed token table that counts its calls; `gate` lets a test hold a check open. */
function verifier(tokens: Record<string, AccessTokenClaims>) {
  const state = { calls: 0, gate: null as Promise<void> | null };
  const check = async (token: string): Promise<AccessTokenClaims> => {
    state.calls += 1;
    if (state.gate !== null) await state.gate;
    const claims = tokens[token];
    if (claims === undefined) throw new Error('Invalid Access Token');
    return claims;
  };
  return { state, check };
}

const claims = (sub: string, exp = T0 / 1000 + 3600): AccessTokenClaims => ({ sub, token_use: 'access', exp });

// Threat: a cached "valid" verdict outliving what it vouches for (TTL, token expiry, revocation), or a
// forged token riding on a cached one.
describe('verified-token cache', () => {
  it('reuses a verified token within the TTL and checks it again after', async () => {
    let now = T0;
    const { state, check } = verifier({ a: claims('alice') });
    const cache = new VerifiedTokenCache(check, 5000, () => now, null);
    await cache.verify('a');
    now += 4999;
    expect((await cache.verify('a')).sub).toBe('alice');
    expect(state.calls).toBe(1);
    now += 1;
    await cache.verify('a');
    expect(state.calls).toBe(2);
  });

  it('never trusts a token past its exp, even within the TTL', async () => {
    let now = T0;
    const { state, check } = verifier({ a: claims('alice', T0 / 1000 + 2) });
    const cache = new VerifiedTokenCache(check, 5000, () => now, null);
    await cache.verify('a');
    now += 2000;
    await cache.verify('a');
    expect(state.calls).toBe(2);
  });

  it('does not cache failed checks, and a different token never hits another one’s entry', async () => {
    const { state, check } = verifier({ a: claims('alice') });
    const cache = new VerifiedTokenCache(check, 5000, () => T0, null);
    await cache.verify('a');
    await expect(cache.verify('a.forged')).rejects.toThrow('Invalid Access Token');
    await expect(cache.verify('a.forged')).rejects.toThrow('Invalid Access Token');
    expect(state.calls).toBe(3);
  });

  it('drops a user’s tokens at once when a revocation is announced, and keeps other users’', async () => {
    const feed = new RevocationFeed();
    const { state, check } = verifier({ a: claims('alice'), b: claims('bob') });
    const cache = new VerifiedTokenCache(check, 5000, () => T0, feed);
    await cache.verify('a');
    await cache.verify('b');
    feed.publish({ sub: 'alice' });
    await cache.verify('a');
    await cache.verify('b');
    expect(state.calls).toBe(3);
  });

  it('does not cache a check that was running when a revocation was announced', async () => {
    const feed = new RevocationFeed();
    const { state, check } = verifier({ a: claims('alice') });
    const cache = new VerifiedTokenCache(check, 5000, () => T0, feed);
    let open = (): void => undefined;
    state.gate = new Promise((resolve) => (open = resolve));
    const running = cache.verify('a');
    feed.publish({ sub: 'alice' });
    open();
    await running;
    state.gate = null;
    await cache.verify('a');
    expect(state.calls).toBe(2);
  });

  it('after a revocation, checks the user every time for one TTL (the revoking transaction may not have committed)', async () => {
    let now = T0;
    const feed = new RevocationFeed();
    const { state, check } = verifier({ a: claims('alice'), b: claims('bob') });
    const cache = new VerifiedTokenCache(check, 5000, () => now, feed);
    feed.publish({ sub: 'alice' });
    await cache.verify('a');
    await cache.verify('a');
    await cache.verify('b');
    await cache.verify('b');
    expect(state.calls).toBe(3);
    now += 5000;
    await cache.verify('a');
    await cache.verify('a');
    expect(state.calls).toBe(4);
  });

  it('checks every time when the TTL is 0', async () => {
    const { state, check } = verifier({ a: claims('alice') });
    const cache = new VerifiedTokenCache(check, 0, () => T0, null);
    await cache.verify('a');
    await cache.verify('a');
    expect(state.calls).toBe(2);
  });

  it('holds at most maxEntries tokens', async () => {
    const tokens: Record<string, AccessTokenClaims> = {};
    for (let i = 0; i < 5; i++) tokens[`t${i}`] = claims(`user${i}`);
    const { state, check } = verifier(tokens);
    const cache = new VerifiedTokenCache(check, 5000, () => T0, null, 3);
    for (let i = 0; i < 5; i++) await cache.verify(`t${i}`);
    // The two oldest were dropped; the three newest are still cached.
    await cache.verify('t4');
    await cache.verify('t3');
    await cache.verify('t2');
    expect(state.calls).toBe(5);
    await cache.verify('t0');
    expect(state.calls).toBe(6);
  });

  it('stops listening to revocations once closed', () => {
    class CountingFeed extends RevocationFeed {
      subscribers = 0;
      override subscribe(listener: (revocation: { sub: string }) => void): () => void {
        this.subscribers += 1;
        const off = super.subscribe(listener);
        return () => {
          this.subscribers -= 1;
          off();
        };
      }
    }
    const feed = new CountingFeed();
    const cache = new VerifiedTokenCache(verifier({}).check, 5000, () => T0, feed);
    expect(feed.subscribers).toBe(1);
    cache.close();
    expect(feed.subscribers).toBe(0);
  });
});

import { hash } from 'node:crypto';
import type { AccessRevocation, RevocationFeed } from '../../tokens/revocation-feed.js';
import type { AccessTokenClaims, VerifyAccessToken } from './caller.js';

interface Entry {
  readonly claims: AccessTokenClaims;
  /** Epoch ms after which the token is verified again: the TTL, or its expiry if sooner. */
  readonly until: number;
}

/**
 * Remembers access tokens that passed the full check (signature, expiry, revocation, user) for a
 * short time, keyed by the token's SHA-256, so a busy caller costs one check per `ttlMs` instead of
 * an RS256 verification and two queries per request. Bounds on staleness:
 * - a revocation announced on `revocations` (RevokeToken, GlobalSignOut, disable, password reset in
 *   this process) drops the user's entries at once, and for `ttlMs` afterwards nothing of that user
 *   is cached, since the announcing transaction may not have committed yet;
 * - any other change (another process revoked, the user was deleted) is seen within `ttlMs`;
 * - an entry never outlives the token's `exp`.
 * Failed checks are never cached. `ttlMs` 0 turns the cache off.
 */
export class VerifiedTokenCache {
  private readonly entries = new Map<string, Entry>();
  /** sub -> epoch ms until which that user's checks are not cached. */
  private readonly quarantine = new Map<string, number>();
  /** Bumped on every revocation: a check that was running meanwhile is not cached. */
  private generation = 0;
  private readonly unsubscribe: () => void;

  constructor(
    private readonly check: VerifyAccessToken,
    private readonly ttlMs: number,
    private readonly now: () => number,
    revocations: RevocationFeed | null,
    private readonly maxEntries = 10_000,
  ) {
    this.unsubscribe = revocations === null ? () => undefined : revocations.subscribe((r) => this.revoked(r));
  }

  /** The claims of `token` if it is valid; rejects as the underlying check does. */
  async verify(token: string): Promise<AccessTokenClaims> {
    if (this.ttlMs <= 0) return this.check(token);
    // One-shot hash: every request computes this key.
    const key = hash('sha256', token, 'base64');
    const now = this.now();
    const hit = this.entries.get(key);
    if (hit !== undefined) {
      if (hit.until > now) return hit.claims;
      this.entries.delete(key);
    }
    const generation = this.generation;
    const claims = await this.check(token);
    this.remember(key, claims, generation);
    return claims;
  }

  private remember(key: string, claims: AccessTokenClaims, generation: number): void {
    if (generation !== this.generation) return;
    const now = this.now();
    const quarantined = this.quarantine.get(claims.sub);
    if (quarantined !== undefined) {
      if (quarantined > now) return;
      this.quarantine.delete(claims.sub);
    }
    const exp = typeof claims.exp === 'number' ? claims.exp * 1000 : now;
    const until = Math.min(now + this.ttlMs, exp);
    if (until <= now) return;
    if (this.entries.size >= this.maxEntries) this.evictExpired(now);
    // Still full of live entries: drop the oldest (insertion order) rather than grow.
    if (this.entries.size >= this.maxEntries) this.entries.delete(this.entries.keys().next().value as string);
    this.entries.set(key, { claims, until });
  }

  private evictExpired(now: number): void {
    for (const [key, entry] of this.entries) if (entry.until <= now) this.entries.delete(key);
  }

  private revoked(revocation: AccessRevocation): void {
    this.generation += 1;
    const now = this.now();
    for (const [key, entry] of this.entries) if (entry.claims.sub === revocation.sub) this.entries.delete(key);
    for (const [sub, until] of this.quarantine) if (until <= now) this.quarantine.delete(sub);
    this.quarantine.set(revocation.sub, now + this.ttlMs);
  }

  /** Stops listening to revocations (the API is closing). */
  close(): void {
    this.unsubscribe();
    this.entries.clear();
  }
}

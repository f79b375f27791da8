// Revocations announced within one process, so in-process caches of verified access tokens (the
// data API's) drop a revoked sign-in at once instead of waiting for their TTL.

/** A user whose sign-ins (all, or one) were just revoked. */
export interface AccessRevocation {
  readonly sub: string;
}

/** A process-local publish/subscribe channel of revocations. */
export class RevocationFeed {
  private readonly listeners = new Set<(revocation: AccessRevocation) => void>();

  /** Calls `listener` on every later revocation; returns the unsubscribe function. */
  subscribe(listener: (revocation: AccessRevocation) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Tells every listener, synchronously, that `revocation` happened. */
  publish(revocation: AccessRevocation): void {
    for (const listener of this.listeners) listener(revocation);
  }
}

/** The feed of this process: TokenService publishes to it unless given another. */
export const processRevocations = new RevocationFeed();

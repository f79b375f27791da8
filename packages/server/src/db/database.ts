/** Something SQL can be run on: the database itself or an open transaction. */
export interface Queryable {
  /** Runs one parameterised statement and returns its rows. */
  query<T extends object = Record<string, unknown>>(sql: string, params?: readonly unknown[]): Promise<T[]>;
}

/**
 * The storage port. Two adapters: embedded PGlite and a node-postgres pool. Int8 columns may come
 * back as strings (pg) or numbers (PGlite): cast to int in SQL where a number is wanted.
 */
export interface Database extends Queryable {
  /** Which adapter this is; for logs and tests. */
  readonly kind: 'pglite' | 'postgres';
  /**
   * Runs `fn` inside one transaction: committed when it resolves, rolled back when it throws.
   * `finish`, asked once `fn` has resolved, may give a last script (no parameters) that is sent
   * together with the COMMIT, in one round trip: what it locks is held only while the transaction
   * commits (the audit trail's append).
   */
  transaction<T>(fn: (tx: Queryable) => Promise<T>, finish?: () => string | undefined): Promise<T>;
  /** Runs a multi-statement script (no parameters), e.g. a migration, inside `tx` or on its own. */
  exec(sql: string, tx?: Queryable): Promise<void>;
  /** Releases connections (or the embedded database). */
  close(): Promise<void>;
  /**
   * PGlite only: a consistent copy of the data folder as an uncompressed tar archive, taken between
   * two statements (committed transactions are in it; one in flight is not, as after a power cut).
   * PostgreSQL has pg_dump instead.
   */
  snapshot?(): Promise<Uint8Array>;
  /** How busy the connections are right now (for the metrics; cheap, no query). */
  poolStats?(): DatabasePoolStats;
}

/** A snapshot of the adapter's connections: PostgreSQL's pool, or PGlite's one connection and its queue. */
export interface DatabasePoolStats {
  /** Connections open (PGlite: 1). */
  readonly total: number;
  /** Open connections doing nothing (PGlite: 1 when no call is in flight, else 0). */
  readonly idle: number;
  /** Calls waiting for a connection (PGlite: calls queued behind the one running). */
  readonly waiting: number;
  /** Most connections the adapter opens (PGlite: 1). */
  readonly max: number;
  /** Calls (queries, transactions, scripts) started and not finished. */
  readonly inFlight: number;
}

/** True when `error` is PostgreSQL's unique_violation (SQLSTATE 23505), optionally on the given constraint. */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const e = error as { code?: unknown; constraint?: unknown };
  return e.code === '23505' && (constraint === undefined || e.constraint === constraint);
}

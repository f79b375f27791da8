// User-pool domains (table user_pool_domains): a prefix domain or a custom domain per pool, each
// bound to one pool. Managed login reads them to pick the pool a request's Host names.
import type { Queryable } from '../../db/database.js';

/** A domain as stored. */
export interface DomainRecord {
  readonly domain: string;
  readonly poolId: string;
  readonly custom: boolean;
  readonly certificateArn: string | null;
  readonly managedLoginVersion: number;
}

interface DomainRow {
  domain: string;
  pool_id: string;
  custom: boolean;
  certificate_arn: string | null;
  managed_login_version: number;
}

const toDomain = (r: DomainRow): DomainRecord => ({ domain: r.domain, poolId: r.pool_id, custom: r.custom, certificateArn: r.certificate_arn, managedLoginVersion: Number(r.managed_login_version) });

/** The domain, or undefined. */
export async function findDomain(q: Queryable, domain: string): Promise<DomainRecord | undefined> {
  const rows = await q.query<DomainRow>('SELECT * FROM user_pool_domains WHERE domain = $1', [domain.toLowerCase()]);
  return rows[0] === undefined ? undefined : toDomain(rows[0]);
}

/** The pool's domain of one kind, or undefined. */
export async function findPoolDomain(q: Queryable, poolId: string, custom: boolean): Promise<DomainRecord | undefined> {
  const rows = await q.query<DomainRow>('SELECT * FROM user_pool_domains WHERE pool_id = $1 AND custom = $2', [poolId, custom]);
  return rows[0] === undefined ? undefined : toDomain(rows[0]);
}

/** Inserts a domain; false when the name (or the pool's domain of that kind) is taken. */
export async function insertDomain(q: Queryable, record: DomainRecord, now: Date): Promise<boolean> {
  const rows = await q.query(
    `INSERT INTO user_pool_domains (domain, pool_id, custom, certificate_arn, managed_login_version, created_at, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, $6) ON CONFLICT DO NOTHING RETURNING 1`,
    [record.domain, record.poolId, record.custom, record.certificateArn, record.managedLoginVersion, now],
  );
  return rows.length > 0;
}

/** The ManagedLoginVersion of each of the pool's domains (none, one or two). */
export async function poolDomainVersions(q: Queryable, poolId: string): Promise<number[]> {
  const rows = await q.query<{ managed_login_version: number }>('SELECT managed_login_version FROM user_pool_domains WHERE pool_id = $1', [poolId]);
  return rows.map((r) => Number(r.managed_login_version));
}

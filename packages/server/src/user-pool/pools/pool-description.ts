// The UserPoolType of a stored pool, read with its user count and domains (DescribeUserPool,
// CreateUserPool, UpdateUserPool's audit record).
import type { ServerServices } from '../operations/operation-context.js';
import type { Queryable } from '../../db/database.js';
import { fail } from '../../errors/catalogue.js';
import { toPool, type PoolRow } from './pool-repository.js';
import { toUserPoolType } from './user-pool-shapes.js';

/** The pool as UserPoolType; ResourceNotFoundException when it does not exist. */
export async function describePool(ctx: { readonly db: Queryable; readonly config: ServerServices['config'] }, poolId: string): Promise<ReturnType<typeof toUserPoolType>> {
  const rows = await ctx.db.query<PoolRow & { updated_at: Date; users: number; domain: string | null; custom_domain: string | null }>(
    `SELECT p.*, (SELECT count(*)::int FROM users u WHERE u.pool_id = p.id) AS users,
            (SELECT d.domain FROM user_pool_domains d WHERE d.pool_id = p.id AND NOT d.custom) AS domain,
            (SELECT d.domain FROM user_pool_domains d WHERE d.pool_id = p.id AND d.custom) AS custom_domain
       FROM user_pools p WHERE p.id = $1`,
    [poolId],
  );
  const row = rows[0];
  if (row === undefined) throw fail('ResourceNotFoundException', `User pool ${poolId} does not exist.`);
  return toUserPoolType(toPool(row), ctx.config.region, new Date(row.updated_at), Number(row.users), {
    ...(row.domain !== null ? { domain: row.domain } : {}),
    ...(row.custom_domain !== null ? { customDomain: row.custom_domain } : {}),
  });
}

import type { OperationContext } from '../operations/operation-context.js';
import { requirePool, type PoolRecord } from '../pools/pool-repository.js';
import { requireUserByLogin, type UserRecord } from '../users/user-repository.js';

/** The pool and user an admin operation names (ResourceNotFoundException / UserNotFoundException). */
export async function adminTarget(ctx: OperationContext, poolId: string, username: string): Promise<{ pool: PoolRecord; user: UserRecord }> {
  const pool = await requirePool(ctx.db, poolId);
  return { pool, user: await requireUserByLogin(ctx.db, pool, username) };
}

import type { VerifiedAccess } from '../../tokens/token-service.js';
import type { OperationContext } from '../operations/operation-context.js';
import { requirePool, type PoolRecord } from '../pools/pool-repository.js';

/** The caller of an operation that takes an AccessToken, with the user's pool. */
export interface AuthenticatedUser extends VerifiedAccess {
  readonly pool: PoolRecord;
}

/** Verifies the access token (signature, expiry, revocation, enabled user) and loads the pool. */
export async function authenticatedUser(ctx: OperationContext, accessToken: string): Promise<AuthenticatedUser> {
  const verified = await ctx.tokens.verifyAccessToken(accessToken);
  return { ...verified, pool: await requirePool(ctx.db, verified.poolId) };
}

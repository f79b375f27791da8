import { fail } from '../../errors/catalogue.js';
import { USER_POOL_API_SCOPE, type VerifiedAccess } from '../../tokens/token-service.js';
import type { OperationContext } from '../operations/operation-context.js';
import { requirePool, type PoolRecord } from '../pools/pool-repository.js';

/** The caller of an operation that takes an AccessToken, with the user's pool. */
export interface AuthenticatedUser extends VerifiedAccess {
  readonly pool: PoolRecord;
}

/**
 * Verifies the access token (signature, expiry, revocation, enabled user) and loads the pool. As
 * Cognito, the user-pool operations take only access tokens with the aws.cognito.signin.user.admin
 * scope: every JSON-API sign-in's, and managed login's when the app asked for that scope.
 */
export async function authenticatedUser(ctx: OperationContext, accessToken: string): Promise<AuthenticatedUser> {
  const verified = await ctx.tokens.verifyAccessToken(accessToken);
  if (!verified.claims.scope.split(' ').includes(USER_POOL_API_SCOPE)) throw fail('NotAuthorizedException', 'Access Token does not have required scopes');
  return { ...verified, pool: await requirePool(ctx.db, verified.poolId) };
}

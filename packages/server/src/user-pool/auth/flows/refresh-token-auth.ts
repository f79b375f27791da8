// REFRESH_TOKEN_AUTH (alias REFRESH_TOKEN): new access and id tokens for a live refresh token.
import { fail } from '../../../errors/catalogue.js';
import { hashToken } from '../../../tokens/token-service.js';
import type { OperationContext } from '../../operations/operation-context.js';
import { findUserBySub } from '../../users/user-repository.js';
import { assertSecretHash, requireParameter } from '../sign-in/app-client-checks.js';
import type { SignInOutcome, SignInScope } from '../sign-in/sign-in-outcome.js';

/**
 * InitiateAuth REFRESH_TOKEN_AUTH. The token service refuses revoked, expired, foreign and
 * unknown tokens; here, a DEVICE_KEY other than the one the sign-in was bound to is refused too,
 * and clients with a secret must send SECRET_HASH (of the username or the sub).
 */
export async function refreshTokens(ctx: OperationContext, scope: SignInScope, parameters: Readonly<Record<string, string>>): Promise<SignInOutcome> {
  const refreshToken = requireParameter(parameters, 'REFRESH_TOKEN');
  const rows = await ctx.db.query<{ user_sub: string; device_key: string | null }>('SELECT user_sub, device_key FROM refresh_tokens WHERE token_hash = $1', [
    hashToken(refreshToken),
  ]);
  const origin = rows[0];
  if (origin !== undefined) {
    const given = parameters.DEVICE_KEY;
    if (given !== undefined && given !== '' && origin.device_key !== null && given !== origin.device_key) throw fail('NotAuthorizedException', 'Invalid Refresh Token');
    if (scope.client.secret !== null) {
      const user = await findUserBySub(ctx.db, origin.user_sub);
      assertSecretHash(scope.client, user !== undefined ? [user.username, user.sub] : [], parameters.SECRET_HASH);
    }
  }
  return { kind: 'refreshed', result: await ctx.tokens.refresh(scope.client, refreshToken) };
}

import type { AuthenticationResultType } from '../cognito/user-pool-operations.js';
import { UnexpectedSignInInterruptionException } from '../errors/auth-errors.js';
import type { AuthRuntime } from '../runtime/auth-runtime.js';
import { decodeJwtToken } from './jwt.js';
import { loadTokens, storeTokens } from './token-store.js';
import type { CognitoAuthSignInDetails, StoredTokens } from './token-store.js';

/**
 * Clock drift (server minus local, ms) measured from a fresh access token's `iat`:
 * iat * 1000 - now; 0 when the token has no iat.
 */
export function clockDriftFromAccessToken(accessToken: string, now: number): number {
  const iat = decodeJwtToken(accessToken).payload.iat;
  return typeof iat === 'number' && iat > 0 ? iat * 1000 - now : 0;
}

/** Options of storeAuthenticationResult. */
export interface StoreAuthenticationResultOptions {
  signInDetails?: CognitoAuthSignInDetails | undefined;
  /** Kept when the result carries no refresh token (a refresh without rotation). */
  previousRefreshToken?: string | undefined;
}

/**
 * Stores the tokens of an AuthenticationResult for `username` (the Cognito username, e.g.
 * ChallengeParameters.USERNAME), measuring clock drift at receipt, and returns the stored session.
 * Throws UnexpectedSignInInterruptionException when the result has no usable access token.
 */
export async function storeAuthenticationResult(
  runtime: Pick<AuthRuntime, 'config' | 'storage' | 'cookies' | 'clock'>,
  username: string,
  result: AuthenticationResultType,
  options: StoreAuthenticationResultOptions = {},
): Promise<StoredTokens> {
  const accessToken = result.AccessToken;
  let clockDrift: number;
  try {
    if (accessToken === undefined || accessToken === '') throw new Error('AuthenticationResult has no AccessToken');
    clockDrift = clockDriftFromAccessToken(accessToken, runtime.clock.now());
  } catch (error) {
    throw new UnexpectedSignInInterruptionException({ underlyingError: error });
  }
  await storeTokens(runtime, {
    username,
    accessToken,
    idToken: result.IdToken,
    refreshToken: result.RefreshToken ?? options.previousRefreshToken,
    clockDrift,
    signInDetails: options.signInDetails,
  });
  const stored = await loadTokens(runtime);
  if (stored === null) throw new UnexpectedSignInInterruptionException();
  return stored;
}

import type { AuthenticationResultType } from '../cognito/user-pool-operations.js';
import { confirmNewDevice } from '../devices/confirm-device.js';
import { UnexpectedSignInInterruptionException } from '../errors/auth-errors.js';
import type { AuthRuntime } from '../runtime/auth-runtime.js';
import { storeAuthenticationResult } from './authentication-result.js';
import { currentUserFromTokens } from './current-user.js';
import type { AuthUser } from './current-user.js';
import type { CognitoAuthSignInDetails } from './token-store.js';

/** What a finished sign-in hands over. */
export interface CompleteSignInInput {
  /** The sign-in's username (aws-amplify's: ChallengeParameters.USERNAME of the first answer, else the login). */
  username: string;
  authenticationResult: AuthenticationResultType;
  signInDetails?: CognitoAuthSignInDetails | undefined;
}

/**
 * The last step of every sign-in: stores the tokens (and the two cookies), confirms the new device
 * Cognito offered (a failure there does not fail the sign-in), and emits `signedIn` with the user.
 * Throws UnexpectedSignInInterruptionException when the result holds no usable tokens.
 */
export async function completeSignIn(runtime: AuthRuntime, input: CompleteSignInInput): Promise<AuthUser> {
  const tokens = await storeAuthenticationResult(runtime, input.username, input.authenticationResult, {
    signInDetails: input.signInDetails,
  });
  const newDevice = input.authenticationResult.NewDeviceMetadata;
  if (newDevice !== undefined) {
    try {
      await confirmNewDevice(runtime, tokens.accessToken.toString(), newDevice, input.username);
    } catch {
      // The session is valid without a remembered device; the next sign-in is simply offered one again.
    }
  }
  const user = currentUserFromTokens(tokens);
  if (user.userId === '') throw new UnexpectedSignInInterruptionException();
  runtime.hub.dispatch('auth', { event: 'signedIn', data: { ...user } });
  return user;
}

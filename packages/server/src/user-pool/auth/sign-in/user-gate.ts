// Whether a user who proved a factor may go on signing in, with Cognito's errors for each status.
import { fail } from '../../../errors/catalogue.js';
import type { UserRecord } from '../../users/user-repository.js';

/** The error of a sign-in with a wrong password or an unknown user (the same on purpose). */
export const WRONG_CREDENTIALS = 'Incorrect username or password.';

/**
 * Throws for a disabled user (NotAuthorizedException), an unconfirmed one
 * (UserNotConfirmedException), one whose password must be reset (PasswordResetRequiredException)
 * and an expired temporary password. Called only after the factor was proven, so none of these
 * tells an attacker anything about an account whose password they do not have.
 */
export function assertUserMaySignIn(user: UserRecord, now: Date): void {
  if (!user.enabled) throw fail('NotAuthorizedException', 'User is disabled.');
  switch (user.status) {
    case 'UNCONFIRMED':
      throw fail('UserNotConfirmedException', 'User is not confirmed.');
    case 'RESET_REQUIRED':
      throw fail('PasswordResetRequiredException', 'Password reset required for the user');
    case 'FORCE_CHANGE_PASSWORD':
      if (user.temporaryPasswordExpiresAt !== null && user.temporaryPasswordExpiresAt <= now) {
        throw fail('NotAuthorizedException', 'Temporary password has expired and must be reset by an administrator.');
      }
      return;
    case 'ARCHIVED':
    case 'EXTERNAL_PROVIDER':
      throw fail('NotAuthorizedException', WRONG_CREDENTIALS);
    default:
      return;
  }
}

/** The error for an unknown sign-in name: NotAuthorizedException when the client hides user existence, else UserNotFoundException. */
export function unknownUserError(preventUserExistenceErrors: boolean): Error {
  return preventUserExistenceErrors ? fail('NotAuthorizedException', WRONG_CREDENTIALS) : fail('UserNotFoundException', 'User does not exist.');
}

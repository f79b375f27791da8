import { AuthConfigError } from '../errors/auth-errors.js';
import { InvalidIdentityPoolIdException, InvalidUserPoolId } from '../errors/catalogue.js';

// Spec section 5 asks only for the separator; like aws-amplify we also need the region part before it
// to be non-empty, since the region is read from it.

/** True when `id` has the user-pool id form: an underscore after a non-empty region part. */
export function isValidUserPoolId(id: string): boolean {
  return id.indexOf('_') > 0;
}

/** True when `id` has the identity-pool id form: a colon after a non-empty region part. */
export function isValidIdentityPoolId(id: string): boolean {
  return id.indexOf(':') > 0;
}

/** Throws InvalidUserPoolId unless `id` is a user-pool id. */
export function assertUserPoolId(id: string): void {
  if (!isValidUserPoolId(id)) throw new AuthConfigError(InvalidUserPoolId);
}

/** Throws InvalidIdentityPoolIdException unless `id` is an identity-pool id. */
export function assertIdentityPoolId(id: string): void {
  if (!isValidIdentityPoolId(id)) throw new AuthConfigError(InvalidIdentityPoolIdException);
}

// The client-side refusal of a password under the configured policy (passwordFormat), kept apart from
// checkPasswordPolicy so a form that only shows the checklist does not bundle the error definitions.
import { AuthValidationError } from '../errors/auth-errors.js';
import { InvalidPasswordException } from '../errors/catalogue.js';
import { checkPasswordPolicy } from './password-policy.js';
import type { PasswordPolicy, PasswordRule } from './password-policy.js';

// Cognito's wording of each broken rule ("Password must have numeric characters"), so the refusal reads exactly like the server's.
const CHARACTER_KIND: Record<Exclude<PasswordRule, 'minLength'>, string> = { lowercase: 'lowercase', uppercase: 'uppercase', number: 'numeric', symbol: 'symbol' };

/**
 * Refuses a new password the configured policy does not allow, before any request: AuthValidationError
 * InvalidPasswordException "Password did not conform with policy: …" (Cognito's name and wording).
 * Without a configured policy it does nothing and the user pool decides.
 */
export function assertConfiguredPasswordPolicy(policy: PasswordPolicy | undefined, password: unknown): void {
  // Blank or missing passwords are the required-field checks' business (EmptySignUpPassword, …).
  if (policy === undefined || typeof password !== 'string' || password === '') return;
  const rule = checkPasswordPolicy(password, policy).failed[0];
  if (rule !== undefined) {
    const problem = rule === 'minLength' ? 'Password not long enough' : `Password must have ${CHARACTER_KIND[rule]} characters`;
    throw new AuthValidationError(InvalidPasswordException, { message: `Password did not conform with policy: ${problem}` });
  }
}

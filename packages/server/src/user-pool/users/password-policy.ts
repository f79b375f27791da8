import { fail } from '../../errors/catalogue.js';
import type { PasswordPolicy } from '../pools/pool-repository.js';

// Cognito's symbol set for password policies.
const SYMBOLS = /[\^$*.[\]{}()?"!@#%&/\\,><':;|_~`=+\- ]/;

/** The policy problems of a password, in Cognito's wording (empty when it conforms). */
export function passwordProblems(password: string, policy: PasswordPolicy): string[] {
  const problems: string[] = [];
  if ([...password].length < policy.minimumLength) problems.push('Password not long enough');
  if (policy.requireLowercase && !/\p{Ll}/u.test(password)) problems.push('Password must have lowercase characters');
  if (policy.requireUppercase && !/\p{Lu}/u.test(password)) problems.push('Password must have uppercase characters');
  if (policy.requireNumbers && !/[0-9]/.test(password)) problems.push('Password must have numeric characters');
  if (policy.requireSymbols && !SYMBOLS.test(password)) problems.push('Password must have symbol characters');
  if (/^\s|\s$/.test(password)) problems.push('Password must not start or end with whitespace');
  return problems;
}

/** Throws InvalidPasswordException 'Password did not conform with policy: …' unless the password conforms. */
export function assertPasswordConforms(password: string, policy: PasswordPolicy): void {
  const problems = passwordProblems(password, policy);
  if (problems.length > 0) throw fail('InvalidPasswordException', `Password did not conform with policy: ${problems[0] ?? ''}`);
}

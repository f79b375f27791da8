import { AuthValidationError } from '../errors/auth-errors.js';
import { IncorrectMFAMethod, IncorrectMFASetupAnswer } from '../errors/catalogue.js';

/** The MFA methods a user can pick (aws-amplify v6 AuthMFAType). */
export type MfaMethod = 'SMS' | 'TOTP' | 'EMAIL';

/** The MFA methods in the order aws-amplify lists them. */
export const MFA_METHODS: readonly MfaMethod[] = ['SMS', 'TOTP', 'EMAIL'];

/** True when `value` is an MFA method choice: exactly SMS, TOTP or EMAIL. */
export function isMfaMethod(value: unknown): value is MfaMethod {
  return value === 'SMS' || value === 'TOTP' || value === 'EMAIL';
}

/** Returns the MFA choice, or throws IncorrectMFAMethod (spec section 5). */
export function assertMfaMethod(value: unknown): MfaMethod {
  if (!isMfaMethod(value)) throw new AuthValidationError(IncorrectMFAMethod);
  return value;
}

/** What an MFA setup answer means. */
export type MfaSetupAnswer =
  | { kind: 'select'; method: 'EMAIL' | 'TOTP' }
  | { kind: 'code'; code: string }
  | { kind: 'email'; email: string };

/**
 * Classifies an MFA setup answer: EMAIL or TOTP (a choice), an all-digit code, or text containing
 * an at-sign (an email address); anything else is undefined.
 */
export function classifyMfaSetupAnswer(value: unknown): MfaSetupAnswer | undefined {
  if (typeof value !== 'string' || value === '') return undefined;
  if (value === 'EMAIL' || value === 'TOTP') return { kind: 'select', method: value };
  if (/^[0-9]+$/.test(value)) return { kind: 'code', code: value };
  if (value.includes('@')) return { kind: 'email', email: value };
  return undefined;
}

/** Returns the classified MFA setup answer, or throws IncorrectMFASetupAnswer. */
export function assertMfaSetupAnswer(value: unknown): MfaSetupAnswer {
  const answer = classifyMfaSetupAnswer(value);
  if (answer === undefined) throw new AuthValidationError(IncorrectMFASetupAnswer);
  return answer;
}

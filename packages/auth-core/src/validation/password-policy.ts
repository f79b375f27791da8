/** One rule of the password policy (spec section 5). */
export type PasswordRule = 'minLength' | 'lowercase' | 'uppercase' | 'number' | 'symbol';

/** Spec section 9: the minimum password length. */
export const PASSWORD_MIN_LENGTH = 8;

/** The rules in checklist order, with a label a UI can show. */
export const PASSWORD_RULES: readonly { rule: PasswordRule; label: string }[] = [
  { rule: 'minLength', label: `At least ${PASSWORD_MIN_LENGTH} characters` },
  { rule: 'lowercase', label: 'A lowercase letter' },
  { rule: 'uppercase', label: 'An uppercase letter' },
  { rule: 'number', label: 'A number' },
  { rule: 'symbol', label: 'A symbol' },
];

/** Cognito's special characters; a space counts too unless it leads or trails the password. */
export const PASSWORD_SYMBOLS = '^$*.[]{}()?"!@#%&/\\,><\':;|_~`=+-';

/** The outcome of checking a password against the policy. */
export interface PasswordPolicyResult {
  valid: boolean;
  /** The rules the password breaks, in PASSWORD_RULES order; empty when valid. */
  failed: PasswordRule[];
}

function hasSymbol(password: string): boolean {
  for (let i = 0; i < password.length; i += 1) {
    const char = password.charAt(i);
    if (PASSWORD_SYMBOLS.includes(char)) return true;
    if (char === ' ' && i > 0 && i < password.length - 1) return true;
  }
  return false;
}

/**
 * Checks a password against the policy (8+ characters, a lowercase and an uppercase Basic Latin
 * letter, a digit, a symbol) and says which rules fail, for a live checklist.
 */
export function checkPasswordPolicy(password: string): PasswordPolicyResult {
  const checks: Record<PasswordRule, boolean> = {
    // Counted in code points, so an emoji is one character as the user sees it.
    minLength: [...password].length >= PASSWORD_MIN_LENGTH,
    lowercase: /[a-z]/.test(password),
    uppercase: /[A-Z]/.test(password),
    number: /[0-9]/.test(password),
    symbol: hasSymbol(password),
  };
  const failed = PASSWORD_RULES.map(({ rule }) => rule).filter((rule) => !checks[rule]);
  return { valid: failed.length === 0, failed };
}

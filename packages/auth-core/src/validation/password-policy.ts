/** One rule of the password policy (spec section 5). */
export type PasswordRule = 'minLength' | 'lowercase' | 'uppercase' | 'number' | 'symbol';

/** Spec section 9: the minimum password length. */
export const PASSWORD_MIN_LENGTH = 8;

/**
 * A password policy, with the field names of aws-amplify v6's `passwordFormat` (the user pool's
 * PasswordPolicy: Cognito's MinimumLength and Require* flags).
 */
export interface PasswordPolicy {
  readonly minLength: number;
  readonly requireLowercase: boolean;
  readonly requireUppercase: boolean;
  readonly requireNumbers: boolean;
  readonly requireSpecialCharacters: boolean;
}

/** The policy of spec section 5 (Cognito's default): 8+ characters, lower and upper case, a number, a symbol. */
export const DEFAULT_PASSWORD_POLICY: PasswordPolicy = {
  minLength: PASSWORD_MIN_LENGTH,
  requireLowercase: true,
  requireUppercase: true,
  requireNumbers: true,
  requireSpecialCharacters: true,
};

/** The rules in checklist order, with a label a UI can show (for DEFAULT_PASSWORD_POLICY; see passwordRules). */
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

// The rules in checklist order without their labels, so checking alone does not bundle the labels.
const RULE_ORDER: readonly PasswordRule[] = ['minLength', 'lowercase', 'uppercase', 'number', 'symbol'];

// The policy field asking for each rule; the length rule always applies (with the policy's minimum).
const REQUIRED_BY: Record<Exclude<PasswordRule, 'minLength'>, keyof PasswordPolicy> = {
  lowercase: 'requireLowercase',
  uppercase: 'requireUppercase',
  number: 'requireNumbers',
  symbol: 'requireSpecialCharacters',
};

function requires(policy: PasswordPolicy, rule: PasswordRule): boolean {
  return rule === 'minLength' || policy[REQUIRED_BY[rule]] === true;
}

/** The rules `policy` asks for, in checklist order, labelled with its minimum length (for a live checklist). */
export function passwordRules(policy: PasswordPolicy = DEFAULT_PASSWORD_POLICY): { rule: PasswordRule; label: string }[] {
  return PASSWORD_RULES.filter(({ rule }) => requires(policy, rule)).map((entry) =>
    entry.rule === 'minLength' ? { rule: 'minLength', label: `At least ${policy.minLength} characters` } : entry,
  );
}

/**
 * Checks a password against a policy (default: 8+ characters, a lowercase and an uppercase Basic
 * Latin letter, a digit, a symbol) and says which rules fail, for a live checklist. Pass
 * `getAuthRuntime().config.passwordPolicy` to check against the configured `passwordFormat`.
 */
export function checkPasswordPolicy(password: string, policy: PasswordPolicy = DEFAULT_PASSWORD_POLICY): PasswordPolicyResult {
  const checks: Record<PasswordRule, boolean> = {
    // Counted in code points, so an emoji is one character as the user sees it.
    minLength: [...password].length >= policy.minLength,
    lowercase: /[a-z]/.test(password),
    uppercase: /[A-Z]/.test(password),
    number: /[0-9]/.test(password),
    symbol: hasSymbol(password),
  };
  const failed = RULE_ORDER.filter((rule) => requires(policy, rule) && !checks[rule]);
  return { valid: failed.length === 0, failed };
}

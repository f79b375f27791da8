import { describe, expect, it } from 'vitest';
import { DEFAULT_PASSWORD_POLICY, PASSWORD_RULES, checkPasswordPolicy, passwordRules } from './password-policy.js';

const RELAXED = { minLength: 6, requireLowercase: false, requireUppercase: false, requireNumbers: true, requireSpecialCharacters: false };

describe('checkPasswordPolicy with a configured policy', () => {
  it('defaults to the policy of spec section 5', () => {
    expect(checkPasswordPolicy('password')).toEqual(checkPasswordPolicy('password', DEFAULT_PASSWORD_POLICY));
    expect(checkPasswordPolicy('password').failed).toEqual(['uppercase', 'number', 'symbol']);
  });

  it('checks only the rules the policy asks for, with its minimum length', () => {
    expect(checkPasswordPolicy('abc12', RELAXED)).toEqual({ valid: false, failed: ['minLength'] });
    expect(checkPasswordPolicy('abcdef', RELAXED)).toEqual({ valid: false, failed: ['number'] });
    expect(checkPasswordPolicy('abcde1', RELAXED)).toEqual({ valid: true, failed: [] });
  });
});

describe('passwordRules', () => {
  it('lists the default checklist unchanged', () => {
    expect(passwordRules()).toEqual(PASSWORD_RULES);
  });

  it("lists a policy's rules, labelled with its minimum length", () => {
    expect(passwordRules(RELAXED)).toEqual([
      { rule: 'minLength', label: 'At least 6 characters' },
      { rule: 'number', label: 'A number' },
    ]);
  });
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { propertyRuns } from '../../test/properties.js';
import { isValidIdentityPoolId, isValidUserPoolId } from './config-ids.js';
import { classifyMfaSetupAnswer, isMfaMethod } from './mfa-answers.js';
import { PASSWORD_MIN_LENGTH, PASSWORD_SYMBOLS, checkPasswordPolicy } from './password-policy.js';
import { isPresent } from './required-fields.js';

const lower = fc.constantFrom(...'abcdefghijklmnopqrstuvwxyz');
const upper = fc.constantFrom(...'ABCDEFGHIJKLMNOPQRSTUVWXYZ');
const digit = fc.constantFrom(...'0123456789');
const symbol = fc.constantFrom(...PASSWORD_SYMBOLS);
const anyChar = fc.oneof(lower, upper, digit, symbol, fc.constantFrom(' ', 'é', 'ß', '€', '😀'));

// Independent statement of section 5's policy, written from the rule text rather than the code.
function policyAllows(password: string): boolean {
  const chars = [...password];
  const inner = chars.slice(1, -1);
  return (
    chars.length >= PASSWORD_MIN_LENGTH &&
    chars.some((c) => c >= 'a' && c <= 'z') &&
    chars.some((c) => c >= 'A' && c <= 'Z') &&
    chars.some((c) => c >= '0' && c <= '9') &&
    (chars.some((c) => PASSWORD_SYMBOLS.includes(c)) || inner.includes(' '))
  );
}

describe('validation accepts exactly what spec section 5 allows', () => {
  it('the password policy agrees with the rule text on arbitrary strings', () => {
    fc.assert(
      fc.property(fc.array(anyChar, { maxLength: 20 }).map((chars) => chars.join('')), (password) => {
        expect(checkPasswordPolicy(password).valid).toBe(policyAllows(password));
      }),
      propertyRuns(2000),
    );
  });

  it('a password built with every class and 8+ characters is always accepted', () => {
    fc.assert(
      fc.property(lower, upper, digit, symbol, fc.array(anyChar, { minLength: 4, maxLength: 30 }), (l, u, d, s, rest) => {
        expect(checkPasswordPolicy([l, u, d, s, ...rest].join(''))).toEqual({ valid: true, failed: [] });
      }),
      propertyRuns(),
    );
  });

  it('appending characters never makes a rule fail that passed', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 16 }), fc.string({ maxLength: 8 }), (prefix, suffix) => {
        const before = new Set(checkPasswordPolicy(prefix).failed);
        for (const rule of checkPasswordPolicy(prefix + suffix).failed) expect(before.has(rule)).toBe(true);
      }),
      propertyRuns(),
    );
  });

  it('the MFA choice is exactly one of SMS, TOTP, EMAIL', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.constantFrom('SMS', 'TOTP', 'EMAIL', 'sms', 'Email')), (value) => {
        expect(isMfaMethod(value)).toBe(value === 'SMS' || value === 'TOTP' || value === 'EMAIL');
      }),
      propertyRuns(),
    );
  });

  it('the MFA setup answer is EMAIL, TOTP, all digits, or contains an at-sign', () => {
    const answer = fc.oneof(fc.string(), fc.stringMatching(/^[0-9]{1,8}$/), fc.constantFrom('EMAIL', 'TOTP', 'SMS', 'a@b'), fc.emailAddress());
    fc.assert(
      fc.property(answer, (value) => {
        const allowed = value === 'EMAIL' || value === 'TOTP' || /^[0-9]+$/.test(value) || value.includes('@');
        expect(classifyMfaSetupAnswer(value) !== undefined).toBe(allowed);
      }),
      propertyRuns(),
    );
  });

  it('a required field is present exactly when it is a non-empty string', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.constant(undefined), fc.constant(null), fc.integer()), (value) => {
        expect(isPresent(value)).toBe(typeof value === 'string' && value.length > 0);
      }),
      propertyRuns(),
    );
  });

  it('pool ids need their separator after a non-empty region part', () => {
    fc.assert(
      fc.property(fc.string(), (id) => {
        expect(isValidUserPoolId(id)).toBe(id.indexOf('_') > 0);
        expect(isValidIdentityPoolId(id)).toBe(id.indexOf(':') > 0);
      }),
      propertyRuns(),
    );
  });
});

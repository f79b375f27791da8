import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DEFAULT_PASSWORD_POLICY } from '../pools/pool-repository.js';
import { assertPasswordConforms, passwordProblems } from './password-policy.js';

/** The name of the error `fn` throws ('no error' when it returns). */
function thrownName(fn: () => unknown): string {
  try {
    fn();
  } catch (error) {
    return (error as Error).name;
  }
  return 'no error';
}

describe('password policy', () => {
  it('accepts 8+ characters with lowercase, uppercase, a number and a symbol', () => {
    expect(passwordProblems('Abcdef1!', DEFAULT_PASSWORD_POLICY)).toEqual([]);
  });

  it.each([
    ['Abc1!', 'Password not long enough'],
    ['ABCDEFG1!', 'Password must have lowercase characters'],
    ['abcdefg1!', 'Password must have uppercase characters'],
    ['Abcdefgh!', 'Password must have numeric characters'],
    ['Abcdefgh1', 'Password must have symbol characters'],
  ])('refuses %s: %s', (password, problem) => {
    expect(passwordProblems(password, DEFAULT_PASSWORD_POLICY)).toContain(problem);
    expect(thrownName(() => assertPasswordConforms(password, DEFAULT_PASSWORD_POLICY))).toBe('InvalidPasswordException');
  });

  it('never accepts a password missing one of the required kinds (property)', () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom(...'abcxyzABCXYZ0189!@#'.split('')), minLength: 0, maxLength: 20 }), (password) => {
        const ok = password.length >= 8 && /[a-z]/.test(password) && /[A-Z]/.test(password) && /\d/.test(password) && /[!@#]/.test(password);
        expect(passwordProblems(password, DEFAULT_PASSWORD_POLICY).length === 0).toBe(ok);
      }),
    );
  });
});

import { describe, expect, it } from 'vitest';
import { AuthConfigError, AuthValidationError } from '../errors/auth-errors.js';
import { assertIdentityPoolId, assertUserPoolId } from './config-ids.js';
import { assertMfaMethod, assertMfaSetupAnswer, classifyMfaSetupAnswer } from './mfa-answers.js';
import { PASSWORD_RULES, checkPasswordPolicy } from './password-policy.js';
import {
  assertChallengeResponse,
  assertConfirmResetPasswordInput,
  assertConfirmSignUpInput,
  assertConfirmUserAttributeCode,
  assertResendSignUpCodeInput,
  assertResetPasswordInput,
  assertSignInInput,
  assertSignUpInput,
  assertUpdatePasswordInput,
  assertVerifyTotpSetupCode,
} from './required-fields.js';

function nameOf(action: () => unknown): string | undefined {
  try {
    action();
  } catch (error) {
    if (error instanceof AuthValidationError || error instanceof AuthConfigError) return error.name;
    throw error;
  }
  return undefined;
}

describe('required fields (spec section 5)', () => {
  it('requires a username and password to sign in', () => {
    expect(nameOf(() => assertSignInInput({ username: '', password: 'p' }))).toBe('EmptySignInUsername');
    expect(nameOf(() => assertSignInInput({ username: 'u' }))).toBe('EmptySignInPassword');
    expect(nameOf(() => assertSignInInput({ username: 'u', password: 'p', authFlowType: 'USER_PASSWORD_AUTH' }))).toBeUndefined();
    expect(nameOf(() => assertSignInInput({ username: 'u', password: '', authFlowType: 'CUSTOM_WITH_SRP' }))).toBe('EmptySignInPassword');
  });

  it('forbids a password with CUSTOM_WITHOUT_SRP and allows none with USER_AUTH', () => {
    expect(nameOf(() => assertSignInInput({ username: 'u', password: 'p', authFlowType: 'CUSTOM_WITHOUT_SRP' }))).toBe('CustomAuthSignInPassword');
    expect(nameOf(() => assertSignInInput({ username: 'u', authFlowType: 'CUSTOM_WITHOUT_SRP' }))).toBeUndefined();
    expect(nameOf(() => assertSignInInput({ username: 'u', authFlowType: 'USER_AUTH' }))).toBeUndefined();
  });

  it('requires the fields of sign-up, confirmation and resend', () => {
    expect(nameOf(() => assertSignUpInput({ username: 'u' }))).toBe('EmptySignUpPassword');
    expect(nameOf(() => assertSignUpInput({ password: 'p' }))).toBe('EmptySignUpUsername');
    expect(nameOf(() => assertConfirmSignUpInput({ username: 'u', confirmationCode: '' }))).toBe('EmptyConfirmSignUpCode');
    expect(nameOf(() => assertConfirmSignUpInput({ confirmationCode: '1' }))).toBe('EmptyConfirmSignUpUsername');
    expect(nameOf(() => assertResendSignUpCodeInput({}))).toBe('EmptyresendSignUpCodeUsername');
  });

  it('requires the fields of a password reset and a password change', () => {
    expect(nameOf(() => assertResetPasswordInput({ username: '' }))).toBe('EmptyResetPasswordUsername');
    expect(nameOf(() => assertConfirmResetPasswordInput({ newPassword: 'n', confirmationCode: '1' }))).toBe('EmptyConfirmResetPasswordUsername');
    expect(nameOf(() => assertConfirmResetPasswordInput({ username: 'u', confirmationCode: '1' }))).toBe('EmptyConfirmResetPasswordNewPassword');
    expect(nameOf(() => assertConfirmResetPasswordInput({ username: 'u', newPassword: 'n' }))).toBe('EmptyConfirmResetPasswordConfirmationCode');
    expect(nameOf(() => assertUpdatePasswordInput({ oldPassword: 'o' }))).toBe('EmptyUpdatePassword');
    expect(nameOf(() => assertUpdatePasswordInput({ newPassword: 'n' }))).toBe('EmptyUpdatePassword');
    expect(nameOf(() => assertUpdatePasswordInput({ oldPassword: 'o', newPassword: 'n' }))).toBeUndefined();
  });

  it('requires challenge responses and codes', () => {
    expect(nameOf(() => assertChallengeResponse(''))).toBe('EmptyChallengeResponse');
    expect(nameOf(() => assertVerifyTotpSetupCode(undefined))).toBe('EmptyVerifyTOTPSetupCode');
    expect(nameOf(() => assertConfirmUserAttributeCode(''))).toBe('EmptyConfirmUserAttributeCode');
  });

  it('carries the spec message on the error', () => {
    try {
      assertSignInInput({ username: '' });
    } catch (error) {
      expect((error as Error).message).toBe('username is required to signIn');
    }
    expect.assertions(1);
  });
});

describe('MFA answers', () => {
  it('accepts exactly SMS, TOTP or EMAIL as the MFA choice', () => {
    expect(assertMfaMethod('TOTP')).toBe('TOTP');
    expect(nameOf(() => assertMfaMethod('totp'))).toBe('IncorrectMFAMethod');
    expect(nameOf(() => assertMfaMethod('SMS_MFA'))).toBe('IncorrectMFAMethod');
  });

  it('classifies MFA setup answers: EMAIL/TOTP choice, digit code, email address', () => {
    expect(classifyMfaSetupAnswer('EMAIL')).toEqual({ kind: 'select', method: 'EMAIL' });
    expect(classifyMfaSetupAnswer('123456')).toEqual({ kind: 'code', code: '123456' });
    expect(classifyMfaSetupAnswer('a@b.c')).toEqual({ kind: 'email', email: 'a@b.c' });
    expect(nameOf(() => assertMfaSetupAnswer('SMS'))).toBe('IncorrectMFASetupAnswer');
    expect(nameOf(() => assertMfaSetupAnswer('12a4'))).toBe('IncorrectMFASetupAnswer');
    expect(nameOf(() => assertMfaSetupAnswer(''))).toBe('IncorrectMFASetupAnswer');
  });
});

describe('password policy', () => {
  it('accepts a password meeting every rule', () => {
    expect(checkPasswordPolicy('Passw0rd!')).toEqual({ valid: true, failed: [] });
  });

  it('lists each failing rule in checklist order', () => {
    expect(checkPasswordPolicy('')).toEqual({ valid: false, failed: PASSWORD_RULES.map(({ rule }) => rule) });
    expect(checkPasswordPolicy('password1!').failed).toEqual(['uppercase']);
    expect(checkPasswordPolicy('Pw1!').failed).toEqual(['minLength']);
    expect(checkPasswordPolicy('PASSWORD1!').failed).toEqual(['lowercase']);
    expect(checkPasswordPolicy('Password!!').failed).toEqual(['number']);
    expect(checkPasswordPolicy('Password11').failed).toEqual(['symbol']);
  });

  it('counts an inner space as a symbol but not a leading or trailing one', () => {
    expect(checkPasswordPolicy('Pass word1').failed).toEqual([]);
    expect(checkPasswordPolicy(' Password1').failed).toEqual(['symbol']);
    expect(checkPasswordPolicy('Password1 ').failed).toEqual(['symbol']);
  });

  it('does not count non-Latin letters or digits towards the letter and number rules', () => {
    expect(checkPasswordPolicy('ÄÖÜäöü١٢٣!').failed).toEqual(['lowercase', 'uppercase', 'number']);
  });
});

describe('pool ids', () => {
  it('needs an underscore in a user pool id and a colon in an identity pool id, after a region part', () => {
    expect(nameOf(() => assertUserPoolId('us-east-1_x'))).toBeUndefined();
    expect(nameOf(() => assertUserPoolId('_x'))).toBe('InvalidUserPoolId');
    expect(nameOf(() => assertUserPoolId('useast1'))).toBe('InvalidUserPoolId');
    expect(nameOf(() => assertIdentityPoolId('us-east-1:x'))).toBeUndefined();
    expect(nameOf(() => assertIdentityPoolId('us-east-1_x'))).toBe('InvalidIdentityPoolIdException');
  });
});

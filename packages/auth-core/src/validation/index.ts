export { assertIdentityPoolId, assertUserPoolId, isValidIdentityPoolId, isValidUserPoolId } from './config-ids.js';
export {
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
  isPresent,
} from './required-fields.js';
export type { SignInAuthFlowType } from './required-fields.js';
export { MFA_METHODS, assertMfaMethod, assertMfaSetupAnswer, classifyMfaSetupAnswer, isMfaMethod } from './mfa-answers.js';
export type { MfaMethod, MfaSetupAnswer } from './mfa-answers.js';
export { PASSWORD_MIN_LENGTH, PASSWORD_RULES, PASSWORD_SYMBOLS, checkPasswordPolicy } from './password-policy.js';
export type { PasswordPolicyResult, PasswordRule } from './password-policy.js';

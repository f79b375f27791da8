import { AuthValidationError } from '../errors/auth-errors.js';
import {
  CustomAuthSignInPassword,
  EmptyChallengeResponse,
  EmptyConfirmResetPasswordConfirmationCode,
  EmptyConfirmResetPasswordNewPassword,
  EmptyConfirmResetPasswordUsername,
  EmptyConfirmSignUpCode,
  EmptyConfirmSignUpUsername,
  EmptyConfirmUserAttributeCode,
  EmptyResetPasswordUsername,
  EmptySignInPassword,
  EmptySignInUsername,
  EmptySignUpPassword,
  EmptySignUpUsername,
  EmptyUpdatePassword,
  EmptyVerifyTOTPSetupCode,
  EmptyresendSignUpCodeUsername,
} from '../errors/catalogue.js';
import type { AuthValidationErrorCode, ErrorDefinition } from '../errors/catalogue.js';

/** True when a required text field was given: a non-empty string (aws-amplify's rule). */
export function isPresent(value: unknown): value is string {
  return typeof value === 'string' && value.length > 0;
}

function require(value: unknown, error: ErrorDefinition<AuthValidationErrorCode>): void {
  if (!isPresent(value)) throw new AuthValidationError(error);
}

/** The sign-in flows of the issue (aws-amplify v6 AuthFlowType). */
export type SignInAuthFlowType = 'USER_SRP_AUTH' | 'USER_PASSWORD_AUTH' | 'CUSTOM_WITH_SRP' | 'CUSTOM_WITHOUT_SRP' | 'USER_AUTH';

/**
 * Sign-in input: username always; a password for SRP/password/custom-with-SRP flows; no password
 * with CUSTOM_WITHOUT_SRP; USER_AUTH may go without one (passwordless first factors).
 */
export function assertSignInInput(input: { username?: unknown; password?: unknown; authFlowType?: SignInAuthFlowType }): void {
  require(input.username, EmptySignInUsername);
  const flow = input.authFlowType ?? 'USER_SRP_AUTH';
  if (flow === 'CUSTOM_WITHOUT_SRP') {
    if (input.password !== undefined && input.password !== '') throw new AuthValidationError(CustomAuthSignInPassword);
    return;
  }
  if (flow === 'USER_AUTH') return;
  require(input.password, EmptySignInPassword);
}

/** Sign-up input: username and password are required. */
export function assertSignUpInput(input: { username?: unknown; password?: unknown }): void {
  require(input.username, EmptySignUpUsername);
  require(input.password, EmptySignUpPassword);
}

/** Confirm sign-up input: username and confirmation code are required. */
export function assertConfirmSignUpInput(input: { username?: unknown; confirmationCode?: unknown }): void {
  require(input.username, EmptyConfirmSignUpUsername);
  require(input.confirmationCode, EmptyConfirmSignUpCode);
}

/** Resend sign-up code input: username is required. */
export function assertResendSignUpCodeInput(input: { username?: unknown }): void {
  require(input.username, EmptyresendSignUpCodeUsername);
}

/** Reset password input: username is required. */
export function assertResetPasswordInput(input: { username?: unknown }): void {
  require(input.username, EmptyResetPasswordUsername);
}

/** Confirm reset input: username, new password and confirmation code are required. */
export function assertConfirmResetPasswordInput(input: { username?: unknown; newPassword?: unknown; confirmationCode?: unknown }): void {
  require(input.username, EmptyConfirmResetPasswordUsername);
  require(input.newPassword, EmptyConfirmResetPasswordNewPassword);
  require(input.confirmationCode, EmptyConfirmResetPasswordConfirmationCode);
}

/** Change password input: old and new passwords are both required. */
export function assertUpdatePasswordInput(input: { oldPassword?: unknown; newPassword?: unknown }): void {
  if (!isPresent(input.oldPassword) || !isPresent(input.newPassword)) throw new AuthValidationError(EmptyUpdatePassword);
}

/** Confirm sign-in input: a challenge response is required. */
export function assertChallengeResponse(challengeResponse: unknown): void {
  require(challengeResponse, EmptyChallengeResponse);
}

/** Verify TOTP setup input: a code is required. */
export function assertVerifyTotpSetupCode(code: unknown): void {
  require(code, EmptyVerifyTOTPSetupCode);
}

/** Confirm user attribute input: a confirmation code is required. */
export function assertConfirmUserAttributeCode(confirmationCode: unknown): void {
  require(confirmationCode, EmptyConfirmUserAttributeCode);
}

import type { Operation } from '../operations/operation.js';
import { getUserAttributeVerificationCode, verifyUserAttribute } from './attribute-verification.js';
import { changePassword } from './change-password.js';
import { confirmSignUp, resendConfirmationCode } from './confirm-sign-up.js';
import { confirmForgotPassword, forgotPassword } from './forgot-password.js';
import { getTokensFromRefreshToken } from './get-tokens-from-refresh-token.js';
import { deleteOwnUser, deleteUserAttributes, getUser, updateUserAttributes } from './profile.js';
import { setUserSettings } from './set-user-settings.js';
import { signUp } from './sign-up.js';
import { globalSignOut, revokeToken } from './sign-out.js';

/** The self-service account operations (SignUp … RevokeToken, GetTokensFromRefreshToken). */
export const accountOperations: readonly Operation[] = [
  signUp,
  confirmSignUp,
  resendConfirmationCode,
  forgotPassword,
  confirmForgotPassword,
  getUser,
  changePassword,
  updateUserAttributes,
  getUserAttributeVerificationCode,
  verifyUserAttribute,
  deleteUserAttributes,
  deleteOwnUser,
  globalSignOut,
  revokeToken,
  getTokensFromRefreshToken,
  setUserSettings,
];

// auth-core's sign-in, sign-up and reset functions, loaded in their own chunk (with the step
// machines, XState and the SRP maths) once the first screen is up: showing /login needs none of it.
export {
  autoSignIn,
  confirmResetPassword,
  confirmSignIn,
  confirmSignUp,
  rememberDevice,
  resendSignUpCode,
  resetPassword,
  signIn,
  signUp,
} from '@steward/auth-core';

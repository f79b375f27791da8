// Type-level parity with aws-amplify: an Amplify app's values must be accepted where auth-core takes
// them (inputs: Amplify's type assignable to auth-core's), and auth-core's results must be usable where
// Amplify's are expected (outputs: auth-core's assignable to Amplify's); shared models both ways.
// Checked by `pnpm --filter @steward/e2e typecheck`; nothing here runs.
import type * as Core from '@steward/auth-core';
import type * as CoreCognito from '@steward/auth-core/cognito';
import type * as Amplify from 'aws-amplify/auth';
import type * as AmplifyCognito from 'aws-amplify/auth/cognito';

type Extends<A, B> = [A] extends [B] ? true : false;
type Same<A, B> = Extends<A, B> extends true ? Extends<B, A> : false;
type Expect<T extends true> = T;

/** The inputs: whatever an Amplify app passes, auth-core accepts. */
export type Inputs = [
  Expect<Extends<Amplify.ConfirmResetPasswordInput, Core.ConfirmResetPasswordInput>>,
  Expect<Extends<Amplify.ConfirmSignInInput, Core.ConfirmSignInInput>>,
  Expect<Extends<Amplify.ConfirmSignUpInput, Core.ConfirmSignUpInput>>,
  Expect<Extends<Amplify.ConfirmUserAttributeInput, Core.ConfirmUserAttributeInput>>,
  Expect<Extends<Amplify.ResendSignUpCodeInput, Core.ResendSignUpCodeInput>>,
  Expect<Extends<Amplify.ResetPasswordInput, Core.ResetPasswordInput>>,
  Expect<Extends<Amplify.SignInInput, Core.SignInInput>>,
  Expect<Extends<Amplify.SignInWithRedirectInput, Core.SignInWithRedirectInput>>,
  Expect<Extends<Amplify.SignOutInput, Core.SignOutInput>>,
  Expect<Extends<Amplify.SignUpInput, Core.SignUpInput>>,
  Expect<Extends<Amplify.UpdateMFAPreferenceInput, Core.UpdateMFAPreferenceInput>>,
  Expect<Extends<Amplify.UpdatePasswordInput, Core.UpdatePasswordInput>>,
  Expect<Extends<Amplify.UpdateUserAttributesInput, Core.UpdateUserAttributesInput>>,
  Expect<Extends<Amplify.UpdateUserAttributeInput, Core.UpdateUserAttributeInput>>,
  Expect<Extends<Amplify.VerifyTOTPSetupInput, Core.VerifyTOTPSetupInput>>,
  Expect<Extends<Amplify.SendUserAttributeVerificationCodeInput, Core.SendUserAttributeVerificationCodeInput>>,
  Expect<Extends<Amplify.DeleteUserAttributesInput, Core.DeleteUserAttributesInput>>,
  Expect<Extends<Amplify.ForgetDeviceInput, Core.ForgetDeviceInput>>,
  Expect<Extends<Amplify.FetchAuthSessionOptions, Core.FetchAuthSessionOptions>>,
  Expect<Extends<Amplify.DeleteWebAuthnCredentialInput, Core.DeleteWebAuthnCredentialInput>>,
  Expect<Extends<Amplify.ListWebAuthnCredentialsInput, Core.ListWebAuthnCredentialsInput>>,
];

/** The outputs: whatever auth-core returns, an Amplify app can use as Amplify's. */
export type Outputs = [
  Expect<Extends<Core.FetchUserAttributesOutput, Amplify.FetchUserAttributesOutput>>,
  Expect<Extends<Core.GetCurrentUserOutput, Amplify.GetCurrentUserOutput>>,
  Expect<Extends<Core.ConfirmSignInOutput, Amplify.ConfirmSignInOutput>>,
  Expect<Extends<Core.ConfirmSignUpOutput, Amplify.ConfirmSignUpOutput>>,
  Expect<Extends<Core.FetchMFAPreferenceOutput, Amplify.FetchMFAPreferenceOutput>>,
  Expect<Extends<Core.ResendSignUpCodeOutput, Amplify.ResendSignUpCodeOutput>>,
  Expect<Extends<Core.ResetPasswordOutput, Amplify.ResetPasswordOutput>>,
  Expect<Extends<Core.SetUpTOTPOutput, Amplify.SetUpTOTPOutput>>,
  Expect<Extends<Core.SignInOutput, Amplify.SignInOutput>>,
  Expect<Extends<Core.SignUpOutput, Amplify.SignUpOutput>>,
  Expect<Extends<Core.UpdateUserAttributesOutput, Amplify.UpdateUserAttributesOutput>>,
  Expect<Extends<Core.SendUserAttributeVerificationCodeOutput, Amplify.SendUserAttributeVerificationCodeOutput>>,
  Expect<Extends<Core.UpdateUserAttributeOutput, Amplify.UpdateUserAttributeOutput>>,
  Expect<Extends<Core.FetchDevicesOutput, Amplify.FetchDevicesOutput>>,
  Expect<Extends<Core.AuthSession, Amplify.AuthSession>>,
  Expect<Extends<Core.ListWebAuthnCredentialsOutput, Amplify.ListWebAuthnCredentialsOutput>>,
  Expect<Extends<Awaited<ReturnType<typeof Core.fetchAuthSession>>, Awaited<ReturnType<typeof Amplify.fetchAuthSession>>>>,
  Expect<Extends<ReturnType<typeof Core.decodeJWT>, ReturnType<typeof Amplify.decodeJWT>>>,
];

/** The models an app reads and writes: the same types. */
export type Models = [
  Expect<Same<Core.JWT, Amplify.JWT>>,
  Expect<Same<Core.JWT['payload']['email'], Amplify.JWT['payload']['email']>>,
  Expect<Same<Core.JWT['payload']['cognito:groups'], Amplify.JWT['payload']['cognito:groups']>>,
  Expect<Same<Core.JWT['payload']['exp'], Amplify.JWT['payload']['exp']>>,
  Expect<Same<Core.AuthTokens, Amplify.AuthTokens>>,
  Expect<Same<Core.AuthUser, Amplify.AuthUser>>,
  Expect<Same<Core.CodeDeliveryDetails, Amplify.CodeDeliveryDetails>>,
  Expect<Same<Core.UserAttributeKey, Amplify.UserAttributeKey>>,
  Expect<Same<Core.VerifiableUserAttributeKey, Amplify.VerifiableUserAttributeKey>>,
  Expect<Same<Core.AuthWebAuthnCredential, Amplify.AuthWebAuthnCredential>>,
  Expect<Same<Core.CredentialsAndIdentityId, Amplify.CredentialsAndIdentityId>>,
  // The provider interfaces an app implements for Amplify.configure's second argument: the same types,
  // so an app's own class written to Amplify's interfaces is one of auth-core's, and what auth-core
  // hands it (GetCredentialsOptions, its authConfig included) is what Amplify hands it.
  Expect<Same<Core.TokenProvider, Amplify.TokenProvider>>,
  Expect<Same<Core.CredentialsAndIdentityIdProvider, Amplify.CredentialsAndIdentityIdProvider>>,
  Expect<Same<Core.GetCredentialsOptions, Amplify.GetCredentialsOptions>>,
  Expect<Same<Core.GetCredentialsOptions['authConfig'], Amplify.GetCredentialsOptions['authConfig']>>,
  Expect<Same<Core.GetCredentialsOptions['authenticated'], Amplify.GetCredentialsOptions['authenticated']>>,
  // Both entries' functions are the same ones.
  Expect<Same<typeof CoreCognito.signIn, typeof Core.signIn>>,
  Expect<Extends<AmplifyCognito.SignInInput, CoreCognito.SignInInput>>,
];

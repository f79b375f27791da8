// Inputs and outputs of the sign-in, sign-up and password-reset functions, with aws-amplify v6's
// names and shapes (`aws-amplify/auth` SignInInput, SignInOutput, SignUpInput, …), shared by the
// step machines' events and the Amplify-style functions that drive them.
import type { ClientMetadata } from '../cognito/user-pool-operations.js';
import type {
  AuthCodeDeliveryDetails,
  AuthFactorType,
  AuthResetPasswordOutput,
  AuthServiceOptions,
  AuthSignInOutput,
  AuthSignUpOutput,
  AuthUserAttributes,
  AuthVerifiableAttributeKey,
  UserAttributeKey,
} from '../api/types.js';
import type { AuthFlowType } from '../tokens/token-store.js';

/** Extra data for the user-pool's validation triggers (aws-amplify v6 ValidationData). */
export type ValidationData = Record<string, string>;

/** signIn's options (aws-amplify v6 SignInOptions). */
export type SignInOptions = AuthServiceOptions & {
  /** Default USER_SRP_AUTH. */
  authFlowType?: AuthFlowType;
  clientMetadata?: ClientMetadata;
  /** USER_AUTH only: the first factor to try. */
  preferredChallenge?: AuthFactorType;
};

/** signIn's input (aws-amplify v6 SignInInput). */
export interface SignInInput {
  username: string;
  password?: string;
  options?: SignInOptions;
}

/** confirmSignIn's options (aws-amplify v6 ConfirmSignInOptions). */
export type ConfirmSignInOptions = AuthServiceOptions & {
  /** Attributes the NEW_PASSWORD_REQUIRED step asks for (its missingAttributes). */
  userAttributes?: AuthUserAttributes;
  clientMetadata?: ClientMetadata;
  /** The name VerifySoftwareToken records for a TOTP device set up during sign-in. */
  friendlyDeviceName?: string;
};

/** confirmSignIn's input (aws-amplify v6 ConfirmSignInInput). */
export interface ConfirmSignInInput {
  challengeResponse: string;
  options?: ConfirmSignInOptions;
}

/**
 * signUp's options (aws-amplify v6 SignUpOptions). No index signature, unlike the other options: an
 * Amplify app's typed SignUpInput (whose options have none) must be assignable to this one.
 */
export type SignUpOptions = {
  userAttributes?: AuthUserAttributes<UserAttributeKey>;
  validationData?: ValidationData;
  clientMetadata?: ClientMetadata;
  /** true, or the signIn options to use, to sign in automatically once the account is confirmed. */
  autoSignIn?: SignInOptions | boolean;
};

/** signUp's input (aws-amplify v6 SignUpInput). */
export interface SignUpInput {
  username: string;
  password?: string;
  options?: SignUpOptions;
}

/** confirmSignUp's options (aws-amplify v6 ConfirmSignUpOptions). */
export type ConfirmSignUpOptions = AuthServiceOptions & {
  clientMetadata?: ClientMetadata;
  forceAliasCreation?: boolean;
};

/** confirmSignUp's input (aws-amplify v6 ConfirmSignUpInput). */
export interface ConfirmSignUpInput {
  username: string;
  confirmationCode: string;
  options?: ConfirmSignUpOptions;
}

/** resendSignUpCode's input (aws-amplify v6 ResendSignUpCodeInput). */
export interface ResendSignUpCodeInput {
  username: string;
  options?: AuthServiceOptions & { clientMetadata?: ClientMetadata };
}

/** resetPassword's input (aws-amplify v6 ResetPasswordInput). */
export interface ResetPasswordInput {
  username: string;
  options?: AuthServiceOptions & { clientMetadata?: ClientMetadata };
}

/** confirmResetPassword's input (aws-amplify v6 ConfirmResetPasswordInput). */
export interface ConfirmResetPasswordInput {
  username: string;
  newPassword: string;
  confirmationCode: string;
  options?: AuthServiceOptions & { clientMetadata?: ClientMetadata };
}

/** signIn / confirmSignIn / autoSignIn result (aws-amplify v6 SignInOutput). */
export type SignInOutput = AuthSignInOutput;
/** confirmSignIn result (aws-amplify v6 ConfirmSignInOutput). */
export type ConfirmSignInOutput = AuthSignInOutput;
/** autoSignIn result (aws-amplify v6 AutoSignInOutput). */
export type AutoSignInOutput = AuthSignInOutput;
/** signUp result (aws-amplify v6 SignUpOutput). */
export type SignUpOutput = AuthSignUpOutput<AuthVerifiableAttributeKey>;
/** confirmSignUp result (aws-amplify v6 ConfirmSignUpOutput). */
export type ConfirmSignUpOutput = AuthSignUpOutput<AuthVerifiableAttributeKey>;
/** resendSignUpCode result (aws-amplify v6 ResendSignUpCodeOutput). */
export type ResendSignUpCodeOutput = AuthCodeDeliveryDetails<AuthVerifiableAttributeKey>;
/** resetPassword result (aws-amplify v6 ResetPasswordOutput). */
export type ResetPasswordOutput = AuthResetPasswordOutput<AuthVerifiableAttributeKey>;

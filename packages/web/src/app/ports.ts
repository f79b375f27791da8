// The two clients as the screens see them. Screens and the session lifecycle take these ports
// (from PortsProvider) instead of importing the clients, so component tests can drive every step
// and the real bindings live in one place (default-ports.ts).
import type {
  AuthCodeDeliveryDetails,
  AuthFactorType,
  AuthResetPasswordOutput,
  AuthSession,
  AuthSignInOutput,
  AuthSignUpOutput,
  AuthUser,
  AuthUserAttributes,
  FetchDevicesOutput,
  FetchMFAPreferenceOutput,
  FetchUserAttributesOutput,
  ListWebAuthnCredentialsOutput,
  SetUpTOTPOutput,
  SignInMachineInput,
  UpdateMFAPreferenceInput,
  UpdateUserAttributesOutput,
} from '@steward/auth-core';
import type { ConfigRecord, UserRecord } from '../stores/user-store';
import type { SessionRecord } from '../stores/session-store';
import type { GraphqlTransport, ModelClient } from '@steward/data-client';

/** signIn's input (aws-amplify v6). */
export interface SignInInput {
  username: string;
  password?: string;
  options?: {
    authFlowType?: 'USER_SRP_AUTH' | 'USER_PASSWORD_AUTH' | 'CUSTOM_WITH_SRP' | 'CUSTOM_WITHOUT_SRP' | 'USER_AUTH';
    preferredChallenge?: AuthFactorType;
  };
}

/** confirmSignIn's input (aws-amplify v6). */
export interface ConfirmSignInInput {
  challengeResponse: string;
  options?: { userAttributes?: AuthUserAttributes; friendlyDeviceName?: string };
}

/** signUp's input (aws-amplify v6). */
export interface SignUpInput {
  username: string;
  password: string;
  options?: { userAttributes?: AuthUserAttributes; autoSignIn?: boolean };
}

/** What the sign-in screens and the session lifecycle ask of auth-core (aws-amplify v6 names and shapes). */
export interface AuthPort {
  signIn: (input: SignInInput) => Promise<AuthSignInOutput>;
  confirmSignIn: (input: ConfirmSignInInput) => Promise<AuthSignInOutput>;
  signUp: (input: SignUpInput) => Promise<AuthSignUpOutput>;
  confirmSignUp: (input: { username: string; confirmationCode: string }) => Promise<AuthSignUpOutput>;
  resendSignUpCode: (input: { username: string }) => Promise<AuthCodeDeliveryDetails>;
  autoSignIn: () => Promise<AuthSignInOutput>;
  resetPassword: (input: { username: string }) => Promise<AuthResetPasswordOutput>;
  confirmResetPassword: (input: { username: string; confirmationCode: string; newPassword: string }) => Promise<void>;
  signOut: (input?: { global?: boolean }) => Promise<void>;
  fetchAuthSession: (options?: { forceRefresh?: boolean }) => Promise<AuthSession>;
  getCurrentUser: () => Promise<AuthUser>;
  rememberDevice: () => Promise<void>;
  /** Managed login: goes to the hosted sign-in page (the page is left; the promise rarely settles). */
  signInWithRedirect: (input?: { customState?: string; options?: { loginHint?: string } }) => Promise<void>;
  /** Finishes a hosted sign-in on the page it returned to; null when this page is no such return. */
  completeSignInWithRedirect: () => Promise<{ customState: string | undefined } | null>;
  /**
   * The input of auth-core's sign-in machine (its runtime), so /login can resume a sign-in left
   * waiting by a page reload; absent where there is no runtime (component tests).
   */
  signInMachineInput?: () => SignInMachineInput;
  /**
   * Whether storage held a sign-in left waiting when the page loaded (read without the sign-in
   * machine, so /login loads the machine only to resume one); absent means "maybe": the machine is asked.
   */
  hasPendingSignIn?: () => boolean;
  /** Removes the id and access token cookies (spec section 4, sign-out and expiry). */
  removeTokenCookies: () => void;
}

/** What Settings > Profile asks of auth-core: the account functions (loaded with that page only). */
export interface AccountPort {
  fetchUserAttributes: () => Promise<FetchUserAttributesOutput>;
  updateUserAttributes: (input: { userAttributes: AuthUserAttributes }) => Promise<UpdateUserAttributesOutput>;
  confirmUserAttribute: (input: { userAttributeKey: 'email' | 'phone_number'; confirmationCode: string }) => Promise<void>;
  sendUserAttributeVerificationCode: (input: { userAttributeKey: 'email' | 'phone_number' }) => Promise<AuthCodeDeliveryDetails>;
  updatePassword: (input: { oldPassword: string; newPassword: string }) => Promise<void>;
  setUpTOTP: () => Promise<SetUpTOTPOutput>;
  verifyTOTPSetup: (input: { code: string; options?: { friendlyDeviceName?: string } }) => Promise<void>;
  fetchMFAPreference: () => Promise<FetchMFAPreferenceOutput>;
  updateMFAPreference: (input: UpdateMFAPreferenceInput) => Promise<void>;
  fetchDevices: () => Promise<FetchDevicesOutput>;
  forgetDevice: (input?: { device?: { id: string } }) => Promise<void>;
  associateWebAuthnCredential: () => Promise<void>;
  listWebAuthnCredentials: () => Promise<ListWebAuthnCredentialsOutput>;
  deleteWebAuthnCredential: (input: { credentialId: string }) => Promise<void>;
  /** The signed-in user's access token, for the admin-queries API. */
  accessToken: () => Promise<string | null>;
  /** The groups in the id token (cognito:groups). */
  groups: () => Promise<string[]>;
}

/** The outcome of validating the stored session record (data-client's messages, spec section 8). */
export interface SessionValidation {
  status: 'valid' | 'expired' | 'none' | 'unauthenticated' | 'error';
  message: string;
  session: SessionRecord | null;
}

/** What is known after a sign-in was recorded: either record may be missing, the session may be null. */
export interface RecordedSignIn {
  userId: string;
  user: UserRecord | null;
  config: ConfigRecord | null;
  session: SessionRecord | null;
}

/** Everything the screens ask of data-client. */
export interface DataPort {
  /** Validates the newest active session of the signed-in user. */
  validateSession: () => Promise<SessionValidation>;
  /**
   * After sign-in: loads the user (or the temporary profile) and config, then creates the active
   * session record, ending the user's others. Store failures leave `session` null.
   */
  recordSignIn: () => Promise<RecordedSignIn>;
  /** Ends one session record (sign-out); failures are swallowed. */
  deactivateSession: (id: string) => Promise<void>;
  /** The user record (or the temporary profile) and the config record; either may be null. */
  loadUser: () => Promise<{ user: UserRecord | null; config: ConfigRecord | null }>;
  /** Merges `key: value` into the user's userConfig and the linked config (spec section 7). */
  saveSetting: (current: { user: UserRecord | null; config: ConfigRecord | null }, key: string, value: unknown) => Promise<{ user: UserRecord | null; config: ConfigRecord | null }>;
  /** The typed entity operations, for the list and detail pages (loaded with data-client). */
  models: () => Promise<ModelClient>;
  /** The data API's transport with the user's token, for operations beyond CRUD (the campaign scheduler's). */
  transport: () => Promise<GraphqlTransport>;
}

// What a challenge session remembers between InitiateAuth and the RespondToAuthChallenge calls
// that follow (stored sealed in auth_sessions.state: it holds the SRP secret b; never a password or a code).
import type { MfaKind } from '../../users/user-repository.js';
import type { SrpExchangeSecret } from '../srp-exchange/srp-exchange.js';

/** The flows of InitiateAuth, and AdminInitiateAuth's server-side password flows. */
export type AuthFlow = 'USER_SRP_AUTH' | 'USER_PASSWORD_AUTH' | 'CUSTOM_AUTH' | 'USER_AUTH' | 'REFRESH_TOKEN_AUTH' | 'REFRESH_TOKEN' | 'ADMIN_USER_PASSWORD_AUTH' | 'ADMIN_NO_SRP_AUTH';

/** Every challenge the server issues or accepts. */
export const CHALLENGE_NAMES = [
  'PASSWORD_VERIFIER',
  'DEVICE_SRP_AUTH',
  'DEVICE_PASSWORD_VERIFIER',
  'NEW_PASSWORD_REQUIRED',
  'SMS_MFA',
  'SOFTWARE_TOKEN_MFA',
  'EMAIL_OTP',
  'SMS_OTP',
  'SELECT_MFA_TYPE',
  'MFA_SETUP',
  'SELECT_CHALLENGE',
  'PASSWORD',
  'PASSWORD_SRP',
  'CUSTOM_CHALLENGE',
  'WEB_AUTHN',
] as const;

/** A challenge name. */
export type ChallengeName = (typeof CHALLENGE_NAMES)[number];

/** First factors of USER_AUTH (the AvailableChallenges of SELECT_CHALLENGE). */
export type FirstFactor = 'PASSWORD' | 'PASSWORD_SRP' | 'EMAIL_OTP' | 'SMS_OTP' | 'WEB_AUTHN';

/**
 * How the first factor was proven; decides what MFA may still be asked. A passkey with user
 * verification, or a custom challenge after the password, is already two factors.
 */
export type ProvenFactor = 'password' | 'one-time-code' | 'passkey' | 'passkey-verified-user' | 'custom' | 'custom-with-password';

/** One round of CUSTOM_AUTH, as the custom challenge definition sees it. */
export interface CustomAuthRound {
  readonly challengeName: 'CUSTOM_CHALLENGE' | 'PASSWORD_VERIFIER' | 'SRP_A';
  readonly challengeResult: boolean;
  readonly challengeMetadata?: string;
}

/** The state of one sign-in. */
export interface SignInState {
  readonly flow: AuthFlow;
  /** USER_ID_FOR_SRP: the user's username (also when they signed in with an alias). */
  readonly username: string;
  /** Set when the user does not exist: every answer fails as a wrong password would. */
  readonly decoy?: true;
  /** The first factor passed (absent while it is being asked). */
  readonly proven?: ProvenFactor;
  /** The channel a one-time-code first factor used; MFA must then come from another one. */
  readonly firstFactorChannel?: MfaKind;
  /** NEW_PASSWORD_REQUIRED was answered. */
  readonly passwordChanged?: true;
  /** DEVICE_KEY the client presented (a confirmed device of this user). */
  readonly deviceKey?: string;
  /** DEVICE_PASSWORD_VERIFIER succeeded for deviceKey. */
  readonly deviceVerified?: true;
  /** A pending SRP exchange (PASSWORD_VERIFIER or DEVICE_PASSWORD_VERIFIER). */
  readonly srp?: SrpExchangeSecret;
  /** An MFA challenge or MFA_SETUP of this sign-in was answered. */
  readonly mfaDone?: true;
  /** The MFA method being asked (SMS_MFA, SOFTWARE_TOKEN_MFA, EMAIL_OTP) or chosen in SELECT_MFA_TYPE. */
  readonly mfa?: MfaKind;
  /** MFA_SETUP progress: AssociateSoftwareToken / VerifySoftwareToken done, or the email being verified. */
  readonly totpSetup?: 'associated' | 'verified';
  readonly emailSetup?: string;
  /** The first factors offered by SELECT_CHALLENGE. */
  readonly offered?: readonly FirstFactor[];
  /** The WebAuthn challenge (base64url) of a WEB_AUTHN challenge. */
  readonly webAuthnChallenge?: string;
  /** CUSTOM_AUTH rounds so far and the private parameters of the current challenge. */
  readonly customRounds?: readonly CustomAuthRound[];
  readonly customPrivate?: Readonly<Record<string, string>>;
  readonly customMetadata?: string;
}

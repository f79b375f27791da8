// CUSTOM_AUTH's pluggable challenge definition: the three decisions Cognito delegates to its
// Define / Create / Verify auth challenge Lambda triggers, as one server-side object.
//
//   define(rounds so far)   → next challenge (CUSTOM_CHALLENGE or PASSWORD_VERIFIER), tokens, or failure
//   create(CUSTOM_CHALLENGE)→ public parameters for the client, private ones kept in the session
//   verify(answer)          → correct or not
//
// A deployment installs its own with setCustomAuthDefinition() before building the app;
// emailCodeChallenge (email-code-challenge.ts) is installed by default.
import type { CodeDeliveryDetails } from '../../codes/code-delivery.js';
import type { MfaKind } from '../../users/user-repository.js';
import type { CustomAuthRound } from '../sign-in/sign-in-state.js';

/** The user as a definition sees them. */
export interface CustomAuthUser {
  readonly sub: string;
  readonly username: string;
  readonly attributes: Readonly<Record<string, string>>;
  /** The user's status (CONFIRMED, …), as the trigger events' cognito:user_status. */
  readonly status?: string;
}

/** Input of define(): the rounds so far (an SRP_A round first when the client started with SRP). */
export interface DefineAuthChallengeEvent {
  readonly user: CustomAuthUser;
  readonly rounds: readonly CustomAuthRound[];
  readonly clientMetadata: Readonly<Record<string, string>>;
}

/** Result of define(): exactly one of issueTokens, failAuthentication, or a challengeName. */
export interface DefineAuthChallengeResult {
  readonly challengeName?: 'CUSTOM_CHALLENGE' | 'PASSWORD_VERIFIER';
  readonly issueTokens?: boolean;
  readonly failAuthentication?: boolean;
}

/** Input of create(). `previous` holds the private parameters of the previous CUSTOM_CHALLENGE round, if any. */
export interface CreateAuthChallengeEvent {
  readonly user: CustomAuthUser;
  readonly rounds: readonly CustomAuthRound[];
  readonly clientMetadata: Readonly<Record<string, string>>;
  readonly previous?: Readonly<Record<string, string>>;
}

/** Result of create(). Private parameters are stored in the challenge session, never sent. */
export interface CreateAuthChallengeResult {
  readonly publicChallengeParameters: Readonly<Record<string, string>>;
  readonly privateChallengeParameters: Readonly<Record<string, string>>;
  readonly challengeMetadata?: string;
}

/** Input of verify(). */
export interface VerifyAuthChallengeEvent {
  readonly user: CustomAuthUser;
  readonly privateChallengeParameters: Readonly<Record<string, string>>;
  readonly challengeAnswer: string;
  readonly clientMetadata: Readonly<Record<string, string>>;
}

/** What a definition may use instead of reaching for the database or the delivery port itself. */
export interface CustomChallengeTools {
  /** A fresh 6-digit code. */
  randomCode(): string;
  /** Sends a message with a code to the user's email or phone (rate limited); the destination comes back masked. */
  deliver(channel: 'email' | 'sms', message: { subject?: string; body: string; code: string }): Promise<CodeDeliveryDetails>;
  /** A keyed hash of a secret answer, bound to the user, for the private parameters (never store answers in clear). */
  hashAnswer(answer: string): string;
  /** Constant-time check of an answer against hashAnswer's output. */
  answerMatches(answer: string, hash: string): boolean;
  /** The server clock. */
  now(): Date;
}

/** A custom challenge definition. */
export interface CustomAuthDefinition {
  /**
   * The MFA channel the custom challenge itself uses (e.g. EMAIL_OTP for an emailed code). When the
   * client did not also prove the password, a pool requiring MFA asks a second factor from another channel.
   */
  readonly channel?: MfaKind;
  define(event: DefineAuthChallengeEvent): DefineAuthChallengeResult | Promise<DefineAuthChallengeResult>;
  create(event: CreateAuthChallengeEvent, tools: CustomChallengeTools): CreateAuthChallengeResult | Promise<CreateAuthChallengeResult>;
  verify(event: VerifyAuthChallengeEvent, tools: CustomChallengeTools): boolean | Promise<boolean>;
}

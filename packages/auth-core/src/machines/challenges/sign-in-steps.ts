// Cognito ChallengeName <-> aws-amplify v6 signInStep: which next step a challenge shows the user
// (spec section 4), and which challenges the sign-in machine answers by itself. Pure functions.
import type { AuthenticationResultType, ChallengeNameType } from '../../cognito/user-pool-operations.js';
import type { AuthMFAType, AuthNextSignInStep, AuthTOTPSetupDetails, AuthCodeDeliveryDetails } from '../../api/types.js';

/** One answer of InitiateAuth or RespondToAuthChallenge, as the machine routes it. */
export interface CognitoAnswer {
  ChallengeName?: ChallengeNameType | undefined;
  Session?: string | undefined;
  ChallengeParameters?: Record<string, string> | undefined;
  AuthenticationResult?: AuthenticationResultType | undefined;
  AvailableChallenges?: ChallengeNameType[] | undefined;
}

/** A challenge the user is asked to answer with confirmSignIn. */
export interface PendingChallenge {
  name: ChallengeNameType;
  session: string | undefined;
  parameters: Record<string, string>;
  availableChallenges?: ChallengeNameType[] | undefined;
}

/** The signInStep names of steps that wait for confirmSignIn. */
export type ChallengeSignInStep = Exclude<AuthNextSignInStep['signInStep'], 'DONE' | 'CONFIRM_SIGN_UP' | 'RESET_PASSWORD'>;

/** The TOTP setup step after a page reload: the shared secret is never persisted, so it is absent. */
export interface RestoredTotpSetupStep {
  signInStep: 'CONTINUE_SIGN_IN_WITH_TOTP_SETUP';
  totpSetupDetails?: undefined;
}

/** A next step as the sign-in machine holds it (a restored TOTP setup step has no secret). */
export type SignInMachineStep = AuthNextSignInStep | RestoredTotpSetupStep;

/**
 * The child state of the machine's `awaitingChallenge` state for each waiting step, so a UI can
 * `state.matches({ awaitingChallenge: 'smsCode' })`.
 */
export const CHALLENGE_STEP_STATES = {
  CONFIRM_SIGN_IN_WITH_CUSTOM_CHALLENGE: 'customChallenge',
  CONFIRM_SIGN_IN_WITH_NEW_PASSWORD_REQUIRED: 'newPasswordRequired',
  CONTINUE_SIGN_IN_WITH_MFA_SELECTION: 'mfaSelection',
  CONFIRM_SIGN_IN_WITH_SMS_CODE: 'smsCode',
  CONFIRM_SIGN_IN_WITH_TOTP_CODE: 'totpCode',
  CONFIRM_SIGN_IN_WITH_EMAIL_CODE: 'emailCode',
  CONTINUE_SIGN_IN_WITH_MFA_SETUP_SELECTION: 'mfaSetupSelection',
  CONTINUE_SIGN_IN_WITH_EMAIL_SETUP: 'emailSetup',
  CONTINUE_SIGN_IN_WITH_TOTP_SETUP: 'totpSetup',
  CONFIRM_SIGN_IN_WITH_PASSWORD: 'password',
  CONTINUE_SIGN_IN_WITH_FIRST_FACTOR_SELECTION: 'firstFactorSelection',
} as const satisfies Record<ChallengeSignInStep, string>;

/** The name of an `awaitingChallenge` child state. */
export type ChallengeStepState = (typeof CHALLENGE_STEP_STATES)[ChallengeSignInStep];

const MFA_BY_CHALLENGE: Record<string, AuthMFAType> = { SMS_MFA: 'SMS', SOFTWARE_TOKEN_MFA: 'TOTP', EMAIL_OTP: 'EMAIL' };
const CHALLENGE_BY_MFA: Record<AuthMFAType, ChallengeNameType> = { SMS: 'SMS_MFA', TOTP: 'SOFTWARE_TOKEN_MFA', EMAIL: 'EMAIL_OTP' };

/** Cognito's name for an MFA method in SELECT_MFA_TYPE's ANSWER: SMS_MFA, SOFTWARE_TOKEN_MFA or EMAIL_OTP. */
export function challengeNameForMfa(method: AuthMFAType): ChallengeNameType {
  return CHALLENGE_BY_MFA[method];
}

function parseJsonList(text: string | undefined): unknown[] {
  if (text === undefined || text === '') return [];
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value) ? value : [];
  } catch {
    return [];
  }
}

/** The MFA methods in MFAS_CAN_CHOOSE / MFAS_CAN_SETUP (a JSON list of challenge names); unknown names are dropped. */
export function parseMfaTypes(text: string | undefined): AuthMFAType[] {
  const methods: AuthMFAType[] = [];
  for (const item of parseJsonList(text)) {
    const method = typeof item === 'string' ? MFA_BY_CHALLENGE[item] : undefined;
    if (method !== undefined && !methods.includes(method)) methods.push(method);
  }
  return methods;
}

/** The attributes NEW_PASSWORD_REQUIRED's requiredAttributes lists, without the `userAttributes.` prefix. */
export function parseRequiredAttributes(text: string | undefined): string[] {
  return parseJsonList(text)
    .filter((item): item is string => typeof item === 'string')
    .map((name) => (name.startsWith('userAttributes.') ? name.slice('userAttributes.'.length) : name));
}

/** Which MFA_SETUP step applies: a choice when both email and TOTP can be set up, else the one that can. */
export function mfaSetupKind(parameters: Record<string, string>): 'selection' | 'email' | 'totp' | undefined {
  const setup = parseMfaTypes(parameters.MFAS_CAN_SETUP).filter((method) => method === 'EMAIL' || method === 'TOTP');
  if (setup.includes('EMAIL') && setup.includes('TOTP')) return 'selection';
  if (setup.includes('EMAIL')) return 'email';
  if (setup.includes('TOTP')) return 'totp';
  return undefined;
}

function codeDelivery(parameters: Record<string, string>): AuthCodeDeliveryDetails {
  const details: AuthCodeDeliveryDetails = {};
  const medium = parameters.CODE_DELIVERY_DELIVERY_MEDIUM;
  if (medium !== undefined) details.deliveryMedium = medium === 'SMS' || medium === 'EMAIL' || medium === 'PHONE' ? medium : 'UNKNOWN';
  if (parameters.CODE_DELIVERY_DESTINATION !== undefined) details.destination = parameters.CODE_DELIVERY_DESTINATION;
  return details;
}

/** What the machine does with a Cognito answer. */
export type AnswerRoute =
  | { kind: 'tokens' }
  | { kind: 'passwordVerifier' }
  | { kind: 'deviceSrp' }
  | { kind: 'devicePasswordVerifier' }
  | { kind: 'passkey' }
  /** Two WEB_AUTHN challenges in a row: an error (spec section 4). */
  | { kind: 'repeatedPasskey' }
  /** MFA_SETUP where only TOTP can be set up: associate a software token first. */
  | { kind: 'totpSetup' }
  | { kind: 'userStep'; step: ChallengeSignInStep }
  | { kind: 'unsupported'; reason: string };

/**
 * Routes a Cognito answer: tokens finish the sign-in; PASSWORD_VERIFIER, DEVICE_SRP_AUTH,
 * DEVICE_PASSWORD_VERIFIER and WEB_AUTHN are answered by the machine; other challenges wait for
 * the user. `lastAnswered` is the challenge the machine answered to get this answer.
 */
export function routeAnswer(answer: CognitoAnswer | undefined, lastAnswered: ChallengeNameType | undefined): AnswerRoute {
  if (answer === undefined) return { kind: 'unsupported', reason: 'no answer to route' };
  if (answer.AuthenticationResult !== undefined) return { kind: 'tokens' };
  const name = answer.ChallengeName;
  switch (name) {
    case 'PASSWORD_VERIFIER':
      return { kind: 'passwordVerifier' };
    case 'DEVICE_SRP_AUTH':
      return { kind: 'deviceSrp' };
    case 'DEVICE_PASSWORD_VERIFIER':
      return { kind: 'devicePasswordVerifier' };
    case 'WEB_AUTHN':
      return lastAnswered === 'WEB_AUTHN' ? { kind: 'repeatedPasskey' } : { kind: 'passkey' };
    case 'MFA_SETUP': {
      const kind = mfaSetupKind(answer.ChallengeParameters ?? {});
      if (kind === 'totp') return { kind: 'totpSetup' };
      if (kind === 'email') return { kind: 'userStep', step: 'CONTINUE_SIGN_IN_WITH_EMAIL_SETUP' };
      if (kind === 'selection') return { kind: 'userStep', step: 'CONTINUE_SIGN_IN_WITH_MFA_SETUP_SELECTION' };
      return {
        kind: 'unsupported',
        reason: `Cannot set up MFA from the available types: ${answer.ChallengeParameters?.MFAS_CAN_SETUP ?? 'none'}`,
      };
    }
    case undefined:
      return { kind: 'unsupported', reason: 'the answer holds neither tokens nor a challenge' };
    default: {
      const step = userStepForChallenge(name);
      return step === undefined ? { kind: 'unsupported', reason: `the ${name} challenge cannot be answered here` } : { kind: 'userStep', step };
    }
  }
}

/** The waiting step of a challenge the user answers; MFA_SETUP is resolved by routeAnswer. */
export function userStepForChallenge(name: ChallengeNameType): ChallengeSignInStep | undefined {
  switch (name) {
    case 'CUSTOM_CHALLENGE':
      return 'CONFIRM_SIGN_IN_WITH_CUSTOM_CHALLENGE';
    case 'NEW_PASSWORD_REQUIRED':
      return 'CONFIRM_SIGN_IN_WITH_NEW_PASSWORD_REQUIRED';
    case 'SELECT_MFA_TYPE':
      return 'CONTINUE_SIGN_IN_WITH_MFA_SELECTION';
    case 'SMS_MFA':
    case 'SMS_OTP':
      return 'CONFIRM_SIGN_IN_WITH_SMS_CODE';
    case 'SOFTWARE_TOKEN_MFA':
      return 'CONFIRM_SIGN_IN_WITH_TOTP_CODE';
    case 'EMAIL_OTP':
      return 'CONFIRM_SIGN_IN_WITH_EMAIL_CODE';
    case 'PASSWORD':
    case 'PASSWORD_SRP':
      return 'CONFIRM_SIGN_IN_WITH_PASSWORD';
    case 'SELECT_CHALLENGE':
      return 'CONTINUE_SIGN_IN_WITH_FIRST_FACTOR_SELECTION';
    default:
      return undefined;
  }
}

function mfaSetupStep(parameters: Record<string, string>): ChallengeSignInStep | undefined {
  switch (mfaSetupKind(parameters)) {
    case 'selection':
      return 'CONTINUE_SIGN_IN_WITH_MFA_SETUP_SELECTION';
    case 'email':
      return 'CONTINUE_SIGN_IN_WITH_EMAIL_SETUP';
    case 'totp':
      return 'CONTINUE_SIGN_IN_WITH_TOTP_SETUP';
    default:
      return undefined;
  }
}

/**
 * The aws-amplify v6 next step for a waiting challenge. The TOTP setup step needs the details from
 * AssociateSoftwareToken; without them (after a reload) it is the restored step without a secret.
 */
export function nextStepForChallenge(challenge: PendingChallenge, totpSetupDetails?: AuthTOTPSetupDetails): SignInMachineStep | undefined {
  const { parameters } = challenge;
  const step = challenge.name === 'MFA_SETUP' ? mfaSetupStep(parameters) : userStepForChallenge(challenge.name);
  switch (step) {
    case 'CONFIRM_SIGN_IN_WITH_CUSTOM_CHALLENGE':
      return { signInStep: step, additionalInfo: { ...parameters } };
    case 'CONFIRM_SIGN_IN_WITH_NEW_PASSWORD_REQUIRED':
      return { signInStep: step, missingAttributes: parseRequiredAttributes(parameters.requiredAttributes) };
    case 'CONTINUE_SIGN_IN_WITH_MFA_SELECTION':
      return { signInStep: step, allowedMFATypes: parseMfaTypes(parameters.MFAS_CAN_CHOOSE) };
    case 'CONFIRM_SIGN_IN_WITH_SMS_CODE':
    case 'CONFIRM_SIGN_IN_WITH_EMAIL_CODE':
      return { signInStep: step, codeDeliveryDetails: codeDelivery(parameters) };
    case 'CONFIRM_SIGN_IN_WITH_TOTP_CODE':
    case 'CONTINUE_SIGN_IN_WITH_EMAIL_SETUP':
    case 'CONFIRM_SIGN_IN_WITH_PASSWORD':
      return { signInStep: step };
    case 'CONTINUE_SIGN_IN_WITH_MFA_SETUP_SELECTION':
      return {
        signInStep: step,
        allowedMFATypes: parseMfaTypes(parameters.MFAS_CAN_SETUP).filter((method) => method === 'EMAIL' || method === 'TOTP'),
      };
    case 'CONTINUE_SIGN_IN_WITH_TOTP_SETUP':
      return totpSetupDetails === undefined ? { signInStep: step } : { signInStep: step, totpSetupDetails };
    case 'CONTINUE_SIGN_IN_WITH_FIRST_FACTOR_SELECTION':
      return { signInStep: step, availableChallenges: [...(challenge.availableChallenges ?? [])] };
    default:
      return undefined;
  }
}

/** The pending challenge an answer asks the user about. */
export function pendingChallengeOf(answer: CognitoAnswer): PendingChallenge | undefined {
  if (answer.ChallengeName === undefined) return undefined;
  const challenge: PendingChallenge = { name: answer.ChallengeName, session: answer.Session, parameters: { ...answer.ChallengeParameters } };
  if (answer.AvailableChallenges !== undefined) challenge.availableChallenges = [...answer.AvailableChallenges];
  return challenge;
}

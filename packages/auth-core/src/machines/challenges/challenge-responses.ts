// What confirmSignIn sends for each waiting challenge: the RespondToAuthChallenge ChallengeResponses,
// or a choice answered without a request. Validates the answer first (spec section 5). Pure.
import type { ChallengeNameType } from '../../cognito/user-pool-operations.js';
import { SignInException } from '../../errors/auth-errors.js';
import { assertMfaMethod, assertMfaSetupAnswer } from '../../validation/mfa-answers.js';
import { assertChallengeResponse } from '../../validation/required-fields.js';
import type { ConfirmSignInOptions } from '../flow-types.js';
import { challengeNameForMfa } from './sign-in-steps.js';
import type { PendingChallenge } from './sign-in-steps.js';

/** How confirmSignIn answers the pending challenge. */
export type ChallengeAnswerPlan =
  /** One RespondToAuthChallenge; `withDevice` adds the remembered DEVICE_KEY (and retries once without a forgotten one). */
  | { kind: 'respond'; challengeName: ChallengeNameType; responses: Record<string, string>; withDevice: boolean }
  /** A choice that only changes the waiting step (MFA setup EMAIL/TOTP, first factor PASSWORD/PASSWORD_SRP). */
  | { kind: 'local'; challenge: PendingChallenge }
  /** A TOTP code during MFA setup: VerifySoftwareToken, then RespondToAuthChallenge MFA_SETUP. */
  | { kind: 'verifyTotp'; code: string; friendlyDeviceName: string | undefined }
  /** The password for PASSWORD_SRP: SELECT_CHALLENGE with SRP_A, then the PASSWORD_VERIFIER exchange. */
  | { kind: 'passwordSrp'; password: string };

/** The Cognito ChallengeResponses key of an MFA code. */
const CODE_KEYS: Partial<Record<ChallengeNameType, string>> = {
  SMS_MFA: 'SMS_MFA_CODE',
  SMS_OTP: 'SMS_OTP_CODE',
  SOFTWARE_TOKEN_MFA: 'SOFTWARE_TOKEN_MFA_CODE',
  EMAIL_OTP: 'EMAIL_OTP_CODE',
};

/** `userAttributes.<name>` entries for NEW_PASSWORD_REQUIRED; empty values are left out. */
export function newPasswordAttributes(attributes: Record<string, string | undefined> | undefined): Record<string, string> {
  const responses: Record<string, string> = {};
  for (const [name, value] of Object.entries(attributes ?? {})) {
    if (value !== undefined && value !== '') responses[`userAttributes.${name}`] = value;
  }
  return responses;
}

/**
 * Plans the answer to `challenge` for `username`. Throws EmptyChallengeResponse without an answer,
 * IncorrectMFAMethod / IncorrectMFASetupAnswer for a bad choice, SignInException for a challenge
 * confirmSignIn cannot answer.
 */
export function planChallengeAnswer(
  challenge: PendingChallenge,
  username: string,
  challengeResponse: unknown,
  options: ConfirmSignInOptions = {},
): ChallengeAnswerPlan {
  assertChallengeResponse(challengeResponse);
  const answer = challengeResponse as string;
  const respond = (challengeName: ChallengeNameType, responses: Record<string, string>, withDevice = false): ChallengeAnswerPlan => ({
    kind: 'respond',
    challengeName,
    responses: { USERNAME: username, ...responses },
    withDevice,
  });

  switch (challenge.name) {
    case 'CUSTOM_CHALLENGE':
      return respond('CUSTOM_CHALLENGE', { ANSWER: answer }, true);
    case 'NEW_PASSWORD_REQUIRED':
      return respond('NEW_PASSWORD_REQUIRED', { ...newPasswordAttributes(options.userAttributes), NEW_PASSWORD: answer });
    case 'SELECT_MFA_TYPE':
      return respond('SELECT_MFA_TYPE', { ANSWER: challengeNameForMfa(assertMfaMethod(answer)) });
    case 'SMS_MFA':
    case 'SMS_OTP':
    case 'SOFTWARE_TOKEN_MFA':
    case 'EMAIL_OTP':
      return respond(challenge.name, { [CODE_KEYS[challenge.name] as string]: answer }, true);
    case 'MFA_SETUP': {
      const setup = assertMfaSetupAnswer(answer);
      if (setup.kind === 'select') {
        const only = setup.method === 'EMAIL' ? 'EMAIL_OTP' : 'SOFTWARE_TOKEN_MFA';
        return { kind: 'local', challenge: { ...challenge, parameters: { ...challenge.parameters, MFAS_CAN_SETUP: JSON.stringify([only]) } } };
      }
      if (setup.kind === 'code') return { kind: 'verifyTotp', code: setup.code, friendlyDeviceName: options.friendlyDeviceName };
      return respond('MFA_SETUP', { EMAIL: setup.email });
    }
    case 'SELECT_CHALLENGE':
    case 'WEB_AUTHN':
      if (answer === 'PASSWORD' || answer === 'PASSWORD_SRP') {
        return { kind: 'local', challenge: { name: answer, session: challenge.session, parameters: {} } };
      }
      return respond('SELECT_CHALLENGE', { ANSWER: answer });
    case 'PASSWORD':
      return respond('SELECT_CHALLENGE', { ANSWER: 'PASSWORD', PASSWORD: answer });
    case 'PASSWORD_SRP':
      return { kind: 'passwordSrp', password: answer };
    default:
      throw new SignInException({ message: `An error occurred during the sign in process: the ${challenge.name} challenge cannot be answered with confirmSignIn.` });
  }
}

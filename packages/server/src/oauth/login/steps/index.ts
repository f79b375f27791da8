// Every form of a sign-in in progress, by the page the server remembers for it.
import type { StepPageName } from '../pending-sign-in.js';
import { codeStepHandlers } from './code-challenges.js';
import { emailSetup, mfaSetupChoice, totpSetup } from './mfa-setup.js';
import { newPasswordRequired } from './new-password-required.js';
import { selectChallenge } from './select-challenge.js';
import { selectMfaType } from './select-mfa-type.js';
import type { StepHandler } from './step-handler.js';
import { webAuthn } from './web-authn.js';

const HANDLERS: ReadonlyMap<StepPageName, StepHandler> = new Map(
  [...codeStepHandlers, selectMfaType, mfaSetupChoice, totpSetup, emailSetup, newPasswordRequired, webAuthn, selectChallenge].map((h) => [h.page, h]),
);

/** The handler of a step page. */
export function stepHandler(page: StepPageName): StepHandler | undefined {
  return HANDLERS.get(page);
}

/** The step page a challenge of the user pool opens (MFA_SETUP: see enterMfaSetup), or undefined when the page cannot answer it. */
export function pageOfChallenge(challenge: string): StepPageName | undefined {
  const direct: readonly StepPageName[] = ['SELECT_MFA_TYPE', 'SOFTWARE_TOKEN_MFA', 'SMS_MFA', 'EMAIL_OTP', 'SMS_OTP', 'NEW_PASSWORD_REQUIRED', 'WEB_AUTHN', 'SELECT_CHALLENGE', 'MFA_SETUP'];
  return direct.find((p) => p === challenge);
}

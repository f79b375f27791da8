// The one-time-code steps: SOFTWARE_TOKEN_MFA (the authenticator app), SMS_MFA and EMAIL_OTP (a code
// sent for MFA, or to verify the email of MFA_SETUP), and SMS_OTP (USER_AUTH's first factor).
import { field } from '../views/layout.js';
import { EMPTY_FIELD } from '../views/messages.js';
import type { StepPageName } from '../pending-sign-in.js';
import { requiredField, respondToChallenge } from './challenge-answer.js';
import type { StepHandler } from './step-handler.js';

interface CodeStep {
  readonly page: StepPageName;
  readonly response: string;
  readonly title: string;
  /** The sentence under the title; `destination` is the masked address the code went to. */
  readonly description: (destination: string | undefined) => string;
  readonly label: string;
}

const CODE_STEPS: readonly CodeStep[] = [
  {
    page: 'SOFTWARE_TOKEN_MFA',
    response: 'SOFTWARE_TOKEN_MFA_CODE',
    title: 'Enter your authenticator code',
    description: () => 'Open your authenticator app and enter the 6-digit code it shows for Steward.',
    label: 'Authenticator code',
  },
  {
    page: 'SMS_MFA',
    response: 'SMS_MFA_CODE',
    title: 'Enter the code we texted you',
    description: (to) => `We sent a 6-digit code by text message${to !== undefined ? ` to ${to}` : ''}.`,
    label: 'Code from the text message',
  },
  {
    page: 'EMAIL_OTP',
    response: 'EMAIL_OTP_CODE',
    title: 'Enter the code we emailed you',
    description: (to) => `We sent a 6-digit code by email${to !== undefined ? ` to ${to}` : ''}.`,
    label: 'Code from the email',
  },
  {
    page: 'SMS_OTP',
    response: 'SMS_OTP_CODE',
    title: 'Enter the code we texted you',
    description: (to) => `We sent a 6-digit code by text message${to !== undefined ? ` to ${to}` : ''}.`,
    label: 'Code from the text message',
  },
];

function codeStep(step: CodeStep): StepHandler {
  return {
    page: step.page,
    view: (pending, notice) => ({
      title: step.title,
      description: step.description(pending.parameters.CODE_DELIVERY_DESTINATION),
      fields: field({ name: 'code', label: step.label, autocomplete: 'one-time-code', inputmode: 'numeric', pattern: '[0-9]*', maxlength: 8, autofocus: true, invalid: notice?.field === 'code' }),
      submit: 'Confirm',
    }),
    answer: async (input) => {
      const code = requiredField(input, 'code', step.page === 'SOFTWARE_TOKEN_MFA' ? EMPTY_FIELD.totpSetupCode : EMPTY_FIELD.code).replace(/\s+/g, '');
      return { kind: 'step', step: await respondToChallenge(input, { [step.response]: code }) };
    },
  };
}

/** The handlers of the code steps. */
export const codeStepHandlers: readonly StepHandler[] = CODE_STEPS.map(codeStep);

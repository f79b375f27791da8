// SELECT_MFA_TYPE: the user has more than one MFA method; one button per method offered.
import { escapeHtml } from '../../../hosted/hosted-page.js';
import { respondToChallenge } from './challenge-answer.js';
import { FieldProblem, type StepHandler } from './step-handler.js';
import { EMPTY_FIELD, fieldError } from '../views/messages.js';

/** How each MFA method is offered. */
export const MFA_LABELS: Readonly<Record<string, { label: string; hint: string }>> = {
  SOFTWARE_TOKEN_MFA: { label: 'Authenticator app', hint: 'A 6-digit code from an app such as Google Authenticator or 1Password.' },
  SMS_MFA: { label: 'Text message', hint: 'A code sent to your phone.' },
  EMAIL_OTP: { label: 'Email', hint: 'A code sent to your email address.' },
};

/** A JSON list of names in a challenge parameter (MFAS_CAN_CHOOSE, MFAS_CAN_SETUP), or []. */
export function jsonList(text: string | undefined): string[] {
  try {
    const value: unknown = JSON.parse(text ?? '[]');
    return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
  } catch {
    return [];
  }
}

/** Choice buttons (name="answer"), each a method with its hint. */
export function choiceButtons(options: readonly string[], labels: Readonly<Record<string, { label: string; hint: string }>>): string {
  return `<div class="choice-list" role="group">${options
    .map((o) => {
      const l = labels[o] ?? { label: o, hint: '' };
      return `<button class="choice" type="submit" name="answer" value="${escapeHtml(o)}"><span><strong>${escapeHtml(l.label)}</strong><span class="choice__hint">${escapeHtml(l.hint)}</span></span></button>`;
    })
    .join('')}</div>`;
}

/** SELECT_MFA_TYPE. */
export const selectMfaType: StepHandler = {
  page: 'SELECT_MFA_TYPE',
  view: (pending) => ({
    title: 'Choose how to confirm it is you',
    description: 'Pick one of the ways you set up.',
    fields: choiceButtons(
      jsonList(pending.parameters.MFAS_CAN_CHOOSE).filter((m) => m in MFA_LABELS),
      MFA_LABELS,
    ),
  }),
  answer: async (input) => {
    const answer = input.page.form.answer ?? '';
    if (!jsonList(input.pending.parameters.MFAS_CAN_CHOOSE).includes(answer)) throw new FieldProblem(fieldError(EMPTY_FIELD.mfaChoice));
    return { kind: 'step', step: await respondToChallenge(input, { ANSWER: answer }) };
  },
};

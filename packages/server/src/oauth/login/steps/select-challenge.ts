// SELECT_CHALLENGE (USER_AUTH): the first factors this account can use, one button each, as the web
// app's "Choose how to sign in". Reached when a passkey sign-in finds no passkey for the name, or
// when the person leaves the passkey prompt ("Sign in another way"). A code by email or text
// message and the passkey answer the challenge; the password goes back to the sign-in form with
// the name filled in (that form is the password form, proven by SRP on the server). The passkey
// button needs the passkey script, which reveals it.
import { escapeHtml } from '../../../hosted/hosted-page.js';
import { EMPTY_FIELD, fieldError } from '../views/messages.js';
import { respondToChallenge } from './challenge-answer.js';
import { FieldProblem, type StepHandler } from './step-handler.js';

/** How each first factor is offered (the web app's FIRST_FACTOR_LABELS). */
const FIRST_FACTOR_LABELS: Readonly<Record<string, { label: string; hint: string }>> = {
  WEB_AUTHN: { label: 'Passkey', hint: 'Use your fingerprint, face, screen lock or security key.' },
  PASSWORD: { label: 'Password', hint: 'Enter your password.' },
  EMAIL_OTP: { label: 'Code by email', hint: 'We send a one-time code to your email address.' },
  SMS_OTP: { label: 'Code by text message', hint: 'We send a one-time code to your phone.' },
};

/** The choices the page offers for a SELECT_CHALLENGE's AvailableChallenges, in its order; PASSWORD and PASSWORD_SRP are one choice, PASSWORD. */
export function firstFactorChoices(available: readonly string[] | undefined): string[] {
  const choices = (available ?? []).map((f) => (f === 'PASSWORD_SRP' ? 'PASSWORD' : f)).filter((f) => f in FIRST_FACTOR_LABELS);
  return [...new Set(choices)];
}

/** Whether the choice page has more to offer than the password (else the sign-in form is the choice). */
export function offersMoreThanPassword(available: readonly string[] | undefined): boolean {
  return firstFactorChoices(available).some((f) => f !== 'PASSWORD');
}

function choiceButton(choice: string): string {
  const l = FIRST_FACTOR_LABELS[choice] ?? { label: choice, hint: '' };
  // Without the passkey script a passkey cannot be asked for: the script reveals its button.
  const scriptOnly = choice === 'WEB_AUTHN' ? ' data-passkey-only hidden' : '';
  return `<button class="choice" type="submit" name="answer" value="${escapeHtml(choice)}"${scriptOnly}><span><strong>${escapeHtml(l.label)}</strong><span class="choice__hint">${escapeHtml(l.hint)}</span></span></button>`;
}

/** SELECT_CHALLENGE. */
export const selectChallenge: StepHandler = {
  page: 'SELECT_CHALLENGE',
  view: (pending) => {
    const choices = firstFactorChoices(pending.availableChallenges);
    return {
      title: 'Choose how to sign in',
      description: 'Pick one of the ways you can sign in to this account.',
      fields: `<div class="choice-list" role="group" aria-label="Ways to sign in">${choices.map(choiceButton).join('')}</div>`,
      passkeyScript: choices.includes('WEB_AUTHN'),
    };
  },
  answer: async (input) => {
    const answer = input.page.form.answer ?? '';
    if (!firstFactorChoices(input.pending.availableChallenges).includes(answer)) throw new FieldProblem(fieldError(EMPTY_FIELD.firstFactorChoice));
    if (answer === 'PASSWORD') return { kind: 'sign-in-form' };
    return { kind: 'step', step: await respondToChallenge(input, { ANSWER: answer }) };
  },
};

// WEB_AUTHN: a passkey. The one place the page needs script: /login-assets/passkey.js (same
// origin, no inline script) reads the options from the form, calls navigator.credentials.get and
// posts the assertion as `credential`. Without script the button stays hidden and the page says
// to use the password instead. "Sign in another way" (action=other, no script needed) starts
// a choice-based sign-in: SELECT_CHALLENGE lists this account's ways, the passkey among them.
import { pathWithQuery } from '../authorize-step.js';
import { startChoiceSignIn } from '../password-sign-in.js';
import { hidden, link } from '../views/layout.js';
import { PASSKEY_NOT_FOUND } from '../views/messages.js';
import { respondToChallenge } from './challenge-answer.js';
import { FieldProblem, type StepHandler } from './step-handler.js';

/** WEB_AUTHN. */
export const webAuthn: StepHandler = {
  page: 'WEB_AUTHN',
  view: (pending) => ({
    title: 'Sign in with your passkey',
    description: 'Use the passkey saved on this device or your phone.',
    fields: `${hidden('credential', '')}<noscript><p class="auth-form__aside">Passkeys need JavaScript. ${link(pathWithQuery('/login', pending.query), 'Sign in with your password instead')}.</p></noscript><p class="field__error" data-passkey-error hidden>Passkey sign-in was cancelled. Try again, or use another way to sign in.</p>`,
    secondary:
      '<button class="button button--primary" type="submit" data-passkey-button hidden>Use my passkey</button>' +
      '<button class="button button--secondary" type="submit" name="action" value="other" formnovalidate>Sign in another way</button>',
    formAttributes: { 'data-passkey-options': pending.parameters.CREDENTIAL_REQUEST_OPTIONS ?? '{}' },
    passkeyScript: true,
  }),
  answer: async (input) => {
    if (input.page.form.action === 'other') return { kind: 'step', step: await startChoiceSignIn(input.page, input.authorize, input.pending.login) };
    const credential = input.page.form.credential ?? '';
    if (credential === '') throw new FieldProblem(PASSKEY_NOT_FOUND);
    return { kind: 'step', step: await respondToChallenge(input, { CREDENTIAL: credential }) };
  },
};

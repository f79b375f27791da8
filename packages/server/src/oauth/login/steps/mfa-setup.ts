// MFA_SETUP: the pool requires MFA and the user has none. With both offered, the user chooses
// (CONTINUE_SIGN_IN_WITH_MFA_SETUP_SELECTION); then either the authenticator app — its secret and a
// QR code, then its first code (AssociateSoftwareToken, VerifySoftwareToken, MFA_SETUP) — or an
// email address to verify (MFA_SETUP with EMAIL, then the EMAIL_OTP code).
import { escapeHtml } from '../../../hosted/hosted-page.js';
import { callOperation } from '../operation-calls.js';
import type { PageContext } from '../page-route.js';
import type { PendingSignIn } from '../pending-sign-in.js';
import { field } from '../views/layout.js';
import { EMPTY_FIELD, fieldError } from '../views/messages.js';
import { qrCodeSvg, totpSetupUri } from '../views/qr-code.js';
import { requiredField, respondToChallenge } from './challenge-answer.js';
import { choiceButtons, jsonList } from './select-mfa-type.js';
import { FieldProblem, type StepHandler } from './step-handler.js';

/** The issuer authenticator apps list the account under. */
export const TOTP_ISSUER = 'Steward';

const SETUP_LABELS: Readonly<Record<string, { label: string; hint: string }>> = {
  TOTP: { label: 'Authenticator app', hint: 'Scan a QR code with an app such as Google Authenticator or 1Password.' },
  EMAIL: { label: 'Email', hint: 'We send a code to your email address each time you sign in.' },
};

/** The methods MFA_SETUP offers, as the choices of the setup page. */
function setupChoices(pending: PendingSignIn): string[] {
  const can = jsonList(pending.parameters.MFAS_CAN_SETUP);
  return [...(can.includes('SOFTWARE_TOKEN_MFA') ? ['TOTP'] : []), ...(can.includes('EMAIL_OTP') ? ['EMAIL'] : [])];
}

/** AssociateSoftwareToken on the sign-in's session: the secret to show, and the session moved on. */
export async function startTotpSetup(page: PageContext, pending: PendingSignIn): Promise<PendingSignIn> {
  const answer = await callOperation(page, 'AssociateSoftwareToken', { Session: pending.session });
  return { ...pending, page: 'MFA_SETUP_TOTP', session: String(answer.Session), totpSecret: String(answer.SecretCode) };
}

/** The form MFA_SETUP starts at: the choice, or the one method there is. */
export async function enterMfaSetup(page: PageContext, pending: PendingSignIn): Promise<PendingSignIn> {
  const choices = setupChoices(pending);
  if (choices.length > 1) return { ...pending, page: 'MFA_SETUP' };
  if (choices[0] === 'EMAIL') return { ...pending, page: 'MFA_SETUP_EMAIL' };
  return startTotpSetup(page, pending);
}

/** MFA_SETUP with a choice. */
export const mfaSetupChoice: StepHandler = {
  page: 'MFA_SETUP',
  view: (pending) => ({
    title: 'Set up a second sign-in step',
    description: 'Your account needs a second way to confirm it is you. Choose one.',
    fields: choiceButtons(setupChoices(pending), SETUP_LABELS),
  }),
  answer: async ({ page, pending }) => {
    const answer = page.form.answer ?? '';
    if (!setupChoices(pending).includes(answer)) throw new FieldProblem(fieldError(EMPTY_FIELD.setupChoice));
    return { kind: 'state', state: answer === 'EMAIL' ? { ...pending, page: 'MFA_SETUP_EMAIL' } : await startTotpSetup(page, pending) };
  },
};

/** MFA_SETUP with an authenticator app: QR code, secret, first code. */
export const totpSetup: StepHandler = {
  page: 'MFA_SETUP_TOTP',
  view: async (pending, notice) => {
    const secret = pending.totpSecret ?? '';
    const qr = await qrCodeSvg(totpSetupUri(TOTP_ISSUER, pending.login, secret), 'QR code for your authenticator app');
    return {
      title: 'Set up your authenticator app',
      description: 'Scan the QR code with your authenticator app, or type the key into it. Then enter the 6-digit code it shows.',
      fields: `<div class="totp-setup"><div class="totp-setup__qr">${qr}</div><div><p class="totp-setup__label">Setup key</p><code class="totp-setup__secret">${escapeHtml(secret)}</code></div></div>${field({
        name: 'code',
        label: 'Code from the app',
        autocomplete: 'one-time-code',
        inputmode: 'numeric',
        pattern: '[0-9]*',
        maxlength: 6,
        autofocus: true,
        invalid: notice?.field === 'code',
      })}`,
      submit: 'Confirm',
    };
  },
  answer: async (input) => {
    const code = requiredField(input, 'code', EMPTY_FIELD.totpSetupCode).replace(/\s+/g, '');
    if (!/^\d{6}$/.test(code)) throw new FieldProblem(fieldError(EMPTY_FIELD.totpSetupCode));
    const verified = await callOperation(input.page, 'VerifySoftwareToken', { Session: input.pending.session, UserCode: code, FriendlyDeviceName: 'Authenticator app' });
    return { kind: 'step', step: await respondToChallenge(input, {}, 'MFA_SETUP', String(verified.Session)) };
  },
};

/** MFA_SETUP with email: the address to verify. */
export const emailSetup: StepHandler = {
  page: 'MFA_SETUP_EMAIL',
  view: (_pending, notice) => ({
    title: 'Set up codes by email',
    description: 'Enter the email address to send your sign-in codes to. We send a code now to check it.',
    fields: field({ name: 'email', label: 'Email address', type: 'email', autocomplete: 'email', inputmode: 'email', autofocus: true, invalid: notice?.field === 'email' }),
    submit: 'Send code',
  }),
  answer: async (input) => {
    const email = requiredField(input, 'email', EMPTY_FIELD.signUpEmail);
    return { kind: 'step', step: await respondToChallenge(input, { EMAIL: email }) };
  },
};

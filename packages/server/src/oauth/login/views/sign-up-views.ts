// The sign-up page (username, email, names, password) and its confirmation-code page.
import type { AuthorizeRequest } from '../../authorize/authorize-request.js';
import { pathWithQuery } from '../authorize-step.js';
import { CSRF_FIELD, type Browser } from '../csrf.js';
import { field, link, renderPage, stepForm } from './layout.js';
import type { Notice } from './messages.js';

const PASSWORD_HINT = 'At least 8 characters, with a lowercase and an uppercase letter, a number and a symbol.';

/** What the sign-up form shows again after an error. */
export interface SignUpValues {
  readonly username?: string;
  readonly email?: string;
  readonly givenName?: string;
  readonly familyName?: string;
  readonly notice?: Notice;
}

function backToSignIn(authorize: AuthorizeRequest): string {
  return `<p>Already have an account? ${link(pathWithQuery('/login', authorize.query), 'Sign in')}</p>`;
}

/** GET /signup. */
export function signUpView(authorize: AuthorizeRequest, browser: Browser, values: SignUpValues = {}): string {
  const invalid = values.notice?.field;
  return renderPage({
    title: 'Create an account',
    ...(authorize.look !== undefined ? { look: authorize.look } : {}),
    showTerms: true,
    ...(values.notice !== undefined ? { notice: values.notice } : {}),
    ...(authorize.lang !== undefined ? { lang: authorize.lang } : {}),
    body: stepForm({
      action: pathWithQuery('/signup', authorize.query),
      step: 'SIGN_UP',
      hidden: { [CSRF_FIELD]: browser.csrfToken },
      fields: [
        field({ name: 'username', label: 'Username', autocomplete: 'username', value: values.username ?? '', autofocus: true, invalid: invalid === 'username' }),
        field({ name: 'email', label: 'Email address', type: 'email', autocomplete: 'email', value: values.email ?? '', invalid: invalid === 'email' }),
        `<div class="field-pair">${field({ name: 'given_name', label: 'First name', autocomplete: 'given-name', value: values.givenName ?? '', required: false })}${field({
          name: 'family_name',
          label: 'Last name',
          autocomplete: 'family-name',
          value: values.familyName ?? '',
          required: false,
        })}</div>`,
        field({ name: 'password', label: 'Password', type: 'password', autocomplete: 'new-password', hint: PASSWORD_HINT, invalid: invalid === 'password' || invalid === 'newPassword' }),
      ].join(''),
      submit: 'Create account',
      label: 'Create an account',
    }),
    footer: backToSignIn(authorize),
  });
}

/** The confirmation-code page after sign-up (or a sign-in of an unconfirmed account). */
export function confirmSignUpView(authorize: AuthorizeRequest, browser: Browser, args: { username: string; destination?: string; notice?: Notice; resend?: boolean }): string {
  const action = pathWithQuery('/confirmSignup', authorize.query);
  const sentTo = args.destination !== undefined ? `We sent a confirmation code to ${args.destination}.` : 'Enter the confirmation code we sent you.';
  return renderPage({
    title: 'Confirm your account',
    ...(authorize.look !== undefined ? { look: authorize.look } : {}),
    description: sentTo,
    ...(args.notice !== undefined ? { notice: args.notice } : {}),
    ...(authorize.lang !== undefined ? { lang: authorize.lang } : {}),
    body: stepForm({
      action,
      step: 'CONFIRM_SIGN_UP',
      hidden: { [CSRF_FIELD]: browser.csrfToken, username: args.username },
      fields: field({ name: 'code', label: 'Confirmation code', autocomplete: 'one-time-code', inputmode: 'numeric', autofocus: true, invalid: args.notice?.field === 'code' }),
      submit: 'Confirm',
      secondary:
        args.resend === true
          ? '<button class="button button--secondary" type="submit" name="action" value="resend" formnovalidate>Send a new code</button>'
          : '<button class="button button--link" type="submit" name="action" value="resend" formnovalidate>Send a new code</button>',
      label: 'Confirm your account',
    }),
    footer: backToSignIn(authorize),
  });
}

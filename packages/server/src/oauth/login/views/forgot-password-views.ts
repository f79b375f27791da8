// Forgot password: the name to send a code to, then the code and the new password.
import type { AuthorizeRequest } from '../../authorize/authorize-request.js';
import { pathWithQuery } from '../authorize-step.js';
import { CSRF_FIELD, type Browser } from '../csrf.js';
import { field, link, renderPage, stepForm } from './layout.js';
import type { Notice } from './messages.js';

function backToSignIn(authorize: AuthorizeRequest): string {
  return `<p>${link(pathWithQuery('/login', authorize.query), 'Back to sign in')}</p>`;
}

/** GET /forgotPassword: the name to reset. */
export function resetPasswordView(authorize: AuthorizeRequest, browser: Browser, args: { username?: string; notice?: Notice } = {}): string {
  return renderPage({
    title: 'Reset your password',
    ...(authorize.look !== undefined ? { look: authorize.look } : {}),
    description: 'Enter your username or email address. We will send you a code to reset your password.',
    ...(args.notice !== undefined ? { notice: args.notice } : {}),
    ...(authorize.lang !== undefined ? { lang: authorize.lang } : {}),
    body: stepForm({
      action: pathWithQuery('/forgotPassword', authorize.query),
      step: 'FORGOT_PASSWORD',
      hidden: { [CSRF_FIELD]: browser.csrfToken },
      fields: field({ name: 'username', label: 'Username or email', autocomplete: 'username', value: args.username ?? '', autofocus: true, invalid: args.notice?.field === 'username' }),
      submit: 'Send code',
      label: 'Reset your password',
    }),
    footer: backToSignIn(authorize),
  });
}

/** The code and the new password. */
export function confirmResetView(authorize: AuthorizeRequest, browser: Browser, args: { username: string; destination?: string; notice?: Notice }): string {
  const invalid = args.notice?.field;
  return renderPage({
    title: 'Choose a new password',
    ...(authorize.look !== undefined ? { look: authorize.look } : {}),
    description: args.destination !== undefined ? `We sent a code to ${args.destination}. Enter it with your new password.` : 'Enter the code we sent you with your new password.',
    ...(args.notice !== undefined ? { notice: args.notice } : {}),
    ...(authorize.lang !== undefined ? { lang: authorize.lang } : {}),
    body: stepForm({
      action: pathWithQuery('/confirmForgotPassword', authorize.query),
      step: 'CONFIRM_FORGOT_PASSWORD',
      hidden: { [CSRF_FIELD]: browser.csrfToken, username: args.username },
      fields: [
        field({ name: 'code', label: 'Code', autocomplete: 'one-time-code', inputmode: 'numeric', autofocus: true, invalid: invalid === 'code' }),
        field({
          name: 'new_password',
          label: 'New password',
          type: 'password',
          autocomplete: 'new-password',
          hint: 'At least 8 characters, with a lowercase and an uppercase letter, a number and a symbol.',
          invalid: invalid === 'newPassword' || invalid === 'password',
        }),
        field({ name: 'confirm_password', label: 'Confirm new password', type: 'password', autocomplete: 'new-password', invalid: invalid === 'newPassword' }),
      ].join(''),
      submit: 'Change password',
      label: 'Choose a new password',
    }),
    footer: backToSignIn(authorize),
  });
}

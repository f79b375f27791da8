// The sign-in form (username or email, password), with links to sign-up and forgot-password that
// carry the authorize query, and — where the pool allows passkeys — a passkey button that only the
// passkey script reveals (a browser without script never sees it).
import type { AuthorizeRequest } from '../../authorize/authorize-request.js';
import { poolFirstFactors } from '../../../user-pool/auth/flows/user-auth.js';
import { pathWithQuery } from '../authorize-step.js';
import { CSRF_FIELD, type Browser } from '../csrf.js';
import { field, link, renderPage, stepForm } from './layout.js';
import type { Notice } from './messages.js';

/** What the sign-in form shows. */
export interface SignInViewOptions {
  /** The name to prefill: as typed before, else login_hint. */
  readonly login?: string;
  readonly notice?: Notice;
}

/** The sign-in page. */
export function signInView(authorize: AuthorizeRequest, browser: Browser, options: SignInViewOptions = {}): string {
  const passkeys = poolFirstFactors(authorize.pool).includes('WEB_AUTHN');
  const login = options.login ?? authorize.loginHint ?? '';
  const field_ = options.notice?.field;
  const fields =
    field({
      name: 'username',
      label: 'Username or email',
      autocomplete: 'username webauthn',
      value: login,
      autofocus: login === '',
      invalid: field_ === 'username',
    }) +
    field({ name: 'password', label: 'Password', type: 'password', autocomplete: 'current-password', autofocus: login !== '', invalid: field_ === 'password' }) +
    `<p class="auth-form__aside">${link(pathWithQuery('/forgotPassword', authorize.query), 'Forgot your password?')}</p>`;
  const passkeyButton = passkeys
    ? '<button class="button button--secondary" type="submit" name="action" value="passkey" formnovalidate data-passkey-only hidden>Sign in with a passkey</button>'
    : '';
  return renderPage({
    title: 'Sign in',
    ...(authorize.look !== undefined ? { look: authorize.look } : {}),
    description: 'Please use your credentials to sign in.',
    ...(options.notice !== undefined ? { notice: options.notice } : {}),
    ...(authorize.lang !== undefined ? { lang: authorize.lang } : {}),
    passkeyScript: passkeys,
    body: stepForm({
      action: pathWithQuery('/login', authorize.query),
      step: 'SIGN_IN',
      hidden: { [CSRF_FIELD]: browser.csrfToken },
      fields,
      submit: 'Sign in',
      ...(passkeyButton !== '' ? { secondary: passkeyButton } : {}),
      label: 'Sign in',
    }),
    footer: `<p>New to Steward? ${link(pathWithQuery('/signup', authorize.query), 'Create an account')}</p>`,
  });
}

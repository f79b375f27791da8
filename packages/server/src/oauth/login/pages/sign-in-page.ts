// GET /login?<authorize query>: the sign-in form. POST /login?<authorize query>: the password
// (USER_SRP_AUTH + PASSWORD_VERIFIER on the server) or, with action=passkey, a passkey sign-in
// (USER_AUTH preferring WEB_AUTHN; for a name without a passkey, the choice of its other first
// factors, SELECT_CHALLENGE); then the next form, or the redirect with a code.
import { isServiceError } from '../../../errors/catalogue.js';
import { authorizeOrStop, pathWithQuery } from '../authorize-step.js';
import { browserOf, requireCsrf } from '../csrf.js';
import { definePage, html, stop, type PageContext } from '../page-route.js';
import { signInWithPassword, startPasskeySignIn } from '../password-sign-in.js';
import { proceed, signInAgain } from '../sign-in-flow.js';
import { offersMoreThanPassword } from '../steps/select-challenge.js';
import type { SignInStep } from '../sign-in-step.js';
import { describeError, EMPTY_FIELD, fieldError, PASSKEY_NOT_FOUND } from '../views/messages.js';
import { signInView } from '../views/sign-in-view.js';
import { confirmSignUpView } from '../views/sign-up-views.js';
import { resetPasswordView } from '../views/forgot-password-views.js';

/** GET /login. */
export const showSignIn = definePage('GET /login')
  .step('authorize', (page) => authorizeOrStop(page, page.request.query))
  .step('browser', (page) => browserOf(page))
  .respond((_page, s) => html(200, signInView(s.authorize, s.browser)));

/** The name and password posted (the password only for a password sign-in). */
function credentials(page: PageContext): { login: string; password: string; passkey: boolean } {
  return { login: (page.form.username ?? '').trim(), password: page.form.password ?? '', passkey: page.form.action === 'passkey' };
}

/** POST /login. */
export const postSignIn = definePage('POST /login')
  .step('authorize', (page) => authorizeOrStop(page, page.request.query))
  .step('browser', (page, s) => requireCsrf(page, pathWithQuery('/login', s.authorize.query)))
  .step('credentials', (page, s) => {
    const posted = credentials(page);
    if (posted.login === '') throw stop(signInAgain(s.authorize, s.browser, '', fieldError(EMPTY_FIELD.signInUsername)));
    if (!posted.passkey && posted.password === '') throw stop(signInAgain(s.authorize, s.browser, posted.login, fieldError(EMPTY_FIELD.signInPassword)));
    return posted;
  })
  .step('step', async (page, s): Promise<SignInStep> => {
    const { login, password, passkey } = s.credentials;
    try {
      if (!passkey) return await signInWithPassword(page, s.authorize, login, password);
      const step = await startPasskeySignIn(page, s.authorize, login);
      // No passkey for this name: the pool offers the other first factors instead (SELECT_CHALLENGE).
      // Say so above the choice of them; when the password is the only one, on the sign-in form.
      if (step.kind === 'challenge' && step.name === 'SELECT_CHALLENGE' && offersMoreThanPassword(step.availableChallenges)) return step;
      if (step.kind === 'challenge' && step.name !== 'WEB_AUTHN') throw stop(signInAgain(s.authorize, s.browser, login, PASSKEY_NOT_FOUND));
      return step;
    } catch (error) {
      // Not errors to the person: the next step of their account (the spec's CONFIRM_SIGN_UP and RESET_PASSWORD).
      if (isServiceError(error, 'UserNotConfirmedException')) throw stop(html(200, confirmSignUpView(s.authorize, s.browser, { username: login, notice: describeError(error), resend: true })));
      if (isServiceError(error, 'PasswordResetRequiredException')) throw stop(html(200, resetPasswordView(s.authorize, s.browser, { username: login, notice: describeError(error) })));
      if (isServiceError(error)) throw stop(signInAgain(s.authorize, s.browser, login, describeError(error)));
      throw error;
    }
  })
  .respond((page, s) => {
    const noPasskey = s.step.kind === 'challenge' && s.step.name === 'SELECT_CHALLENGE';
    return proceed(page, s.authorize, s.browser, s.step, { login: s.credentials.login }, noPasskey ? PASSKEY_NOT_FOUND : undefined);
  });

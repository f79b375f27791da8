// GET/POST /forgotPassword?<authorize query> and POST /confirmForgotPassword?<authorize query>:
// ForgotPassword (a code to the verified email or phone; a decoy for an unknown name, as the JSON
// API), then ConfirmForgotPassword with the code and the new password, and back to the sign-in form.
import { isServiceError } from '../../../errors/catalogue.js';
import { authorizeOrStop, pathWithQuery } from '../authorize-step.js';
import { browserOf, requireCsrf } from '../csrf.js';
import { callOperation, secretHashFor } from '../operation-calls.js';
import { definePage, html, stop } from '../page-route.js';
import { signInAgain } from '../sign-in-flow.js';
import { confirmResetView, resetPasswordView } from '../views/forgot-password-views.js';
import { describeError, EMPTY_FIELD, fieldError, type Notice } from '../views/messages.js';
import { deliveredTo } from './sign-up-page.js';

/** GET /forgotPassword. */
export const showForgotPassword = definePage('GET /forgotPassword')
  .step('authorize', (page) => authorizeOrStop(page, page.request.query))
  .step('browser', (page) => browserOf(page))
  .respond((page, s) => html(200, resetPasswordView(s.authorize, s.browser, { username: s.authorize.loginHint ?? '' })));

/** POST /forgotPassword. */
export const postForgotPassword = definePage('POST /forgotPassword')
  .step('authorize', (page) => authorizeOrStop(page, page.request.query))
  .step('browser', (page, s) => requireCsrf(page, pathWithQuery('/login', s.authorize.query)))
  .step('username', (page, s) => {
    const username = (page.form.username ?? '').trim();
    if (username === '') throw stop(html(400, resetPasswordView(s.authorize, s.browser, { notice: fieldError(EMPTY_FIELD.resetUsername) })));
    return username;
  })
  .step('sent', async (page, s) => {
    try {
      return await callOperation(page, 'ForgotPassword', { ClientId: s.authorize.client.id, Username: s.username, ...secretHashFor(s.authorize.client, s.username, 'SecretHash') });
    } catch (error) {
      if (isServiceError(error)) throw stop(html(400, resetPasswordView(s.authorize, s.browser, { username: s.username, notice: describeError(error) })));
      throw error;
    }
  })
  .respond((_page, s) => {
    const destination = deliveredTo(s.sent);
    return html(200, confirmResetView(s.authorize, s.browser, { username: s.username, ...(destination !== undefined ? { destination } : {}) }));
  });

/** POST /confirmForgotPassword. */
export const postConfirmForgotPassword = definePage('POST /confirmForgotPassword')
  .step('authorize', (page) => authorizeOrStop(page, page.request.query))
  .step('browser', (page, s) => requireCsrf(page, pathWithQuery('/login', s.authorize.query)))
  .step('username', (page) => (page.form.username ?? '').trim())
  .respond(async (page, s) => {
    const { authorize, browser, username } = s;
    const again = (notice: Notice) => html(400, confirmResetView(authorize, browser, { username, notice }));
    const code = (page.form.code ?? '').trim();
    const password = page.form.new_password ?? '';
    if (code === '') return again(fieldError(EMPTY_FIELD.resetCode));
    if (password === '') return again(fieldError(EMPTY_FIELD.newPassword));
    if ((page.form.confirm_password ?? '') !== password) return again(fieldError(EMPTY_FIELD.passwordsDiffer));
    try {
      await callOperation(page, 'ConfirmForgotPassword', {
        ClientId: authorize.client.id,
        Username: username,
        ConfirmationCode: code,
        Password: password,
        ...secretHashFor(authorize.client, username, 'SecretHash'),
      });
      return signInAgain(authorize, browser, username, { kind: 'status', message: 'Your password is changed. Sign in with your new password.' });
    } catch (error) {
      if (isServiceError(error)) return again(describeError(error));
      throw error;
    }
  });

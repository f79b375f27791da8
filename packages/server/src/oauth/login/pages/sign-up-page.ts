// GET/POST /signup?<authorize query> and POST /confirmSignup?<authorize query>: SignUp, then
// ConfirmSignUp (or ResendConfirmationCode) — the pool's own operations, as the JSON API runs them —
// and back to the sign-in form with the authorize query.
import { isServiceError } from '../../../errors/catalogue.js';
import { authorizeOrStop, pathWithQuery } from '../authorize-step.js';
import { browserOf, requireCsrf } from '../csrf.js';
import { callOperation, secretHashFor } from '../operation-calls.js';
import { definePage, html, stop } from '../page-route.js';
import { signInAgain } from '../sign-in-flow.js';
import { describeError, EMPTY_FIELD, fieldError, type Notice } from '../views/messages.js';
import { confirmSignUpView, signUpView } from '../views/sign-up-views.js';

/** The masked address a CodeDeliveryDetails names, if any. */
export function deliveredTo(answer: Record<string, unknown>): string | undefined {
  const details = answer.CodeDeliveryDetails as { Destination?: unknown } | undefined;
  return typeof details?.Destination === 'string' ? details.Destination : undefined;
}

/** GET /signup. */
export const showSignUp = definePage('GET /signup')
  .step('authorize', (page) => authorizeOrStop(page, page.request.query))
  .step('browser', (page) => browserOf(page))
  .respond((_page, s) => html(200, signUpView(s.authorize, s.browser)));

/** POST /signup. */
export const postSignUp = definePage('POST /signup')
  .step('authorize', (page) => authorizeOrStop(page, page.request.query))
  .step('browser', (page, s) => requireCsrf(page, pathWithQuery('/signup', s.authorize.query)))
  .step('values', (page) => ({
    username: (page.form.username ?? '').trim(),
    email: (page.form.email ?? '').trim(),
    givenName: (page.form.given_name ?? '').trim(),
    familyName: (page.form.family_name ?? '').trim(),
    password: page.form.password ?? '',
  }))
  .do('check the fields', (_page, s) => {
    const empty = s.values.username === '' ? EMPTY_FIELD.signUpUsername : s.values.email === '' ? EMPTY_FIELD.signUpEmail : s.values.password === '' ? EMPTY_FIELD.signUpPassword : undefined;
    if (empty !== undefined) throw stop(html(400, signUpView(s.authorize, s.browser, { ...s.values, notice: fieldError(empty) })));
  })
  .step('signedUp', async (page, s) => {
    const { username, email, givenName, familyName, password } = s.values;
    const attributes = [
      { Name: 'email', Value: email },
      ...(givenName !== '' ? [{ Name: 'given_name', Value: givenName }] : []),
      ...(familyName !== '' ? [{ Name: 'family_name', Value: familyName }] : []),
    ];
    try {
      return await callOperation(page, 'SignUp', {
        ClientId: s.authorize.client.id,
        Username: username,
        Password: password,
        UserAttributes: attributes,
        ...secretHashFor(s.authorize.client, username, 'SecretHash'),
      });
    } catch (error) {
      if (isServiceError(error)) throw stop(html(400, signUpView(s.authorize, s.browser, { username, email, givenName, familyName, notice: describeError(error) })));
      throw error;
    }
  })
  .respond((_page, s) => {
    if (s.signedUp.UserConfirmed === true) return signInAgain(s.authorize, s.browser, s.values.username, { kind: 'status', message: 'Your account is ready. Sign in.' });
    const destination = deliveredTo(s.signedUp);
    return html(200, confirmSignUpView(s.authorize, s.browser, { username: s.values.username, ...(destination !== undefined ? { destination } : {}) }));
  });

/** POST /confirmSignup (action=resend sends a new code). */
export const postConfirmSignUp = definePage('POST /confirmSignup')
  .step('authorize', (page) => authorizeOrStop(page, page.request.query))
  .step('browser', (page, s) => requireCsrf(page, pathWithQuery('/login', s.authorize.query)))
  .step('username', (page) => (page.form.username ?? '').trim())
  .respond(async (page, s) => {
    const { authorize, browser, username } = s;
    const again = (notice: Notice, destination?: string) =>
      html(notice.kind === 'error' ? 400 : 200, confirmSignUpView(authorize, browser, { username, notice, ...(destination !== undefined ? { destination } : {}) }));
    const secret = secretHashFor(authorize.client, username, 'SecretHash');
    try {
      if (page.form.action === 'resend') {
        const sent = await callOperation(page, 'ResendConfirmationCode', { ClientId: authorize.client.id, Username: username, ...secret });
        const destination = deliveredTo(sent);
        return again({ kind: 'status', message: destination !== undefined ? `We sent a new code to ${destination}.` : 'We sent you a new code.' }, destination);
      }
      const code = (page.form.code ?? '').trim();
      if (code === '') return again(fieldError(EMPTY_FIELD.confirmSignUpCode));
      await callOperation(page, 'ConfirmSignUp', { ClientId: authorize.client.id, Username: username, ConfirmationCode: code, ...secret });
      return signInAgain(authorize, browser, username, { kind: 'status', message: 'Your account is confirmed. Sign in with your username and password.' });
    } catch (error) {
      if (isServiceError(error)) return again(describeError(error));
      throw error;
    }
  });

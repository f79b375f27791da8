// POST /login/challenge?<authorize query>: the answer to the current form of a sign-in in
// progress (flow = its opaque id). The server knows which form that is; the answer goes to the
// user pool as RespondToAuthChallenge (or the MFA-setup operations) and the next form, or the
// redirect with a code, follows. A wrong code shows the same form with the message; a sign-in
// whose challenge session ended starts again at the password.
import { isServiceError } from '../../../errors/catalogue.js';
import type { AuthorizeRequest } from '../../authorize/authorize-request.js';
import { authorizeOrStop, pathWithQuery } from '../authorize-step.js';
import { requireCsrf } from '../csrf.js';
import { definePage, stop, type PageContext } from '../page-route.js';
import { endPendingSignIn, FLOW_FIELD, loadPendingSignIn, type PendingSignIn } from '../pending-sign-in.js';
import { proceed, showPending, signInAgain, stepPage } from '../sign-in-flow.js';
import { stepHandler } from '../steps/index.js';
import { FieldProblem, type StepAnswer } from '../steps/step-handler.js';
import { describeError, endsSignIn, SIGN_IN_EXPIRED } from '../views/messages.js';
import type { Browser } from '../csrf.js';

/** The sign-in the form belongs to; when it is over (expired, finished, another browser's), the sign-in form again. */
async function pendingOrRestart(page: PageContext, browser: Browser): Promise<{ id: string; pending: PendingSignIn }> {
  const id = page.form[FLOW_FIELD];
  const pending = await loadPendingSignIn(page, id, browser);
  if (id !== undefined && pending !== undefined) return { id, pending };
  const authorize = await authorizeOrStop(page, page.request.query);
  throw stop(signInAgain(authorize, browser, undefined, SIGN_IN_EXPIRED));
}

/** The answer of the current form; ends the page with the form again (or the sign-in form) when it is refused. */
async function answerStep(page: PageContext, authorize: AuthorizeRequest, browser: Browser, flow: { id: string; pending: PendingSignIn }): Promise<StepAnswer> {
  const handler = stepHandler(flow.pending.page);
  if (handler === undefined) throw new Error(`no form for step ${flow.pending.page}`);
  try {
    return await handler.answer({ page, authorize, pending: flow.pending });
  } catch (error) {
    if (error instanceof FieldProblem) throw stop(await stepPage(authorize, browser, flow.id, flow.pending, error.notice));
    if (endsSignIn(error)) {
      await endPendingSignIn(page, flow.id);
      throw stop(signInAgain(authorize, browser, flow.pending.login, describeError(error)));
    }
    if (isServiceError(error)) throw stop(await stepPage(authorize, browser, flow.id, flow.pending, describeError(error)));
    throw error;
  }
}

/** POST /login/challenge. */
export const postChallenge = definePage('POST /login/challenge')
  .step('browser', (page) => requireCsrf(page, pathWithQuery('/login', page.query)))
  .step('flow', (page, s) => pendingOrRestart(page, s.browser))
  .step('authorize', (page, s) => authorizeOrStop(page, s.flow.pending.query))
  .step('answer', (page, s) => answerStep(page, s.authorize, s.browser, s.flow))
  .respond(async (page, s) => {
    switch (s.answer.kind) {
      case 'state':
        return showPending(page, s.authorize, s.browser, s.answer.state, s.flow.id);
      case 'sign-in-form':
        await endPendingSignIn(page, s.flow.id);
        return signInAgain(s.authorize, s.browser, s.flow.pending.login);
      case 'step':
        return proceed(page, s.authorize, s.browser, s.answer.step, { login: s.flow.pending.login, flowId: s.flow.id });
    }
  });


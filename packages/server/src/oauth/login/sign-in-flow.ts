// How a sign-in on the hosted page moves from one form to the next: a challenge becomes a pending
// sign-in (stored, sealed) and its form; a finished sign-in becomes the hosted session and the
// redirect to the client with a code (B's authorizationResponse).
import { escapeHtml } from '../../hosted/hosted-page.js';
import { authorizationResponse } from '../authorize/authorization-response.js';
import type { AuthorizeRequest } from '../authorize/authorize-request.js';
import { startHostedSession } from '../hosted-session/hosted-session.js';
import { pathWithQuery } from './authorize-step.js';
import { CSRF_FIELD, type Browser } from './csrf.js';
import { html, redirect, type PageContext, type PageResult } from './page-route.js';
import { createPendingSignIn, endPendingSignIn, FLOW_FIELD, savePendingSignIn, type PendingSignIn } from './pending-sign-in.js';
import type { SignInStep } from './sign-in-step.js';
import { pageOfChallenge, stepHandler } from './steps/index.js';
import { enterMfaSetup } from './steps/mfa-setup.js';
import { errorPage, link, renderPage, stepForm } from './views/layout.js';
import { SIGN_IN_EXPIRED, type Notice } from './views/messages.js';
import { signInView } from './views/sign-in-view.js';

/** The sign-in a form belongs to: the name typed, and (after the first form) its pending sign-in's id. */
export interface SignInProgress {
  readonly login: string;
  readonly flowId?: string;
}

/** The sign-in form again (status 400 with an error, 200 otherwise). */
export function signInAgain(authorize: AuthorizeRequest, browser: Browser, login: string | undefined, notice?: Notice): PageResult {
  return html(notice?.kind === 'error' ? 400 : 200, signInView(authorize, browser, { ...(login !== undefined ? { login } : {}), ...(notice !== undefined ? { notice } : {}) }));
}

/** The page of a pending sign-in's current form. */
export async function stepPage(authorize: AuthorizeRequest, browser: Browser, flowId: string, pending: PendingSignIn, notice?: Notice): Promise<PageResult> {
  const handler = stepHandler(pending.page);
  if (handler === undefined) throw new Error(`no form for step ${pending.page}`);
  const view = await handler.view(pending, notice);
  const form = stepForm({
    action: pathWithQuery('/login/challenge', authorize.query),
    step: pending.page,
    hidden: { [CSRF_FIELD]: browser.csrfToken, [FLOW_FIELD]: flowId },
    fields: view.fields,
    ...(view.submit !== undefined ? { submit: view.submit } : {}),
    ...(view.secondary !== undefined ? { secondary: view.secondary } : {}),
    label: view.title,
    ...(view.formAttributes !== undefined ? { attributes: view.formAttributes } : {}),
  });
  return html(
    notice?.kind === 'error' ? 400 : 200,
    renderPage({
      title: view.title,
      ...(authorize.look !== undefined ? { look: authorize.look } : {}),
      ...(view.description !== undefined ? { description: view.description } : {}),
      ...(notice !== undefined ? { notice } : {}),
      ...(authorize.lang !== undefined ? { lang: authorize.lang } : {}),
      ...(view.passkeyScript === true ? { passkeyScript: true } : {}),
      body: form,
      footer: `<p>Signing in as <strong>${escapeHtml(pending.login)}</strong>. ${link(pathWithQuery('/login', authorize.query), 'Start again')}</p>`,
    }),
  );
}

/** The first form of a challenge: a pending sign-in (MFA_SETUP may first call AssociateSoftwareToken). */
async function enterChallenge(page: PageContext, authorize: AuthorizeRequest, step: Extract<SignInStep, { kind: 'challenge' }>, login: string): Promise<PendingSignIn | undefined> {
  const stepPageName = pageOfChallenge(step.name);
  if (stepPageName === undefined) return undefined;
  const pending: PendingSignIn = {
    query: authorize.query,
    clientId: authorize.client.id,
    login,
    userIdForSrp: step.parameters.USER_ID_FOR_SRP ?? step.parameters.USERNAME ?? login,
    page: stepPageName,
    challenge: step.name,
    session: step.session,
    parameters: step.parameters,
    ...(step.availableChallenges !== undefined ? { availableChallenges: step.availableChallenges } : {}),
  };
  return stepPageName === 'MFA_SETUP' ? enterMfaSetup(page, pending) : pending;
}

/** Shows the next form of a sign-in (with `notice` above it), or finishes it. */
export async function proceed(page: PageContext, authorize: AuthorizeRequest, browser: Browser, step: SignInStep, progress: SignInProgress, notice?: Notice): Promise<PageResult> {
  if (step.kind === 'done') {
    if (progress.flowId !== undefined) await endPendingSignIn(page, progress.flowId);
    return finishSignIn(page, authorize, browser, step, progress.login);
  }
  const pending = await enterChallenge(page, authorize, step, progress.login);
  if (pending === undefined) {
    if (progress.flowId !== undefined) await endPendingSignIn(page, progress.flowId);
    page.request.log.warn({ challenge: step.name }, 'hosted login page cannot answer this challenge');
    return html(400, errorPage('This way of signing in is not available here.', 'Sign in from the application instead, or ask your administrator.', undefined, authorize.lang));
  }
  return showPending(page, authorize, browser, pending, progress.flowId, notice);
}

/** Stores a pending sign-in (new, or the next form of `flowId`) and shows its form. */
export async function showPending(page: PageContext, authorize: AuthorizeRequest, browser: Browser, pending: PendingSignIn, flowId: string | undefined, notice?: Notice): Promise<PageResult> {
  let id = flowId;
  if (id === undefined) id = await createPendingSignIn(page, authorize.pool.id, browser, pending);
  else await savePendingSignIn(page, id, pending);
  return stepPage(authorize, browser, id, pending, notice);
}

/**
 * A finished sign-in: the hosted session (a fresh cookie; the internal sign-in's tokens are
 * dropped, its record anchors the session) and the redirect to the client with a code.
 */
export async function finishSignIn(page: PageContext, authorize: AuthorizeRequest, browser: Browser, done: Extract<SignInStep, { kind: 'done' }>, login: string): Promise<PageResult> {
  const signIn = await startHostedSession(page.steward, page.request, page.reply, { poolId: authorize.pool.id, userSub: done.userSub, authTime: done.authTime, originJti: done.originJti });
  if (signIn === undefined) return signInAgain(authorize, browser, login, SIGN_IN_EXPIRED);
  return redirect(await authorizationResponse(page.steward, authorize, signIn));
}

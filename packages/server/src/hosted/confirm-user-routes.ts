// Hosted sign-up confirmation, as Cognito's /confirmUser: the link emailed with
// SIGN_UP_VERIFICATION=link. Opening it runs the same ConfirmSignUp operation as the JSON endpoint
// (same code hash check, expiry and attempt limit) and shows a page. It never redirects, so the
// link cannot be bent into an open redirect; the app waiting on the other tab signs the user in.
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { StewardHandle } from '../app.js';
import { isServiceError } from '../errors/catalogue.js';
import { fromPino } from '../user-pool/operations/logger.js';
import type { OperationContext } from '../user-pool/operations/operation-context.js';
import { hostedPage } from './hosted-page.js';
import { admitPublicRequest, KnownClients } from '../user-pool/wire/known-clients.js';

const RETURN_HINT = 'You may close this page and return to the app.';

/** The page for an error of ConfirmSignUp: what went wrong in words a person can act on. */
function failurePage(errorName: string): { status: number; title: string; detail: string } {
  switch (errorName) {
    case 'CodeMismatchException':
    case 'ExpiredCodeException':
      return { status: 400, title: 'This link is no longer valid', detail: 'The confirmation link has expired or a newer one was sent. Ask the app to send a new link.' };
    case 'NotAuthorizedException':
      return { status: 400, title: 'Account already confirmed', detail: 'This account does not need confirming. Sign in with your username and password.' };
    case 'LimitExceededException':
    case 'TooManyRequestsException':
      return { status: 429, title: 'Too many attempts', detail: 'Wait a while, then ask the app to send a new link.' };
    default:
      return { status: 400, title: 'The link is not valid', detail: 'The confirmation link is incomplete or names an unknown account or application.' };
  }
}

/** Registers `GET /confirmUser?client_id=&user_name=&confirmation_code=`. */
export function registerConfirmUserRoutes(app: FastifyInstance, steward: StewardHandle): void {
  const knownClients = new KnownClients(steward);
  app.get('/confirmUser', async (request, reply) => {
    const page = (status: number, title: string, detail: string): FastifyReply =>
      reply.status(status).header('content-type', 'text/html; charset=utf-8').header('cache-control', 'no-store').header('referrer-policy', 'no-referrer').send(hostedPage(title, detail, RETURN_HINT));
    const query = request.query as Record<string, unknown>;
    const clientId = typeof query.client_id === 'string' ? query.client_id : '';
    const username = typeof query.user_name === 'string' ? query.user_name : '';
    const code = typeof query.confirmation_code === 'string' ? query.confirmation_code : '';
    try {
      const ctx: OperationContext = { ...steward, log: fromPino(request.log), caller: { kind: 'public' }, request: { requestId: request.id, ip: request.ip } };
      // The JSON endpoint's admission: validated first, unknown clients refused before anything is counted.
      await steward.registry
        .require('AWSCognitoIdentityProviderService', 'ConfirmSignUp')
        .invoke(ctx, { ClientId: clientId, Username: username, ConfirmationCode: code }, admitPublicRequest(steward.limits, knownClients, request.ip));
      return page(200, 'Account confirmed', 'Your email address is confirmed. The app you signed up in will sign you in; if it was closed, sign in there now.');
    } catch (error) {
      // Input-shape failures (missing or malformed parameters) are InvalidParameterException and land on the default page.
      if (!isServiceError(error)) request.log.error({ err: error }, 'confirmUser failed unexpectedly');
      const failure = failurePage(isServiceError(error) ? error.name : '');
      return page(failure.status, failure.title, failure.detail);
    }
  });
}

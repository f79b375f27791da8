// The hosted login page (/login and its steps): server-rendered forms that sign a person in
// without JavaScript, like Cognito's classic hosted UI. Each page is a short list of named steps
// (pages/*.ts); every sign-in runs the pool's own operations (operation-calls.ts).
//
//   GET  /login?<authorize query>                 sign-in form
//   POST /login?<authorize query>                 password (SRP on the server) or passkey start
//   POST /login/challenge?<authorize query>       the current step of a sign-in in progress
//   GET/POST /signup, POST /confirmSignup         sign-up and its code
//   GET/POST /forgotPassword, POST /confirmForgotPassword
//   GET  /login-assets/hosted-login.css, /login-assets/passkey.js
import type { FastifyInstance } from 'fastify';
import type { StewardHandle } from '../../app.js';
import { KnownClients } from '../../user-pool/wire/known-clients.js';
import { singleValues, sendPage, type Page } from './page-route.js';
import { registerAssetRoutes } from './pages/asset-routes.js';
import { postChallenge } from './pages/challenge-page.js';
import { postConfirmForgotPassword, postForgotPassword, showForgotPassword } from './pages/forgot-password-page.js';
import { postSignIn, showSignIn } from './pages/sign-in-page.js';
import { postConfirmSignUp, postSignUp, showSignUp } from './pages/sign-up-page.js';

const PAGES: ReadonlyArray<{ method: 'GET' | 'POST'; path: string; page: Page }> = [
  { method: 'GET', path: '/login', page: showSignIn },
  { method: 'POST', path: '/login', page: postSignIn },
  { method: 'POST', path: '/login/challenge', page: postChallenge },
  { method: 'GET', path: '/signup', page: showSignUp },
  { method: 'POST', path: '/signup', page: postSignUp },
  { method: 'POST', path: '/confirmSignup', page: postConfirmSignUp },
  { method: 'GET', path: '/forgotPassword', page: showForgotPassword },
  { method: 'POST', path: '/forgotPassword', page: postForgotPassword },
  { method: 'POST', path: '/confirmForgotPassword', page: postConfirmForgotPassword },
];

/** Registers the hosted login page's routes on the managed-login app. */
export function registerHostedLoginRoutes(app: FastifyInstance, steward: StewardHandle): void {
  const knownClients = new KnownClients(steward);
  for (const { method, path, page } of PAGES) {
    app.route({
      method,
      url: path,
      handler: async (request, reply) => {
        const result = await page.run({ steward, knownClients, request, reply, query: singleValues(request.query), form: method === 'POST' ? singleValues(request.body) : {} });
        return sendPage(reply, result);
      },
    });
  }
  registerAssetRoutes(app);
}

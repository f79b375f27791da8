// WEB_AUTHN: the passkey assertion (CREDENTIAL) answering CREDENTIAL_REQUEST_OPTIONS.
import { fail } from '../../../errors/catalogue.js';
import { recordAuthSessionFailure } from '../../sessions/auth-sessions.js';
import { requireParameter } from '../sign-in/app-client-checks.js';
import { continueSignIn } from '../sign-in/continue-sign-in.js';
import { assertUserMaySignIn } from '../sign-in/user-gate.js';
import { verifyPasskeyAssertion } from '../webauthn/passkey-assertion.js';
import { sessionUser, type ChallengeHandler } from './challenge-input.js';

/** RespondToAuthChallenge WEB_AUTHN. A failed assertion counts against the session. */
export const answerWebAuthn: ChallengeHandler = async (answer) => {
  const { ctx, scope, session, responses } = answer;
  const user = sessionUser(answer);
  const challenge = session.state.webAuthnChallenge;
  if (challenge === undefined) throw fail('NotAuthorizedException', 'Invalid session for the user, session is expired.');
  const proven = await verifyPasskeyAssertion(ctx, scope.pool, user, requireParameter(responses, 'CREDENTIAL'), challenge);
  if (proven === undefined) {
    await recordAuthSessionFailure(ctx, session);
    throw fail('NotAuthorizedException', 'The passkey could not be verified.');
  }
  assertUserMaySignIn(user, ctx.clock.now());
  return continueSignIn(ctx, scope, user, { ...session.state, proven, webAuthnChallenge: undefined });
};

// NEW_PASSWORD_REQUIRED: a user created by an administrator with a temporary password chooses
// their own (NEW_PASSWORD), adding the required attributes they lack ("userAttributes.<name>").
import { operationEvent } from '../../../audit/operation-audit.js';
import { fail } from '../../../errors/catalogue.js';
import { assertRequiredAttributes, checkAttributeWrites } from '../../users/attributes.js';
import { assertPasswordConforms } from '../../users/password-policy.js';
import { setPassword } from '../../users/set-password.js';
import { updateUser } from '../../users/user-repository.js';
import { requireParameter } from '../sign-in/app-client-checks.js';
import { continueSignIn } from '../sign-in/continue-sign-in.js';
import { sessionUser, type ChallengeHandler } from './challenge-input.js';

const ATTRIBUTE_PREFIX = 'userAttributes.';

/** RespondToAuthChallenge NEW_PASSWORD_REQUIRED. */
export const answerNewPasswordRequired: ChallengeHandler = async (answer) => {
  const { ctx, scope, session, responses } = answer;
  const user = sessionUser(answer);
  const proven = session.state.proven;
  if (proven === undefined || user.status !== 'FORCE_CHANGE_PASSWORD') throw fail('NotAuthorizedException', 'Invalid session for the user, session is expired.');
  const password = requireParameter(responses, 'NEW_PASSWORD');
  assertPasswordConforms(password, scope.pool.passwordPolicy);
  const written = Object.entries(responses)
    .filter(([name]) => name.startsWith(ATTRIBUTE_PREFIX))
    .map(([name, value]) => ({ Name: name.slice(ATTRIBUTE_PREFIX.length), Value: value }));
  const changes = checkAttributeWrites(scope.pool, written, { writer: 'user', client: scope.client, creating: false });
  const attributes: Record<string, string> = { ...user.attributes, ...changes };
  // A changed email or phone number is no longer the verified one.
  if (changes.email !== undefined && changes.email !== user.attributes.email) attributes.email_verified = 'false';
  if (changes.phone_number !== undefined && changes.phone_number !== user.attributes.phone_number) attributes.phone_number_verified = 'false';
  assertRequiredAttributes(scope.pool, attributes);

  // Not one transaction: setPassword also writes the rate-limit counters on the plain connection,
  // which would wait forever on PGlite's single connection held by a transaction.
  const withPassword = await setPassword(ctx, user, password, 'CONFIRMED', { audit: operationEvent(ctx, 'password.changed', user, { details: { duringSignIn: true, reason: 'NEW_PASSWORD_REQUIRED' } }) });
  const updated = Object.keys(changes).length === 0 ? withPassword : await updateUser(ctx.db, user.sub, { attributes }, ctx.clock.now());
  return continueSignIn(ctx, scope, updated, { ...session.state, proven, passwordChanged: true });
};

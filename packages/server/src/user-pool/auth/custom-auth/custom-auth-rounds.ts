// Running CUSTOM_AUTH: InitiateAuth asks the definition what comes first; each CUSTOM_CHALLENGE
// answer is verified, recorded as a round, and the definition decides again (another challenge,
// tokens, or failure). Starting with SRP_A puts the password (PASSWORD_VERIFIER) first.
import { timingSafeEqual } from 'node:crypto';
import { fail, isServiceError } from '../../../errors/catalogue.js';
import { maskDestination, type CodeDeliveryDetails } from '../../codes/code-delivery.js';
import { generateCode, hashCode } from '../../codes/one-time-codes.js';
import { emailSender } from '../../codes/pool-messages.js';
import { findPool } from '../../pools/pool-repository.js';
import type { OperationContext } from '../../operations/operation-context.js';
import { endAuthSession } from '../../sessions/auth-sessions.js';
import { findUserByLogin, type UserRecord } from '../../users/user-repository.js';
import type { ChallengeHandler } from '../challenges/challenge-input.js';
import { sessionUser } from '../challenges/challenge-input.js';
import { passwordVerifierChallenge, requireClientA } from '../flows/user-srp-auth.js';
import { TOO_MANY_CODES } from '../mfa/mfa-challenge.js';
import { assertSecretHash, requireParameter } from '../sign-in/app-client-checks.js';
import { continueSignIn } from '../sign-in/continue-sign-in.js';
import { challenge, type SignInOutcome, type SignInScope } from '../sign-in/sign-in-outcome.js';
import type { SignInState } from '../sign-in/sign-in-state.js';
import { assertUserMaySignIn, unknownUserError, WRONG_CREDENTIALS } from '../sign-in/user-gate.js';
import type { CustomAuthDefinition, CustomAuthUser, CustomChallengeTools } from './custom-auth-definition.js';
import { emailCodeChallenge } from './email-code-challenge.js';
import { srpIdentity } from '../srp-exchange/srp-exchange.js';
import { runPreAuthentication } from '../../triggers/authentication.js';
import { hasCustomAuthTriggers, webhookCustomAuthDefinition } from '../../triggers/custom-auth-triggers.js';

/** Most rounds one custom sign-in may take, whatever the definition says. */
export const MAX_CUSTOM_ROUNDS = 10;

let installed: CustomAuthDefinition | undefined = emailCodeChallenge;

/** Installs the process's custom challenge definition (undefined: CUSTOM_AUTH is refused). */
export function setCustomAuthDefinition(definition: CustomAuthDefinition | undefined): void {
  installed = definition;
}

/** The pool's definition: its Define/Create/Verify webhooks when configured, else the installed one. */
function definition(ctx: OperationContext, scope: SignInScope): CustomAuthDefinition {
  if (hasCustomAuthTriggers(scope.pool)) return webhookCustomAuthDefinition(ctx, scope.pool, scope.client.id);
  if (installed === undefined) throw fail('InvalidParameterException', 'Custom auth lambda trigger is not configured for the user pool.');
  return installed;
}

const view = (user: UserRecord): CustomAuthUser => ({ sub: user.sub, username: user.username, attributes: user.attributes, status: user.status });

/** The tools a definition gets for one user. */
export function customChallengeTools(ctx: OperationContext, user: UserRecord): CustomChallengeTools {
  return {
    randomCode: generateCode,
    now: () => ctx.clock.now(),
    hashAnswer: (answer) => hashCode(ctx.config.codePepper, user.sub, 'CUSTOM_CHALLENGE', answer),
    answerMatches: (answer, hash) => {
      const given = Buffer.from(hashCode(ctx.config.codePepper, user.sub, 'CUSTOM_CHALLENGE', answer), 'hex');
      const stored = Buffer.from(hash, 'hex');
      return given.length === stored.length && timingSafeEqual(given, stored);
    },
    async deliver(channel, message): Promise<CodeDeliveryDetails> {
      const attributeName = channel === 'email' ? 'email' : 'phone_number';
      const destination = user.attributes[attributeName];
      if (destination === undefined || destination === '') throw fail('InvalidParameterException', `The user has no ${attributeName} to send a code to.`);
      await ctx.limits.assertCodeSendAllowed(user.sub, 'CUSTOM_CHALLENGE');
      // The pool's EmailConfiguration names the sender, as for the other messages of the pool.
      const sender = channel === 'email' ? emailSender(await findPool(ctx.db, user.poolId)) : {};
      await ctx.delivery.send({ poolId: user.poolId, channel, destination, ...(message.subject !== undefined ? { subject: message.subject } : {}), ...sender, body: message.body, code: message.code });
      return { Destination: maskDestination(destination), DeliveryMedium: channel === 'email' ? 'EMAIL' : 'SMS', AttributeName: attributeName };
    },
  };
}

/** Asks the definition for the next step after `state.customRounds` and produces it. */
export async function nextCustomRound(
  ctx: OperationContext,
  scope: SignInScope,
  user: UserRecord,
  state: SignInState,
  clientMetadata: Readonly<Record<string, string>> = {},
): Promise<SignInOutcome> {
  const custom = definition(ctx, scope);
  const rounds = state.customRounds ?? [];
  if (rounds.length > MAX_CUSTOM_ROUNDS) throw fail('NotAuthorizedException', WRONG_CREDENTIALS);
  const decision = await custom.define({ user: view(user), rounds, clientMetadata });
  const chosen = [decision.issueTokens === true, decision.failAuthentication === true, decision.challengeName !== undefined].filter(Boolean).length;
  if (chosen !== 1) throw fail('InvalidLambdaResponseException', 'The custom challenge definition must choose exactly one of issueTokens, failAuthentication or challengeName.');
  if (decision.failAuthentication === true) throw fail('NotAuthorizedException', WRONG_CREDENTIALS);
  if (decision.issueTokens === true) {
    if (!rounds.some((r) => r.challengeResult && r.challengeName !== 'SRP_A')) throw fail('InvalidLambdaResponseException', 'The custom challenge definition issued tokens before any challenge was answered.');
    assertUserMaySignIn(user, ctx.clock.now());
    const withPassword = rounds.some((r) => r.challengeName === 'PASSWORD_VERIFIER' && r.challengeResult);
    return continueSignIn(ctx, scope, user, {
      ...state,
      customPrivate: undefined,
      customMetadata: undefined,
      proven: withPassword ? 'custom-with-password' : 'custom',
      ...(!withPassword && custom.channel !== undefined ? { firstFactorChannel: custom.channel } : {}),
    });
  }
  if (decision.challengeName === 'PASSWORD_VERIFIER') throw fail('InvalidLambdaResponseException', 'PASSWORD_VERIFIER can only follow SRP_A.');
  const created = await custom.create({ user: view(user), rounds, clientMetadata, ...(state.customPrivate !== undefined ? { previous: state.customPrivate } : {}) }, customChallengeTools(ctx, user));
  return challenge(
    'CUSTOM_CHALLENGE',
    { ...created.publicChallengeParameters, USERNAME: srpIdentity(user) },
    { ...state, customPrivate: { ...created.privateChallengeParameters }, ...(created.challengeMetadata !== undefined ? { customMetadata: created.challengeMetadata } : {}) },
    user.sub,
  );
}

/** InitiateAuth CUSTOM_AUTH: USERNAME, and SRP_A with CHALLENGE_NAME=SRP_A to prove the password first. */
export async function startCustomAuth(
  ctx: OperationContext,
  scope: SignInScope,
  parameters: Readonly<Record<string, string>>,
  clientMetadata: Readonly<Record<string, string>>,
): Promise<SignInOutcome> {
  const custom = definition(ctx, scope);
  const login = requireParameter(parameters, 'USERNAME');
  const user = await findUserByLogin(ctx.db, scope.pool, login);
  assertSecretHash(scope.client, [login, ...(user !== undefined ? [user.username] : [])], parameters.SECRET_HASH);
  if (user !== undefined || scope.client.preventUserExistenceErrors) await runPreAuthentication(ctx, scope, user, login, clientMetadata);
  if (parameters.CHALLENGE_NAME === 'SRP_A' || parameters.SRP_A !== undefined) {
    const clientA = requireClientA(parameters);
    const rounds = [{ challengeName: 'SRP_A' as const, challengeResult: true }];
    if (user !== undefined) {
      const decision = await custom.define({ user: view(user), rounds, clientMetadata });
      if (decision.challengeName !== 'PASSWORD_VERIFIER') throw fail('InvalidLambdaResponseException', 'After SRP_A the custom challenge definition must ask PASSWORD_VERIFIER.');
    }
    return passwordVerifierChallenge(ctx, scope, user, login, clientA, { flow: 'CUSTOM_AUTH', customRounds: rounds, deviceKey: parameters.DEVICE_KEY });
  }
  if (user === undefined) throw unknownUserError(scope.client.preventUserExistenceErrors);
  return nextCustomRound(ctx, scope, user, { flow: 'CUSTOM_AUTH', username: user.username, customRounds: [] }, clientMetadata);
}

/** RespondToAuthChallenge CUSTOM_CHALLENGE (ANSWER). A failed sign-in ends the session. */
export const answerCustomChallenge: ChallengeHandler = async (answer) => {
  const { ctx, scope, session, responses } = answer;
  const user = sessionUser(answer);
  const { customPrivate, customMetadata } = session.state;
  if (customPrivate === undefined) throw fail('NotAuthorizedException', 'Invalid session for the user, session is expired.');
  // An answer is a guessed code: counted on the user's MFA lockout counter before it is checked.
  const guess = answer.guess ?? (await ctx.lockout.claimAttempt(ctx.lockout.userKey('mfa', user.sub)));
  if (guess.locked) throw fail('TooManyFailedAttemptsException', TOO_MANY_CODES);
  const correct = await definition(ctx, scope).verify(
    { user: view(user), privateChallengeParameters: customPrivate, challengeAnswer: requireParameter(responses, 'ANSWER'), clientMetadata: answer.clientMetadata },
    customChallengeTools(ctx, user),
  );
  const rounds = [...(session.state.customRounds ?? []), { challengeName: 'CUSTOM_CHALLENGE' as const, challengeResult: correct, ...(customMetadata !== undefined ? { challengeMetadata: customMetadata } : {}) }];
  try {
    return await nextCustomRound(ctx, scope, user, { ...session.state, customRounds: rounds, ...(correct ? { customPrivate: undefined } : {}) }, answer.clientMetadata);
  } catch (error) {
    if (isServiceError(error, 'NotAuthorizedException')) await endAuthSession(ctx, session);
    throw error;
  }
};

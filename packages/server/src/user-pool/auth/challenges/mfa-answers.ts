// Answers to code challenges — SMS_MFA, SOFTWARE_TOKEN_MFA, EMAIL_OTP (as MFA, as a USER_AUTH
// first factor, or to verify the email of MFA_SETUP), SMS_OTP — and to SELECT_MFA_TYPE and MFA_SETUP.
import { mfaChanges } from '../../users/mfa-preferences.js';
import { fieldChanges } from '../../../audit/audit-event.js';
import { operationEvent } from '../../../audit/operation-audit.js';
import { fail } from '../../../errors/catalogue.js';
import { updateUser, aliasTakenBy, type MfaKind } from '../../users/user-repository.js';
import { askMfa, checkMfaAnswer, checkSentCode, guessCode, matchTotpAnswer, refuseReplayedCode, sendChallengeCode } from '../mfa/mfa-challenge.js';
import { recordTotpStep } from '../totp/totp-verification.js';
import { setupMfaOptions, usableMfaMethods } from '../mfa/mfa-methods.js';
import { requireParameter } from '../sign-in/app-client-checks.js';
import { continueSignIn, decideSignIn, produceSignIn } from '../sign-in/continue-sign-in.js';
import { challenge } from '../sign-in/sign-in-outcome.js';
import { assertUserMaySignIn } from '../sign-in/user-gate.js';
import { sessionUser, type ChallengeAnswer, type ChallengeHandler } from './challenge-input.js';
import { srpIdentity } from '../srp-exchange/srp-exchange.js';

const expired = (): Error => fail('NotAuthorizedException', 'Invalid session for the user, session is expired.');

const CODE_RESPONSE: Record<MfaKind, string> = { SMS_MFA: 'SMS_MFA_CODE', SOFTWARE_TOKEN_MFA: 'SOFTWARE_TOKEN_MFA_CODE', EMAIL_OTP: 'EMAIL_OTP_CODE' };

async function answerMfa(answer: ChallengeAnswer, method: MfaKind) {
  const { ctx, scope, session, responses } = answer;
  const user = sessionUser(answer);
  const { proven, mfa } = session.state;
  if (proven === undefined || mfa !== method) throw expired();
  await checkMfaAnswer(ctx, session, user, method, requireParameter(responses, CODE_RESPONSE[method]), answer.guess);
  return continueSignIn(ctx, scope, user, { ...session.state, proven, mfaDone: true });
}

/** RespondToAuthChallenge SMS_MFA (SMS_MFA_CODE). */
export const answerSmsMfa: ChallengeHandler = (answer) => answerMfa(answer, 'SMS_MFA');

/**
 * RespondToAuthChallenge SOFTWARE_TOKEN_MFA (SOFTWARE_TOKEN_MFA_CODE). When the answer ends the
 * sign-in, the code's time step is recorded (replay guard) in the statement that claims the session
 * and stores the tokens; a step used before is then the same counted wrong code as here.
 */
export const answerSoftwareTokenMfa: ChallengeHandler = async (answer) => {
  const { ctx, scope, session, responses } = answer;
  const user = sessionUser(answer);
  const { proven, mfa } = session.state;
  if (proven === undefined || mfa !== 'SOFTWARE_TOKEN_MFA') throw expired();
  const code = requireParameter(responses, CODE_RESPONSE.SOFTWARE_TOKEN_MFA);
  const now = ctx.clock.now();
  const step = await guessCode(ctx, session, user, answer.guess, async () => matchTotpAnswer(ctx, user, code, now));
  const replayed = (): Promise<never> => refuseReplayedCode(ctx, session);
  const decision = await decideSignIn(ctx, scope, user, { ...session.state, proven, mfaDone: true });
  if (decision.step.kind === 'TOKENS') {
    const outcome = await produceSignIn(ctx, scope, decision);
    return outcome.kind === 'tokens' ? { ...outcome, totpStep: { step, now, replayed } } : outcome;
  }
  if (!(await recordTotpStep(ctx, user.sub, step, now))) await replayed();
  return produceSignIn(ctx, scope, decision);
};

/** RespondToAuthChallenge EMAIL_OTP (EMAIL_OTP_CODE): email MFA, the email of MFA_SETUP, or USER_AUTH's first factor. */
export const answerEmailOtp: ChallengeHandler = async (answer) => {
  const { ctx, scope, session, responses } = answer;
  const user = sessionUser(answer);
  const { proven, emailSetup } = session.state;
  if (emailSetup !== undefined) {
    if (proven === undefined) throw expired();
    await checkSentCode(ctx, session, user, 'MFA_EMAIL', requireParameter(responses, 'EMAIL_OTP_CODE'), answer.guess);
    const updated = await ctx.audit.change(
      (tx) =>
        updateUser(
          tx,
          user.sub,
          { attributes: { ...user.attributes, email: emailSetup, email_verified: 'true' }, emailMfaEnabled: true, preferredMfa: user.preferredMfa ?? 'EMAIL_OTP' },
          ctx.clock.now(),
        ),
      (after) => operationEvent(ctx, 'mfa.email_set_up', user, { changes: { ...mfaChanges(user, after), ...fieldChanges({ email: user.attributes.email }, { email: after.attributes.email }) } }),
    );
    return continueSignIn(ctx, scope, updated, { ...session.state, proven, emailSetup: undefined, mfaDone: true });
  }
  if (proven !== undefined) return answerMfa(answer, 'EMAIL_OTP');
  await checkSentCode(ctx, session, user, 'EMAIL_OTP_SIGN_IN', requireParameter(responses, 'EMAIL_OTP_CODE'), answer.guess);
  assertUserMaySignIn(user, ctx.clock.now());
  return continueSignIn(ctx, scope, user, { ...session.state, proven: 'one-time-code', firstFactorChannel: 'EMAIL_OTP' });
};

/** RespondToAuthChallenge SMS_OTP (SMS_OTP_CODE): USER_AUTH's SMS first factor. */
export const answerSmsOtp: ChallengeHandler = async (answer) => {
  const { ctx, scope, session, responses } = answer;
  const user = sessionUser(answer);
  if (session.state.proven !== undefined) throw expired();
  await checkSentCode(ctx, session, user, 'SMS_OTP_SIGN_IN', requireParameter(responses, 'SMS_OTP_CODE'), answer.guess);
  assertUserMaySignIn(user, ctx.clock.now());
  return continueSignIn(ctx, scope, user, { ...session.state, proven: 'one-time-code', firstFactorChannel: 'SMS_MFA' });
};

/** RespondToAuthChallenge SELECT_MFA_TYPE (ANSWER: SMS_MFA, SOFTWARE_TOKEN_MFA or EMAIL_OTP). */
export const answerSelectMfaType: ChallengeHandler = async (answer) => {
  const { ctx, scope, session, responses } = answer;
  const user = sessionUser(answer);
  const { proven } = session.state;
  if (proven === undefined) throw expired();
  const choice = requireParameter(responses, 'ANSWER');
  const used = session.state.firstFactorChannel;
  const method = usableMfaMethods(scope.pool, user)
    .filter((m) => m !== used)
    .find((m) => m === choice);
  if (method === undefined) throw fail('InvalidParameterException', `ANSWER must be one of the offered MFA types, not ${choice.slice(0, 40)}.`);
  return challenge(method, await askMfa(ctx, user, method), { ...session.state, mfa: method }, user.sub);
};

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * RespondToAuthChallenge MFA_SETUP. With EMAIL: sends a code to that address and asks EMAIL_OTP
 * (the address becomes the user's verified email and email MFA on success). Without: completes
 * an authenticator app set up with AssociateSoftwareToken and VerifySoftwareToken on this session.
 */
export const answerMfaSetup: ChallengeHandler = async (answer) => {
  const { ctx, scope, session, responses } = answer;
  const user = sessionUser(answer);
  const { proven } = session.state;
  if (proven === undefined) throw expired();
  const email = responses.EMAIL;
  if (email !== undefined && email !== '') {
    const options = setupMfaOptions(scope.pool).filter((m) => m !== session.state.firstFactorChannel);
    if (!options.includes('EMAIL_OTP')) throw fail('InvalidParameterException', 'Email MFA cannot be set up here.');
    if (!EMAIL.test(email)) throw fail('InvalidParameterException', 'Invalid email address format.');
    if (scope.pool.aliasAttributes.includes('email') && (await aliasTakenBy(ctx.db, scope.pool, 'email', email, user.sub)) !== undefined) {
      throw fail('AliasExistsException', 'An account with the given email already exists.');
    }
    const parameters = await sendChallengeCode(ctx, { ...user, attributes: { ...user.attributes, email } }, 'MFA_EMAIL', 'email');
    return challenge('EMAIL_OTP', { ...parameters, USER_ID_FOR_SRP: srpIdentity(user) }, { ...session.state, emailSetup: email }, user.sub);
  }
  if (session.state.totpSetup !== 'verified') {
    throw fail('InvalidParameterException', 'Set up the authenticator app with AssociateSoftwareToken and VerifySoftwareToken on this session first, or send EMAIL.');
  }
  return continueSignIn(ctx, scope, user, { ...session.state, proven, totpSetup: undefined, mfaDone: true });
};

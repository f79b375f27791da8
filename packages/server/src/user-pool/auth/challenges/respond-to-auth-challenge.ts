// RespondToAuthChallenge: the answer to the challenge a Session string stands for.
import { fail } from '../../../errors/catalogue.js';
import { noteSignInFlow } from '../../../metrics/sign-in-metrics.js';
import { defineOperation } from '../../operations/operation.js';
import { requireClient } from '../../pools/pool-repository.js';
import { loadClientAndAuthSession } from '../../sessions/auth-sessions.js';
import { clientIdSchema, clientMetadataSchema, enumeration, object, optional, string } from '../../wire/input-schema.js';
import { answerCustomChallenge } from '../custom-auth/custom-auth-rounds.js';
import { assertSecretHash } from '../sign-in/app-client-checks.js';
import { authParametersSchema } from '../sign-in/auth-parameters-schema.js';
import { recordChallengeRefusal } from '../sign-in/sign-in-audit.js';
import { sendOutcome } from '../sign-in/sign-in-outcome.js';
import { CHALLENGE_NAMES, type ChallengeName, type SignInState } from '../sign-in/sign-in-state.js';
import type { ChallengeHandler } from './challenge-input.js';
import { answerDevicePasswordVerifier, answerDeviceSrpAuth } from './device-challenges.js';
import { answerEmailOtp, answerMfaSetup, answerSelectMfaType, answerSmsMfa, answerSmsOtp, answerSoftwareTokenMfa } from './mfa-answers.js';
import { answerNewPasswordRequired } from './new-password-required.js';
import { answerPasswordVerifier } from './password-verifier.js';
import { answerSelectChallenge } from './select-challenge.js';
import { answerWebAuthn } from './web-authn.js';

const HANDLERS: Record<ChallengeName, ChallengeHandler> = {
  PASSWORD_VERIFIER: answerPasswordVerifier,
  DEVICE_SRP_AUTH: answerDeviceSrpAuth,
  DEVICE_PASSWORD_VERIFIER: answerDevicePasswordVerifier,
  NEW_PASSWORD_REQUIRED: answerNewPasswordRequired,
  SMS_MFA: answerSmsMfa,
  SOFTWARE_TOKEN_MFA: answerSoftwareTokenMfa,
  EMAIL_OTP: answerEmailOtp,
  SMS_OTP: answerSmsOtp,
  SELECT_MFA_TYPE: answerSelectMfaType,
  MFA_SETUP: answerMfaSetup,
  SELECT_CHALLENGE: answerSelectChallenge,
  PASSWORD: answerSelectChallenge,
  PASSWORD_SRP: answerSelectChallenge,
  CUSTOM_CHALLENGE: answerCustomChallenge,
  WEB_AUTHN: answerWebAuthn,
};

/** Whether a session waiting at `waiting` may be answered as `answered` (a first factor may answer SELECT_CHALLENGE directly). */
function answers(waiting: string, answered: ChallengeName): boolean {
  return waiting === answered || (waiting === 'SELECT_CHALLENGE' && (answered === 'PASSWORD' || answered === 'PASSWORD_SRP'));
}

/** RespondToAuthChallenge. */
export const respondToAuthChallenge = defineOperation(
  'RespondToAuthChallenge',
  object({
    ClientId: clientIdSchema,
    ChallengeName: enumeration(CHALLENGE_NAMES),
    Session: optional(string({ min: 20, max: 2048 })),
    ChallengeResponses: optional(authParametersSchema),
    ClientMetadata: optional(clientMetadataSchema),
  }),
)
  .step('loaded', async (ctx, i) => {
    if (i.Session === undefined) {
      await requireClient(ctx, i.ClientId);
      throw fail('InvalidParameterException', 'Missing required parameter Session');
    }
    const loaded = await loadClientAndAuthSession<SignInState>(ctx, i.ClientId, i.Session, i.ChallengeName);
    if (!answers(loaded.session.challengeName, i.ChallengeName)) throw fail('NotAuthorizedException', 'Invalid session for the user, session is expired.');
    return loaded;
  })
  .step('scope', (_ctx, _i, s) => s.loaded.scope)
  .step('session', (_ctx, _i, s) => s.loaded.session)
  .do('note the flow for the metrics', (ctx, _i, s) => noteSignInFlow(ctx, s.session.state.flow))
  .step('user', (_ctx, _i, s) => {
    const { session, user } = s.loaded;
    if (session.userSub !== null && user === undefined) throw fail('NotAuthorizedException', 'Invalid session for the user, session is expired.');
    if (user !== undefined && !user.enabled) throw fail('NotAuthorizedException', 'User is disabled.');
    return user;
  })
  .do('check SECRET_HASH', (_ctx, i, s) => {
    const responses = i.ChallengeResponses ?? {};
    assertSecretHash(s.scope.client, [responses.USERNAME ?? '', s.session.state.username, ...(s.user !== undefined ? [s.user.sub] : [])], responses.SECRET_HASH);
  })
  .step('outcome', (ctx, i, s) =>
    HANDLERS[i.ChallengeName]({
      ctx,
      scope: s.scope,
      challengeName: i.ChallengeName,
      session: s.session,
      user: s.user,
      guess: s.loaded.guess,
      responses: i.ChallengeResponses ?? {},
      clientMetadata: i.ClientMetadata ?? {},
    }),
  )
  .onFailure(recordChallengeRefusal)
  .respond((ctx, i, s) => sendOutcome(ctx, s.scope, s.outcome, s.session, i.ClientMetadata));

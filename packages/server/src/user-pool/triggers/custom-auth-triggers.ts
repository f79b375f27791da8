// DefineAuthChallenge, CreateAuthChallenge and VerifyAuthChallengeResponse as webhooks: a
// CustomAuthDefinition (auth/custom-auth/) whose three decisions are the pool's handlers. It
// replaces the built-in definition for a pool whose LambdaConfig has DefineAuthChallenge; pools
// without one keep the built-in (code-only) definition.
import type { CustomAuthDefinition, CustomAuthUser } from '../auth/custom-auth/custom-auth-definition.js';
import type { CustomAuthRound } from '../auth/sign-in/sign-in-state.js';
import type { OperationContext } from '../operations/operation-context.js';
import type { PoolRecord } from '../pools/pool-repository.js';
import { invokeTrigger, responseOf, unrecognizable } from './invoke-trigger.js';
import { triggerTarget, type TriggerName } from './lambda-config.js';
import { triggerEvent, withClientMetadata } from './trigger-event.js';

/** True when the pool defines its custom challenges by webhook. */
export function hasCustomAuthTriggers(pool: PoolRecord): boolean {
  return triggerTarget(pool, 'DefineAuthChallenge') !== undefined;
}

/** The rounds as Cognito's request.session. */
function sessionOf(rounds: readonly CustomAuthRound[]): Record<string, unknown>[] {
  return rounds.map((r) => ({ challengeName: r.challengeName, challengeResult: r.challengeResult, ...(r.challengeMetadata !== undefined ? { challengeMetadata: r.challengeMetadata } : {}) }));
}

function userAttributes(user: CustomAuthUser): Record<string, string> {
  return { sub: user.sub, ...user.attributes, ...(user.status !== undefined ? { 'cognito:user_status': user.status } : {}) };
}

function stringMap(value: unknown): Record<string, string> {
  if (value === undefined || value === null) return {};
  if (typeof value !== 'object' || Array.isArray(value)) throw unrecognizable();
  const entries = Object.entries(value as Record<string, unknown>);
  if (!entries.every(([, v]) => typeof v === 'string')) throw unrecognizable();
  return Object.fromEntries(entries) as Record<string, string>;
}

/** The pool's webhook definition (hasCustomAuthTriggers must hold). */
export function webhookCustomAuthDefinition(ctx: OperationContext, pool: PoolRecord, clientId: string): CustomAuthDefinition {
  const call = async (name: TriggerName, user: CustomAuthUser, request: Record<string, unknown>, response: Record<string, unknown>): Promise<Record<string, unknown>> => {
    const target = triggerTarget(pool, name);
    // Create/Verify missing while Define asks for a custom challenge: a broken configuration.
    if (target === undefined) throw unrecognizable();
    const event = triggerEvent(ctx, pool, { triggerSource: `${name}_Authentication`, userName: user.username, clientId, request: { userAttributes: userAttributes(user), ...request }, response });
    return responseOf(await invokeTrigger(ctx, pool, target, event));
  };
  return {
    async define({ user, rounds, clientMetadata }) {
      const response = await call('DefineAuthChallenge', user, { session: sessionOf(rounds), ...withClientMetadata(clientMetadata) }, { challengeName: null, issueTokens: null, failAuthentication: null });
      const { challengeName, issueTokens, failAuthentication } = response;
      if (issueTokens === true) return { issueTokens: true };
      if (failAuthentication === true) return { failAuthentication: true };
      if (challengeName === 'CUSTOM_CHALLENGE' || challengeName === 'PASSWORD_VERIFIER') return { challengeName };
      throw unrecognizable();
    },
    async create({ user, rounds, clientMetadata }) {
      const response = await call(
        'CreateAuthChallenge',
        user,
        { challengeName: 'CUSTOM_CHALLENGE', session: sessionOf(rounds), ...withClientMetadata(clientMetadata) },
        { publicChallengeParameters: null, privateChallengeParameters: null, challengeMetadata: null },
      );
      const metadata = response.challengeMetadata;
      if (metadata !== undefined && metadata !== null && typeof metadata !== 'string') throw unrecognizable();
      return {
        publicChallengeParameters: stringMap(response.publicChallengeParameters),
        privateChallengeParameters: stringMap(response.privateChallengeParameters),
        ...(typeof metadata === 'string' ? { challengeMetadata: metadata } : {}),
      };
    },
    async verify({ user, privateChallengeParameters, challengeAnswer, clientMetadata }) {
      const response = await call(
        'VerifyAuthChallengeResponse',
        user,
        { privateChallengeParameters: { ...privateChallengeParameters }, challengeAnswer, ...withClientMetadata(clientMetadata) },
        { answerCorrect: null },
      );
      if (response.answerCorrect !== undefined && response.answerCorrect !== null && typeof response.answerCorrect !== 'boolean') throw unrecognizable();
      return response.answerCorrect === true;
    },
  };
}

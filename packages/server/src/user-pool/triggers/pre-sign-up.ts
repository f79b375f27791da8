// PreSignUp: asked before a user is created (SignUp, AdminCreateUser). The handler may refuse
// (its error blocks the sign-up), or confirm the user and mark their email/phone verified.
import type { OperationContext } from '../operations/operation-context.js';
import type { PoolRecord } from '../pools/pool-repository.js';
import { invokeTrigger, optionalBoolean, responseOf } from './invoke-trigger.js';
import { triggerTarget } from './lambda-config.js';
import { triggerEvent, withClientMetadata } from './trigger-event.js';

/** What PreSignUp decided (all false when the trigger is not configured). */
export interface PreSignUpDecision {
  readonly autoConfirmUser: boolean;
  readonly autoVerifyEmail: boolean;
  readonly autoVerifyPhone: boolean;
}

const NOTHING: PreSignUpDecision = { autoConfirmUser: false, autoVerifyEmail: false, autoVerifyPhone: false };

/** Runs the pool's PreSignUp trigger, if configured. */
export async function runPreSignUp(
  ctx: OperationContext,
  pool: PoolRecord,
  args: {
    readonly source: 'PreSignUp_SignUp' | 'PreSignUp_AdminCreateUser';
    readonly username: string;
    readonly clientId: string | undefined;
    readonly userAttributes: Readonly<Record<string, string>>;
    readonly validationData: Readonly<Record<string, string>> | undefined;
    readonly clientMetadata: Readonly<Record<string, string>> | undefined;
  },
): Promise<PreSignUpDecision> {
  const target = triggerTarget(pool, 'PreSignUp');
  if (target === undefined) return NOTHING;
  const event = triggerEvent(ctx, pool, {
    triggerSource: args.source,
    userName: args.username,
    clientId: args.clientId,
    request: { userAttributes: { ...args.userAttributes }, validationData: args.validationData === undefined ? null : { ...args.validationData }, ...withClientMetadata(args.clientMetadata) },
    response: { autoConfirmUser: false, autoVerifyEmail: false, autoVerifyPhone: false },
  });
  const response = responseOf(await invokeTrigger(ctx, pool, target, event));
  return {
    autoConfirmUser: optionalBoolean(response, 'autoConfirmUser'),
    autoVerifyEmail: optionalBoolean(response, 'autoVerifyEmail'),
    autoVerifyPhone: optionalBoolean(response, 'autoVerifyPhone'),
  };
}

/** The attributes after PreSignUp's verification flags (a flag only counts for an attribute the user has). */
export function applyAutoVerify(attributes: Readonly<Record<string, string>>, decision: PreSignUpDecision): Record<string, string> {
  const result = { ...attributes };
  if (decision.autoVerifyEmail && (attributes.email ?? '') !== '') result.email_verified = 'true';
  if (decision.autoVerifyPhone && (attributes.phone_number ?? '') !== '') result.phone_number_verified = 'true';
  return result;
}

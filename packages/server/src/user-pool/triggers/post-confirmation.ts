// PostConfirmation: told after a user is confirmed (ConfirmSignUp, AdminConfirmSignUp) or a
// forgotten password is reset (ConfirmForgotPassword). As in Cognito, the confirmation has
// happened: a handler error is answered to the caller, but the user stays confirmed.
import type { OperationContext } from '../operations/operation-context.js';
import type { PoolRecord } from '../pools/pool-repository.js';
import type { UserRecord } from '../users/user-repository.js';
import { invokeTrigger } from './invoke-trigger.js';
import { triggerTarget } from './lambda-config.js';
import { eventUserAttributes, triggerEvent, withClientMetadata } from './trigger-event.js';

/** Runs the pool's PostConfirmation trigger, if configured (`user`: as stored after the confirmation). */
export async function runPostConfirmation(
  ctx: OperationContext,
  pool: PoolRecord,
  args: {
    readonly source: 'PostConfirmation_ConfirmSignUp' | 'PostConfirmation_ConfirmForgotPassword';
    readonly user: UserRecord;
    readonly clientId: string | undefined;
    readonly clientMetadata: Readonly<Record<string, string>> | undefined;
  },
): Promise<void> {
  const target = triggerTarget(pool, 'PostConfirmation');
  if (target === undefined) return;
  const event = triggerEvent(ctx, pool, {
    triggerSource: args.source,
    userName: args.user.username,
    clientId: args.clientId,
    request: { userAttributes: eventUserAttributes(args.user), ...withClientMetadata(args.clientMetadata) },
    response: {},
  });
  await invokeTrigger(ctx, pool, target, event);
}

// PreAuthentication and PostAuthentication. PreAuthentication is asked when a sign-in starts, once
// the user is looked up and before the password (or any factor) is checked — Cognito's order, so
// the handler sees wrong-password attempts too and can refuse a user before any guess is counted.
// Its validationData is the ClientMetadata of InitiateAuth (as Cognito passes it). For a name no
// user has, it is asked only when the client hides user existence (userNotFound: true), as in
// Cognito; otherwise the sign-in answers UserNotFoundException first. PostAuthentication is told
// when a sign-in has proven every factor, before the tokens are issued: its error fails the sign-in.
// Its clientMetadata is that of the call that completed the sign-in (InitiateAuth or
// RespondToAuthChallenge).
import type { OperationContext } from '../operations/operation-context.js';
import type { SignInScope } from '../auth/sign-in/sign-in-outcome.js';
import type { UserRecord } from '../users/user-repository.js';
import { invokeTrigger } from './invoke-trigger.js';
import { triggerTarget } from './lambda-config.js';
import { eventUserAttributes, triggerEvent, withClientMetadata } from './trigger-event.js';

/** Runs the pool's PreAuthentication trigger, if configured; its error ends the sign-in. */
export async function runPreAuthentication(
  ctx: OperationContext,
  scope: SignInScope,
  user: UserRecord | undefined,
  login: string,
  clientMetadata: Readonly<Record<string, string>> | undefined,
): Promise<void> {
  const target = triggerTarget(scope.pool, 'PreAuthentication');
  if (target === undefined) return;
  if (user === undefined && !scope.client.preventUserExistenceErrors) return;
  const event = triggerEvent(ctx, scope.pool, {
    triggerSource: 'PreAuthentication_Authentication',
    userName: user?.username ?? login,
    clientId: scope.client.id,
    request: {
      userAttributes: user === undefined ? {} : eventUserAttributes(user),
      ...(scope.client.preventUserExistenceErrors ? { userNotFound: user === undefined } : {}),
      validationData: { ...clientMetadata },
    },
    response: {},
  });
  await invokeTrigger(ctx, scope.pool, target, event);
}

/** Runs the pool's PostAuthentication trigger, if configured; its error fails the sign-in. */
export async function runPostAuthentication(
  ctx: OperationContext,
  scope: SignInScope,
  user: UserRecord,
  args: { readonly newDeviceUsed: boolean; readonly clientMetadata?: Readonly<Record<string, string>> | undefined },
): Promise<void> {
  const target = triggerTarget(scope.pool, 'PostAuthentication');
  if (target === undefined) return;
  const event = triggerEvent(ctx, scope.pool, {
    triggerSource: 'PostAuthentication_Authentication',
    userName: user.username,
    clientId: scope.client.id,
    request: { userAttributes: eventUserAttributes(user), newDeviceUsed: args.newDeviceUsed, ...withClientMetadata(args.clientMetadata) },
    response: {},
  });
  await invokeTrigger(ctx, scope.pool, target, event);
}

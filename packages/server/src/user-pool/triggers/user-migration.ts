// UserMigration: a user who is not in the pool yet, signing in with USER_PASSWORD_AUTH (or
// ADMIN_USER_PASSWORD_AUTH) or asking ForgotPassword, is looked up by the handler in the old
// system. The handler answers the user's attributes and final status; the user is created here
// (with the password they signed in with, which the handler verified) and the operation goes on
// as for a user who was there all along. SRP sign-ins cannot migrate (the password never reaches
// the server), as in Cognito.
import { operationEvent } from '../../audit/operation-audit.js';
import { fail, isServiceError } from '../../errors/catalogue.js';
import type { OperationContext } from '../operations/operation-context.js';
import type { ClientRecord, PoolRecord } from '../pools/pool-repository.js';
import { checkAttributeWrites } from '../users/attributes.js';
import { createUserWithPassword } from '../users/create-user.js';
import { updateUser, type UserRecord } from '../users/user-repository.js';
import { invokeTrigger, responseOf, unrecognizable } from './invoke-trigger.js';
import { triggerTarget } from './lambda-config.js';
import { triggerEvent } from './trigger-event.js';

/** Attributes a handler may not set: the server's own. */
const SERVER_OWNED = new Set(['sub', 'username', 'cognito:user_status', 'cognito:username']);

/** True when the pool has a UserMigration trigger. */
export function migratesUsers(pool: PoolRecord): boolean {
  return triggerTarget(pool, 'UserMigration') !== undefined;
}

/**
 * Asks UserMigration about `login`; returns the user it created, or undefined when the trigger is
 * not configured. `password`: the one signed in with (Authentication), null for ForgotPassword.
 */
export async function migrateUser(
  ctx: OperationContext,
  scope: { readonly pool: PoolRecord; readonly client: ClientRecord },
  args: { readonly login: string; readonly password: string | null; readonly clientMetadata: Readonly<Record<string, string>> | undefined },
): Promise<UserRecord | undefined> {
  const target = triggerTarget(scope.pool, 'UserMigration');
  if (target === undefined) return undefined;
  const authentication = args.password !== null;
  const event = triggerEvent(ctx, scope.pool, {
    triggerSource: authentication ? 'UserMigration_Authentication' : 'UserMigration_ForgotPassword',
    userName: args.login,
    clientId: scope.client.id,
    // As Cognito: the ClientMetadata of the call is the trigger's validationData.
    request: { ...(authentication ? { password: args.password } : {}), validationData: { ...args.clientMetadata } },
    response: { userAttributes: null, finalUserStatus: null, messageAction: null, desiredDeliveryMediums: null, forceAliasCreation: null, enableSMSMFA: null },
  });
  const response = responseOf(await invokeTrigger(ctx, scope.pool, target, event));
  const returned = response.userAttributes;
  if (typeof returned !== 'object' || returned === null || Array.isArray(returned)) throw unrecognizable();
  const finalStatus = response.finalUserStatus ?? null;
  const enableSmsMfa = response.enableSMSMFA ?? null;
  if (enableSmsMfa !== null && typeof enableSmsMfa !== 'boolean') throw unrecognizable();
  if (finalStatus !== null && finalStatus !== 'CONFIRMED' && finalStatus !== 'RESET_REQUIRED') throw unrecognizable();
  const list = Object.entries(returned as Record<string, unknown>)
    .filter(([name]) => !SERVER_OWNED.has(name))
    .map(([name, value]) => {
      if (typeof value !== 'string') throw unrecognizable();
      return { Name: name, Value: value };
    });
  let attributes: Record<string, string>;
  try {
    attributes = checkAttributeWrites(scope.pool, list, { writer: 'admin', creating: true });
  } catch (error) {
    if (isServiceError(error)) throw fail('InvalidLambdaResponseException', `Invalid lambda response: ${error.message}`);
    throw error;
  }
  // A forgotten password has nothing to sign in with until it is reset.
  const status = !authentication || finalStatus === 'RESET_REQUIRED' ? 'RESET_REQUIRED' : 'CONFIRMED';
  return ctx.audit.change(
    async (tx) => {
      const created = await createUserWithPassword(tx, ctx.clock.now(), { pool: scope.pool, username: args.login, password: args.password, attributes, status });
      // enableSMSMFA: the user keeps the SMS MFA they had in the old system.
      return enableSmsMfa === true ? updateUser(tx, created.sub, { smsMfaEnabled: true }, ctx.clock.now()) : created;
    },
    (user) => operationEvent(ctx, 'user.migrated', user, { details: { trigger: event.triggerSource, clientId: scope.client.id } }),
  );
}

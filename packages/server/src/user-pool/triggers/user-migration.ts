// UserMigration: a user who is not in the pool yet, signing in with USER_PASSWORD_AUTH (or
// ADMIN_USER_PASSWORD_AUTH) or asking ForgotPassword, is looked up by the handler in the old
// system. The handler answers the user's attributes and final status; the user is created here
// (with the password they signed in with, which the handler verified) and the operation goes on
// as for a user who was there all along. SRP sign-ins cannot migrate (the password never reaches
// the server), as in Cognito. Unless the handler answers messageAction SUPPRESS, the user gets a
// welcome message (desiredDeliveryMediums, SMS by default); forceAliasCreation moves an alias
// another user holds to the migrated user.
import { operationEvent } from '../../audit/operation-audit.js';
import { fail, isServiceError } from '../../errors/catalogue.js';
import type { OperationContext } from '../operations/operation-context.js';
import type { ClientRecord, PoolRecord } from '../pools/pool-repository.js';
import { checkAttributeWrites } from '../users/attributes.js';
import { createUserWithPassword } from '../users/create-user.js';
import { aliasTakenBy, findUserBySub, updateUser, type UserRecord } from '../users/user-repository.js';
import type { Queryable } from '../../db/database.js';
import { emailSender, migrationWelcome } from '../codes/pool-messages.js';
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
  const welcome = welcomeOf(response);
  const forceAlias = response.forceAliasCreation ?? null;
  if (forceAlias !== null && typeof forceAlias !== 'boolean') throw unrecognizable();
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
  const movedFrom: string[] = [];
  const user = await ctx.audit.change(
    async (tx) => {
      movedFrom.push(...(await claimAliases(ctx, tx, scope.pool, attributes, forceAlias === true)));
      const created = await createUserWithPassword(tx, ctx.clock.now(), { pool: scope.pool, username: args.login, password: args.password, attributes, status });
      // enableSMSMFA: the user keeps the SMS MFA they had in the old system.
      return enableSmsMfa === true ? updateUser(tx, created.sub, { smsMfaEnabled: true }, ctx.clock.now()) : created;
    },
    (created) =>
      operationEvent(ctx, 'user.migrated', created, {
        details: { trigger: event.triggerSource, clientId: scope.client.id, welcome: welcome.suppressed ? 'SUPPRESS' : welcome.mediums.join(','), ...(movedFrom.length > 0 ? { aliasMovedFrom: movedFrom.join(',') } : {}) },
      }),
  );
  if (!welcome.suppressed) await sendWelcome(ctx, scope.pool, user, welcome.mediums);
  return user;
}

/** The welcome message the handler asks for: `messageAction` SUPPRESS sends none; `desiredDeliveryMediums` (default SMS, as Cognito). */
function welcomeOf(response: Readonly<Record<string, unknown>>): { suppressed: boolean; mediums: readonly ('SMS' | 'EMAIL')[] } {
  const action = response.messageAction ?? null;
  // RESEND has nothing to resend for a user created now: the welcome message goes out as when absent.
  if (action !== null && action !== 'SUPPRESS' && action !== 'RESEND') throw unrecognizable();
  const mediums = response.desiredDeliveryMediums ?? null;
  if (mediums !== null && !(Array.isArray(mediums) && mediums.every((m) => m === 'SMS' || m === 'EMAIL'))) throw unrecognizable();
  return { suppressed: action === 'SUPPRESS', mediums: mediums === null || mediums.length === 0 ? ['SMS'] : [...new Set(mediums as ('SMS' | 'EMAIL')[])] };
}

/**
 * forceAliasCreation, for the pool's alias attributes: a verified email or phone number another
 * user holds as their alias moves to the migrated user (the other user's stays, unverified, so it
 * no longer signs them in) when forced; otherwise AliasExistsException and nobody is created.
 * Returns the subs the alias moved from.
 */
async function claimAliases(ctx: OperationContext, tx: Queryable, pool: PoolRecord, attributes: Readonly<Record<string, string>>, force: boolean): Promise<string[]> {
  const moved: string[] = [];
  for (const name of ['email', 'phone_number'] as const) {
    const value = attributes[name];
    if (!pool.aliasAttributes.includes(name) || value === undefined || value === '' || attributes[`${name}_verified`] !== 'true') continue;
    const holder = await aliasTakenBy(tx, pool, name, value);
    if (holder === undefined) continue;
    if (!force) throw fail('AliasExistsException', `An account with the given ${name === 'email' ? 'email' : 'phone_number'} already exists.`);
    const previous = await findUserBySub(tx, holder);
    if (previous === undefined) continue;
    await updateUser(tx, holder, { attributes: { ...previous.attributes, [`${name}_verified`]: 'false' } }, ctx.clock.now());
    moved.push(holder);
  }
  return moved;
}

/**
 * The welcome message Cognito sends a migrated user unless the handler suppresses it: to each
 * medium asked for that the user has an address for. It carries no code (the user signs in with
 * their password) and goes through the built-in delivery with the pool's sender. The user exists
 * by now, so a failed delivery is logged and the sign-in or reset goes on.
 */
async function sendWelcome(ctx: OperationContext, pool: PoolRecord, user: UserRecord, mediums: readonly ('SMS' | 'EMAIL')[]): Promise<void> {
  const message = migrationWelcome(user.username);
  for (const medium of mediums) {
    const channel = medium === 'EMAIL' ? 'email' : 'sms';
    const destination = user.attributes[channel === 'email' ? 'email' : 'phone_number'];
    if (destination === undefined || destination === '') continue;
    try {
      await ctx.delivery.send({ poolId: user.poolId, channel, destination, ...(channel === 'email' ? { subject: message.subject, ...emailSender(pool) } : {}), body: message.body });
    } catch (error) {
      ctx.log.warn('welcome message of a migrated user not delivered', { channel, reason: error instanceof Error ? error.message : String(error) });
    }
  }
}

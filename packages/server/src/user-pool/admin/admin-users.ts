import { fieldChanges } from '../../audit/audit-event.js';
import { operationEvent } from '../../audit/operation-audit.js';
import { fail } from '../../errors/catalogue.js';
import { addSeconds } from '../../time/clock.js';
import { emailSender, invitationMessage } from '../codes/pool-messages.js';
import type { OperationContext } from '../operations/operation-context.js';
import { defineOperation } from '../operations/operation.js';
import { requirePool, type PoolRecord } from '../pools/pool-repository.js';
import { claimSignInName, newUserName, withSignInAttribute } from '../pools/username-attributes.js';
import { customMessage, hasCustomSender, runCustomSender } from '../triggers/custom-message.js';
import { applyAutoVerify, runPreSignUp } from '../triggers/pre-sign-up.js';
import { attributeMap } from '../triggers/trigger-event.js';
import { assertRequiredAttributes, checkAttributeWrites } from '../users/attributes.js';
import { newUserWithPassword, storeNewUser } from '../users/create-user.js';
import { assertPasswordConforms } from '../users/password-policy.js';
import { setPassword } from '../users/set-password.js';
import { randomPolicyPassword } from '../users/temporary-password.js';
import { deleteUser, findUserByUsername, type UserRecord } from '../users/user-repository.js';
import { mfaFields, toUserType } from '../users/user-shapes.js';
import { array, attributeListSchema, boolean, clientMetadataSchema, enumeration, object, optional, passwordSchema, userPoolIdSchema, usernameSchema } from '../wire/input-schema.js';
import { refuseSelfLockout, keepingAnEnabledAdmin } from './admin-safeguards.js';
import { adminTarget } from './admin-target.js';

const createInput = object({
  UserPoolId: userPoolIdSchema,
  Username: usernameSchema,
  UserAttributes: optional(attributeListSchema),
  ValidationData: optional(attributeListSchema),
  TemporaryPassword: optional(passwordSchema),
  ForceAliasCreation: optional(boolean()),
  MessageAction: optional(enumeration(['RESEND', 'SUPPRESS'] as const)),
  DesiredDeliveryMediums: optional(array(enumeration(['SMS', 'EMAIL'] as const), { max: 2 })),
  ClientMetadata: optional(clientMetadataSchema),
});

/** Sends the invitation with the username and temporary password (by email, else SMS). */
async function sendInvitation(
  ctx: OperationContext,
  pool: PoolRecord,
  user: UserRecord,
  password: string,
  mediums: readonly ('SMS' | 'EMAIL')[] | undefined,
  clientMetadata: Readonly<Record<string, string>> | undefined,
): Promise<void> {
  const wanted = mediums ?? ['EMAIL'];
  const email = user.attributes.email ?? '';
  const phone = user.attributes.phone_number ?? '';
  // The pool's InviteMessageTemplate words it; its triggers: a custom sender delivers the invitation itself, or CustomMessage rewords it.
  const send = async (channel: 'email' | 'sms', destination: string): Promise<void> => {
    const request = { user, source: 'AdminCreateUser' as const, channel, code: password, message: invitationMessage(pool, channel, user.username, password), clientMetadata };
    if (hasCustomSender(pool, channel)) return runCustomSender(ctx, pool, request);
    const message = await customMessage(ctx, pool, request);
    await ctx.delivery.send({ poolId: user.poolId, channel, destination, ...(channel === 'email' ? { subject: message.subject, ...emailSender(pool) } : {}), body: message.body, code: password });
  };
  let sent = false;
  if (wanted.includes('EMAIL') && email !== '') {
    await send('email', email);
    sent = true;
  }
  if (wanted.includes('SMS') && phone !== '') {
    await send('sms', phone);
    sent = true;
  }
  if (!sent) throw fail('InvalidParameterException', 'User has no email or phone_number to deliver the invitation to; use MessageAction SUPPRESS.');
}

/** AdminCreateUser: a user with a temporary password (status FORCE_CHANGE_PASSWORD), invited by email/SMS unless SUPPRESS. */
export const adminCreateUser = defineOperation('AdminCreateUser', createInput, { access: 'admin' })
  .step('pool', (ctx, i) => requirePool(ctx.db, i.UserPoolId))
  .step('password', (_ctx, i, s) => {
    if (i.TemporaryPassword === undefined) return randomPolicyPassword();
    assertPasswordConforms(i.TemporaryPassword, s.pool.passwordPolicy);
    return i.TemporaryPassword;
  })
  .step('expires', (ctx, _i, s) => addSeconds(ctx.clock.now(), s.pool.passwordPolicy.temporaryPasswordValidityDays * 86400))
  .step('user', async (ctx, i, s) => {
    if (i.MessageAction === 'RESEND') {
      const existing = await findUserByUsername(ctx.db, s.pool.id, i.Username);
      if (existing === undefined) throw fail('UserNotFoundException', 'User does not exist.');
      if (existing.status !== 'FORCE_CHANGE_PASSWORD') throw fail('UnsupportedUserStateException', 'Resend not possible. User is not in FORCE_CHANGE_PASSWORD state.');
      return setPassword(ctx, existing, s.password, 'FORCE_CHANGE_PASSWORD', {
        temporaryPasswordExpiresAt: s.expires,
        audit: operationEvent(ctx, 'admin.user.password_set', existing, { details: { temporary: true, invitationResent: true } }),
      });
    }
    const checked = checkAttributeWrites(s.pool, i.UserAttributes ?? [], { writer: 'admin', creating: true });
    assertRequiredAttributes(s.pool, withSignInAttribute(s.pool, i.Username, checked));
    const named = await newUserName(ctx.db, s.pool, i.Username, checked);
    // PreSignUp_AdminCreateUser: its error blocks the creation; autoConfirmUser means nothing here
    // (the user must still set a password), the verification flags apply.
    const decision = await runPreSignUp(ctx, s.pool, { source: 'PreSignUp_AdminCreateUser', username: named.username, clientId: undefined, userAttributes: named.attributes, validationData: attributeMap(i.ValidationData), clientMetadata: i.ClientMetadata });
    const attributes = applyAutoVerify(named.attributes, decision);
    const fresh = await newUserWithPassword({ pool: s.pool, username: named.username, password: s.password, attributes, status: 'FORCE_CHANGE_PASSWORD', temporaryPasswordExpiresAt: s.expires });
    return ctx.audit.change(
      async (tx) => {
        await claimSignInName(tx, named.signInName);
        return storeNewUser(tx, fresh, ctx.clock.now());
      },
      (user) => operationEvent(ctx, 'admin.user.created', user, { changes: fieldChanges(null, { ...user.attributes, status: user.status }), details: { invitation: i.MessageAction ?? 'SEND' } }),
    );
  })
  .do('send the invitation', async (ctx, i, s) => {
    if (i.MessageAction !== 'SUPPRESS') await sendInvitation(ctx, s.pool, s.user, s.password, i.DesiredDeliveryMediums, i.ClientMetadata);
  })
  .respond((_ctx, _i, s) => ({ User: toUserType(s.user) }));

const userInput = object({ UserPoolId: userPoolIdSchema, Username: usernameSchema });

/** AdminDeleteUser. */
export const adminDeleteUser = defineOperation('AdminDeleteUser', userInput, { access: 'admin' })
  .step('target', (ctx, i) => adminTarget(ctx, i.UserPoolId, i.Username))
  .do('refuse deleting yourself', (ctx, _i, s) => refuseSelfLockout(ctx, s.target.user, 'delete'))
  .do('delete the user, keeping an enabled admin', (ctx, _i, s) =>
    keepingAnEnabledAdmin(ctx, s.target.user, (tx) => ctx.audit.within(tx, (q) => deleteUser(q, s.target.user.sub), () => operationEvent(ctx, 'admin.user.deleted', s.target.user))),
  )
  // Announced so caches of verified access tokens (the data API's) drop the deleted user at once.
  .do('revoke its sign-ins', async (ctx, _i, s) => void (await ctx.tokens.revokeAllForUser(s.target.user.sub)))
  .respond(() => ({}));

/** AdminGetUser: the user with status, enabled flag and MFA settings. */
export const adminGetUser = defineOperation('AdminGetUser', userInput, { access: 'admin' })
  .step('target', (ctx, i) => adminTarget(ctx, i.UserPoolId, i.Username))
  .respond((_ctx, _i, s) => {
    const { Attributes, ...rest } = toUserType(s.target.user);
    return { ...rest, UserAttributes: Attributes, ...mfaFields(s.target.user) };
  });

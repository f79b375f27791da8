import type { AuditEvent } from '../../audit/audit-event.js';
import type { Queryable } from '../../db/database.js';
import type { OperationContext } from '../operations/operation-context.js';
import { derivePasswordSecrets } from './password-secrets.js';
import { updateUser, type UserRecord, type UserStatus } from './user-repository.js';

/**
 * Replaces a user's password (SRP verifier + scrypt hash), sets the status, and forgets failed password
 * guesses. `options.audit`: the event recording the change, appended in the update's transaction
 * (`q`'s, when the caller runs one).
 */
export async function setPassword(
  ctx: Pick<OperationContext, 'db' | 'clock' | 'lockout' | 'audit'>,
  user: UserRecord,
  password: string,
  status: UserStatus,
  options: { temporaryPasswordExpiresAt?: Date | null; audit?: AuditEvent } = {},
  q: Queryable = ctx.db,
): Promise<UserRecord> {
  const secrets = await derivePasswordSecrets(user.poolId, user.sub, password);
  const now = ctx.clock.now();
  const update = (tx: Queryable): Promise<UserRecord> =>
    updateUser(tx, user.sub, { ...secrets, passwordChangedAt: now, status, temporaryPasswordExpiresAt: options.temporaryPasswordExpiresAt ?? null }, now);
  const updated =
    options.audit === undefined ? await update(q) : q === ctx.db ? await ctx.audit.change(update, () => options.audit) : await ctx.audit.within(q, update, () => options.audit);
  await ctx.lockout.clear([ctx.lockout.userKey('password', user.sub)]);
  return updated;
}

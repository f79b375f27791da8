import type { Queryable } from '../../db/database.js';
import type { OperationContext } from '../operations/operation-context.js';
import { derivePasswordSecrets } from './password-secrets.js';
import { updateUser, type UserRecord, type UserStatus } from './user-repository.js';

/** Replaces a user's password (SRP verifier + scrypt hash), sets the status, and forgets failed password guesses. */
export async function setPassword(
  ctx: Pick<OperationContext, 'db' | 'clock' | 'lockout'>,
  user: UserRecord,
  password: string,
  status: UserStatus,
  options: { temporaryPasswordExpiresAt?: Date | null } = {},
  q: Queryable = ctx.db,
): Promise<UserRecord> {
  const secrets = await derivePasswordSecrets(user.poolId, user.sub, password);
  const now = ctx.clock.now();
  const updated = await updateUser(
    q,
    user.sub,
    { ...secrets, passwordChangedAt: now, status, temporaryPasswordExpiresAt: options.temporaryPasswordExpiresAt ?? null },
    now,
  );
  await ctx.lockout.clear([ctx.lockout.userKey('password', user.sub)]);
  return updated;
}

import { randomUUID } from 'node:crypto';
import type { Queryable } from '../../db/database.js';
import { isUniqueViolation } from '../../db/database.js';
import { fail } from '../../errors/catalogue.js';
import type { PoolRecord } from '../pools/pool-repository.js';
import { derivePasswordSecrets } from './password-secrets.js';
import { insertUser, type UserRecord, type UserStatus } from './user-repository.js';

/**
 * Creates a user with a password (stored only as SRP salt/verifier and scrypt hash).
 * UsernameExistsException 'User already exists' when the username is taken (also under a race).
 */
export async function createUserWithPassword(
  q: Queryable,
  now: Date,
  args: { pool: PoolRecord; username: string; password: string | null; attributes: Record<string, string>; status: UserStatus; temporaryPasswordExpiresAt?: Date | null },
): Promise<UserRecord> {
  const sub = randomUUID();
  const secrets = args.password === null ? null : await derivePasswordSecrets(args.pool.id, sub, args.password);
  try {
    return await insertUser(
      q,
      {
        sub,
        poolId: args.pool.id,
        username: args.username,
        status: args.status,
        attributes: args.attributes,
        srpSalt: secrets?.srpSalt ?? null,
        srpVerifier: secrets?.srpVerifier ?? null,
        srpIdentity: secrets?.srpIdentity ?? null,
        passwordHash: secrets?.passwordHash ?? null,
        temporaryPasswordExpiresAt: args.temporaryPasswordExpiresAt ?? null,
      },
      now,
    );
  } catch (error) {
    if (isUniqueViolation(error)) throw fail('UsernameExistsException', 'User already exists');
    throw error;
  }
}

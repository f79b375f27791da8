import { randomUUID } from 'node:crypto';
import type { Queryable } from '../../db/database.js';
import { isUniqueViolation } from '../../db/database.js';
import { fail } from '../../errors/catalogue.js';
import type { PoolRecord } from '../pools/pool-repository.js';
import { derivePasswordSecrets } from './password-secrets.js';
import { insertUser, type NewUser, type UserRecord, type UserStatus } from './user-repository.js';

/** What a new user with a password is made of. */
export interface NewUserWithPassword {
  readonly pool: PoolRecord;
  readonly username: string;
  readonly password: string | null;
  readonly attributes: Record<string, string>;
  readonly status: UserStatus;
  readonly temporaryPasswordExpiresAt?: Date | null;
}

/**
 * The row of a new user, password secrets derived (the slow part: scrypt and the SRP verifier);
 * nothing is written, so a caller can derive outside the transaction that stores it.
 */
export async function newUserWithPassword(args: NewUserWithPassword): Promise<NewUser> {
  const sub = randomUUID();
  const secrets = args.password === null ? null : await derivePasswordSecrets(args.pool.id, sub, args.password);
  return {
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
  };
}

/** Writes a new user; UsernameExistsException 'User already exists' when the username is taken (also under a race). */
export async function storeNewUser(q: Queryable, user: NewUser, now: Date): Promise<UserRecord> {
  try {
    return await insertUser(q, user, now);
  } catch (error) {
    if (isUniqueViolation(error)) throw fail('UsernameExistsException', 'User already exists');
    throw error;
  }
}

/**
 * Creates a user with a password (stored only as SRP salt/verifier and scrypt hash).
 * UsernameExistsException 'User already exists' when the username is taken (also under a race).
 */
export async function createUserWithPassword(q: Queryable, now: Date, args: NewUserWithPassword): Promise<UserRecord> {
  return storeNewUser(q, await newUserWithPassword(args), now);
}

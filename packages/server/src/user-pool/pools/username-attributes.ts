// UsernameAttributes (CreateUserPool): in such a pool users sign up and sign in with their email
// address or phone number, and Cognito gives each a generated username (a UUID), as here.
import { randomUUID } from 'node:crypto';
import type { Queryable } from '../../db/database.js';
import { fail } from '../../errors/catalogue.js';
import type { PoolRecord } from './pool-repository.js';
import { usernameKey, usernamesCaseSensitive } from '../users/username-case.js';
import { emailMatchSql } from '../users/user-repository.js';

/** The pool's UsernameAttributes (empty for a pool with ordinary usernames). */
export function usernameAttributesOf(pool: Pick<PoolRecord, 'settings'>): readonly string[] {
  const value = pool.settings.usernameAttributes;
  return Array.isArray(value) ? (value as string[]) : [];
}

/** The attribute a sign-in name is in a pool with UsernameAttributes; InvalidParameterException when it is neither allowed kind. */
function signInAttribute(allowed: readonly string[], username: string): 'email' | 'phone_number' {
  if (username.includes('@') && allowed.includes('email')) return 'email';
  if (/^\+[1-9]\d{4,14}$/.test(username) && allowed.includes('phone_number')) return 'phone_number';
  const wanted = allowed.length === 2 ? 'either an email or a phone number' : allowed[0] === 'email' ? 'an email' : 'a phone number';
  throw fail('InvalidParameterException', `Username should be ${wanted}.`);
}

/** The attributes a new user named `username` will have: in a pool with UsernameAttributes, with the email or phone it is (for the required-attribute check). */
export function withSignInAttribute(pool: Pick<PoolRecord, 'settings'>, username: string, attributes: Readonly<Record<string, string>>): Record<string, string> {
  const allowed = usernameAttributesOf(pool);
  return allowed.length === 0 ? { ...attributes } : { ...attributes, [signInAttribute(allowed, username)]: username };
}

/**
 * The username to store and the attributes of a new user named `username`: as given in an ordinary
 * pool; in a pool with UsernameAttributes, a generated username with `username` as the user's email
 * (or phone number), which no other user of the pool may have (UsernameExistsException).
 */
export async function newUserName(q: Queryable, pool: PoolRecord, username: string, attributes: Readonly<Record<string, string>>): Promise<NewUserName> {
  const allowed = usernameAttributesOf(pool);
  if (allowed.length === 0) return { username, attributes: { ...attributes } };
  const attribute = signInAttribute(allowed, username);
  if (attribute === 'email' && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(username)) throw fail('InvalidParameterException', 'Invalid email address format.');
  const signInName = { poolId: pool.id, attribute, value: username, caseSensitive: usernamesCaseSensitive(pool) };
  await assertSignInNameFree(q, signInName);
  return { username: randomUUID(), attributes: { ...attributes, [attribute]: username }, signInName };
}

/** The email or phone number a new user of a pool with UsernameAttributes signs in with. */
export interface SignInName {
  readonly poolId: string;
  readonly attribute: 'email' | 'phone_number';
  readonly value: string;
  /** UsernameConfiguration.CaseSensitive of the pool: whether an email differing only in case is another name. */
  readonly caseSensitive: boolean;
}

/** A new user's stored username and attributes, and in a pool with UsernameAttributes the name they sign in with. */
export interface NewUserName {
  readonly username: string;
  readonly attributes: Record<string, string>;
  readonly signInName?: SignInName;
}

async function assertSignInNameFree(q: Queryable, name: SignInName): Promise<void> {
  const matches = name.attribute === 'email' ? emailMatchSql(name.caseSensitive, '$2') : `attributes ->> 'phone_number' = $2::text`;
  const taken = await q.query(`SELECT 1 FROM users WHERE pool_id = $1 AND ${matches} LIMIT 1`, [name.poolId, name.value]);
  if (taken.length > 0) throw fail('UsernameExistsException', `An account with the given ${name.attribute === 'email' ? 'email' : 'phone_number'} already exists.`);
}

/**
 * Inside the transaction that stores the new user: the generated usernames never collide, so no
 * unique index stops two sign-ups of one email at once. A transaction-scoped advisory lock on the
 * name makes the second wait for the first to commit, then the check again refuses it.
 */
export async function claimSignInName(tx: Queryable, name: SignInName | undefined): Promise<void> {
  if (name === undefined) return;
  await tx.query('SELECT pg_advisory_xact_lock(hashtextextended($1, 0))', [`sign-in-name:${name.poolId}:${name.attribute}:${usernameKey(name.value, name.caseSensitive)}`]);
  await assertSignInNameFree(tx, name);
}

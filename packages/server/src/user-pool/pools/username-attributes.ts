// UsernameAttributes (CreateUserPool): in such a pool users sign up and sign in with their email
// address or phone number, and Cognito gives each a generated username (a UUID), as here.
import { randomUUID } from 'node:crypto';
import type { Queryable } from '../../db/database.js';
import { fail } from '../../errors/catalogue.js';
import type { PoolRecord } from './pool-repository.js';

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
export async function newUserName(q: Queryable, pool: PoolRecord, username: string, attributes: Readonly<Record<string, string>>): Promise<{ username: string; attributes: Record<string, string> }> {
  const allowed = usernameAttributesOf(pool);
  if (allowed.length === 0) return { username, attributes: { ...attributes } };
  const attribute = signInAttribute(allowed, username);
  if (attribute === 'email' && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(username)) throw fail('InvalidParameterException', 'Invalid email address format.');
  const taken = await q.query('SELECT 1 FROM users WHERE pool_id = $1 AND lower(attributes ->> $2) = lower($3) LIMIT 1', [pool.id, attribute, username]);
  if (taken.length > 0) throw fail('UsernameExistsException', `An account with the given ${attribute === 'email' ? 'email' : 'phone_number'} already exists.`);
  return { username: randomUUID(), attributes: { ...attributes, [attribute]: username } };
}

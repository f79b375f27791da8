import { randomBytes } from 'node:crypto';

/** A random password meeting the default policy (temporary passwords, production demo seeds). */
export function randomPolicyPassword(): string {
  return `${randomBytes(12).toString('base64url')}-Aa1!`;
}

// What is stored instead of a password: the SRP salt and verifier (from auth-core's SRP math) and a
// slow scrypt hash. The plaintext never reaches the database or the log.
import { createPasswordVerifier, poolNameFromUserPoolId, type ModPowEngine } from '@steward/auth-core/srp';
import { createOpenSslModPowEngine } from '../../srp/openssl-mod-pow.js';
import { hashPassword } from './password-hash.js';

/** The stored forms of a password. */
export interface PasswordSecrets {
  readonly srpSalt: string;
  readonly srpVerifier: string;
  /** USER_ID_FOR_SRP the verifier is for. */
  readonly srpIdentity: string;
  readonly passwordHash: string;
}

// g^x mod N through OpenSSL: several times faster than BigInt for the 3072-bit group.
const opensslEngine = createOpenSslModPowEngine();

/**
 * Derives the SRP salt/verifier and the scrypt hash of a password. The verifier is for
 * USER_ID_FOR_SRP = the user's sub: one identity whatever name the user signs in with, and shaped
 * like the stand-in a name no user has gets, so the challenge does not tell the two apart.
 */
export async function derivePasswordSecrets(poolId: string, sub: string, password: string, engine: ModPowEngine = opensslEngine): Promise<PasswordSecrets> {
  const verifier = createPasswordVerifier({ poolName: poolNameFromUserPoolId(poolId), username: sub, password, engine });
  return { srpSalt: verifier.saltHex, srpVerifier: verifier.verifierHex, srpIdentity: sub, passwordHash: await hashPassword(password) };
}

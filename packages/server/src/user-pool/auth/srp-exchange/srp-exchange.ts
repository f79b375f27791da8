// The server half of Cognito's SRP exchange (USER_SRP_AUTH → PASSWORD_VERIFIER, and the device
// variant DEVICE_SRP_AUTH → DEVICE_PASSWORD_VERIFIER). The math is auth-core's; the
// exponentiations run in OpenSSL. The server's private value b is 256 bits, not 1024: in the
// 3072-bit group that keeps ~128-bit security (what the group offers anyway) and makes each
// exponentiation with b about 4x cheaper, which is most of a sign-in's CPU.
import { createHmac, hkdfSync, randomBytes, timingSafeEqual } from 'node:crypto';
import {
  SRP_N,
  SrpError,
  bigIntToHex,
  bytesToBigInt,
  computeServerEphemeral,
  computeServerPasswordKey,
  hexToBigInt,
  parseCognitoTimestamp,
  verifyClaimSignature,
} from '@steward/auth-core/srp';
import { createOpenSslModPowEngine } from '../../../srp/openssl-mod-pow.js';
import type { PoolRecord } from '../../pools/pool-repository.js';
import { subShaped } from '../../users/user-repository.js';
import { usernameKey, usernamesCaseSensitive } from '../../users/username-case.js';

/** The engine every exchange of this process uses (OpenSSL through node:crypto). */
export const srpEngine = createOpenSslModPowEngine();

/** Bytes of the server's private value b. */
export const SERVER_PRIVATE_BYTES = 32;

/** What the server keeps between the challenge and the answer (in the challenge session). */
export interface SrpExchangeSecret {
  /** b, hex. */
  readonly b: string;
  /** B, minimal hex (as sent in SRP_B). */
  readonly B: string;
  /** The client's A, minimal hex. */
  readonly A: string;
  /** SECRET_BLOCK as handed out (base64). */
  readonly secretBlock: string;
}

/**
 * Reads SRP_A: hexadecimal and not 0 mod N (a zero A would let a client fix the key without the
 * password). Returns it as minimal hex, or undefined when it is unusable.
 */
export function parseClientA(hex: string): string | undefined {
  if (hex.length === 0 || hex.length > 1024) return undefined;
  let A: bigint;
  try {
    A = hexToBigInt(hex, 'SRP_A');
  } catch {
    return undefined;
  }
  if (A % SRP_N === 0n) return undefined;
  return bigIntToHex(A);
}

function drawPrivateValue(): bigint {
  for (;;) {
    const b = bytesToBigInt(randomBytes(SERVER_PRIVATE_BYTES));
    if (b !== 0n) return b;
  }
}

/** Starts an exchange against a stored verifier (hex): returns B for SRP_B and what to keep. */
export function startSrpExchange(verifierHex: string, clientAHex: string): SrpExchangeSecret {
  const ephemeral = computeServerEphemeral({ verifierHex, b: drawPrivateValue(), engine: srpEngine });
  return { b: ephemeral.b.toString(16), B: ephemeral.srpBHex, A: clientAHex, secretBlock: randomBytes(64).toString('base64') };
}

/** USER_ID_FOR_SRP of a user: what their verifier was derived for (the sub; the username for verifiers from before). */
export function srpIdentity(user: { readonly username: string; readonly srpIdentity: string | null }): string {
  return user.srpIdentity ?? user.username;
}

/** HMAC-SHA256 of a sign-in name's key (usernameKey) under the server's pepper, for one named use. */
function nameDigest(pepper: string, use: string, poolId: string, key: string): Buffer {
  return createHmac('sha256', pepper).update(`${use}|${poolId}|${key}`).digest();
}

/**
 * The stand-in USER_ID_FOR_SRP of a name no user has: a version-4 UUID derived from the name, the
 * same on every probe and shaped like the sub a real user's challenge carries. A sub-shaped name is
 * its own stand-in (lower case), as a real sub is: sending the stand-in back as USERNAME then leads
 * to the same identity, as sending a real user's sub back does. Every other decoy of a name (salt,
 * verifier, lockout counter, codes) is derived from this identity, so the two names stay one.
 * Names one user would have share a stand-in: in a case-sensitive pool only the exact name does
 * (else "Bob" answering unlike "bob" and "BOB" would tell that Bob exists).
 */
export function decoyIdentity(pepper: string, pool: Pick<PoolRecord, 'id' | 'settings'>, login: string): string {
  const sub = subShaped(login);
  if (sub !== null) return sub;
  const bytes = nameDigest(pepper, 'srp-decoy-identity', pool.id, usernameKey(login, usernamesCaseSensitive(pool))).subarray(0, 16);
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** A deterministic decoy salt for a login name, so repeated probes see the same SALT. */
export function decoySalt(pepper: string, poolId: string, login: string): string {
  return nameDigest(pepper, 'srp-decoy-salt', poolId, usernameKey(login, false)).toString('hex').slice(0, 32);
}

/** A stand-in verifier for a name no user has: as fixed as a real one, and with the same cost to use. */
export function decoyVerifier(pepper: string, poolId: string, login: string): string {
  const seed = nameDigest(pepper, 'srp-decoy-verifier', poolId, usernameKey(login, false));
  const wide = Buffer.from(hkdfSync('sha256', seed, 'steward', 'srp-decoy-verifier', 384));
  return ((bytesToBigInt(wide) % (SRP_N - 2n)) + 2n).toString(16);
}

/** The client's answer to PASSWORD_VERIFIER / DEVICE_PASSWORD_VERIFIER. */
export interface SrpClaim {
  readonly secretBlock: string;
  readonly timestamp: string;
  readonly signature: string;
}

/**
 * Checks the claim: the secret block is the one handed out, the timestamp is in Cognito's format,
 * and the signature was made with the key only the holder of the password can derive.
 * `poolName`/`userIdForSrp` are the pool name and username (devices: group key and device key).
 */
export function verifySrpClaim(args: { verifierHex: string; secret: SrpExchangeSecret; poolName: string; userIdForSrp: string; claim: SrpClaim }): boolean {
  const { secret, claim } = args;
  const handedOut = Buffer.from(secret.secretBlock);
  const returned = Buffer.from(claim.secretBlock);
  if (handedOut.length !== returned.length || !timingSafeEqual(handedOut, returned)) return false;
  try {
    parseCognitoTimestamp(claim.timestamp);
    const key = computeServerPasswordKey({ clientAHex: secret.A, b: BigInt(`0x${secret.b}`), B: BigInt(`0x${secret.B}`), verifierHex: args.verifierHex, engine: srpEngine });
    return verifyClaimSignature({ key, poolName: args.poolName, userIdForSrp: args.userIdForSrp, secretBlockB64: claim.secretBlock, timestamp: claim.timestamp, signatureB64: claim.signature });
  } catch (error) {
    if (error instanceof SrpError) return false;
    throw error;
  }
}

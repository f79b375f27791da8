// The server half of Cognito's SRP exchange (USER_SRP_AUTH → PASSWORD_VERIFIER, and the device
// variant DEVICE_SRP_AUTH → DEVICE_PASSWORD_VERIFIER). The math is auth-core's; the
// exponentiations run in OpenSSL. The server's private value b is 256 bits, not 1024: in the
// 3072-bit group that keeps ~128-bit security (what the group offers anyway) and makes each
// exponentiation with b about 4x cheaper, which is most of a sign-in's CPU.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
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

/**
 * A decoy exchange for a user who does not exist (or has no password): the same work and the
 * same shape of answer, so neither timing nor the challenge tells whether the user exists.
 */
export function startDecoySrpExchange(clientAHex: string): SrpExchangeSecret {
  const decoyVerifier = (bytesToBigInt(randomBytes(384)) % (SRP_N - 2n)) + 2n;
  return startSrpExchange(decoyVerifier.toString(16), clientAHex);
}

/** A deterministic decoy salt for a login name, so repeated probes see the same SALT. */
export function decoySalt(pepper: string, poolId: string, login: string): string {
  return createHmac('sha256', pepper).update(`srp-decoy-salt|${poolId}|${login.toLowerCase()}`).digest('hex').slice(0, 32);
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

// The signature of a trigger request, Stripe-like: header
//   X-Steward-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "<t>.<body>")>[,v1=<…>]
// One v1 per active secret: during a rotation both the new and the previous secret sign, so a
// receiver holding either verifies. The timestamp is inside the MAC, so a receiver that refuses old
// timestamps (5 minutes is the guide's tolerance) refuses replays of a captured request.
import { createHmac, timingSafeEqual } from 'node:crypto';

/** The name of the signature header. */
export const SIGNATURE_HEADER = 'X-Steward-Signature';

/** The hex HMAC-SHA256 of "<t>.<body>" under `secret`. */
export function signPayload(secret: string, timestamp: number, body: string): string {
  return createHmac('sha256', secret).update(`${timestamp}.${body}`, 'utf8').digest('hex');
}

/** The header value signing `body` at `timestamp` with each of `secrets`. */
export function signatureHeader(secrets: readonly string[], timestamp: number, body: string): string {
  return [`t=${timestamp}`, ...secrets.map((secret) => `v1=${signPayload(secret, timestamp, body)}`)].join(',');
}

/**
 * True when `header` carries a v1 signature of `body` under `secret` and its timestamp is within
 * `toleranceSeconds` of `nowSeconds` (what a receiver does; the trigger guide shows the same).
 */
export function verifySignature(header: string, body: string, secret: string, nowSeconds: number, toleranceSeconds = 300): boolean {
  const parts = header.split(',').map((part) => part.trim().split('='));
  const t = parts.find(([key]) => key === 't')?.[1];
  if (t === undefined || !/^\d+$/.test(t) || Math.abs(nowSeconds - Number(t)) > toleranceSeconds) return false;
  const expected = Buffer.from(signPayload(secret, Number(t), body), 'hex');
  // Constant time for each candidate; every candidate is compared (no early exit on a match).
  let matched = false;
  for (const [key, value] of parts) {
    if (key !== 'v1' || value === undefined || !/^[0-9a-f]{64}$/.test(value)) continue;
    if (timingSafeEqual(Buffer.from(value, 'hex'), expected)) matched = true;
  }
  return matched;
}

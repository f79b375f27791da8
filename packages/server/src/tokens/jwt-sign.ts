// RS256 compact JWTs signed synchronously by node:crypto with a KeyObject. jose's SignJWT goes
// through WebCrypto (a thread-pool hop and a copy of the key per call), which costs more per sign-in
// than the signature itself; the tokens are the same bytes (PKCS#1 v1.5 signatures are deterministic).
import { sign, type KeyObject } from 'node:crypto';

/** The protected header of the server's tokens (in this key order, as jose writes it). */
export interface Rs256Header {
  readonly alg: 'RS256';
  readonly kid: string;
}

/** Signs `payload` as a compact JWS: base64url(header).base64url(payload).base64url(RSASSA-PKCS1-v1_5 SHA-256). */
export function signRs256Jwt(header: Rs256Header, payload: Readonly<Record<string, unknown>>, key: KeyObject): string {
  const signingInput = `${Buffer.from(JSON.stringify(header)).toString('base64url')}.${Buffer.from(JSON.stringify(payload)).toString('base64url')}`;
  return `${signingInput}.${sign('sha256', Buffer.from(signingInput), key).toString('base64url')}`;
}

import { base64ToBytes } from '../srp/base64.js';

// aws-amplify v6's claim types (@aws-amplify/core JwtPayload), written out rather than imported so
// that `payload.email` or `payload['cognito:groups']` type exactly as in an Amplify app.

/** A JSON scalar claim value. */
export type JsonPrimitive = null | string | number | boolean;
/** A JSON array claim value. */
export type JsonArray = (JsonPrimitive | JsonObject | JsonArray)[];
/** A JSON object claim value. */
export interface JsonObject {
  [x: string]: JsonPrimitive | JsonArray | JsonObject;
}

/** The registered claims Cognito tokens carry, typed. */
export interface JwtPayloadStandardFields {
  exp?: number;
  iss?: string;
  aud?: string | string[];
  nbf?: number;
  iat?: number;
  scope?: string;
  jti?: string;
  sub?: string;
}

/** A JWT's claims, aws-amplify v6's JwtPayload: the registered claims plus any JSON claim. */
export type JwtPayload = JwtPayloadStandardFields & JsonObject;

/** A decoded token, aws-amplify v6's JWT shape: `toString()` gives the compact token back. */
export interface JWT {
  payload: JwtPayload;
  toString(): string;
}

/**
 * Decodes a JWT's payload without verifying it: the client only reads its own tokens' claims,
 * the services verify signatures. Throws a TypeError when the text is not a compact-JWS JWT.
 */
export function decodeJwtToken(token: string): JWT {
  // Own decoder rather than jose's decodeJwt: the base64 codec is already in the bundle for SRP,
  // so this saves jose's error classes and codecs (see docs/decisions.md, auth-core bundle size).
  const parts = typeof token === 'string' ? token.split('.') : [];
  if (parts.length !== 3 || parts[1] === '') throw new TypeError('Invalid JWT: expected a compact JWS with a payload');
  let payload: unknown;
  try {
    payload = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(base64ToBytes(parts[1], 'JWT payload')));
  } catch (cause) {
    throw new TypeError('Invalid JWT: the payload is not base64url-encoded JSON', { cause });
  }
  if (typeof payload !== 'object' || payload === null || Array.isArray(payload)) throw new TypeError('Invalid JWT: the claims set is not an object');
  return { payload: payload as JwtPayload, toString: () => token };
}

/**
 * aws-amplify v6's decodeJWT (decodes, does not verify), with its errors: a token that is not three
 * dot-separated parts throws `Error('Invalid token')`, a payload that is not base64 JSON
 * `Error('Invalid token payload')`. Like aws-amplify's, it returns whatever JSON the payload holds.
 */
export function decodeJWT(token: string): JWT {
  const parts = token.split('.');
  if (parts.length !== 3) throw new Error('Invalid token');
  let payload: unknown;
  try {
    payload = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(base64ToBytes(parts[1] ?? '', 'JWT payload')));
  } catch {
    throw new Error('Invalid token payload');
  }
  return { payload: payload as JwtPayload, toString: () => token };
}

/** Decodes a JWT, or undefined when the text is not one. */
export function tryDecodeJwtToken(token: string | null | undefined): JWT | undefined {
  if (token === null || token === undefined || token === '') return undefined;
  try {
    return decodeJwtToken(token);
  } catch {
    return undefined;
  }
}

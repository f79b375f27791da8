import { decodeJwt } from 'jose';
import type { JWTPayload } from 'jose';

/** A JWT's claims. */
export type JwtPayload = JWTPayload;

/** A decoded token, aws-amplify v6's JWT shape: `toString()` gives the compact token back. */
export interface JWT {
  payload: JwtPayload;
  toString(): string;
}

/**
 * Decodes a JWT's payload without verifying it: the client only reads its own tokens' claims,
 * the services verify signatures. Throws when the text is not a JWT.
 */
export function decodeJwtToken(token: string): JWT {
  const payload = decodeJwt(token);
  return { payload, toString: () => token };
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

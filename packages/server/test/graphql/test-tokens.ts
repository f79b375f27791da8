// Access tokens for the data API's tests: a real RS256 key pair and a verifier that checks
// signature, issuer, expiry and revocation, as the user pool's verifyAccessToken does.
import { randomUUID } from 'node:crypto';
import { decodeJwt, generateKeyPair, jwtVerify, SignJWT, type CryptoKey } from 'jose';
import type { AccessTokenClaims } from '../../src/graphql/index.js';
import { RevocationFeed } from '../../src/tokens/revocation-feed.js';

const ISSUER = 'https://cognito-idp.us-east-1.amazonaws.com/us-east-1_TestPool';

/** Options of one test access token. */
export interface TestTokenOptions {
  readonly groups?: readonly string[];
  readonly username?: string;
  /** Seconds until expiry; negative for an already expired token. */
  readonly expiresIn?: number;
  readonly tokenUse?: 'access' | 'id';
}

/** Issues, verifies and revokes test access tokens. */
export class TestTokens {
  private readonly revoked = new Set<string>();
  /** Where revocations are announced, as the pool's TokenService announces them (hand it to the data API). */
  readonly revocations = new RevocationFeed();
  private constructor(
    private readonly privateKey: CryptoKey,
    private readonly publicKey: CryptoKey,
  ) {}

  /** A fresh key pair. */
  static async create(): Promise<TestTokens> {
    const { privateKey, publicKey } = await generateKeyPair('RS256');
    return new TestTokens(privateKey, publicKey);
  }

  /** An access token of subject `sub`. */
  async issue(sub: string, options: TestTokenOptions = {}): Promise<string> {
    const now = Math.floor(Date.now() / 1000);
    return new SignJWT({
      token_use: options.tokenUse ?? 'access',
      username: options.username ?? sub,
      ...(options.groups === undefined ? {} : { 'cognito:groups': [...options.groups] }),
    })
      .setProtectedHeader({ alg: 'RS256', kid: 'test-key' })
      .setSubject(sub)
      .setIssuer(ISSUER)
      .setJti(randomUUID())
      .setIssuedAt(now - 5)
      .setExpirationTime(now + (options.expiresIn ?? 3600))
      .sign(this.privateKey);
  }

  /** Marks a token revoked and announces it (as GlobalSignOut would). */
  revoke(token: string): void {
    const claims = decodeJwt(token);
    this.revoked.add(String(claims.jti));
    this.revocations.publish({ sub: String(claims.sub) });
  }

  /** Marks a token revoked without announcing it: a revocation made by another server process. */
  revokeElsewhere(token: string): void {
    this.revoked.add(String(decodeJwt(token).jti));
  }

  /** The verifier handed to registerGraphqlApi. */
  readonly verify = async (token: string): Promise<AccessTokenClaims> => {
    const { payload } = await jwtVerify(token, this.publicKey, { issuer: ISSUER, algorithms: ['RS256'] });
    if (this.revoked.has(String(payload.jti))) throw Object.assign(new Error('Access Token has been revoked'), { name: 'NotAuthorizedException' });
    return payload as AccessTokenClaims;
  };
}

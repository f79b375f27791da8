// Authorization codes of managed login (table oauth_codes, migration 0005). A code is 32 random
// bytes; only its SHA-256 is stored, bound to the client, redirect_uri, PKCE challenge, scopes,
// nonce, user and auth_time of the authorization it ends. It lives 5 minutes and is single-use:
//
//   claim    one conditional UPDATE … SET uses = uses + 1 … RETURNING counts the exchange attempt
//            (never read-then-write): only the attempt that moves `uses` from 0 to 1 may succeed,
//            whatever its checks then say; a wrong verifier, client or redirect_uri burns the code.
//   redeem   one statement stores the sign-in (refresh_tokens) only while the code is still at its
//            first use, and records the sign-in's origin_jti on the code row, locking it.
//   replay   a later attempt finds uses > 1: invalid_grant, and the sign-in the code yielded is
//            revoked (RFC 6749 §4.1.2). Its UPDATE waits for a redemption in flight, so it sees the
//            origin_jti of any sign-in stored before it.
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { SqlParams } from '../../db/sql-params.js';
import { addSeconds } from '../../time/clock.js';
import { hashToken, type AuthenticationResult } from '../../tokens/token-service.js';
import type { ServerServices } from '../../user-pool/operations/operation-context.js';
import type { ClientRecord } from '../../user-pool/pools/pool-repository.js';
import { findUserBySub, groupsOfUserSql } from '../../user-pool/users/user-repository.js';
import { endSessionsBeyondLimit } from '../../user-pool/user-sessions/user-session-repository.js';

/** How long a code can be exchanged (Cognito: 5 minutes). */
export const CODE_TTL_SECONDS = 300;

/** What a code is bound to. */
export interface CodeGrant {
  readonly poolId: string;
  readonly clientId: string;
  readonly userSub: string;
  readonly redirectUri: string;
  readonly scopes: readonly string[];
  readonly nonce: string | undefined;
  /** S256 challenge; undefined when the (confidential) client sent none. */
  readonly codeChallenge: string | undefined;
  readonly authTime: Date;
  /** The hosted (SSO) session the user signed in through, when there is one. */
  readonly hostedSessionId?: string;
}

/** Stores a new code for `grant` and returns it (base64url, 43 characters). */
export async function issueAuthorizationCode(services: Pick<ServerServices, 'db' | 'clock'>, grant: CodeGrant): Promise<string> {
  const code = randomBytes(32).toString('base64url');
  const now = services.clock.now();
  await services.db.query(
    `INSERT INTO oauth_codes (code_hash, pool_id, client_id, user_sub, redirect_uri, scopes, nonce, code_challenge, auth_time, expires_at, created_at, hosted_session_id)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)`,
    [
      hashToken(code),
      grant.poolId,
      grant.clientId,
      grant.userSub,
      grant.redirectUri,
      JSON.stringify(grant.scopes),
      grant.nonce ?? null,
      grant.codeChallenge ?? null,
      grant.authTime,
      addSeconds(now, CODE_TTL_SECONDS),
      now,
      grant.hostedSessionId ?? null,
    ],
  );
  return code;
}

/** A code row after its exchange attempt was counted. */
export interface ClaimedCode extends CodeGrant {
  readonly codeHash: string;
  readonly expiresAt: Date;
  /** Attempts including this one: 1 for the first. */
  readonly uses: number;
  /** The sign-in the code yielded, if one was stored. */
  readonly originJti: string | null;
}

interface CodeRow {
  code_hash: string;
  pool_id: string;
  client_id: string;
  user_sub: string;
  redirect_uri: string;
  scopes: string[];
  nonce: string | null;
  code_challenge: string | null;
  auth_time: Date;
  expires_at: Date;
  uses: number;
  origin_jti: string | null;
  hosted_session_id: string | null;
}

/** Counts one exchange attempt of `code` (one conditional UPDATE); undefined for a code never issued. */
export async function claimAuthorizationCode(services: Pick<ServerServices, 'db'>, code: string): Promise<ClaimedCode | undefined> {
  const rows = await services.db.query<CodeRow>('UPDATE oauth_codes SET uses = uses + 1 WHERE code_hash = $1 RETURNING *', [hashToken(code)]);
  const row = rows[0];
  if (row === undefined) return undefined;
  return {
    codeHash: row.code_hash,
    poolId: row.pool_id,
    clientId: row.client_id,
    userSub: row.user_sub,
    redirectUri: row.redirect_uri,
    scopes: row.scopes,
    nonce: row.nonce ?? undefined,
    codeChallenge: row.code_challenge ?? undefined,
    authTime: new Date(row.auth_time),
    expiresAt: new Date(row.expires_at),
    uses: Number(row.uses),
    originJti: row.origin_jti,
    ...(row.hosted_session_id !== null ? { hostedSessionId: row.hosted_session_id } : {}),
  };
}

/** base64url(SHA-256(verifier)): the S256 challenge of a PKCE code verifier (RFC 7636 §4.2). */
export function s256Challenge(verifier: string): string {
  return createHash('sha256').update(verifier, 'ascii').digest('base64url');
}

/** RFC 7636 §4.1: 43 to 128 unreserved characters. */
const VERIFIER = /^[A-Za-z0-9._~-]{43,128}$/;

/** What the client presents with a code. */
export interface CodeExchange {
  readonly clientId: string;
  readonly redirectUri: string;
  readonly codeVerifier: string | undefined;
}

/** Why a claimed code yields nothing (the error_description of invalid_grant). */
export type CodeRefusal = 'used' | 'expired' | 'other client' | 'other redirect_uri' | 'verifier missing' | 'verifier mismatch' | 'verifier unexpected';

/** Decides whether a claimed code may yield tokens for this exchange at `now` (pure). */
export function refuseExchange(claimed: ClaimedCode, exchange: CodeExchange, now: Date): CodeRefusal | undefined {
  if (claimed.uses !== 1) return 'used';
  if (claimed.expiresAt.getTime() <= now.getTime()) return 'expired';
  if (claimed.clientId !== exchange.clientId) return 'other client';
  if (claimed.redirectUri !== exchange.redirectUri) return 'other redirect_uri';
  if (claimed.codeChallenge === undefined) return exchange.codeVerifier === undefined ? undefined : 'verifier unexpected';
  if (exchange.codeVerifier === undefined) return 'verifier missing';
  if (!VERIFIER.test(exchange.codeVerifier)) return 'verifier mismatch';
  // Both are 43 base64url characters of a SHA-256; compared in constant time all the same.
  const expected = Buffer.from(claimed.codeChallenge);
  const actual = Buffer.from(s256Challenge(exchange.codeVerifier));
  return expected.length === actual.length && timingSafeEqual(expected, actual) ? undefined : 'verifier mismatch';
}

/** The invalid_grant description of a refusal. */
export const REFUSAL_DESCRIPTION: Readonly<Record<CodeRefusal | 'unknown' | 'user', string>> = {
  unknown: 'The authorization code is invalid.',
  used: 'The authorization code has already been used.',
  expired: 'The authorization code has expired.',
  'other client': 'The authorization code was issued to another client.',
  'other redirect_uri': 'The redirect_uri does not match the authorization request.',
  'verifier missing': 'The code_verifier is required.',
  'verifier mismatch': 'The code_verifier does not match the code_challenge.',
  'verifier unexpected': 'The authorization request had no code_challenge: send no code_verifier.',
  user: 'The user cannot sign in.',
};

/** The outcome of exchanging a code. */
export type CodeExchangeResult =
  | { readonly ok: true; readonly tokens: AuthenticationResult; readonly scopes: readonly string[] }
  | { readonly ok: false; readonly refusal: CodeRefusal | 'unknown' | 'user' };

/**
 * Exchanges a code for tokens (the authorization_code grant after client authentication): claims
 * it, checks the exchange, and stores the sign-in in the statement that marks the code redeemed.
 * A replay revokes the sign-in the code yielded.
 */
export async function exchangeAuthorizationCode(services: ServerServices, client: ClientRecord, code: string, exchange: CodeExchange): Promise<CodeExchangeResult> {
  const claimed = await claimAuthorizationCode(services, code);
  if (claimed === undefined) return { ok: false, refusal: 'unknown' };
  if (claimed.uses > 1) {
    if (claimed.originJti !== null) {
      const revoked = await services.tokens.revokeOrigin(claimed.originJti);
      if (revoked) services.log.warn('authorization code replayed: its sign-in is revoked', { clientId: claimed.clientId, userSub: claimed.userSub });
    }
    return { ok: false, refusal: 'used' };
  }
  const refusal = refuseExchange(claimed, exchange, services.clock.now());
  if (refusal !== undefined) return { ok: false, refusal };
  const user = await findUserBySub(services.db, claimed.userSub);
  if (user === undefined || !user.enabled || user.poolId !== client.poolId) return { ok: false, refusal: 'user' };

  const origin = services.tokens.newOrigin({
    client,
    user,
    authTime: claimed.authTime,
    scopes: claimed.scopes,
    ...(claimed.nonce !== undefined ? { nonce: claimed.nonce } : {}),
    ...(claimed.hostedSessionId !== undefined ? { hostedSessionId: claimed.hostedSessionId } : {}),
  });
  const params = new SqlParams();
  const codeHash = params.add(claimed.codeHash);
  const originJti = params.add(origin.originJti);
  const sub = params.add(user.sub);
  // Marking the code (a row lock until this statement commits) and storing the sign-in are one
  // statement: a replay counted before it makes it store nothing; one counted after it sees the
  // origin_jti to revoke.
  const rows = await services.db.query<{ redeemed: boolean; groups: string[] | null }>(
    `WITH redeemed AS (UPDATE oauth_codes SET origin_jti = ${originJti}::uuid WHERE code_hash = ${codeHash} AND uses = 1 AND origin_jti IS NULL RETURNING 1),
     ${services.tokens.originInsertCte(origin, params, 'origin', 'EXISTS (SELECT 1 FROM redeemed)')}
     SELECT EXISTS (SELECT 1 FROM redeemed) AS redeemed, (SELECT json_agg(g.name) FROM (${groupsOfUserSql(sub)}) g) AS groups`,
    params.values,
  );
  if (rows[0]?.redeemed !== true) return { ok: false, refusal: 'used' };
  // The pool's MaxPerUser token sessions, when it tracks sessions: the least recently used beyond it end now.
  await endSessionsBeyondLimit(services, client.poolId, user, origin.originJti);
  return { ok: true, tokens: await services.tokens.tokensForOrigin(origin, rows[0].groups ?? []), scopes: claimed.scopes };
}

/** Deletes codes that expired over a day ago (housekeeping; expired codes are refused anyway). */
export async function pruneAuthorizationCodes(services: Pick<ServerServices, 'db' | 'clock'>): Promise<void> {
  await services.db.query('DELETE FROM oauth_codes WHERE expires_at <= $1', [addSeconds(services.clock.now(), -24 * 3600)]);
}

// Child process of the sign-in benchmark: the FLOOR. A bare node:http server that answers the same three
// requests with the same bytes a sign-in needs and does only the work no Cognito-compatible server can
// skip: the three OpenSSL exponentiations, the claim check, the TOTP check, two RS256 signatures, and
// (store "postgres") the fewest SQL round trips that keep the state in the database, or (store "sealed")
// the fewest any design can have: the challenge state sealed into the Session string itself, so only the
// user read and the final write touch the database. No validation, no rate limits, no error catalogue,
// no logging. What the real server costs beyond this floor is ours to cut; what the floor costs is this
// machine's price for the protocol.
import { createServer, type ServerResponse } from 'node:http';
import { createCipheriv, createDecipheriv, createPrivateKey, generateKeyPairSync, randomBytes, randomUUID, type KeyObject } from 'node:crypto';
import {
  SRP_G,
  SRP_K,
  SRP_N,
  bigIntToHex,
  bytesToBigInt,
  computeServerPasswordKey,
  createPasswordVerifier,
  hexToBigInt,
  verifyClaimSignature,
} from '@steward/auth-core/srp';
import pg from 'pg';
import { createOpenSslModPowEngine } from '../src/srp/openssl-mod-pow.js';
import { signRs256Jwt } from '../src/tokens/jwt-sign.js';
import { generateTotpSecret, matchTotpStep } from '../src/user-pool/auth/totp/totp.js';
import type { BenchUser, SignInServerReady } from './sign-in-server.js';

/** What the parent asks the floor child for. */
export interface FloorServerRequest {
  /**
   * Where sessions, TOTP steps and refresh tokens live: process memory (no durability), PostgreSQL, or
   * PostgreSQL for users and refresh tokens with the sessions sealed into the Session string (no
   * single-use sessions: a floor, not a design to ship).
   */
  readonly store: 'memory' | 'postgres' | 'sealed';
  readonly postgresUrl: string;
  readonly schema: string;
  readonly users: number;
  readonly password: string;
}

const POOL_ID = 'us-east-1_FloorPool';
const POOL_NAME = 'FloorPool';
const CLIENT_ID = 'floor-client';
const engine = createOpenSslModPowEngine();

interface UserRow {
  readonly salt: string;
  readonly verifier: string;
  readonly totp_secret: string;
}
interface SrpSessionRow {
  readonly username: string;
  readonly b: string;
  readonly gb: string;
  readonly a: string;
  readonly secret_block: string;
  readonly verifier: string;
}

/** What InitiateAuth keeps for PASSWORD_VERIFIER. */
interface SrpStart {
  readonly username: string;
  readonly b: string;
  readonly gb: string;
  readonly a: string;
  readonly secretBlock: string;
}

/** The state a sign-in needs between its three requests; each Session string is the store's to make. */
interface FloorStore {
  /** Reads the user and opens the SRP session, in one round trip. */
  startSrp(start: SrpStart): Promise<{ user: UserRow; session: string } | undefined>;
  /** Consumes the SRP session and opens the MFA session (unknown to the client unless the claim holds). */
  takeSrp(session: string): Promise<{ srp: SrpSessionRow; mfaSession: string } | undefined>;
  /** Consumes the MFA session and returns the user's TOTP secret. */
  takeMfa(session: string): Promise<{ username: string; totp_secret: string } | undefined>;
  /** Records the TOTP step (refusing a reused one) and the refresh token, in one round trip. */
  finish(username: string, step: bigint, refreshTokenId: string): Promise<boolean>;
  statements: number;
  close(): Promise<void>;
}

const sessionId = (): string => randomBytes(32).toString('base64url');

function memoryStore(users: Map<string, UserRow & { lastStep: bigint }>): FloorStore {
  const srp = new Map<string, SrpStart>();
  const mfa = new Map<string, string>();
  const refresh = new Set<string>();
  return {
    statements: 0,
    startSrp: async (start) => {
      const user = users.get(start.username);
      if (user === undefined) return undefined;
      const session = sessionId();
      srp.set(session, start);
      return { user, session };
    },
    takeSrp: async (session) => {
      const row = srp.get(session);
      srp.delete(session);
      const user = row === undefined ? undefined : users.get(row.username);
      if (row === undefined || user === undefined) return undefined;
      const mfaSession = sessionId();
      mfa.set(mfaSession, row.username);
      return { srp: { username: row.username, b: row.b, gb: row.gb, a: row.a, secret_block: row.secretBlock, verifier: user.verifier }, mfaSession };
    },
    takeMfa: async (session) => {
      const username = mfa.get(session);
      mfa.delete(session);
      const user = username === undefined ? undefined : users.get(username);
      return username === undefined || user === undefined ? undefined : { username, totp_secret: user.totp_secret };
    },
    finish: async (username, step, refreshTokenId) => {
      const user = users.get(username);
      if (user === undefined || user.lastStep >= step) return false;
      user.lastStep = step;
      refresh.add(refreshTokenId);
      return true;
    },
    close: async () => undefined,
  };
}

/** Creates the floor's tables in their own schema, with the bench users. */
async function openPostgres(url: string, schema: string, users: Map<string, UserRow>): Promise<pg.Pool> {
  const pool = new pg.Pool({ connectionString: url, max: 10, options: `-c search_path="${schema}"` });
  await pool.query(`CREATE SCHEMA IF NOT EXISTS "${schema}"`);
  await pool.query(`
    CREATE TABLE floor_users (username text PRIMARY KEY, salt text NOT NULL, verifier text NOT NULL, totp_secret text NOT NULL, last_step bigint NOT NULL DEFAULT 0);
    CREATE TABLE floor_sessions (id text PRIMARY KEY, username text NOT NULL, stage text NOT NULL, b text, gb text, a text, secret_block text, created_at timestamptz NOT NULL DEFAULT now());
    CREATE TABLE floor_refresh_tokens (id text PRIMARY KEY, username text NOT NULL, created_at timestamptz NOT NULL DEFAULT now());`);
  for (const [username, u] of users) await pool.query('INSERT INTO floor_users (username, salt, verifier, totp_secret) VALUES ($1, $2, $3, $4)', [username, u.salt, u.verifier, u.totp_secret]);
  return pool;
}

/** The final write both database floors share: the TOTP step (refusing a reused one) and the refresh token. */
async function finishInPostgres(pool: pg.Pool, username: string, step: bigint, refreshTokenId: string): Promise<boolean> {
  const r = await pool.query(
    `WITH g AS (UPDATE floor_users SET last_step = $2 WHERE username = $1 AND last_step < $2 RETURNING username)
     INSERT INTO floor_refresh_tokens (id, username) SELECT $3, username FROM g RETURNING id`,
    [username, step.toString(), refreshTokenId],
  );
  return r.rowCount === 1;
}

async function dropPostgres(pool: pg.Pool, schema: string): Promise<void> {
  await pool.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
  await pool.end();
}

async function postgresStore(url: string, schema: string, users: Map<string, UserRow>): Promise<FloorStore> {
  const pool = await openPostgres(url, schema, users);
  const store: FloorStore = {
    statements: 0,
    startSrp: async (start) => {
      store.statements++;
      const session = sessionId();
      const r = await pool.query<UserRow>(
        `WITH s AS (INSERT INTO floor_sessions (id, username, stage, b, gb, a, secret_block) VALUES ($1, $2, 'srp', $3, $4, $5, $6))
         SELECT salt, verifier, totp_secret FROM floor_users WHERE username = $2`,
        [session, start.username, start.b, start.gb, start.a, start.secretBlock],
      );
      const user = r.rows[0];
      return user === undefined ? undefined : { user, session };
    },
    takeSrp: async (session) => {
      store.statements++;
      const mfaSession = sessionId();
      const r = await pool.query<SrpSessionRow>(
        `WITH s AS (DELETE FROM floor_sessions WHERE id = $1 AND stage = 'srp' AND created_at > now() - interval '3 minutes' RETURNING username, b, gb, a, secret_block),
              m AS (INSERT INTO floor_sessions (id, username, stage) SELECT $2, username, 'mfa' FROM s)
         SELECT s.username, s.b, s.gb, s.a, s.secret_block, u.verifier FROM s JOIN floor_users u USING (username)`,
        [session, mfaSession],
      );
      const srp = r.rows[0];
      return srp === undefined ? undefined : { srp, mfaSession };
    },
    takeMfa: async (session) => {
      store.statements++;
      const r = await pool.query<{ username: string; totp_secret: string }>(
        `WITH s AS (DELETE FROM floor_sessions WHERE id = $1 AND stage = 'mfa' AND created_at > now() - interval '3 minutes' RETURNING username)
         SELECT s.username, u.totp_secret FROM s JOIN floor_users u USING (username)`,
        [session],
      );
      return r.rows[0];
    },
    finish: async (username, step, refreshTokenId) => {
      store.statements++;
      return finishInPostgres(pool, username, step, refreshTokenId);
    },
    close: () => dropPostgres(pool, schema),
  };
  return store;
}

/**
 * The fewest round trips of any design: the SRP and MFA state travel in the Session string, sealed with
 * AES-256-GCM under a process key, so PASSWORD_VERIFIER and the MFA session touch no table. Replays of a
 * Session within its 3 minutes are not refused (that needs a write): it is a lower bound, not a design.
 */
async function sealedStore(url: string, schema: string, users: Map<string, UserRow>): Promise<FloorStore> {
  const pool = await openPostgres(url, schema, users);
  const key = randomBytes(32);
  const seal = (value: object): string => {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', key, iv);
    const body = Buffer.concat([cipher.update(JSON.stringify({ ...value, exp: Date.now() + 180_000 })), cipher.final()]);
    return Buffer.concat([iv, body, cipher.getAuthTag()]).toString('base64url');
  };
  const open = <T>(session: string, stage: string): T | undefined => {
    try {
      const bytes = Buffer.from(session, 'base64url');
      const decipher = createDecipheriv('aes-256-gcm', key, bytes.subarray(0, 12));
      decipher.setAuthTag(bytes.subarray(bytes.length - 16));
      const value = JSON.parse(Buffer.concat([decipher.update(bytes.subarray(12, bytes.length - 16)), decipher.final()]).toString()) as T & { stage: string; exp: number };
      return value.stage === stage && value.exp > Date.now() ? value : undefined;
    } catch {
      return undefined;
    }
  };
  const store: FloorStore = {
    statements: 0,
    startSrp: async (start) => {
      store.statements++;
      const r = await pool.query<UserRow>('SELECT salt, verifier, totp_secret FROM floor_users WHERE username = $1', [start.username]);
      const user = r.rows[0];
      if (user === undefined) return undefined;
      return { user, session: seal({ stage: 'srp', ...start, verifier: user.verifier, totpSecret: user.totp_secret }) };
    },
    takeSrp: async (session) => {
      const s = open<SrpStart & { verifier: string; totpSecret: string }>(session, 'srp');
      if (s === undefined) return undefined;
      return {
        srp: { username: s.username, b: s.b, gb: s.gb, a: s.a, secret_block: s.secretBlock, verifier: s.verifier },
        mfaSession: seal({ stage: 'mfa', username: s.username, totpSecret: s.totpSecret }),
      };
    },
    takeMfa: async (session) => {
      const s = open<{ username: string; totpSecret: string }>(session, 'mfa');
      return s === undefined ? undefined : { username: s.username, totp_secret: s.totpSecret };
    },
    finish: async (username, step, refreshTokenId) => {
      store.statements++;
      return finishInPostgres(pool, username, step, refreshTokenId);
    },
    close: () => dropPostgres(pool, schema),
  };
  return store;
}

class FloorError extends Error {}

function reply(res: ServerResponse, status: number, body: unknown): void {
  const json = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/x-amz-json-1.1', 'content-length': Buffer.byteLength(json) });
  res.end(json);
}

function tokens(username: string, key: KeyObject): { IdToken: string; AccessToken: string; RefreshToken: string; refreshTokenId: string } {
  const now = Math.floor(Date.now() / 1000);
  const sub = randomUUID();
  const originJti = randomUUID();
  const header = { alg: 'RS256', kid: 'floor-key' } as const;
  const iss = `https://cognito-idp.us-east-1.amazonaws.com/${POOL_ID}`;
  // Claim sets of the same shape and size as the real server's, so the signing input is alike.
  const id = { sub, email_verified: true, iss, 'cognito:username': username, origin_jti: originJti, aud: CLIENT_ID, event_id: randomUUID(), token_use: 'id', auth_time: now, exp: now + 3600, iat: now, jti: randomUUID(), email: `${username}@example.com` };
  const access = { sub, device_key: `us-east-1_${randomUUID()}`, iss, client_id: CLIENT_ID, origin_jti: originJti, event_id: randomUUID(), token_use: 'access', scope: 'aws.cognito.signin.user.admin', auth_time: now, exp: now + 3600, iat: now, jti: randomUUID(), username };
  const refreshTokenId = randomBytes(32).toString('base64url');
  return { IdToken: signRs256Jwt(header, id, key), AccessToken: signRs256Jwt(header, access, key), RefreshToken: refreshTokenId, refreshTokenId };
}

process.once('message', (request: FloorServerRequest) => {
  void (async () => {
    const users = new Map<string, UserRow & { lastStep: bigint }>();
    const bench: BenchUser[] = [];
    for (let i = 0; i < request.users; i++) {
      const username = `bench-${i}`;
      const verifier = createPasswordVerifier({ poolName: POOL_NAME, username, password: request.password, engine });
      const secret = generateTotpSecret();
      users.set(username, { salt: verifier.saltHex, verifier: verifier.verifierHex, totp_secret: secret, lastStep: 0n });
      bench.push({ username, secret });
    }
    const store =
      request.store === 'memory'
        ? memoryStore(users)
        : request.store === 'sealed'
          ? await sealedStore(request.postgresUrl, request.schema, users)
          : await postgresStore(request.postgresUrl, request.schema, users);
    const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const key = createPrivateKey(privateKey.export({ format: 'pem', type: 'pkcs8' }));

    // node:http itself, not a framework: the floor is the cheapest HTTP Node offers.
    const answer = async (rawBody: string, targetHeader: string | undefined): Promise<unknown> => {
      const body = JSON.parse(rawBody) as Record<string, Record<string, string> & string>;
      const target = String(targetHeader).split('.')[1];
      if (target === 'InitiateAuth') {
        const username = body.AuthParameters.USERNAME;
        const A = hexToBigInt(body.AuthParameters.SRP_A, 'SRP_A');
        if (A % SRP_N === 0n) throw new FloorError('bad A');
        const b = bytesToBigInt(randomBytes(32));
        // g^b does not depend on the user, so it is computed before the one round trip.
        const gb = engine.modPow(SRP_G, b, SRP_N);
        const secretBlock = randomBytes(64).toString('base64');
        const started = await store.startSrp({ username, b: b.toString(16), gb: gb.toString(16), a: bigIntToHex(A), secretBlock });
        if (started === undefined) throw new FloorError('no user');
        const { user, session } = started;
        const B = (SRP_K * hexToBigInt(user.verifier, 'v') + gb) % SRP_N;
        return { ChallengeName: 'PASSWORD_VERIFIER', Session: session, ChallengeParameters: { SALT: user.salt, SRP_B: bigIntToHex(B), SECRET_BLOCK: secretBlock, USERNAME: username, USER_ID_FOR_SRP: username } };
      }
      if (body.ChallengeName === 'PASSWORD_VERIFIER') {
        const taken = await store.takeSrp(body.Session);
        if (taken === undefined) throw new FloorError('no session');
        const { srp: s, mfaSession } = taken;
        const r = body.ChallengeResponses;
        const v = hexToBigInt(s.verifier, 'v');
        const B = (SRP_K * v + hexToBigInt(s.gb, 'gb')) % SRP_N;
        const keyBytes = computeServerPasswordKey({ clientAHex: s.a, b: BigInt(`0x${s.b}`), B, verifierHex: s.verifier, engine });
        const ok = r.PASSWORD_CLAIM_SECRET_BLOCK === s.secret_block && verifyClaimSignature({ key: keyBytes, poolName: POOL_NAME, userIdForSrp: s.username, secretBlockB64: s.secret_block, timestamp: r.TIMESTAMP, signatureB64: r.PASSWORD_CLAIM_SIGNATURE });
        if (!ok) throw new FloorError('Incorrect username or password.');
        return { ChallengeName: 'SOFTWARE_TOKEN_MFA', Session: mfaSession, ChallengeParameters: {} };
      }
      if (body.ChallengeName === 'SOFTWARE_TOKEN_MFA') {
        const s = await store.takeMfa(body.Session);
        if (s === undefined) throw new FloorError('no session');
        const step = matchTotpStep(s.totp_secret, body.ChallengeResponses.SOFTWARE_TOKEN_MFA_CODE, new Date());
        if (step === undefined) throw new FloorError('Invalid code received for user');
        const t = tokens(s.username, key);
        if (!(await store.finish(s.username, step, t.refreshTokenId))) throw new FloorError('Invalid code received for user');
        return { ChallengeParameters: {}, AuthenticationResult: { AccessToken: t.AccessToken, IdToken: t.IdToken, RefreshToken: t.RefreshToken, ExpiresIn: 3600, TokenType: 'Bearer' } };
      }
      throw new FloorError('unknown request');
    };
    const app = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        answer(Buffer.concat(chunks).toString(), req.headers['x-amz-target'] as string | undefined).then(
          (result) => reply(res, 200, result),
          (error: unknown) => reply(res, 400, { __type: 'NotAuthorizedException', message: error instanceof Error ? error.message : String(error) }),
        );
      });
    });
    await new Promise<void>((resolve) => app.listen(0, '127.0.0.1', resolve));
    const address = app.address();
    if (address === null || typeof address === 'string') throw new Error('no address');
    const ready: SignInServerReady = { kind: 'ready', port: address.port, userPoolId: POOL_ID, clientId: CLIENT_ID, users: bench };
    process.send?.(ready);
    process.on('message', (message: string) => {
      if (message === 'cpu') process.send?.({ kind: 'cpu', usage: process.cpuUsage(), calls: { ...engine.calls }, statements: store.statements, modPowMs: 0 });
      if (message === 'stop') {
        app.closeAllConnections();
        void new Promise((resolve) => app.close(resolve))
          .then(() => store.close())
          .then(() => process.exit(0));
      }
    });
  })().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
});

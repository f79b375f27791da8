// Sign-in challenge sessions: the opaque `Session` string of InitiateAuth / RespondToAuthChallenge.
// Stored in the database (any process can continue a sign-in), keyed by the SHA-256 of the string,
// expiring after AUTH_SESSION_TTL_SECONDS, ended after AUTH_SESSION_MAX_ATTEMPTS wrong answers.
// The state is stored sealed (it holds the server's SRP secret b), bound to the row's id.
import { createHash, randomBytes } from 'node:crypto';
import type { Queryable } from '../../db/database.js';
import { fail } from '../../errors/catalogue.js';
import { addSeconds } from '../../time/clock.js';
import type { AttemptClaim } from '../../abuse/lockout.js';
import { SqlParams } from '../../db/sql-params.js';
import type { SecretBox } from '../../sealing/secret-box.js';
import type { OperationContext } from '../operations/operation-context.js';
import { requireClientWith, type ClientRecord, type PoolRecord } from '../pools/pool-repository.js';
import { toUser, type UserRecord, type UserRow } from '../users/user-repository.js';

/** A stored challenge session. */
export interface AuthSession<S extends object = Record<string, unknown>> {
  /** SHA-256 of the Session string (the string itself is never stored). */
  readonly id: string;
  readonly poolId: string;
  readonly clientId: string;
  readonly userSub: string | null;
  readonly challengeName: string;
  readonly state: S;
  readonly attempts: number;
  readonly expiresAt: Date;
}

interface SessionRow {
  id: string;
  pool_id: string;
  client_id: string;
  user_sub: string | null;
  challenge_name: string;
  state: Record<string, unknown>;
  attempts: number;
  expires_at: Date;
}

const hashSession = (session: string): string => createHash('sha256').update(session).digest('hex');

/** The sealed form of a session's state, as stored in auth_sessions.state. */
interface SealedState {
  readonly sealed: string;
}

function sealState(secrets: SecretBox, id: string, state: object): string {
  return JSON.stringify({ sealed: secrets.seal(`auth-session:${id}`, JSON.stringify(state)) } satisfies SealedState);
}

/** Opens the stored state of the session row `id` (SealedValueError when it does not open). */
export function openSessionState<S extends object>(secrets: SecretBox, id: string, stored: unknown): S {
  const sealed = (stored as Partial<SealedState> | null)?.sealed;
  if (typeof sealed !== 'string') throw new Error(`auth session state is not sealed`);
  return JSON.parse(secrets.open(`auth-session:${id}`, sealed)) as S;
}

const expired = (): never => {
  throw fail('NotAuthorizedException', 'Invalid session for the user, session is expired.');
};

/** Starts a challenge session; returns the Session string to hand to the client. */
export async function createAuthSession<S extends object>(
  ctx: Pick<OperationContext, 'db' | 'clock' | 'config' | 'secrets'>,
  args: { poolId: string; clientId: string; userSub: string | null; challengeName: string; state: S; clearFailures?: readonly string[]; guessKey?: string | null },
  q: Queryable = ctx.db,
): Promise<string> {
  const session = randomBytes(64).toString('base64url');
  const id = hashSession(session);
  const now = ctx.clock.now();
  await q.query(
    `${clearingCte(args.clearFailures, 10)} INSERT INTO auth_sessions (id, pool_id, client_id, user_sub, challenge_name, state, attempts, expires_at, created_at, guess_key)
     VALUES ($1, $2, $3, $4, $5, $6, 0, $7, $8, $9)`,
    [
      id,
      args.poolId,
      args.clientId,
      args.userSub,
      args.challengeName,
      sealState(ctx.secrets, id, args.state),
      addSeconds(now, ctx.config.authSessionTtlSeconds),
      now,
      args.guessKey ?? null,
      ...clearingParams(args.clearFailures),
    ],
  );
  return session;
}

/** `WITH` forgetting the failure counters `keys` (parameter $n), or '' when there are none: rides on the statement that moves a sign-in on. */
function clearingCte(keys: readonly string[] | undefined, n: number): string {
  return keys === undefined || keys.length === 0 ? '' : `WITH cleared AS (DELETE FROM sign_in_failures WHERE key = ANY($${n}::text[]))`;
}

function clearingParams(keys: readonly string[] | undefined): unknown[] {
  return keys === undefined || keys.length === 0 ? [] : [keys];
}

/**
 * Loads a live session of this client (`clientId` null: of any client, for AssociateSoftwareToken and
 * VerifySoftwareToken, which carry no ClientId). NotAuthorizedException 'Invalid session for the
 * user, session is expired.' when unknown, expired, for another client, or not at `expectedChallenge` (if given).
 */
export async function loadAuthSession<S extends object = Record<string, unknown>>(
  ctx: Pick<OperationContext, 'db' | 'clock' | 'secrets' | 'config'>,
  session: string,
  clientId: string | null,
  expectedChallenge?: string,
): Promise<AuthSession<S>> {
  const rows = await ctx.db.query<SessionRow>('SELECT * FROM auth_sessions WHERE id = $1', [hashSession(session)]);
  return liveSession<S>(ctx, rows[0], clientId, expectedChallenge);
}

/**
 * The app client and pool (requireClient), the live session of that client (loadAuthSession) and
 * the session's user (undefined when it has none or the user is gone), in one round trip:
 * RespondToAuthChallenge needs all of them on every answer. When the answer is to the session's
 * challenge and that challenge takes a guess (its guess_key), the same statement counts the guess
 * on that lockout counter before anything checks it (`guess`; undefined when nothing was guessed).
 */
export async function loadClientAndAuthSession<S extends object = Record<string, unknown>>(
  ctx: Pick<OperationContext, 'db' | 'clock' | 'secrets' | 'config' | 'lockout'>,
  clientId: string,
  session: string,
  answered: string,
): Promise<{ scope: { client: ClientRecord; pool: PoolRecord }; session: AuthSession<S>; user: UserRecord | undefined; guess: AttemptClaim | undefined }> {
  const params = new SqlParams([clientId, hashSession(session)]);
  // The guess counts only on a live session of this client, answered at its own challenge.
  const guessed = `s.guess_key IS NOT NULL AND s.client_id = $1 AND s.challenge_name = ${params.add(answered)}::text
    AND s.expires_at > ${params.add(ctx.clock.now())}::timestamptz AND s.attempts < ${params.add(ctx.config.authSessionMaxAttempts)}::int`;
  const claim = ctx.lockout.claimCte(params, 'claim', `SELECT s.guess_key FROM auth_sessions s WHERE s.id = $2 AND ${guessed}`);
  const { client, pool, side } = await requireClientWith(
    ctx,
    clientId,
    `SELECT row_to_json(x) FROM (SELECT s.*, row_to_json(u) AS session_user, (${guessed}) AS guessed, (SELECT failures FROM claim) AS claimed
       FROM auth_sessions s LEFT JOIN users u ON u.sub = s.user_sub WHERE s.id = $2) x`,
    params.values.slice(1),
    `WITH ${claim}`,
  );
  // row_to_json: the timestamps arrive as strings, which liveSession and toUser turn into dates.
  const row = (side ?? undefined) as (SessionRow & { session_user: UserRow | null; guessed: boolean; claimed: number | null }) | undefined;
  const live = await liveSession<S>(ctx, row, clientId);
  return {
    scope: { client, pool },
    session: live,
    user: row?.session_user == null ? undefined : toUser(row.session_user),
    guess: row?.guessed === true ? ctx.lockout.claimFrom(row.claimed) : undefined,
  };
}

async function liveSession<S extends object>(
  ctx: Pick<OperationContext, 'db' | 'clock' | 'secrets' | 'config'>,
  row: SessionRow | undefined,
  clientId: string | null,
  expectedChallenge?: string,
): Promise<AuthSession<S>> {
  if (row === undefined || (clientId !== null && row.client_id !== clientId)) return expired();
  if (new Date(row.expires_at) <= ctx.clock.now()) {
    await ctx.db.query('DELETE FROM auth_sessions WHERE id = $1', [row.id]);
    return expired();
  }
  if (expectedChallenge !== undefined && row.challenge_name !== expectedChallenge) return expired();
  // A session at the attempt limit is over even if the delete that ends it never ran (a process
  // killed between recordAuthSessionFailure's two statements).
  if (Number(row.attempts) >= ctx.config.authSessionMaxAttempts) return expired();
  return {
    id: row.id,
    poolId: row.pool_id,
    clientId: row.client_id,
    userSub: row.user_sub,
    challengeName: row.challenge_name,
    state: openSessionState<S>(ctx.secrets, row.id, row.state),
    attempts: Number(row.attempts),
    expiresAt: new Date(row.expires_at),
  };
}

/**
 * Moves a session to its next challenge under a new Session string (the old string stops working);
 * attempts and expiry carry over. Returns the new string.
 */
export async function advanceAuthSession<S extends object>(
  ctx: Pick<OperationContext, 'db' | 'clock' | 'secrets'>,
  current: AuthSession<object>,
  next: { challengeName: string; state: S; userSub?: string | null; clearFailures?: readonly string[]; guessKey?: string | null },
  q: Queryable = ctx.db,
): Promise<string> {
  const session = randomBytes(64).toString('base64url');
  const id = hashSession(session);
  const rows = await q.query(
    `${clearingCte(next.clearFailures, 7)} UPDATE auth_sessions SET id = $2, challenge_name = $3, state = $4, user_sub = COALESCE($5, user_sub), guess_key = $6 WHERE id = $1 RETURNING 1`,
    [current.id, id, next.challengeName, sealState(ctx.secrets, id, next.state), next.userSub ?? null, next.guessKey ?? null, ...clearingParams(next.clearFailures)],
  );
  if (rows.length === 0) return expired();
  return session;
}

/**
 * Counts a wrong answer. When AUTH_SESSION_MAX_ATTEMPTS is reached the session is deleted and
 * NotAuthorizedException is thrown; otherwise returns the attempts used so far.
 */
export async function recordAuthSessionFailure(ctx: Pick<OperationContext, 'db' | 'config'>, current: AuthSession<object>): Promise<number> {
  const rows = await ctx.db.query<{ attempts: number }>('UPDATE auth_sessions SET attempts = attempts + 1 WHERE id = $1 RETURNING attempts::int AS attempts', [current.id]);
  const attempts = Number(rows[0]?.attempts ?? ctx.config.authSessionMaxAttempts);
  if (attempts >= ctx.config.authSessionMaxAttempts) {
    await ctx.db.query('DELETE FROM auth_sessions WHERE id = $1', [current.id]);
    throw fail('NotAuthorizedException', 'Invalid session for the user, session is expired.');
  }
  return attempts;
}

/** Ends a session (sign-in finished or abandoned). */
export async function endAuthSession(ctx: Pick<OperationContext, 'db'>, current: Pick<AuthSession<object>, 'id'>, q: Queryable = ctx.db): Promise<void> {
  await q.query('DELETE FROM auth_sessions WHERE id = $1', [current.id]);
}

/** Deletes expired sessions. */
export async function pruneAuthSessions(ctx: Pick<OperationContext, 'db' | 'clock'>): Promise<void> {
  await ctx.db.query('DELETE FROM auth_sessions WHERE expires_at <= $1', [ctx.clock.now()]);
}

// PreventUserExistenceErrors for codes: ForgotPassword and ResendConfirmationCode answer a name no
// user has as if a code went out, and ConfirmForgotPassword / ConfirmSignUp then answer guesses at
// that code exactly as they would for a real one (CodeMismatchException, LimitExceededException at
// the last try, ExpiredCodeException once it expired or when none was "sent"). The "sent" code is
// remembered only as an HMAC-keyed, expiring attempt counter in sign_in_failures: bounded by the
// request limits and gone after CODE_TTL_SECONDS, and no name is stored.
import { createHmac } from 'node:crypto';
import { fail } from '../../errors/catalogue.js';
import { decoyIdentity } from '../auth/srp-exchange/srp-exchange.js';
import { addSeconds } from '../../time/clock.js';
import type { OperationContext } from '../operations/operation-context.js';
import { maskDestination, type CodeDeliveryDetails } from './code-delivery.js';
import type { CodePurpose } from './one-time-codes.js';
import type { PoolRecord } from '../pools/pool-repository.js';

type Ctx = Pick<OperationContext, 'db' | 'clock' | 'config' | 'limits'>;
type Pool = Pick<PoolRecord, 'id' | 'settings'>;

// Keyed by the name's stand-in identity (decoyIdentity), which the identity itself shares as a login.
function decoyKey(ctx: Ctx, pool: Pool, login: string, purpose: CodePurpose): string {
  return `code?${createHmac('sha256', ctx.config.codePepper).update(`${purpose}|${pool.id}|${decoyIdentity(ctx.config.codePepper, pool, login)}`).digest('base64url')}`;
}

const LETTERS = 'abcdefghijklmnopqrstuvwxyz';

/** A masked email that stays the same for a name ("k***@p***"), as a real user's masked address would. */
function decoyDestination(ctx: Ctx, pool: Pool, login: string): string {
  if (login.includes('@')) return maskDestination(login);
  const bytes = createHmac('sha256', ctx.config.codePepper).update(`decoy-destination|${pool.id}|${decoyIdentity(ctx.config.codePepper, pool, login)}`).digest();
  return `${LETTERS[(bytes[0] ?? 0) % 26] ?? 'a'}***@${LETTERS[(bytes[1] ?? 0) % 26] ?? 'a'}***`;
}

/** "Sends" a code to a name no user has: remembers it for guessing and returns simulated delivery details. */
export async function sendDecoyCode(ctx: Ctx, pool: Pool, login: string, purpose: CodePurpose): Promise<CodeDeliveryDetails> {
  const key = decoyKey(ctx, pool, login, purpose);
  // Real sends are limited per user and purpose (code-delivery.ts): so are these.
  await ctx.limits.assertCodeSendAllowed(key, purpose);
  const now = ctx.clock.now();
  await ctx.db.query(
    `INSERT INTO sign_in_failures (key, failures, locked_until, expires_at) VALUES ($1, 0, $2, $3)
     ON CONFLICT (key) DO UPDATE SET failures = 0, locked_until = EXCLUDED.locked_until, expires_at = EXCLUDED.expires_at`,
    [key, now, addSeconds(now, ctx.config.codeTtlSeconds)],
  );
  return { Destination: decoyDestination(ctx, pool, login), DeliveryMedium: 'EMAIL', AttributeName: 'email' };
}

/** A guess at the code "sent" to a name no user has: always wrong, answered as consumeCode answers a wrong guess. */
export async function guessDecoyCode(ctx: Ctx, pool: Pool, login: string, purpose: CodePurpose): Promise<never> {
  const key = decoyKey(ctx, pool, login, purpose);
  const max = ctx.config.codeMaxAttempts;
  const burned = await ctx.db.query<{ failures: number; expires_at: Date }>(
    'UPDATE sign_in_failures SET failures = failures + 1 WHERE key = $1 AND failures < $2 RETURNING failures::int AS failures, expires_at',
    [key, max],
  );
  const row = burned[0];
  if (row === undefined) {
    const exists = await ctx.db.query('SELECT 1 FROM sign_in_failures WHERE key = $1 AND expires_at > $2', [key, ctx.clock.now()]);
    if (exists.length > 0) throw fail('LimitExceededException', 'Attempt limit exceeded, please try after some time.');
    throw fail('ExpiredCodeException', 'Invalid code provided, please request a code again.');
  }
  if (new Date(row.expires_at) <= ctx.clock.now()) {
    await ctx.db.query('DELETE FROM sign_in_failures WHERE key = $1', [key]);
    throw fail('ExpiredCodeException', 'Invalid code provided, please request a code again.');
  }
  if (Number(row.failures) >= max) throw fail('LimitExceededException', 'Attempt limit exceeded, please try after some time.');
  throw fail('CodeMismatchException', 'Invalid verification code provided, please try again.');
}

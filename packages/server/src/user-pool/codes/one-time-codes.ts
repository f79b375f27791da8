// Six-digit codes sent by email or SMS. Only an HMAC-SHA256 (keyed with CODE_PEPPER, bound to the
// user and purpose) is stored; checking burns one attempt *before* comparing, in one atomic
// UPDATE, so parallel guesses cannot exceed the attempt limit; comparison is constant-time.
import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import type { Queryable } from '../../db/database.js';
import { fail } from '../../errors/catalogue.js';
import { addSeconds } from '../../time/clock.js';
import type { OperationContext } from '../operations/operation-context.js';
import type { UserRecord } from '../users/user-repository.js';

/** What a code is for; one live code per user and purpose (a new one replaces the old). */
export type CodePurpose = 'SIGN_UP' | 'FORGOT_PASSWORD' | 'MFA_SMS' | 'MFA_EMAIL' | 'EMAIL_OTP_SIGN_IN' | 'SMS_OTP_SIGN_IN' | `VERIFY_ATTRIBUTE:${string}`;

/** A fresh uniformly random 6-digit code. */
export function generateCode(): string {
  return randomInt(0, 1_000_000).toString().padStart(6, '0');
}

/** The stored form of a code: HMAC-SHA256(pepper, sub|purpose|code), hex. */
export function hashCode(pepper: string, userSub: string, purpose: string, code: string): string {
  return createHmac('sha256', pepper).update(`${userSub}|${purpose}|${code}`).digest('hex');
}

/** Stores a new code for the user and purpose (replacing any earlier one) and returns it in clear for sending. */
export async function issueCode(
  ctx: Pick<OperationContext, 'db' | 'config' | 'clock'>,
  args: { user: Pick<UserRecord, 'sub'>; purpose: CodePurpose; destination: string; ttlSeconds?: number },
  q: Queryable = ctx.db,
): Promise<string> {
  const code = generateCode();
  const now = ctx.clock.now();
  await q.query(
    `INSERT INTO one_time_codes (user_sub, purpose, destination, code_hash, expires_at, attempts, created_at)
     VALUES ($1, $2, $3, $4, $5, 0, $6)
     ON CONFLICT (user_sub, purpose) DO UPDATE SET destination = EXCLUDED.destination, code_hash = EXCLUDED.code_hash,
       expires_at = EXCLUDED.expires_at, attempts = 0, created_at = EXCLUDED.created_at`,
    [args.user.sub, args.purpose, args.destination, hashCode(ctx.config.codePepper, args.user.sub, args.purpose, code), addSeconds(now, args.ttlSeconds ?? ctx.config.codeTtlSeconds), now],
  );
  return code;
}

/**
 * Checks and consumes a code. ExpiredCodeException when there is none or it expired,
 * CodeMismatchException when wrong, LimitExceededException for the wrong guess that uses the last
 * of CODE_MAX_ATTEMPTS tries and for every try after it.
 * On success the code is deleted (single use) and its destination returned. `whenUsed` writes what
 * the code is for in the transaction that deletes it: both happen, or neither (the attempt stays counted).
 */
export async function consumeCode(
  ctx: Pick<OperationContext, 'db' | 'config' | 'clock'>,
  args: { user: Pick<UserRecord, 'sub'>; purpose: CodePurpose; code: string; maxAttempts?: number; whenUsed?: (tx: Queryable, destination: string) => Promise<unknown> },
): Promise<{ destination: string }> {
  const max = args.maxAttempts ?? ctx.config.codeMaxAttempts;
  const burned = await ctx.db.query<{ code_hash: string; expires_at: Date; destination: string; attempts: number }>(
    `UPDATE one_time_codes SET attempts = attempts + 1
      WHERE user_sub = $1 AND purpose = $2 AND attempts < $3
      RETURNING code_hash, expires_at, destination, attempts::int AS attempts`,
    [args.user.sub, args.purpose, max],
  );
  const row = burned[0];
  if (row === undefined) {
    const exists = await ctx.db.query('SELECT 1 FROM one_time_codes WHERE user_sub = $1 AND purpose = $2', [args.user.sub, args.purpose]);
    if (exists.length > 0) throw fail('LimitExceededException', 'Attempt limit exceeded, please try after some time.');
    throw fail('ExpiredCodeException', 'Invalid code provided, please request a code again.');
  }
  if (new Date(row.expires_at) <= ctx.clock.now()) {
    await ctx.db.query('DELETE FROM one_time_codes WHERE user_sub = $1 AND purpose = $2', [args.user.sub, args.purpose]);
    throw fail('ExpiredCodeException', 'Invalid code provided, please request a code again.');
  }
  const given = Buffer.from(hashCode(ctx.config.codePepper, args.user.sub, args.purpose, args.code.trim()), 'hex');
  const stored = Buffer.from(row.code_hash, 'hex');
  if (given.length !== stored.length || !timingSafeEqual(given, stored)) {
    // The guess that used up the last attempt already says so.
    if (Number(row.attempts) >= max) throw fail('LimitExceededException', 'Attempt limit exceeded, please try after some time.');
    throw fail('CodeMismatchException', 'Invalid verification code provided, please try again.');
  }
  // Delete only this very code: a concurrent success or a replacement code makes this a no-op.
  const use = async (q: Queryable): Promise<boolean> => {
    const deleted = await q.query('DELETE FROM one_time_codes WHERE user_sub = $1 AND purpose = $2 AND code_hash = $3 RETURNING 1', [args.user.sub, args.purpose, row.code_hash]);
    if (deleted.length > 0) await args.whenUsed?.(q, row.destination);
    return deleted.length > 0;
  };
  const used = args.whenUsed === undefined ? await use(ctx.db) : await ctx.db.transaction(use);
  if (!used) throw fail('ExpiredCodeException', 'Invalid code provided, please request a code again.');
  return { destination: row.destination };
}

/** Voids the live code of a user for a purpose, if any. */
export async function discardCode(ctx: Pick<OperationContext, 'db'>, userSub: string, purpose: CodePurpose): Promise<void> {
  await ctx.db.query('DELETE FROM one_time_codes WHERE user_sub = $1 AND purpose = $2', [userSub, purpose]);
}

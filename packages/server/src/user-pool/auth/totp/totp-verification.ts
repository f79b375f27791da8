// Checking a user's TOTP code against a secret, with one step of tolerance either side and no
// replay: the accepted time step is recorded in used_totp_steps (atomically, so two requests
// racing with the same code cannot both pass).
import { SqlParams } from '../../../db/sql-params.js';
import type { SecretBox } from '../../../sealing/secret-box.js';
import type { OperationContext } from '../../operations/operation-context.js';
import { matchTotpStep, totpStep } from './totp.js';

/** Seals a user's TOTP secret (base32) for users.totp_secret / totp_pending_secret: a database reader must not be able to answer TOTP MFA. */
export function sealTotpSecret(secrets: SecretBox, userSub: string, base32: string): string {
  return secrets.seal(`totp:${userSub}`, base32);
}

/** Opens a TOTP secret sealed by sealTotpSecret. */
export function openTotpSecret(secrets: SecretBox, userSub: string, sealed: string): string {
  return secrets.open(`totp:${userSub}`, sealed);
}

/** Steps of clock drift tolerated either side of now. */
export const TOTP_WINDOW = 1;

/** The time step `code` is the TOTP of (± TOTP_WINDOW around `now`), or undefined; whether it was used before is the database's to say. */
export function matchTotpCode(secret: string, code: string, now: Date): bigint | undefined {
  return matchTotpStep(secret, code.trim(), now, { window: TOTP_WINDOW });
}

/**
 * Two CTEs recording that `userSub` used `step`: the user's steps older than the window are
 * forgotten (they can never match again), and `name` returns a row only when the step was new.
 */
export function recordTotpStepCtes(params: SqlParams, name: string, args: { userSub: string; step: bigint; now: Date }): string[] {
  const sub = params.add(args.userSub);
  return [
    `${name}_pruned AS (DELETE FROM used_totp_steps WHERE user_sub = ${sub}::uuid AND step < ${params.add((totpStep(args.now) - BigInt(TOTP_WINDOW + 1)).toString())}::bigint)`,
    `${name} AS (INSERT INTO used_totp_steps (user_sub, step, used_at) VALUES (${sub}::uuid, ${params.add(args.step.toString())}::bigint, ${params.add(args.now)}::timestamptz)
      ON CONFLICT (user_sub, step) DO NOTHING RETURNING 1)`,
  ];
}

/** Records the user's use of `step` (one round trip); false when it was used before (a replayed code). */
export async function recordTotpStep(ctx: Pick<OperationContext, 'db'>, userSub: string, step: bigint, now: Date): Promise<boolean> {
  const params = new SqlParams();
  const fresh = await ctx.db.query(`WITH ${recordTotpStepCtes(params, 'fresh_step', { userSub, step, now }).join(', ')} SELECT 1 FROM fresh_step`, params.values);
  return fresh.length > 0;
}

/** True when `code` is the current TOTP of the sealed `secret` (± one step) and its step was not used before by this user. */
export async function acceptTotpCode(ctx: Pick<OperationContext, 'db' | 'clock' | 'secrets'>, userSub: string, sealedSecret: string, code: string): Promise<boolean> {
  const now = ctx.clock.now();
  const step = matchTotpCode(openTotpSecret(ctx.secrets, userSub, sealedSecret), code, now);
  if (step === undefined) return false;
  return recordTotpStep(ctx, userSub, step, now);
}

// Checking a user's TOTP code against a secret, with one step of tolerance either side and no
// replay: the accepted time step is recorded in used_totp_steps (atomically, so two requests
// racing with the same code cannot both pass).
import type { OperationContext } from '../../operations/operation-context.js';
import { matchTotpStep, totpStep } from './totp.js';

/** Steps of clock drift tolerated either side of now. */
export const TOTP_WINDOW = 1;

/** True when `code` is the current TOTP of `secret` (± one step) and its step was not used before by this user. */
export async function acceptTotpCode(ctx: Pick<OperationContext, 'db' | 'clock'>, userSub: string, secret: string, code: string): Promise<boolean> {
  const now = ctx.clock.now();
  const step = matchTotpStep(secret, code.trim(), now, { window: TOTP_WINDOW });
  if (step === undefined) return false;
  // One round trip: forget steps older than the window (they can never match again), record this one.
  const fresh = await ctx.db.query(
    `WITH pruned AS (DELETE FROM used_totp_steps WHERE user_sub = $1 AND step < $4)
     INSERT INTO used_totp_steps (user_sub, step, used_at) VALUES ($1, $2, $3) ON CONFLICT (user_sub, step) DO NOTHING RETURNING 1`,
    [userSub, step.toString(), now, (totpStep(now) - BigInt(TOTP_WINDOW + 1)).toString()],
  );
  return fresh.length > 0;
}

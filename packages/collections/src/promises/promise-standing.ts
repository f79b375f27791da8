// What a re-evaluated promise means for the desk: it broke now (a follow-up and a notification are
// due), it was made whole (its arrears paid while the schedule runs, so it is no longer broken), or it
// was kept; and whether the account's broken-promise marker (the work queue's second tier) stays.
import type { PromiseStatus } from './promise-types.js';

/** How a promise's standing changed between its stored status and its evaluation. */
export interface PromiseStandingChange {
  /** Broken now and not before: the break the desk acts on (once). */
  readonly broke: boolean;
  /** Broken before and not now: the arrears were paid within the schedule. */
  readonly madeWhole: boolean;
  /** Kept now and not before. */
  readonly kept: boolean;
}

/** The change from a promise's stored status to its evaluated one (a cancelled promise is not re-evaluated). */
export function promiseStandingChange(stored: string, evaluated: PromiseStatus): PromiseStandingChange {
  return {
    broke: evaluated === 'broken' && stored !== 'broken',
    madeWhole: stored === 'broken' && (evaluated === 'active' || evaluated === 'kept'),
    kept: evaluated === 'kept' && stored !== 'kept',
  };
}

/** One promise of an account across a re-evaluation. */
export interface PromiseStanding {
  /** Its status before. */
  readonly stored: string;
  /** Its status after (a cancelled promise keeps 'cancelled'). */
  readonly evaluated: string;
  /** When it last broke, as stored before the re-evaluation. */
  readonly brokenAt: Date | null;
}

/**
 * The account's broken-promise marker (AccountMdl.brokenPromiseAt) after its promises were evaluated
 * at `now`: `now` when one of them broke; null when one was made whole, unless another is still
 * broken and broke after it (that later break is still unanswered); otherwise `current` (taking a new
 * promise or completing the broken-promise follow-up clears it elsewhere).
 */
export function brokenPromiseMarker(current: Date | null, standings: readonly PromiseStanding[], now: Date): Date | null {
  const changes = standings.map((s) => ({ ...s, change: promiseStandingChange(s.stored, s.evaluated as PromiseStatus) }));
  if (changes.some((s) => s.change.broke)) return now;
  const mended = changes.filter((s) => s.change.madeWhole);
  if (mended.length === 0) return current;
  const lastMended = Math.max(...mended.map((s) => s.brokenAt?.getTime() ?? Number.NEGATIVE_INFINITY));
  const unansweredLater = changes.some((s) => s.stored === 'broken' && s.evaluated === 'broken' && (s.brokenAt?.getTime() ?? Number.NEGATIVE_INFINITY) > lastMended);
  return unansweredLater ? current : null;
}

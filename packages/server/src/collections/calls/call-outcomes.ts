// The outcomes a collector records for a call and what each one means for the rules. Mirrors the
// contract of @steward/collections (callOutcomeEffects) until that package is merged in.

/** Every call outcome, in the order the desk offers them. */
export const CALL_OUTCOMES = ['right_party', 'promise', 'refused', 'wrong_number', 'no_answer', 'left_message', 'dispute', 'cease_request'] as const;

/** One call outcome. */
export type CallOutcome = (typeof CALL_OUTCOMES)[number];

/** What an outcome sets in motion. */
export interface CallOutcomeEffects {
  /** A conversation about the debt took place: Regulation F's post-conversation cooldown starts. */
  readonly conversation: boolean;
  readonly rightParty: boolean;
  /** The debtor disputes the debt: the account becomes disputed. */
  readonly opensDispute: boolean;
  /** The debtor asked us to stop: do-not-contact on every channel. */
  readonly ceasesContact: boolean;
}

/** True for a known outcome. */
export function isCallOutcome(value: string): value is CallOutcome {
  return (CALL_OUTCOMES as readonly string[]).includes(value);
}

/** The effects of an outcome. */
export function callOutcomeEffects(outcome: CallOutcome): CallOutcomeEffects {
  const conversation = outcome === 'right_party' || outcome === 'promise' || outcome === 'refused' || outcome === 'dispute' || outcome === 'cease_request';
  return { conversation, rightParty: conversation, opensDispute: outcome === 'dispute', ceasesContact: outcome === 'cease_request' };
}

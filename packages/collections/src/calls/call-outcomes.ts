// What a collector's call came to, and what each outcome means for the rules: whether it was a
// conversation with the debtor (Regulation F's 7-day cooldown after a telephone conversation about
// the debt, 12 CFR 1006.14(b)(2)(ii)), and whether it opens a dispute or ends contact.

/** Every outcome a collector can record for a call. */
export const CALL_OUTCOMES = ['right_party', 'promise', 'refused', 'wrong_number', 'no_answer', 'left_message', 'dispute', 'cease_request'] as const;

/** One call outcome. */
export type CallOutcome = (typeof CALL_OUTCOMES)[number];

/** What an outcome changes. */
export interface CallOutcomeEffects {
  /** A telephone conversation with the debtor: starts Regulation F's post-conversation cooldown. */
  readonly conversation: boolean;
  /** The collector reached the person who owes the debt. */
  readonly rightParty: boolean;
  /** The debtor disputes the debt: the account becomes disputed and collection contacts stop. */
  readonly opensDispute: boolean;
  /** The debtor asked for no more contact: do-not-contact on every channel. */
  readonly ceasesContact: boolean;
}

// Every outcome in which the collector spoke with the debtor is a conversation, whatever was said;
// a wrong number, no answer or a voicemail is an attempt only.
const EFFECTS: Readonly<Record<CallOutcome, CallOutcomeEffects>> = {
  right_party: { conversation: true, rightParty: true, opensDispute: false, ceasesContact: false },
  promise: { conversation: true, rightParty: true, opensDispute: false, ceasesContact: false },
  refused: { conversation: true, rightParty: true, opensDispute: false, ceasesContact: false },
  wrong_number: { conversation: false, rightParty: false, opensDispute: false, ceasesContact: false },
  no_answer: { conversation: false, rightParty: false, opensDispute: false, ceasesContact: false },
  left_message: { conversation: false, rightParty: false, opensDispute: false, ceasesContact: false },
  dispute: { conversation: true, rightParty: true, opensDispute: true, ceasesContact: false },
  cease_request: { conversation: true, rightParty: true, opensDispute: false, ceasesContact: true },
};

/** What recording `outcome` means: conversation (cooldown), right party, dispute, cease contact. */
export function callOutcomeEffects(outcome: CallOutcome): CallOutcomeEffects {
  return EFFECTS[outcome];
}

/** Whether text is one of CALL_OUTCOMES (for outcomes arriving as strings). */
export function isCallOutcome(text: string): text is CallOutcome {
  return (CALL_OUTCOMES as readonly string[]).includes(text);
}

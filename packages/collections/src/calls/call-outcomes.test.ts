import { describe, expect, it } from 'vitest';
import { CALL_OUTCOMES, callOutcomeEffects, isCallOutcome } from './call-outcomes.js';

describe('call outcomes', () => {
  it('counts a call as a Regulation F conversation only when the collector spoke with the debtor', () => {
    const conversations = CALL_OUTCOMES.filter((o) => callOutcomeEffects(o).conversation);
    expect(conversations).toEqual(['right_party', 'promise', 'refused', 'dispute', 'cease_request']);
    expect(CALL_OUTCOMES.filter((o) => callOutcomeEffects(o).rightParty)).toEqual(conversations);
  });

  it('opens a dispute only on a dispute and ends contact only on a cease request', () => {
    expect(CALL_OUTCOMES.filter((o) => callOutcomeEffects(o).opensDispute)).toEqual(['dispute']);
    expect(CALL_OUTCOMES.filter((o) => callOutcomeEffects(o).ceasesContact)).toEqual(['cease_request']);
  });

  it('recognises outcome names arriving as text', () => {
    expect(isCallOutcome('left_message')).toBe(true);
    expect(isCallOutcome('voicemail')).toBe(false);
  });
});

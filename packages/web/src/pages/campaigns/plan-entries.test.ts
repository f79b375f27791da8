import { describe, expect, it } from 'vitest';
import { campaignCounts, isOpenTask, outcomeLabel, outcomesFor, parseReasons, reasonsInWords } from './plan-entries';

describe('reasonsInWords', () => {
  it("shows the server's message and names rules it does not already mention", () => {
    const reasons = JSON.stringify([
      { code: 'OUTSIDE_CONTACT_HOURS', message: 'Calls are allowed only 08:00–21:00 in America/Denver.', sources: ['FDCPA/Regulation F'] },
      { code: 'CHANNEL_NOT_ALLOWED', message: 'Calls are not allowed for this account (state MA).', sources: ['state MA'] },
    ]);
    expect(reasonsInWords(reasons)).toEqual(['Calls are allowed only 08:00–21:00 in America/Denver. (FDCPA/Regulation F)', 'Calls are not allowed for this account (state MA).']);
  });

  it('falls back to words for the code when a reason has no message', () => {
    expect(reasonsInWords([{ code: 'ACCOUNT_DISPUTED' }])).toEqual(['The debt is disputed; contacts wait until the dispute is resolved.']);
    expect(reasonsInWords([{ code: 'NO_ADDRESS' }])).toEqual(['The consumer has no postal address on file (street, city and ZIP code or state).']);
    expect(reasonsInWords([{ code: 'SOMETHING_NEW' }])).toEqual(['SOMETHING_NEW']);
  });

  it('reads nothing from text that is not a list of reasons', () => {
    expect(parseReasons('not json')).toEqual([]);
    expect(parseReasons(null)).toEqual([]);
    expect(parseReasons('{"code":"X"}')).toEqual([]);
  });
});

describe('entries and campaigns in words', () => {
  it('treats only calls and letters waiting as tasks as open tasks', () => {
    expect(isOpenTask({ status: 'task', channel: 'call' })).toBe(true);
    expect(isOpenTask({ status: 'task', channel: 'letter' })).toBe(true);
    expect(isOpenTask({ status: 'done', channel: 'call' })).toBe(false);
    expect(isOpenTask({ status: 'task', channel: 'sms' })).toBe(false);
  });

  it('labels outcomes and a campaign that was never planned', () => {
    expect(outcomeLabel('no-answer')).toBe('No answer');
    expect(outcomeLabel('custom')).toBe('custom');
    expect(campaignCounts({ plannedCount: null, lastPlannedAt: null })).toBe('Not planned yet');
    expect(campaignCounts({ plannedCount: 12, refusedCount: 2, lastPlannedAt: '2026-11-26T10:00:00Z' })).toBe('12 planned, 2 refused');
    // Big counts are grouped like every other number of the app ("30,225 accounts"), not "30173 refused".
    expect(campaignCounts({ plannedCount: 30_225, refusedCount: 30_173, lastPlannedAt: '2026-11-26T10:00:00Z' })).toBe('30,225 planned, 30,173 refused');
  });

  it('offers call outcomes for a call and letter outcomes for a letter, never "Letter mailed" for a call', () => {
    expect(outcomesFor('call').map((option) => option.label)).toEqual(['Reached the consumer', 'Promise to pay', 'Left a message', 'No answer', 'Wrong number']);
    expect(outcomesFor('letter').map((option) => option.label)).toEqual(['Letter mailed', 'Letter returned']);
  });
});

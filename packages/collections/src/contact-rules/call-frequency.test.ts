import { describe, expect, it } from 'vitest';
import { ManualClock } from '../../test/manual-clock.js';
import type { ContactDecision, ContactHistoryEntry, ContactRefusalCode } from './contact-types.js';
import type { ContactCheck } from './evaluate-contact.js';
import { evaluateContact, nextAllowedInstant } from './evaluate-contact.js';
import { locationData } from '../../test/location-data.js';

const clock = new ManualClock(new Date('2026-01-01T00:00:00Z'));
const codes = (decision: ContactDecision): ContactRefusalCode[] => (decision.allowed ? [] : decision.reasons.map((r) => r.code));
const call = (at: string, extra: Partial<ContactHistoryEntry> = {}): ContactHistoryEntry => ({ at: new Date(at), channel: 'call', ...extra });
// A New York consumer: EDT (UTC-4) through April and August 2026.
const check = (at: string, history: ContactHistoryEntry[], subject: Partial<ContactCheck> = {}): ContactRefusalCode[] =>
  codes(evaluateContact({ channel: 'call', account: { id: 'acc-1', zipCode: '10001' }, history, ...subject, at: new Date(at) }, { clock, locationData }));

// Regulation F comment 14(b)(2)(i)-1.i: seven calls from Wednesday April 1 to Tuesday April 7.
const sevenCallsApril1To7 = ['01', '02', '03', '04', '05', '06', '07'].map((d) => call(`2026-04-${d}T14:00:00Z`));

describe('Regulation F call frequency (7 calls in 7 consecutive days, per debt)', () => {
  it('refuses an eighth call within the seven consecutive days and allows it on the eighth day', () => {
    expect(check('2026-04-07T18:00:00Z', sevenCallsApril1To7)).toEqual(['CALL_LIMIT_REACHED']);
    expect(check('2026-04-08T12:00:00Z', sevenCallsApril1To7)).toEqual([]);
  });

  it('allows the seventh call and refuses the eighth on the same day', () => {
    const six = sevenCallsApril1To7.slice(0, 6);
    expect(check('2026-04-06T20:00:00Z', six)).toEqual([]);
    expect(check('2026-04-06T20:00:00Z', [...six, call('2026-04-06T19:00:00Z')])).toEqual(['CALL_LIMIT_REACHED']);
  });

  it('counts days on the consumer local calendar, not the UTC one', () => {
    // 20:30 EDT each evening is 00:30Z the next UTC day: by UTC dates the calls would run April 2-8.
    const evenings = ['02', '03', '04', '05', '06', '07', '08'].map((d) => call(`2026-04-${d}T00:30:00Z`));
    expect(check('2026-04-08T12:00:00Z', evenings)).toEqual([]);
    expect(check('2026-04-07T23:00:00Z', evenings)).toEqual(['CALL_LIMIT_REACHED']);
  });

  it('counts later scheduled calls too, so a call slotted between them cannot overfill a later week', () => {
    const scheduled = ['02', '03', '04', '05', '06', '07', '08'].map((d) => call(`2026-04-${d}T14:00:00Z`));
    expect(check('2026-04-01T14:00:00Z', scheduled)).toEqual([]);
    expect(check('2026-04-05T18:00:00Z', scheduled)).toEqual(['CALL_LIMIT_REACHED']);
    expect(check('2026-04-09T14:00:00Z', scheduled)).toEqual([]);
  });

  it('counts only placed calls about this debt: not excluded calls, inbound calls, other accounts or other channels', () => {
    const history = [
      ...sevenCallsApril1To7.slice(0, 6),
      call('2026-04-03T15:00:00Z', { excludedFromCallLimits: true }),
      call('2026-04-03T16:00:00Z', { direction: 'inbound' }),
      call('2026-04-03T17:00:00Z', { accountId: 'acc-2' }),
      { at: new Date('2026-04-03T18:00:00Z'), channel: 'sms' as const },
    ];
    expect(check('2026-04-07T18:00:00Z', history)).toEqual([]);
    expect(check('2026-04-07T18:00:00Z', [...history, call('2026-04-03T19:00:00Z', { accountId: 'acc-1' })])).toEqual(['CALL_LIMIT_REACHED']);
  });

  it('limits only calls: a text message is not refused for a full week of calls', () => {
    expect(check('2026-04-07T18:00:00Z', sevenCallsApril1To7, { channel: 'sms' })).toEqual([]);
  });

  it('applies a stricter state limit (2 calls in 7 days) to a Massachusetts consumer only', () => {
    const rules = { states: { MA: { callLimits: [{ maxCalls: 2, periodDays: 7 }] } } };
    const two = [call('2026-04-01T14:00:00Z'), call('2026-04-03T14:00:00Z')];
    const boston = { account: { id: 'acc-1', zipCode: '02108' }, rules };
    expect(check('2026-04-07T18:00:00Z', two, boston)).toEqual(['CALL_LIMIT_REACHED']);
    expect(check('2026-04-08T18:00:00Z', two, boston)).toEqual([]);
    expect(check('2026-04-07T18:00:00Z', two, { rules })).toEqual([]);
    const decision = evaluateContact({ channel: 'call', account: boston.account, rules, history: two, at: new Date('2026-04-07T18:00:00Z') }, { clock, locationData });
    expect(decision.allowed ? [] : decision.reasons[0].sources).toEqual(['state MA']);
  });

  it('checks the week on every calendar the consumer may be on when the zone is ambiguous', () => {
    // Florida panhandle (Eastern or Central). 04:30Z is 00:30 EDT on April 8 but 23:30 CDT on April 7.
    const lateCalls = ['02', '03', '04', '05', '06', '07', '08'].map((d) => call(`2026-04-${d}T04:30:00Z`));
    const panhandle = { account: { id: 'acc-1', zipCode: '32321' } };
    // On Central dates the calls run April 1-7, so an April 1 call makes eight in that week; on Eastern dates they run April 2-8.
    expect(check('2026-04-01T14:00:00Z', lateCalls)).toEqual([]);
    expect(check('2026-04-01T14:00:00Z', lateCalls, panhandle)).toEqual(['CALL_LIMIT_REACHED']);
    expect(check('2026-04-09T17:00:00Z', lateCalls, panhandle)).toEqual([]);
  });
});

describe('Regulation F conversation cooldown (no call within 7 consecutive days, the conversation day counting as the first)', () => {
  // Comment 14(b)(2)(i)-1.ii: the consumer calls on Thursday August 13; calling again from Thursday August 20 complies.
  const conversation = call('2026-08-13T15:00:00Z', { direction: 'inbound', conversation: true });

  it('refuses calls through the seventh day and allows them from the eighth', () => {
    expect(check('2026-08-13T19:00:00Z', [conversation])).toEqual(['CONVERSATION_COOLDOWN']);
    expect(check('2026-08-20T00:59:00Z', [conversation])).toEqual(['CONVERSATION_COOLDOWN']);
    expect(check('2026-08-20T12:00:00Z', [conversation])).toEqual([]);
  });

  it('does not hold back calls placed before the conversation on its day', () => {
    expect(check('2026-08-13T13:00:00Z', [conversation])).toEqual([]);
  });

  it('does not hold back texts, emails or letters', () => {
    expect(check('2026-08-14T14:00:00Z', [conversation], { channel: 'sms' })).toEqual([]);
    expect(check('2026-08-14T14:00:00Z', [conversation], { channel: 'letter' })).toEqual([]);
  });

  it('takes the longest cooldown any rule sets', () => {
    const rules = { clients: { C9: { conversationCooldownDays: 10 } } };
    const account = { id: 'acc-1', zipCode: '10001', clientNumber: 'C9' };
    expect(check('2026-08-22T14:00:00Z', [conversation], { account, rules })).toEqual(['CONVERSATION_COOLDOWN']);
    expect(check('2026-08-23T12:00:00Z', [conversation], { account, rules })).toEqual([]);
  });

  it('says when calls may resume, and nextAllowedInstant finds 08:00 local that day', () => {
    const decision = evaluateContact({ channel: 'call', account: { id: 'acc-1', zipCode: '10001' }, history: [conversation], at: new Date('2026-08-14T14:00:00Z') }, { clock, locationData });
    expect(decision.allowed ? '' : decision.reasons[0].message).toContain('calls may resume on 2026-08-20');
    const next = nextAllowedInstant({ channel: 'call', account: { id: 'acc-1', zipCode: '10001' }, history: [conversation] }, { clock, locationData }, { from: new Date('2026-08-14T14:00:00Z') });
    expect(next?.toISOString()).toBe('2026-08-20T12:00:00.000Z');
  });
});

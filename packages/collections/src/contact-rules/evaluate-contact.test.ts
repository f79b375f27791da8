import { describe, expect, it } from 'vitest';
import { ManualClock } from '../../test/manual-clock.js';
import type { ContactDecision, ContactRefusalCode } from './contact-types.js';
import type { ContactCheck } from './evaluate-contact.js';
import { allowedIntervals, allowedIntervalsOnDay, evaluateContact, nextAllowedInstant } from './evaluate-contact.js';
import type { ContactRuleSet } from './rule-set.js';
import { ContactRulesError } from './rule-set.js';
import { locationData } from '../../test/location-data.js';
import { LocationDataMissingError, resolveContactLocation } from './location.js';

// 10:00 EDT on Monday 2026-06-01: inside the federal hours in New York.
const clock = new ManualClock(new Date('2026-06-01T14:00:00Z'));
const codes = (decision: ContactDecision): ContactRefusalCode[] => (decision.allowed ? [] : decision.reasons.map((r) => r.code));
const base: ContactCheck = { channel: 'call', account: { id: 'acc-1', zipCode: '10001', clientNumber: '1001', accountStatus: 'Active' } };
const check = (subject: Partial<ContactCheck> = {}): ContactRefusalCode[] => codes(evaluateContact({ ...base, ...subject }, { clock, locationData }));

describe('evaluateContact', () => {
  it('allows a contact that breaks no rule, at the clock time when no instant is given', () => {
    expect(evaluateContact(base, { clock, locationData })).toEqual({ allowed: true });
  });

  it('refuses every channel of a consumer who asked not to be contacted', () => {
    for (const channel of ['call', 'sms', 'email', 'letter'] as const) expect(check({ channel, consumer: { doNotContact: { all: true } } })).toEqual(['DO_NOT_CONTACT']);
  });

  it('refuses only the channels a consumer opted out of', () => {
    const consumer = { doNotContact: { channels: ['sms' as const, 'email' as const] } };
    expect(check({ channel: 'sms', consumer })).toEqual(['CHANNEL_DO_NOT_CONTACT']);
    expect(check({ channel: 'email', consumer })).toEqual(['CHANNEL_DO_NOT_CONTACT']);
    expect(check({ channel: 'call', consumer })).toEqual([]);
  });

  it('refuses contacts about a disputed account, by flag or by status in any case', () => {
    expect(check({ account: { ...base.account, disputed: true } })).toEqual(['ACCOUNT_DISPUTED']);
    expect(check({ account: { ...base.account, accountStatus: ' DISPUTED ' } })).toEqual(['ACCOUNT_DISPUTED']);
    expect(check({ channel: 'letter', account: { ...base.account, accountStatus: 'Dispute pending' }, rules: { disputedStatuses: ['dispute pending'] } })).toEqual([
      'ACCOUNT_DISPUTED',
    ]);
  });

  it("refuses a channel the account's client does not allow", () => {
    const rules = { clients: { '1001': { blockedChannels: ['call' as const] } } };
    const decision = evaluateContact({ ...base, rules }, { clock, locationData });
    expect(decision).toEqual({ allowed: false, reasons: [{ code: 'CHANNEL_NOT_ALLOWED', message: 'Calls are not allowed for this account (client 1001).', sources: ['client 1001'] }] });
    expect(check({ channel: 'sms', rules })).toEqual([]);
  });

  it('reports every reason at once, each with a message', () => {
    const decision = evaluateContact(
      {
        ...base,
        at: new Date('2026-06-01T03:00:00Z'),
        consumer: { doNotContact: { channels: ['call'] } },
        account: { ...base.account, disputed: true },
        history: [{ at: new Date('2026-05-30T15:00:00Z'), channel: 'call', conversation: true }],
      },
      { clock, locationData },
    );
    expect(codes(decision)).toEqual(['CHANNEL_DO_NOT_CONTACT', 'ACCOUNT_DISPUTED', 'OUTSIDE_CONTACT_HOURS', 'CONVERSATION_COOLDOWN']);
    expect(decision.allowed ? [] : decision.reasons.map((r) => r.message.length > 20)).toEqual([true, true, true, true]);
  });

  it('explains contact hours with the local time in each zone', () => {
    const decision = evaluateContact({ ...base, at: new Date('2026-06-01T11:30:00Z') }, { clock, locationData });
    expect(decision.allowed ? '' : decision.reasons[0].message).toBe(
      "Calls are allowed only 08:00–21:00 in the consumer's local time (FDCPA/Regulation F); it is 07:30 on 2026-06-01 in America/New_York.",
    );
  });

  it('refuses a malformed rule set, campaign or date rather than guessing', () => {
    expect(() => evaluateContact({ ...base, rules: { states: { MA: { hours: { call: { start: '9am', end: '5pm' } } } } } }, { clock, locationData })).toThrow(ContactRulesError);
    expect(() => evaluateContact({ ...base, campaign: { timeZone: 'Mars/Olympus', windows: [] } }, { clock, locationData })).toThrow(ContactRulesError);
    expect(() => evaluateContact({ ...base, history: [{ at: new Date('soon'), channel: 'call' }] }, { clock, locationData })).toThrow(RangeError);
    expect(() => allowedIntervalsOnDay({ ...base, campaign: { timeZone: 'UTC', windows: [] } }, '2026-13-01', { locationData })).toThrow(RangeError);
  });
});

describe('allowed intervals and the next allowed instant', () => {
  it('gives no interval and no next instant to a contact refused at every instant', () => {
    const dnc = { ...base, consumer: { doNotContact: { all: true } } };
    expect(allowedIntervals(dnc, { from: new Date('2026-06-01T00:00:00Z'), to: new Date('2026-06-08T00:00:00Z') }, { locationData })).toEqual([]);
    expect(nextAllowedInstant(dnc, { clock, locationData })).toBeNull();
  });

  it('finds 08:00 local the next morning for a call asked for after 21:00', () => {
    expect(nextAllowedInstant({ ...base, at: new Date('2026-06-02T01:30:00Z') }, { clock, locationData })?.toISOString()).toBe('2026-06-02T12:00:00.000Z');
  });

  it('answers the instant itself when it is already allowed, and starts from the clock by default', () => {
    expect(nextAllowedInstant(base, { clock, locationData })?.toISOString()).toBe('2026-06-01T14:00:00.000Z');
  });

  it('skips a week that is full of calls to the first day with room', () => {
    const history = ['01', '02', '03', '04', '05', '06', '07'].map((d) => ({ at: new Date(`2026-06-${d}T13:00:00Z`), channel: 'call' as const }));
    expect(nextAllowedInstant({ ...base, history }, { clock, locationData })?.toISOString()).toBe('2026-06-08T12:00:00.000Z');
  });

  it('gives up after the horizon when rules leave no time', () => {
    const rules: ContactRuleSet = { clients: { '1001': { excludedWeekdays: ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'] } } };
    expect(nextAllowedInstant({ ...base, rules }, { clock, locationData }, { horizonDays: 10 })).toBeNull();
  });

  it('gives the allowed part of each campaign day, empty on a day the consumer cannot be called', () => {
    const subject = {
      ...base,
      campaign: { timeZone: 'America/Chicago', windows: [{ start: '07:00', end: '12:00' }, { start: '13:00', end: '19:00' }] },
      rules: { clients: { '1001': { excludedDates: ['2026-07-03'] } } },
    };
    const day = (date: string): string[][] => allowedIntervalsOnDay(subject, date, { locationData }).map((i) => [i.start.toISOString(), i.end.toISOString()]);
    // 07:00-12:00 and 13:00-19:00 CDT; the New York consumer is reachable from 08:00 EDT = 07:00 CDT.
    expect(day('2026-07-02')).toEqual([
      ['2026-07-02T12:00:00.000Z', '2026-07-02T17:00:00.000Z'],
      ['2026-07-02T18:00:00.000Z', '2026-07-03T00:00:00.000Z'],
    ]);
    expect(day('2026-07-03')).toEqual([]);
  });
});

describe('a stated time zone that conflicts with the address (issue 21)', () => {
  it('refuses a text at 21:52 New York time to a consumer said to be in Honolulu whose ZIP code is in Manhattan', () => {
    // The issue: time zone Pacific/Honolulu, state IL, ZIP 10004; 21:52 EST is 16:52 in Honolulu but after 21:00 in New York.
    const at = new Date('2026-11-27T02:52:00Z');
    const decision = evaluateContact({ channel: 'sms', account: { id: 'a1', zipCode: '10004' }, consumer: { timeZone: 'Pacific/Honolulu', state: 'IL' }, at }, { clock: new ManualClock(at), locationData });
    expect(decision.allowed).toBe(false);
    const reason = decision.allowed ? undefined : decision.reasons.find((r) => r.code === 'OUTSIDE_CONTACT_HOURS');
    expect(reason?.message).toContain('21:52 on 2026-11-26 in America/New_York');
    expect(reason?.message).not.toContain('Pacific/Honolulu');
  });

  it("refuses a call the phone's area code puts after 21:00, though the stated zone and the address allow it", () => {
    // 20:30 in Chicago, 21:30 in New York, where the 212 number rings.
    const at = new Date('2026-06-02T01:30:00Z');
    const subject = { channel: 'call' as const, account: { id: 'a1', zipCode: '60601' }, consumer: { timeZone: 'America/Chicago', state: 'IL' }, at };
    expect(evaluateContact(subject, { clock: new ManualClock(at), locationData }).allowed).toBe(true);
    expect(evaluateContact({ ...subject, consumer: { ...subject.consumer, phone: '+12125550100' } }, { clock: new ManualClock(at), locationData }).allowed).toBe(false);
    // An email does not ring anywhere: the number's area code does not apply to it.
    expect(evaluateContact({ ...subject, channel: 'email', consumer: { ...subject.consumer, phone: '+12125550100' } }, { clock: new ManualClock(at), locationData }).allowed).toBe(true);
  });
});

describe('a consumer whose location comes resolved (the web app, from the server)', () => {
  it('decides with the resolved location as is, needing no location data, exactly as the server decides from the facts', () => {
    // 20:30 in Chicago, 21:30 in New York, where the 212 number rings.
    const at = new Date('2026-06-02T01:30:00Z');
    const facts = { timeZone: 'America/Chicago', state: 'IL', phone: '+12125550100' };
    const account = { id: 'a1', zipCode: '60601' };
    const location = resolveContactLocation({ ...facts, zipCode: account.zipCode }, locationData);
    const onServer = evaluateContact({ channel: 'call', account, consumer: facts, at }, { clock: new ManualClock(at), locationData });
    const inBrowser = evaluateContact({ channel: 'call', account, consumer: { ...facts, location }, at }, { clock: new ManualClock(at) });
    expect(inBrowser).toEqual(onServer);
    expect(inBrowser.allowed).toBe(false);
    const next = (deps: { locationData?: typeof locationData }) => nextAllowedInstant({ channel: 'call', account, consumer: deps.locationData === undefined ? { ...facts, location } : facts, at }, { clock: new ManualClock(at), ...deps });
    expect(next({})?.toISOString()).toBe(next({ locationData })?.toISOString());
    // A resolved location wins over facts that would point elsewhere: it is used as is.
    const honolulu = { timeZones: ['Pacific/Honolulu'], states: ['HI'], basis: 'time-zone' as const };
    expect(evaluateContact({ channel: 'call', account, consumer: { ...facts, location: honolulu }, at }, { clock: new ManualClock(at) }).allowed).toBe(true);
  });

  it('refuses to guess where a consumer is when a lookup is needed and no location data was given', () => {
    const at = new Date('2026-06-02T15:00:00Z');
    expect(() => evaluateContact({ channel: 'call', account: { id: 'a1', zipCode: '60601' }, at }, { clock: new ManualClock(at) })).toThrow(LocationDataMissingError);
    expect(() => evaluateContact({ channel: 'email', account: { id: 'a1' }, at }, { clock: new ManualClock(at) })).toThrow(LocationDataMissingError);
    // A known zone alone needs no lookup.
    expect(evaluateContact({ channel: 'email', account: { id: 'a1' }, consumer: { timeZone: 'America/Chicago' }, at }, { clock: new ManualClock(at) })).toEqual({ allowed: true });
  });
});

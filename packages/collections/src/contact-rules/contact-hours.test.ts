import { describe, expect, it } from 'vitest';
import { ManualClock } from '../../test/manual-clock.js';
import type { ContactDecision, ContactRefusalCode } from './contact-types.js';
import type { ContactCheck, ContactSubject } from './evaluate-contact.js';
import { allowedIntervals, allowedIntervalsOnDay, evaluateContact } from './evaluate-contact.js';
import { locationData } from '../../test/location-data.js';

const clock = new ManualClock(new Date('2026-01-01T00:00:00Z'));
const codes = (decision: ContactDecision): ContactRefusalCode[] => (decision.allowed ? [] : decision.reasons.map((r) => r.code));
const check = (at: string, subject: Partial<ContactCheck> = {}): ContactRefusalCode[] =>
  codes(evaluateContact({ channel: 'call', account: { id: 'acc-1', zipCode: '10001' }, ...subject, at: new Date(at) }, { clock, locationData }));
const windows = (subject: ContactSubject, from: string, to: string): string[][] =>
  allowedIntervals(subject, { from: new Date(from), to: new Date(to) }, { locationData }).map((i) => [i.start.toISOString(), i.end.toISOString()]);

describe('contact hours in the consumer local time', () => {
  it('allows calls from 08:00 up to but not including 21:00 New York time', () => {
    expect(check('2026-06-01T11:59:59.999Z')).toEqual(['OUTSIDE_CONTACT_HOURS']);
    expect(check('2026-06-01T12:00:00.000Z')).toEqual([]);
    expect(check('2026-06-02T00:59:59.999Z')).toEqual([]);
    expect(check('2026-06-02T01:00:00.000Z')).toEqual(['OUTSIDE_CONTACT_HOURS']);
  });

  it('moves the allowed UTC instants by an hour across the spring-forward day in New York', () => {
    // 12:30Z is 07:30 EST on Saturday and 08:30 EDT on Sunday 2025-03-09.
    expect(check('2025-03-08T12:30:00Z')).toEqual(['OUTSIDE_CONTACT_HOURS']);
    expect(check('2025-03-09T12:30:00Z')).toEqual([]);
    expect(windows({ channel: 'call', account: { id: 'a', zipCode: '10001' } }, '2025-03-08T00:00:00Z', '2025-03-10T00:00:00Z')).toEqual([
      ['2025-03-08T00:00:00.000Z', '2025-03-08T02:00:00.000Z'],
      ['2025-03-08T13:00:00.000Z', '2025-03-09T02:00:00.000Z'],
      ['2025-03-09T12:00:00.000Z', '2025-03-10T00:00:00.000Z'],
    ]);
  });

  it('keeps the fall-back day at 13 allowed hours in New York, from 08:00 EST', () => {
    expect(check('2025-11-02T12:30:00Z')).toEqual(['OUTSIDE_CONTACT_HOURS']);
    expect(windows({ channel: 'call', account: { id: 'a', zipCode: '10001' } }, '2025-11-02T04:00:00Z', '2025-11-03T04:00:00Z')).toEqual([
      ['2025-11-02T13:00:00.000Z', '2025-11-03T02:00:00.000Z'],
    ]);
  });

  it('tells Denver (daylight-saving time) from Phoenix (none) in summer', () => {
    // 14:30Z on 2025-07-01 is 08:30 MDT in Denver but 07:30 MST in Phoenix.
    expect(check('2025-07-01T14:30:00Z', { consumer: { timeZone: 'America/Denver' } })).toEqual([]);
    expect(check('2025-07-01T14:30:00Z', { consumer: { timeZone: 'America/Phoenix' } })).toEqual(['OUTSIDE_CONTACT_HOURS']);
    expect(check('2025-07-01T15:00:00Z', { consumer: { timeZone: 'America/Phoenix' } })).toEqual([]);
    // In winter both are UTC-7.
    expect(check('2025-01-15T15:00:00Z', { consumer: { timeZone: 'America/Denver' } })).toEqual([]);
    expect(check('2025-01-15T14:59:00Z', { consumer: { timeZone: 'America/Phoenix' } })).toEqual(['OUTSIDE_CONTACT_HOURS']);
  });

  it('requires the hours in both zones for a Navajo Nation ZIP code (Denver and Phoenix time)', () => {
    const navajo = { account: { id: 'a', zipCode: '86045' } };
    expect(check('2025-07-01T14:30:00Z', navajo)).toEqual(['OUTSIDE_CONTACT_HOURS']);
    expect(check('2025-07-01T15:00:00Z', navajo)).toEqual([]);
    // 21:00 MDT is 03:00Z; Phoenix is then at 20:00 but Denver's evening has ended.
    expect(check('2025-07-02T03:00:00Z', navajo)).toEqual(['OUTSIDE_CONTACT_HOURS']);
  });

  it('requires the hours on both sides of the line for a ZIP code in a split state', () => {
    const panhandle = { account: { id: 'a', zipCode: '32321' } };
    // 12:30Z in July: 08:30 EDT but 07:30 CDT.
    expect(check('2025-07-01T12:30:00Z', panhandle)).toEqual(['OUTSIDE_CONTACT_HOURS']);
    expect(check('2025-07-01T13:00:00Z', panhandle)).toEqual([]);
    expect(check('2025-07-02T00:59:00Z', panhandle)).toEqual([]);
    expect(check('2025-07-02T01:00:00Z', panhandle)).toEqual(['OUTSIDE_CONTACT_HOURS']);
  });

  it('allows a consumer of unknown location only when it is 08:00-21:00 in every US zone, Guam and Samoa included', () => {
    const nowhere = { account: { id: 'a' } };
    // 22:30Z in July: 18:30 EDT, but 07:30 in Palau (UTC+9).
    expect(check('2025-07-01T22:30:00Z', nowhere)).toEqual(['OUTSIDE_CONTACT_HOURS']);
    expect(check('2025-07-01T23:30:00Z', nowhere)).toEqual([]);
    // 01:00Z is 21:00 in Puerto Rico.
    expect(check('2025-07-02T01:00:00Z', nowhere)).toEqual(['OUTSIDE_CONTACT_HOURS']);
    const decision = evaluateContact({ channel: 'call', account: { id: 'a' }, at: new Date('2025-07-01T22:30:00Z') }, { clock, locationData });
    expect(decision.allowed ? '' : decision.reasons[0].message).toContain('Pacific/Palau');
  });

  it('puts no hour limit on letters, and the same one on texts and emails as on calls', () => {
    expect(check('2026-06-01T06:00:00Z', { channel: 'letter' })).toEqual([]);
    expect(check('2026-06-01T06:00:00Z', { channel: 'sms' })).toEqual(['OUTSIDE_CONTACT_HOURS']);
    expect(check('2026-06-01T06:00:00Z', { channel: 'email' })).toEqual(['OUTSIDE_CONTACT_HOURS']);
  });

  it('applies a stricter state hours rule to consumers in that state only', () => {
    const rules = { states: { WA: { hours: { call: { start: '09:00', end: '20:00' } } } } };
    // 15:30Z in June is 08:30 PDT: inside the federal hours, before Washington's 09:00 (Seattle, not Portland).
    expect(check('2026-06-01T15:30:00Z', { account: { id: 'a', zipCode: '98101' }, rules })).toEqual(['OUTSIDE_CONTACT_HOURS']);
    expect(check('2026-06-01T16:30:00Z', { account: { id: 'a', zipCode: '98101' }, rules })).toEqual([]);
    expect(check('2026-06-01T15:30:00Z', { account: { id: 'a', zipCode: '97201' }, rules })).toEqual([]);
  });

  it('refuses local weekdays and dates a rule excludes, by the consumer calendar', () => {
    const rules = { clients: { C1: { excludedWeekdays: ['sunday' as const], excludedDates: ['2026-07-03'] } } };
    const account = { id: 'a', zipCode: '90001', clientNumber: 'C1' };
    // 2026-07-05 is a Sunday; 03:30Z on Monday 07-06 is still Sunday 20:30 PDT.
    expect(check('2026-07-06T03:30:00Z', { account, rules })).toEqual(['EXCLUDED_DAY']);
    expect(check('2026-07-06T16:00:00Z', { account, rules })).toEqual([]);
    expect(check('2026-07-03T18:00:00Z', { account, rules })).toEqual(['EXCLUDED_DAY']);
  });

  it('gives a campaign day the part of its daily window that suits the consumer', () => {
    const subject = { channel: 'call' as const, account: { id: 'a', zipCode: '90001' }, campaign: { timeZone: 'America/New_York', windows: [{ start: '09:00', end: '17:00' }] } };
    // 09:00-17:00 EDT is 13:00-21:00Z; the Los Angeles consumer can be called from 08:00 PDT = 15:00Z.
    expect(allowedIntervalsOnDay(subject, '2026-06-01', { locationData }).map((i) => [i.start.toISOString(), i.end.toISOString()])).toEqual([
      ['2026-06-01T15:00:00.000Z', '2026-06-01T21:00:00.000Z'],
    ]);
    expect(check('2026-06-01T14:30:00Z', subject)).toEqual(['OUTSIDE_CONTACT_HOURS']);
    expect(check('2026-06-01T21:30:00Z', subject)).toEqual(['OUTSIDE_CAMPAIGN_WINDOW']);
  });

  it('reads a campaign window across the spring-forward gap in wall-clock time', () => {
    const subject = {
      channel: 'letter' as const,
      account: { id: 'a', zipCode: '10001' },
      campaign: { timeZone: 'America/New_York', windows: [{ start: '01:30', end: '03:30' }] },
    };
    expect(allowedIntervalsOnDay(subject, '2025-03-09', { locationData }).map((i) => [i.start.toISOString(), i.end.toISOString()])).toEqual([
      ['2025-03-09T06:30:00.000Z', '2025-03-09T07:30:00.000Z'],
    ]);
  });
});

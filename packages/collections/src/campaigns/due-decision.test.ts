import { describe, expect, it } from 'vitest';
import { ManualClock } from '../../test/manual-clock.js';
import type { CampaignSettings } from './campaign-settings.js';
import { decideDueContact } from './due-decision.js';
import { locationData } from '../../test/location-data.js';

const NY = 'America/New_York';

const settings: CampaignSettings = {
  id: 'camp-1',
  channel: 'sms',
  filter: {},
  startDate: '2026-06-01',
  endDate: '2026-06-03',
  schedule: { timeZone: NY, windows: [{ start: '10:00', end: '16:00' }] },
  messageTemplate: 'Hello',
  maxAttemptsPerDebtor: 3,
};

// 11 pm in New York on June 1st: past the day's window, so the contact must move.
const late = new Date('2026-06-02T03:00:00Z');
const check = {
  channel: 'sms' as const,
  account: { id: 'a1', clientNumber: '1001', zipCode: '10001' },
  consumer: { timeZone: NY },
  history: [],
  campaign: settings.schedule,
  rules: {},
  at: late,
};
const deps = { clock: new ManualClock(late), locationData };

describe('decideDueContact', () => {
  it('moves a late contact to the next morning when that day is free', () => {
    expect(decideDueContact(check, settings, deps)).toMatchObject({ kind: 'move', planDate: '2026-06-02', at: new Date('2026-06-02T14:00:00Z') });
  });

  it("skips the days of the debtor's other contacts, keeping one contact a day", () => {
    expect(decideDueContact(check, settings, deps, new Set(['2026-06-02']))).toMatchObject({ kind: 'move', planDate: '2026-06-03', at: new Date('2026-06-03T14:00:00Z') });
  });

  it('refuses with the reasons it was refused for when every remaining campaign day is taken', () => {
    const decision = decideDueContact(check, settings, deps, new Set(['2026-06-02', '2026-06-03']));
    expect(decision.kind).toBe('refuse');
    expect(decision.kind === 'refuse' ? decision.reasons.map((r) => r.code) : []).toContain('OUTSIDE_CONTACT_HOURS');
  });
});

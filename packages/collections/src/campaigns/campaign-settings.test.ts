import { describe, expect, it } from 'vitest';
import { CampaignSettingsError, readCampaignSettings, type CampaignRow } from './campaign-settings.js';

const row: CampaignRow = {
  id: 'c1',
  channel: 'email',
  accountFilter: JSON.stringify({ clientNumber: '1001', statuses: ['Active'], balanceMin: 10, daysPastDueMin: 30, daysPastDueMax: 90 }),
  startDate: '2026-03-07',
  endDate: '2026-03-09',
  timeZone: 'US/Eastern',
  dailyWindows: JSON.stringify([{ start: '09:00', end: '12:00' }]),
  messageTemplate: 'Hi {firstName}',
  maxAttemptsPerAccount: null,
};

function problemsOf(overrides: Partial<CampaignRow>): readonly string[] {
  try {
    readCampaignSettings({ ...row, ...overrides });
  } catch (error) {
    if (error instanceof CampaignSettingsError) return error.problems;
    throw error;
  }
  return [];
}

describe('readCampaignSettings', () => {
  it('reads a valid campaign with the canonical zone name and one attempt by default', () => {
    expect(readCampaignSettings(row)).toEqual({
      id: 'c1',
      channel: 'email',
      filter: { clientNumber: '1001', statuses: ['Active'], balanceMin: 10, daysPastDueMin: 30, daysPastDueMax: 90 },
      startDate: '2026-03-07',
      endDate: '2026-03-09',
      schedule: { timeZone: 'America/New_York', windows: [{ start: '09:00', end: '12:00' }] },
      messageTemplate: 'Hi {firstName}',
      messageSubject: null,
      maxAttemptsPerDebtor: 1,
    });
  });

  it('lists every problem of a bad campaign at once', () => {
    const problems = problemsOf({
      channel: 'fax',
      timeZone: 'Mars/Olympus',
      dailyWindows: JSON.stringify([{ start: '17:00', end: '09:00' }]),
      accountFilter: JSON.stringify({ balanceMin: 'lots', daysPastDueMin: 9, daysPastDueMax: 3, colour: 'red' }),
      maxAttemptsPerAccount: 0,
    });
    expect(problems.join('\n')).toMatch(/channel/);
    expect(problems.join('\n')).toMatch(/timeZone/);
    expect(problems.join('\n')).toMatch(/daily window/);
    expect(problems.join('\n')).toMatch(/balanceMin/);
    expect(problems.join('\n')).toMatch(/daysPastDueMin is above daysPastDueMax/);
    expect(problems.join('\n')).toMatch(/unknown field "colour"/);
    expect(problems.join('\n')).toMatch(/maxAttemptsPerAccount/);
  });

  it('refuses missing or reversed dates, no windows, unparseable JSON and a message channel without a template', () => {
    expect(problemsOf({ startDate: null })).toEqual(['startDate must be set (YYYY-MM-DD)']);
    expect(problemsOf({ endDate: '2026-03-01' })).toEqual(['endDate is before startDate']);
    expect(problemsOf({ endDate: '2026-12-31' })).toEqual(['a campaign spans at most 92 days']);
    expect(problemsOf({ dailyWindows: '[]' })[0]).toMatch(/non-empty list/);
    expect(problemsOf({ accountFilter: '{nope' })).toEqual(['accountFilter is not valid JSON']);
    expect(problemsOf({ messageTemplate: ' ' })).toEqual(['an email campaign needs a messageTemplate']);
    expect(problemsOf({ channel: 'letter', messageTemplate: null })).toEqual([]);
  });
});

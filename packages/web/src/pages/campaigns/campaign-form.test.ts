import { describe, expect, it } from 'vitest';
import { defaultTimeZone, emptyCampaignForm, minutesOf, parseCents, validateCampaignForm } from './campaign-form';
import type { CampaignFormValues } from './campaign-form';

function filled(overrides: Partial<CampaignFormValues> = {}): CampaignFormValues {
  return { ...emptyCampaignForm('America/Denver'), campaignName: 'December calls', channel: 'call', startDate: '2026-12-01', endDate: '2026-12-31', ...overrides };
}

describe('parseCents', () => {
  it('reads dollars and cents as whole cents without a float', () => {
    expect(parseCents('1,234.56')).toBe(123456);
    expect(parseCents('$0.10')).toBe(10);
    expect(parseCents('0.1')).toBe(10);
    expect(parseCents('250')).toBe(25000);
    expect(parseCents(' 19.99 ')).toBe(1999);
  });

  it('refuses more than two decimals, misplaced commas, signs and words', () => {
    for (const text of ['1.234', '12,34', '-5', 'ten', '1e3', '', '1..2']) expect(parseCents(text)).toBeNull();
  });
});

describe('minutesOf', () => {
  it('reads HH:MM and allows 24:00 only as the end of the day', () => {
    expect(minutesOf('09:30')).toBe(570);
    expect(minutesOf('24:00')).toBe(1440);
    expect(minutesOf('24:01')).toBeNull();
    expect(minutesOf('9:30')).toBeNull();
    expect(minutesOf('12:60')).toBeNull();
  });
});

describe('validateCampaignForm', () => {
  it('turns a complete form into a draft CampaignMdl input with the filter and windows as JSON', () => {
    const result = validateCampaignForm(
      filled({ clientNumber: '1001', statuses: ['ACTIVE'], balanceMin: '100', balanceMax: '2,500.50', daysPastDueMin: '30', daysPastDueMax: '90', dailyWindows: [{ start: '13:00', end: '17:00' }, { start: '09:00', end: '12:00' }], maxAttemptsPerAccount: '2' }),
    );
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.input).toMatchObject({ campaignName: 'December calls', channel: 'call', status: 'draft', timeZone: 'America/Denver', maxAttemptsPerAccount: 2, messageTemplate: null });
    expect(JSON.parse(result.input.accountFilter)).toEqual({ clientNumber: '1001', statuses: ['ACTIVE'], balanceMin: 100, balanceMax: 2500.5, daysPastDueMin: 30, daysPastDueMax: 90 });
    // Windows are stored in time order whatever order they were typed in.
    expect(JSON.parse(result.input.dailyWindows)).toEqual([{ start: '09:00', end: '12:00' }, { start: '13:00', end: '17:00' }]);
  });

  it('leaves filters that were not filled in out of the account filter', () => {
    const result = validateCampaignForm(filled());
    expect(result.ok && JSON.parse(result.input.accountFilter)).toEqual({});
  });

  it('names every missing required field', () => {
    const result = validateCampaignForm(emptyCampaignForm('America/Denver'));
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(Object.keys(result.errors).sort()).toEqual(['campaignName', 'channel', 'endDate', 'startDate']);
  });

  it('refuses a malformed amount and a maximum below the minimum', () => {
    const result = validateCampaignForm(filled({ balanceMin: '10.999', daysPastDueMin: '90', daysPastDueMax: '30' }));
    expect(result.ok ? {} : result.errors).toEqual({
      balanceMin: 'Type an amount like 1,250.00 (dollars and at most two decimals).',
      daysPastDueMax: 'The maximum must not be below the minimum.',
    });
  });

  it('refuses a window that ends before it starts, and overlapping windows', () => {
    const backwards = validateCampaignForm(filled({ dailyWindows: [{ start: '17:00', end: '09:00' }] }));
    expect(backwards.ok ? {} : backwards.errors).toEqual({ 'dailyWindows.0.end': 'The window must end after it starts.' });
    const overlapping = validateCampaignForm(filled({ dailyWindows: [{ start: '09:00', end: '12:00' }, { start: '11:00', end: '14:00' }] }));
    expect(overlapping.ok ? {} : overlapping.errors).toEqual({ dailyWindows: 'Daily windows must not overlap.' });
    const none = validateCampaignForm(filled({ dailyWindows: [] }));
    expect(none.ok ? {} : none.errors).toEqual({ dailyWindows: 'Add at least one daily window.' });
  });

  it('refuses an end date before the start and a campaign longer than 92 days', () => {
    const backwards = validateCampaignForm(filled({ startDate: '2026-12-10', endDate: '2026-12-01' }));
    expect(backwards.ok ? {} : backwards.errors).toEqual({ endDate: 'The last day must not be before the first.' });
    expect(validateCampaignForm(filled({ startDate: '2026-01-01', endDate: '2026-04-02' })).ok).toBe(true);
    const long = validateCampaignForm(filled({ startDate: '2026-01-01', endDate: '2026-04-03' }));
    expect(long.ok ? {} : long.errors).toEqual({ endDate: 'A campaign spans at most 92 days.' });
    const impossible = validateCampaignForm(filled({ startDate: '2026-02-30' }));
    expect(impossible.ok ? {} : impossible.errors).toEqual({ startDate: 'Choose the first day of the campaign.' });
  });

  it('asks email and SMS campaigns for a message with known fields only, and keeps none for calls', () => {
    const missing = validateCampaignForm(filled({ channel: 'email' }));
    expect(missing.ok ? {} : missing.errors).toEqual({ messageTemplate: 'Write the message the consumer receives.' });
    const unknown = validateCampaignForm(filled({ channel: 'sms', messageTemplate: 'Hi {firstName}, pay {amount}' }));
    expect(unknown.ok ? {} : unknown.errors).toEqual({ messageTemplate: 'Unknown field {amount}: use {{debtor.firstName}}, {{debtor.lastName}}, {{account.fileNumber}}, {{account.balance}}, {{client.name}}.' });
    // Issue 21: {{scope.field}} placeholders, an email subject checked the same way, and the campaign's own name is no placeholder.
    const email = validateCampaignForm(filled({ channel: 'email', messageTemplate: 'Hi {{debtor.firstName}}, {{account.balance}} is due to {{ client.name }}.', messageSubject: 'File {{account.fileNumber}}' }));
    expect(email.ok && [email.input.messageTemplate, email.input.messageSubject]).toEqual(['Hi {{debtor.firstName}}, {{account.balance}} is due to {{ client.name }}.', 'File {{account.fileNumber}}']);
    const badSubject = validateCampaignForm(filled({ channel: 'email', messageTemplate: 'Hi', messageSubject: '{{campaign.name}}' }));
    expect(badSubject.ok ? {} : badSubject.errors).toEqual({ messageSubject: 'Unknown field {{campaign.name}}: use {{debtor.firstName}}, {{debtor.lastName}}, {{account.fileNumber}}, {{account.balance}}, {{client.name}}.' });
    const smsSubject = validateCampaignForm(filled({ channel: 'sms', messageTemplate: 'Hi', messageSubject: 'ignored' }));
    expect(smsSubject.ok && smsSubject.input.messageSubject).toBeNull();
    const sms = validateCampaignForm(filled({ channel: 'sms', messageTemplate: 'Hi {firstName}, file {fileNumber} owes {balance}.' }));
    expect(sms.ok && sms.input.messageTemplate).toBe('Hi {firstName}, file {fileNumber} owes {balance}.');
    const call = validateCampaignForm(filled({ channel: 'call', messageTemplate: 'ignored' }));
    expect(call.ok && call.input.messageTemplate).toBeNull();
  });

  it('refuses attempts outside 1 to 31 and an unknown time zone', () => {
    const result = validateCampaignForm(filled({ maxAttemptsPerAccount: '0', timeZone: 'Mars/Olympus' }));
    expect(result.ok ? {} : result.errors).toEqual({ maxAttemptsPerAccount: 'Type a number of attempts from 1 to 31.', timeZone: 'Choose a time zone.' });
  });
});

describe('defaultTimeZone', () => {
  it("starts with the browser's zone when it is a US zone, New York otherwise", () => {
    expect(defaultTimeZone('America/Chicago')).toBe('America/Chicago');
    expect(defaultTimeZone('Europe/Paris')).toBe('America/New_York');
    expect(defaultTimeZone(undefined)).toBe('America/New_York');
  });
});

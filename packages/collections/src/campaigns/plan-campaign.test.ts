import { describe, expect, it } from 'vitest';
import { ManualClock } from '../../test/manual-clock.js';
import { evaluateContact } from '../contact-rules/index.js';
import type { ContactHistoryEntry } from '../contact-rules/index.js';
import type { CampaignSettings } from './campaign-settings.js';
import { planCampaign } from './plan-campaign.js';
import type { PlanAccount, PlanDebtor, PlanInput } from './plan-campaign.js';
import { locationData } from '../../test/location-data.js';

function local(at: Date, timeZone: string): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })
      .formatToParts(at)
      .map((p) => [p.type, p.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}`;
}

const NY = 'America/New_York';

function campaign(overrides: Partial<CampaignSettings> = {}): CampaignSettings {
  return {
    id: 'camp-1',
    channel: 'sms',
    filter: {},
    startDate: '2026-06-01',
    endDate: '2026-06-05',
    schedule: { timeZone: NY, windows: [{ start: '10:00', end: '16:00' }] },
    messageTemplate: 'Hello {firstName}',
    maxAttemptsPerDebtor: 1,
    ...overrides,
  };
}

const account = (id: string, extra: Partial<PlanAccount> = {}): PlanAccount => ({ id, clientNumber: '1001', fileNumber: `F-${id}`, zipCode: '10001', ...extra });
const debtor = (id: string, accountId: string, extra: Partial<PlanDebtor> = {}): PlanDebtor => ({ id, accountId, phone: '+12125550100', email: `${id}@example.com`, timeZone: NY, ...extra });

const before = (iso: string): ManualClock => new ManualClock(new Date(iso));

function plan(input: Partial<PlanInput> & { campaign: CampaignSettings }, clock = before('2026-05-01T00:00:00Z')) {
  return planCampaign({ accounts: [], debtors: [], history: [], ...input }, { clock, locationData });
}

describe('planCampaign', () => {
  it('plans one contact per debtor inside the windows, spread over the day rather than at its start, the same way every time', () => {
    const accounts = Array.from({ length: 20 }, (_, i) => account(`a${i}`));
    const debtors = accounts.map((a) => debtor(`d-${a.id}`, a.id));
    const entries = plan({ campaign: campaign(), accounts, debtors });
    expect(entries).toHaveLength(20);
    expect(entries.every((e) => e.status === 'planned' && e.planDate === '2026-06-01')).toBe(true);
    const times = entries.map((e) => local(e.plannedAt, NY).slice(11));
    expect(times.every((t) => t >= '10:00' && t < '16:00')).toBe(true);
    expect(new Set(times).size).toBeGreaterThan(10);
    expect(plan({ campaign: campaign(), accounts, debtors })).toEqual(entries);
  });

  it('keeps a debt within seven calls in seven days on the calendar of every debtor, not only the one called', () => {
    // Found by the runner's property test: six calls already placed (five on 5 March in the evening,
    // New York time), a New York debtor and a Los Angeles debtor on the same debt. Counted on Los
    // Angeles dates only, a call to the Los Angeles debtor on 8 March looked like the seventh in 2–8
    // March, while on New York dates it made eight with the call to the New York debtor on 6 March.
    const history: ContactHistoryEntry[] = [
      ...Array.from({ length: 5 }, () => ({ at: new Date('2026-03-06T00:00:00Z'), channel: 'call' as const, accountId: 'a1' })),
      { at: new Date('2026-03-02T05:00:00Z'), channel: 'call', accountId: 'a1' },
    ];
    const entries = plan(
      {
        campaign: campaign({ channel: 'call', startDate: '2026-03-06', endDate: '2026-03-08', schedule: { timeZone: 'America/Los_Angeles', windows: [{ start: '06:30', end: '08:30' }] } }),
        accounts: [account('a1')],
        debtors: [debtor('d1', 'a1', { debtorSeq: 1 }), debtor('d2', 'a1', { debtorSeq: 2, timeZone: 'America/Los_Angeles' })],
        history,
      },
      before('2026-03-05T00:00:00Z'),
    );
    const calls = [...history.map((h) => h.at), ...entries.filter((e) => e.status === 'planned').map((e) => e.plannedAt)];
    expect(entries.filter((e) => e.status === 'planned')).toHaveLength(1);
    for (const zone of [NY, 'America/Los_Angeles']) {
      const days = calls.map((t) => local(t, zone).slice(0, 10)).sort();
      for (const first of days) {
        const last = new Date(Date.parse(`${first}T00:00:00Z`) + 6 * 86_400_000).toISOString().slice(0, 10);
        expect(days.filter((d) => d >= first && d <= last).length).toBeLessThanOrEqual(7);
      }
    }
    expect(entries.find((e) => e.status === 'refused')?.reasons.map((r) => r.code)).toContain('CALL_LIMIT_REACHED');
  });

  it('refuses accounts without a debtor, debtors without the address the channel needs, and do-not-contact, each with its reason on the first day', () => {
    const entries = plan({
      campaign: campaign({ channel: 'email' }),
      accounts: [account('a1'), account('a2'), account('a3')],
      debtors: [debtor('d2', 'a2', { email: null }), debtor('d3', 'a3', { doNotContact: { all: true } })],
    });
    expect(entries.map((e) => [e.accountId, e.status, e.reasons.map((r) => r.code)])).toEqual([
      ['a1', 'refused', ['NO_DEBTOR']],
      ['a2', 'refused', ['NO_EMAIL']],
      ['a3', 'refused', ['DO_NOT_CONTACT']],
    ]);
    for (const e of entries) {
      expect(e.planDate).toBe('2026-06-01');
      expect(local(e.plannedAt, NY)).toBe('2026-06-01 10:00');
    }
  });

  it('refuses a letter to a debtor without a postal address (street, city and ZIP code or state), saying so, and plans the others', () => {
    const address = { streetAddress: '12 Elm Street\nApt 3', city: 'Albany', zipCode: '12207', state: 'NY' };
    const entries = plan({
      campaign: campaign({ channel: 'letter' }),
      accounts: ['a1', 'a2', 'a3', 'a4', 'a5', 'a6'].map((id) => account(id)),
      debtors: [
        debtor('d1', 'a1', address),
        debtor('d2', 'a2', { ...address, streetAddress: '  ' }),
        debtor('d3', 'a3', { ...address, city: null }),
        // The account's ZIP code (10001) is not where this debtor receives mail.
        debtor('d4', 'a4', { ...address, zipCode: null, state: null }),
        debtor('d5', 'a5', { ...address, state: null }),
        debtor('d6', 'a6', { ...address, zipCode: null }),
      ],
    });
    expect(entries.map((e) => [e.debtorId, e.status, e.reasons.map((r) => r.code)])).toEqual([
      ['d1', 'planned', []],
      ['d2', 'refused', ['NO_ADDRESS']],
      ['d3', 'refused', ['NO_ADDRESS']],
      ['d4', 'refused', ['NO_ADDRESS']],
      ['d5', 'planned', []],
      ['d6', 'planned', []],
    ]);
    expect(entries.find((e) => e.debtorId === 'd2')?.reasons[0]?.message).toMatch(/no postal address/);
  });

  it('plans up to maxAttemptsPerDebtor contacts, one a day, spread over the days left after the contacts it keeps', () => {
    const entries = plan({
      campaign: campaign({ maxAttemptsPerDebtor: 3 }),
      accounts: [account('a1')],
      debtors: [debtor('d1', 'a1')],
      kept: [{ debtorId: 'd1', planDate: '2026-06-01' }],
    });
    // Two attempts left over the open days 2–5 June: the first and the last.
    expect(entries.map((e) => e.planDate)).toEqual(['2026-06-02', '2026-06-05']);
  });

  it('counts history and its own planned calls toward 7 calls in 7 days', () => {
    // Six calls on May 27-June 1 (one a day): one more is allowed in the run ending June 2, then none until the first drops out.
    const history: ContactHistoryEntry[] = Array.from({ length: 6 }, (_, i) => ({ at: new Date(Date.UTC(2026, 4, 27 + i, 15)), channel: 'call', accountId: 'a1' }));
    const entries = plan(
      { campaign: campaign({ channel: 'call', startDate: '2026-06-02', endDate: '2026-06-05', maxAttemptsPerDebtor: 4 }), accounts: [account('a1')], debtors: [debtor('d1', 'a1'), debtor('d2', 'a1')], history },
      before('2026-06-01T20:00:00Z'),
    );
    // d1 takes June 2 (the 7th call), June 3 (May 27 dropped out), June 4, June 5; d2 finds no day left.
    const planned = entries.filter((e) => e.status === 'planned');
    expect(planned.map((e) => [e.debtorId, e.planDate])).toEqual([
      ['d1', '2026-06-02'],
      ['d1', '2026-06-03'],
      ['d1', '2026-06-04'],
      ['d1', '2026-06-05'],
    ]);
    const refused = entries.find((e) => e.debtorId === 'd2');
    expect(refused?.status).toBe('refused');
    expect(refused?.reasons.map((r) => r.code)).toContain('CALL_LIMIT_REACHED');
  });

  it('plans nothing before now: a campaign already running starts at the current instant', () => {
    const entries = plan({ campaign: campaign(), accounts: [account('a1')], debtors: [debtor('d1', 'a1')] }, before('2026-06-01T19:59:00Z'));
    // 15:59 in New York: one minute of today's window is left.
    expect(entries[0]?.plannedAt.getTime()).toBeGreaterThanOrEqual(Date.parse('2026-06-01T19:59:00Z'));
    expect(entries[0]?.plannedAt.getTime()).toBeLessThan(Date.parse('2026-06-01T20:00:00Z'));
  });
});

describe('planCampaign across daylight-saving changes (windows in America/New_York)', () => {
  it('keeps New York wall-clock windows over the spring-forward weekend and follows a Honolulu consumer whose hours shift against them', () => {
    // Honolulu has no DST: 08:00 HST is 13:00 EST (until March 8) and 14:00 EDT (from March 8).
    const accounts = Array.from({ length: 30 }, (_, i) => account(`a${i}`, { zipCode: '96813' }));
    const debtors = accounts.map((a) => debtor(`d-${a.id}`, a.id, { timeZone: 'Pacific/Honolulu', phone: '+18085550100' }));
    const c = campaign({ startDate: '2026-03-07', endDate: '2026-03-09', maxAttemptsPerDebtor: 3, schedule: { timeZone: NY, windows: [{ start: '09:00', end: '17:00' }] } });
    const entries = plan({ campaign: c, accounts, debtors }, before('2026-03-01T00:00:00Z'));
    expect(entries).toHaveLength(90);
    for (const e of entries) {
      const ny = local(e.plannedAt, NY);
      expect(ny.slice(0, 10)).toBe(e.planDate);
      expect(ny.slice(11) < '17:00').toBe(true);
      expect(ny.slice(11) >= (e.planDate === '2026-03-07' ? '13:00' : '14:00')).toBe(true);
      expect(local(e.plannedAt, 'Pacific/Honolulu').slice(11) >= '08:00').toBe(true);
    }
    expect(new Set(entries.map((e) => e.planDate))).toEqual(new Set(['2026-03-07', '2026-03-08', '2026-03-09']));
  });

  it('plans a window that spans the skipped hour only in the hour and a half that exist', () => {
    // 01:30-03:30 on March 8: 01:30-02:00 EST (06:30-07:00Z) and 03:00-03:30 EDT (07:00-07:30Z); Guam is 16:30-17:30 then.
    const accounts = Array.from({ length: 40 }, (_, i) => account(`a${i}`, { zipCode: '96910' }));
    const debtors = accounts.map((a) => debtor(`d-${a.id}`, a.id, { timeZone: 'Pacific/Guam', phone: '+16715550100' }));
    const c = campaign({ startDate: '2026-03-08', endDate: '2026-03-08', schedule: { timeZone: NY, windows: [{ start: '01:30', end: '03:30' }] } });
    const entries = plan({ campaign: c, accounts, debtors }, before('2026-03-01T00:00:00Z'));
    expect(entries.every((e) => e.status === 'planned')).toBe(true);
    for (const e of entries) {
      expect(e.plannedAt.getTime()).toBeGreaterThanOrEqual(Date.parse('2026-03-08T06:30:00Z'));
      expect(e.plannedAt.getTime()).toBeLessThan(Date.parse('2026-03-08T07:30:00Z'));
    }
    const hours = new Set(entries.map((e) => local(e.plannedAt, NY).slice(11, 13)));
    expect(hours).toEqual(new Set(['01', '03']));
  });

  it('uses both passes of the repeated hour at the fall-back, all on the same campaign date', () => {
    // 01:00-02:00 on November 1 happens twice: 05:00-06:00Z (EDT) and 06:00-07:00Z (EST).
    const accounts = Array.from({ length: 40 }, (_, i) => account(`a${i}`, { zipCode: '96910' }));
    const debtors = accounts.map((a) => debtor(`d-${a.id}`, a.id, { timeZone: 'Pacific/Guam', phone: '+16715550100' }));
    const c = campaign({ startDate: '2026-11-01', endDate: '2026-11-01', schedule: { timeZone: NY, windows: [{ start: '01:00', end: '02:00' }] } });
    const entries = plan({ campaign: c, accounts, debtors }, before('2026-10-01T00:00:00Z'));
    expect(entries.every((e) => e.status === 'planned' && e.planDate === '2026-11-01')).toBe(true);
    expect(entries.every((e) => local(e.plannedAt, NY).slice(11, 13) === '01')).toBe(true);
    expect(entries.some((e) => e.plannedAt.getTime() < Date.parse('2026-11-01T06:00:00Z'))).toBe(true);
    expect(entries.some((e) => e.plannedAt.getTime() >= Date.parse('2026-11-01T06:00:00Z'))).toBe(true);
  });

  it('refuses a Los Angeles consumer for a morning window that is before 08:00 there on every day, saying so', () => {
    const c = campaign({ startDate: '2026-10-31', endDate: '2026-11-02', schedule: { timeZone: NY, windows: [{ start: '09:00', end: '10:00' }] } });
    const [entry] = plan({ campaign: c, accounts: [account('a1', { zipCode: '90012' })], debtors: [debtor('d1', 'a1', { timeZone: 'America/Los_Angeles' })] }, before('2026-10-01T00:00:00Z'));
    expect(entry?.status).toBe('refused');
    expect(entry?.reasons.map((r) => r.code)).toEqual(['OUTSIDE_CONTACT_HOURS']);
    expect(local(entry?.plannedAt ?? new Date(0), NY)).toBe('2026-10-31 09:00');
    expect(evaluateContact({ channel: 'sms', account: { id: 'a1' }, consumer: { timeZone: 'America/Los_Angeles' }, at: entry?.plannedAt }, { clock: before('2026-10-01T00:00:00Z'), locationData }).allowed).toBe(false);
  });
});

describe('planCampaign: spread and reasons staff can act on (issue 21)', () => {
  it('spreads three contacts per debtor over a fourteen-day range instead of packing them into the first three days', () => {
    const entries = plan({ campaign: campaign({ startDate: '2026-06-01', endDate: '2026-06-14', maxAttemptsPerDebtor: 3 }), accounts: [account('a1')], debtors: [debtor('d1', 'a1')] });
    const dates = entries.filter((e) => e.status === 'planned').map((e) => e.planDate);
    expect(dates).toEqual(['2026-06-01', '2026-06-08', '2026-06-14']);
  });

  it('still spreads when a rule closes the evenly spaced day: the contact takes the next open day', () => {
    const rules = { organization: { excludedDates: ['2026-06-08'] } };
    const entries = plan({ campaign: campaign({ startDate: '2026-06-01', endDate: '2026-06-14', maxAttemptsPerDebtor: 3 }), accounts: [account('a1')], debtors: [debtor('d1', 'a1')], rules });
    expect(entries.filter((e) => e.status === 'planned').map((e) => e.planDate)).toEqual(['2026-06-01', '2026-06-09', '2026-06-14']);
  });

  it("names the debtor on every entry, so the day view says whom each contact is for", () => {
    const entries = plan({ campaign: campaign(), accounts: [account('a1'), account('a2')], debtors: [debtor('d1', 'a1', { firstName: 'Jane', lastName: 'Doe' }), debtor('d2', 'a2', { email: null, phone: null, firstName: 'Ann', lastName: 'Lee' })] });
    expect(entries.map((e) => [e.debtorId, e.debtorName])).toEqual([
      ['d1', 'Jane Doe'],
      ['d2', 'Ann Lee'],
    ]);
  });

  it('names the account by file number and the debtor by name in a refusal, never the internal account id', () => {
    const entries = plan({ campaign: campaign(), accounts: [account('7e78c0de-internal', { disputed: true })], debtors: [debtor('d1', '7e78c0de-internal', { firstName: 'Jane', lastName: 'Doe' })] });
    const [reason] = entries[0]?.reasons ?? [];
    expect(reason?.code).toBe('ACCOUNT_DISPUTED');
    expect(reason?.message).toContain('File F-7e78c0de-internal');
    expect(reason?.message).toContain('Jane Doe');
    expect(reason?.message.replaceAll('F-7e78c0de-internal', '')).not.toContain('7e78c0de');
  });

  it("states the local time that applied at the refused entry's own instant, not at another day's", () => {
    // The issue: planned at 14:18 New York time on the 27th, refused "at 07:00 on 2026-11-28 in America/Chicago".
    // Today's window is over; tomorrow's 08:00–08:30 New York is 07:00–07:30 in Chicago, before 08:00.
    const CHICAGO = 'America/Chicago';
    const entries = plan(
      {
        campaign: campaign({ startDate: '2026-11-27', endDate: '2026-11-28', schedule: { timeZone: NY, windows: [{ start: '08:00', end: '08:30' }] } }),
        accounts: [account('a1')],
        debtors: [debtor('d1', 'a1', { timeZone: CHICAGO, firstName: 'Jane', lastName: 'Doe' })],
      },
      before('2026-11-27T19:18:00Z'),
    );
    const entry = entries[0];
    expect(entry?.status).toBe('refused');
    const hours = entry?.reasons.find((r) => r.code === 'OUTSIDE_CONTACT_HOURS');
    expect(hours?.message).toContain('File F-a1 (Jane Doe)');
    const stated = /it is (\d\d:\d\d) on (\d{4}-\d\d-\d\d) in America\/Chicago/.exec(hours?.message ?? '');
    expect(stated).not.toBeNull();
    const atEntry = local(entry?.plannedAt ?? new Date(0), CHICAGO);
    expect(`${stated?.[2]} ${stated?.[1]}`).toBe(atEntry);
    expect(entry?.planDate).toBe(local(entry?.plannedAt ?? new Date(0), NY).slice(0, 10));
  });
});

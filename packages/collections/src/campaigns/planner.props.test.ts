// For any accounts, debtors' zones, contact histories, rules and campaign settings (dates around the US
// daylight-saving changes), no entry the planner plans breaks a rule: each is allowed by the engine when
// checked again on its own with the history and every other planned contact of the account, lies in the
// campaign's windows, days and future, and no 7-day run (counted plainly on consumer-local dates)
// holds more placed calls than the limit.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { propertyRuns, propertyTimeout } from '../../test/properties.js';
import { localOf } from '../../test/local-time-oracle.js';
import { ManualClock } from '../../test/manual-clock.js';
import type { ContactChannel, ContactHistoryEntry, ContactRuleSet } from '../contact-rules/index.js';
import { evaluateContact, resolveContactLocation } from '../contact-rules/index.js';
import type { CampaignSettings } from './campaign-settings.js';
import { accountFor, consumerOf, planCampaign } from './plan-campaign.js';
import type { PlanAccount, PlanDebtor } from './plan-campaign.js';
import { locationData } from '../../test/location-data.js';

const DAY = 86_400_000;
const ZONES = ['America/New_York', 'America/Chicago', 'America/Denver', 'America/Phoenix', 'America/Los_Angeles', 'America/Anchorage', 'Pacific/Honolulu', 'Pacific/Guam', 'America/Puerto_Rico'];
const ZIPS = ['10001', '60601', '80202', '85004', '90012', '99501', '96813', '96910', '00901', '47320', '79901', '58501'];
const STARTS = ['2026-03-05', '2026-03-07', '2026-10-29', '2026-10-31', '2026-11-01', '2026-06-15'];
const CHANNELS: ContactChannel[] = ['call', 'sms', 'email', 'letter'];

const hhmm = (minutes: number): string => `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

const windowArb = fc.tuple(fc.integer({ min: 0, max: 47 }), fc.integer({ min: 1, max: 24 })).map(([start, length]) => ({ start: hhmm(start * 30), end: hhmm(Math.min(48, start + length) * 30) }));

const scenarioArb = fc.record({
  channel: fc.constantFrom(...CHANNELS),
  campaignZone: fc.constantFrom(...ZONES),
  windows: fc.array(windowArb, { minLength: 1, maxLength: 3 }),
  start: fc.constantFrom(...STARTS),
  days: fc.integer({ min: 1, max: 6 }),
  maxAttempts: fc.integer({ min: 1, max: 4 }),
  nowOffsetHours: fc.integer({ min: -72, max: 30 }),
  accounts: fc.array(
    fc.record({
      zip: fc.option(fc.constantFrom(...ZIPS), { nil: null }),
      disputed: fc.integer({ min: 0, max: 4 }).map((n) => n === 0),
      debtors: fc.array(
        fc.record({
          zone: fc.option(fc.constantFrom(...ZONES), { nil: null }),
          zip: fc.option(fc.constantFrom(...ZIPS), { nil: null }),
          phone: fc.boolean(),
          dnc: fc.constantFrom<PlanDebtor['doNotContact'] | undefined>(undefined, undefined, undefined, { all: true }, { channels: ['call'] }),
        }),
        { maxLength: 2 },
      ),
      history: fc.array(fc.record({ daysBefore: fc.integer({ min: -1, max: 9 }), hour: fc.integer({ min: 0, max: 23 }), channel: fc.constantFrom<ContactChannel>('call', 'call', 'sms'), conversation: fc.boolean() }), { maxLength: 8 }),
    }),
    { minLength: 1, maxLength: 5 },
  ),
  rules: fc.constantFrom<ContactRuleSet>(
    {},
    { organization: { hours: { call: { start: '09:00', end: '20:00' } }, callLimits: [{ maxCalls: 2, periodDays: 3 }] } },
    { states: { CA: { excludedWeekdays: ['sunday'] } }, clients: { '1001': { callLimits: [{ maxCalls: 3, periodDays: 7 }], conversationCooldownDays: 9 } } },
  ),
});

describe('planCampaign (property)', () => {
  it(
    'plans only contacts the rules allow, inside the campaign windows, days and future, within every call limit',
    () => {
      fc.assert(
        fc.property(scenarioArb, (s) => {
          const startDay = Date.parse(`${s.start}T00:00:00Z`) / DAY;
          const endDate = new Date((startDay + s.days - 1) * DAY).toISOString().slice(0, 10);
          const now = new Date(Date.parse(`${s.start}T12:00:00Z`) + s.nowOffsetHours * 3_600_000);
          const clock = new ManualClock(now);
          const campaign: CampaignSettings = {
            id: 'c',
            channel: s.channel,
            filter: {},
            startDate: s.start,
            endDate,
            schedule: { timeZone: s.campaignZone, windows: s.windows },
            messageTemplate: 'x',
            maxAttemptsPerDebtor: s.maxAttempts,
          };
          const accounts: PlanAccount[] = s.accounts.map((a, i) => ({ id: `a${i}`, clientNumber: '1001', zipCode: a.zip, disputed: a.disputed }));
          const debtors: PlanDebtor[] = s.accounts.flatMap((a, i) =>
            a.debtors.map((d, j) => ({ id: `d${i}-${j}`, accountId: `a${i}`, debtorSeq: j + 1, timeZone: d.zone, zipCode: d.zip, phone: d.phone ? '+15555550100' : null, email: 'x@example.com', ...(d.dnc === undefined ? {} : { doNotContact: d.dnc }) })),
          );
          const history: ContactHistoryEntry[] = s.accounts.flatMap((a, i) =>
            a.history.map((h) => ({ at: new Date(Date.parse(`${s.start}T00:00:00Z`) - h.daysBefore * DAY + h.hour * 3_600_000), channel: h.channel, conversation: h.conversation && h.channel === 'call', accountId: `a${i}` })),
          );
          const entries = planCampaign({ campaign, accounts, debtors, history, rules: s.rules }, { clock, locationData });
          const planned = entries.filter((e) => e.status === 'planned');
          const perDebtorDays = new Map<string, string[]>();
          for (const entry of planned) {
            const debtor = debtors.find((d) => d.id === entry.debtorId);
            const account = accounts.find((a) => a.id === entry.accountId);
            if (debtor === undefined || account === undefined) throw new Error('planned entry without its debtor');
            // In the future, on a campaign day, inside a window (wall clock of the campaign's zone).
            expect(entry.plannedAt.getTime()).toBeGreaterThanOrEqual(now.getTime());
            const there = localOf(entry.plannedAt.getTime(), s.campaignZone);
            expect(there.date).toBe(entry.planDate);
            expect(entry.planDate >= s.start && entry.planDate <= endDate).toBe(true);
            expect(s.windows.some((w) => there.hhmm >= w.start && there.hhmm < w.end)).toBe(true);
            // Allowed by the engine, checked alone with everything else this account has made or planned.
            const others = [...history, ...planned.filter((p) => p !== entry && p.accountId === entry.accountId).map((p) => ({ at: p.plannedAt, channel: p.channel, accountId: p.accountId }))];
            const decision = evaluateContact({ channel: s.channel, account: accountFor(account, debtor), consumer: consumerOf(debtor), history: others, rules: s.rules, campaign: campaign.schedule, at: entry.plannedAt }, { clock, locationData });
            expect(decision).toEqual({ allowed: true });
            const days = perDebtorDays.get(debtor.id) ?? [];
            days.push(entry.planDate);
            perDebtorDays.set(debtor.id, days);
          }
          for (const days of perDebtorDays.values()) {
            expect(days.length).toBeLessThanOrEqual(s.maxAttempts);
            expect(new Set(days).size).toBe(days.length);
          }
          // 7 calls about a debt in 7 consecutive days, counted plainly on the called consumer's local dates in every zone they may be in.
          if (s.channel === 'call') {
            for (const entry of planned) {
              const debtor = debtors.find((d) => d.id === entry.debtorId);
              const account = accounts.find((a) => a.id === entry.accountId);
              if (debtor === undefined || account === undefined) continue;
              const calls = [...history.filter((h) => h.accountId === account.id && h.channel === 'call').map((h) => h.at.getTime()), ...planned.filter((p) => p.accountId === account.id).map((p) => p.plannedAt.getTime())];
              for (const zone of resolveContactLocation({ timeZone: debtor.timeZone, zipCode: accountFor(account, debtor).zipCode, state: debtor.state }, locationData).timeZones) {
                const callDays = calls.map((t) => localOf(t, zone).day);
                const day = localOf(entry.plannedAt.getTime(), zone).day;
                for (let first = day - 6; first <= day; first++) expect(callDays.filter((d) => d >= first && d < first + 7).length).toBeLessThanOrEqual(7);
              }
            }
          }
          // Every debtor with an address and no plan has a refusal with at least one reason.
          for (const entry of entries.filter((e) => e.status === 'refused')) expect(entry.reasons.length).toBeGreaterThan(0);
        }),
        propertyRuns(60),
      );
    },
    propertyTimeout(120_000),
  );
});

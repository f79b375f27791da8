// For any plan (accounts, zones, histories, rules, campaign settings around the US daylight-saving
// dates) carried out by the runner's decision at instants late by up to a few hours, in time order,
// with each contact made joining the history: no executed contact breaks a rule. Each act is allowed by
// the engine re-checked at its instant with every contact made before it, lies inside the campaign's
// windows, and no 7-day run of the called consumer's local dates holds more than 7 placed calls about the
// debt; every move lands later, on an allowed instant of a campaign day; every refusal says why.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { propertyRuns, propertyTimeout } from '../../test/properties.js';
import { localOf } from '../../test/local-time-oracle.js';
import { ManualClock } from '../../test/manual-clock.js';
import type { ContactChannel, ContactHistoryEntry, ContactRuleSet } from '../contact-rules/index.js';
import { evaluateContact, resolveContactLocation } from '../contact-rules/index.js';
import type { CampaignSettings } from './campaign-settings.js';
import { accountFor, consumerOf, debtCallZones, planCampaign } from './plan-campaign.js';
import type { PlanAccount, PlanDebtor } from './plan-campaign.js';
import { decideDueContact } from './due-decision.js';
import { locationData } from '../../test/location-data.js';

const DAY = 86_400_000;
const HOUR = 3_600_000;
const ZONES = ['America/New_York', 'America/Chicago', 'America/Denver', 'America/Phoenix', 'America/Los_Angeles', 'Pacific/Honolulu'];
const STARTS = ['2026-03-06', '2026-03-07', '2026-10-30', '2026-10-31'];


const hhmm = (halfHours: number): string => `${String(Math.floor(halfHours / 2)).padStart(2, '0')}:${halfHours % 2 === 0 ? '00' : '30'}`;

const scenarioArb = fc.record({
  channel: fc.constantFrom<ContactChannel>('call', 'call', 'sms', 'email'),
  campaignZone: fc.constantFrom(...ZONES),
  window: fc.tuple(fc.integer({ min: 12, max: 40 }), fc.integer({ min: 2, max: 16 })).map(([start, length]) => ({ start: hhmm(start), end: hhmm(Math.min(48, start + length)) })),
  start: fc.constantFrom(...STARTS),
  days: fc.integer({ min: 1, max: 5 }),
  maxAttempts: fc.integer({ min: 1, max: 4 }),
  accounts: fc.array(
    fc.record({
      zones: fc.array(fc.constantFrom(...ZONES), { minLength: 1, maxLength: 2 }),
      calls: fc.array(fc.record({ daysBefore: fc.integer({ min: 0, max: 6 }), hour: fc.integer({ min: 0, max: 23 }) }), { maxLength: 7 }),
    }),
    { minLength: 1, maxLength: 3 },
  ),
  delays: fc.array(fc.integer({ min: 0, max: 6 * 60 }), { minLength: 20, maxLength: 20 }),
  rules: fc.constantFrom<ContactRuleSet>({}, { organization: { callLimits: [{ maxCalls: 3, periodDays: 7 }], hours: { call: { start: '09:00', end: '20:00' } } } }),
});

describe('decideDueContact (property)', () => {
  it(
    'never lets the runner carry out a contact that breaks a rule, whatever the plan and however late the runner is',
    () => {
      fc.assert(
        fc.property(scenarioArb, (s) => {
          const startDay = Date.parse(`${s.start}T00:00:00Z`) / DAY;
          const endDate = new Date((startDay + s.days - 1) * DAY).toISOString().slice(0, 10);
          const planned = new ManualClock(new Date((startDay - 1) * DAY));
          const campaign: CampaignSettings = { id: 'c', channel: s.channel, filter: {}, startDate: s.start, endDate, schedule: { timeZone: s.campaignZone, windows: [s.window] }, messageTemplate: 'x', maxAttemptsPerDebtor: s.maxAttempts };
          const accounts: PlanAccount[] = s.accounts.map((_, i) => ({ id: `a${i}`, clientNumber: '1' }));
          // A debtor per possible zone of the account: debtors of one debt in different zones.
          const debtors: PlanDebtor[] = s.accounts.flatMap((a, i) => a.zones.map((zone, j) => ({ id: `d${i}-${j}`, accountId: `a${i}`, timeZone: zone, phone: '+1555', email: 'x@example.com' })));
          const history: ContactHistoryEntry[] = s.accounts.flatMap((a, i) => a.calls.map((c) => ({ at: new Date(startDay * DAY - c.daysBefore * DAY + c.hour * HOUR), channel: 'call' as const, accountId: `a${i}` })));
          const plan = planCampaign({ campaign, accounts, debtors, history, rules: s.rules }, { clock: planned, locationData }).filter((e) => e.status === 'planned');
          // Run in time order, each late by its delay; moves are run again at their new instant.
          const queue = plan.map((entry, i) => ({ entry, at: new Date(entry.plannedAt.getTime() + (s.delays[i % s.delays.length] ?? 0) * 60_000) }));
          const made: ContactHistoryEntry[] = [...history];
          const executed: { at: Date; accountId: string; debtor: PlanDebtor }[] = [];
          let guard = 0;
          while (queue.length > 0 && guard++ < 200) {
            queue.sort((a, b) => a.at.getTime() - b.at.getTime());
            const next = queue.shift();
            if (next === undefined) break;
            const { entry, at } = next;
            const debtor = debtors.find((d) => d.id === entry.debtorId);
            const account = accounts.find((a) => a.id === entry.accountId);
            if (debtor === undefined || account === undefined) throw new Error('entry without its debtor');
            const callLimitZones = debtCallZones(account, debtors.filter((d) => d.accountId === account.id), locationData);
            const check = { channel: s.channel, account: accountFor(account, debtor), consumer: consumerOf(debtor), history: made.filter((h) => h.accountId === account.id), campaign: campaign.schedule, rules: s.rules, at, callLimitZones };
            const clock = new ManualClock(at);
            const decision = decideDueContact(check, campaign, { clock, locationData });
            if (decision.kind === 'act') {
              expect(evaluateContact(check, { clock, locationData })).toEqual({ allowed: true });
              const there = localOf(at.getTime(), s.campaignZone);
              expect(there.hhmm >= s.window.start && there.hhmm < s.window.end).toBe(true);
              expect(there.date >= s.start && there.date <= endDate).toBe(true);
              made.push({ at, channel: s.channel, accountId: account.id });
              executed.push({ at, accountId: account.id, debtor });
            } else if (decision.kind === 'move') {
              expect(decision.at.getTime()).toBeGreaterThan(at.getTime());
              expect(decision.planDate <= endDate).toBe(true);
              expect(evaluateContact({ ...check, at: decision.at }, { clock, locationData })).toEqual({ allowed: true });
              queue.push({ entry, at: decision.at });
            } else {
              expect(decision.reasons.length).toBeGreaterThan(0);
            }
          }
          // 7 placed calls about a debt in 7 consecutive days, counted plainly on the called consumer's local dates in every zone they may be in.
          if (s.channel === 'call') {
            for (const call of executed) {
              const calls = made.filter((h) => h.accountId === call.accountId && h.channel === 'call');
              for (const zone of resolveContactLocation({ timeZone: call.debtor.timeZone }, locationData).timeZones) {
                const days = calls.map((c) => localOf(c.at.getTime(), zone).day);
                const day = localOf(call.at.getTime(), zone).day;
                for (let first = day - 6; first <= day; first++) expect(days.filter((d) => d >= first && d < first + 7).length).toBeLessThanOrEqual(7);
              }
            }
          }
        }),
        propertyRuns(50),
      );
    },
    propertyTimeout(120_000),
  );
});

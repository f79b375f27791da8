import { describe, expect, it } from 'vitest';
import { parseLocalDate } from './local-time.js';
import type { ContactRuleSet } from './rule-set.js';
import { ContactRulesError, applicableRules, compileRuleSet, mergeRules } from './rule-set.js';

const ruleSet: ContactRuleSet = {
  organization: { excludedDates: ['2026-12-25'] },
  states: {
    MA: { callLimits: [{ maxCalls: 2, periodDays: 7 }] },
    wa: { label: 'Washington hours', hours: { call: { start: '09:00', end: '20:00' } } },
  },
  clients: {
    '1001': { hours: { call: { start: '08:30', end: '21:00' }, sms: { start: '10:00', end: '18:00' } }, callLimits: [{ maxCalls: 3, periodDays: 30 }], conversationCooldownDays: 10 },
    '1002': { blockedChannels: ['sms'], excludedWeekdays: ['sunday'] },
  },
  disputedStatuses: ['Dispute Pending'],
};

describe('contact rule sets', () => {
  it('always includes the federal floor: 08:00-21:00 for calls, texts and emails, 7 calls in 7 days, a 7-day cooldown', () => {
    const merged = mergeRules(applicableRules(compileRuleSet({}), [], null));
    expect(merged.hours.get('call')?.value).toEqual({ start: 480, end: 1260 });
    expect(merged.hours.get('email')?.value).toEqual({ start: 480, end: 1260 });
    expect(merged.hours.has('letter')).toBe(false);
    expect(merged.callLimits.map((l) => l.value)).toEqual([{ maxCalls: 7, periodDays: 7 }]);
    expect(merged.conversationCooldownDays).toEqual({ value: 7, sources: ['FDCPA/Regulation F'] });
  });

  it('merges so the strictest wins: the latest start, the earliest end, every call limit not implied by a stricter one, the longest cooldown', () => {
    const compiled = compileRuleSet(ruleSet);
    const merged = mergeRules(applicableRules(compiled, ['MA', 'WA'], '1001'));
    expect(merged.hours.get('call')).toEqual({ value: { start: 540, end: 1200 }, sources: ['Washington hours'] });
    expect(merged.hours.get('sms')).toEqual({ value: { start: 600, end: 1080 }, sources: ['client 1001'] });
    // 7 in 7 days is implied by MA's 2 in 7 days; 3 in 30 days is a separate limit.
    expect(merged.callLimits).toEqual([
      { value: { maxCalls: 2, periodDays: 7 }, sources: ['state MA'] },
      { value: { maxCalls: 3, periodDays: 30 }, sources: ['client 1001'] },
    ]);
    expect(merged.conversationCooldownDays).toEqual({ value: 10, sources: ['client 1001'] });
    expect(merged.excludedDates.get(parseLocalDate('2026-12-25') ?? 0)).toEqual(['organization']);
  });

  it('cannot loosen the federal floor: wider state hours and a higher call limit change nothing', () => {
    const compiled = compileRuleSet({ states: { XX: { hours: { call: { start: '07:00', end: '22:00' } }, callLimits: [{ maxCalls: 10, periodDays: 7 }], conversationCooldownDays: 1 } } });
    const merged = mergeRules(applicableRules(compiled, ['XX'], null));
    expect(merged.hours.get('call')?.value).toEqual({ start: 480, end: 1260 });
    expect(merged.callLimits.map((l) => l.value)).toEqual([{ maxCalls: 7, periodDays: 7 }]);
    expect(merged.conversationCooldownDays.value).toBe(7);
  });

  it('applies every state rule when the state is unknown, and only the named states otherwise', () => {
    const compiled = compileRuleSet(ruleSet);
    expect(applicableRules(compiled, null, null).map((r) => r.source)).toEqual(['FDCPA/Regulation F', 'organization', 'state MA', 'Washington hours']);
    expect(applicableRules(compiled, ['NY'], '1002').map((r) => r.source)).toEqual(['FDCPA/Regulation F', 'organization', 'client 1002']);
  });

  it('treats "disputed" and the configured statuses as disputed, ignoring case', () => {
    expect([...compileRuleSet(ruleSet).disputedStatuses]).toEqual(['disputed', 'dispute pending']);
  });

  it('refuses a malformed rule set, listing every problem', () => {
    const bad = {
      states: {
        Massachusetts: {},
        NY: {
          hours: { call: { start: '21:00', end: '08:00' }, fax: { start: '08:00', end: '09:00' } },
          excludedWeekdays: ['funday'],
          excludedDates: ['2026-02-30'],
          callLimits: [{ maxCalls: -1, periodDays: 7 }, { maxCalls: 2, periodDays: 0 }],
          conversationCooldownDays: 1.5,
          blockedChannels: ['pager'],
        },
      },
    } as unknown as ContactRuleSet;
    let error: unknown;
    try {
      compileRuleSet(bad);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ContactRulesError);
    expect((error as ContactRulesError).problems).toHaveLength(9);
  });
});

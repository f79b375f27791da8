// Contact rules as data: the federal floor (FDCPA §805(a)(1) hours, Regulation F §1006.14(b)(2) call
// frequencies) always applies, and an organization, each state and each client may add rules of the
// same shape. Rules only ever restrict, so merging them is "strictest wins": the narrowest hours, the
// union of excluded days and blocked channels, every call limit, the longest conversation cooldown.

import type { ContactChannel } from './contact-types.js';
import { CONTACT_CHANNELS } from './contact-types.js';
import type { MinuteWindow } from './local-time.js';
import { MINUTES_PER_DAY, formatTimeOfDay, parseLocalDate, parseTimeOfDay } from './local-time.js';

/** A day of the week, by name. */
export type Weekday = 'sunday' | 'monday' | 'tuesday' | 'wednesday' | 'thursday' | 'friday' | 'saturday';

const WEEKDAYS: readonly Weekday[] = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'];

/** Daily hours in the consumer's local time: 'HH:MM' 24-hour, start inclusive, end exclusive ('24:00' for midnight). */
export interface DailyHours {
  readonly start: string;
  readonly end: string;
}

/** At most `maxCalls` placed calls about one debt within any `periodDays` consecutive local days. */
export interface CallLimit {
  readonly maxCalls: number;
  readonly periodDays: number;
}

/** One source's restrictions; every field is optional and only ever narrows what is allowed. */
export interface ContactRule {
  /** Shown in refusal messages; defaults to the rule's place ('organization', 'state MA', 'client 1001'). */
  readonly label?: string;
  /** Allowed local hours per channel; a channel not listed by any rule has no hour limit. */
  readonly hours?: Partial<Record<ContactChannel, DailyHours>>;
  /** Local weekdays with no contact at all. */
  readonly excludedWeekdays?: readonly Weekday[];
  /** Local dates ('YYYY-MM-DD') with no contact at all, e.g. holidays. */
  readonly excludedDates?: readonly string[];
  /** Call limits per debt, each over its own number of consecutive local days. */
  readonly callLimits?: readonly CallLimit[];
  /** No call on the day of a telephone conversation (after it) nor on the following days, this many days in all. */
  readonly conversationCooldownDays?: number;
  /** Channels not to be used at all. */
  readonly blockedChannels?: readonly ContactChannel[];
}

/** Every configurable rule: an organization-wide one, one per state (two-letter code) and one per client (clientNumber). */
export interface ContactRuleSet {
  readonly organization?: ContactRule;
  readonly states?: Readonly<Record<string, ContactRule>>;
  readonly clients?: Readonly<Record<string, ContactRule>>;
  /** Account statuses that mean "disputed", compared case-insensitively; 'disputed' always does. */
  readonly disputedStatuses?: readonly string[];
}

/** The federal floor, applied whatever the rule set says. Letters have no hour limit: a letter's time of arrival is not the sender's to choose. */
export const FEDERAL_CONTACT_RULE: ContactRule = {
  label: 'FDCPA/Regulation F',
  hours: {
    call: { start: '08:00', end: '21:00' },
    sms: { start: '08:00', end: '21:00' },
    email: { start: '08:00', end: '21:00' },
  },
  callLimits: [{ maxCalls: 7, periodDays: 7 }],
  conversationCooldownDays: 7,
};

/** A rule in the form the engine works with. */
export interface CompiledRule {
  readonly source: string;
  readonly hours: ReadonlyMap<ContactChannel, MinuteWindow>;
  /** 0 = Sunday … 6 = Saturday. */
  readonly excludedWeekdays: ReadonlySet<number>;
  /** Day numbers (days since 1970-01-01). */
  readonly excludedDates: ReadonlySet<number>;
  readonly callLimits: readonly CallLimit[];
  /** 0: none. */
  readonly conversationCooldownDays: number;
  readonly blockedChannels: ReadonlySet<ContactChannel>;
}

/** A validated rule set. */
export interface CompiledRuleSet {
  readonly federal: CompiledRule;
  readonly organization: CompiledRule | null;
  readonly states: ReadonlyMap<string, CompiledRule>;
  readonly clients: ReadonlyMap<string, CompiledRule>;
  /** Lower-cased. */
  readonly disputedStatuses: ReadonlySet<string>;
}

/** A rule set that cannot be applied, with every problem found. */
export class ContactRulesError extends Error {
  constructor(readonly problems: readonly string[]) {
    super(`Invalid contact rules: ${problems.join('; ')}`);
    this.name = 'ContactRulesError';
  }
}

/** The longest period a call limit or cooldown may span (a year, leap or not). */
const MAX_PERIOD_DAYS = 366;

function compileRule(rule: ContactRule, place: string, problems: string[]): CompiledRule {
  const source = rule.label ?? place;
  const where = `${place}:`;
  const hours = new Map<ContactChannel, MinuteWindow>();
  for (const [channel, window] of Object.entries(rule.hours ?? {})) {
    if (!CONTACT_CHANNELS.includes(channel as ContactChannel)) {
      problems.push(`${where} hours for unknown channel ${JSON.stringify(channel)}`);
      continue;
    }
    if (window === undefined) continue;
    const start = parseTimeOfDay(window.start);
    const end = parseTimeOfDay(window.end);
    if (start === null || end === null || start >= end) {
      problems.push(`${where} ${channel} hours must be 'HH:MM' with start before end, not ${JSON.stringify(window)}`);
      continue;
    }
    hours.set(channel as ContactChannel, { start, end });
  }
  const excludedWeekdays = new Set<number>();
  for (const day of rule.excludedWeekdays ?? []) {
    const index = WEEKDAYS.indexOf(day);
    if (index < 0) problems.push(`${where} unknown weekday ${JSON.stringify(day)}`);
    else excludedWeekdays.add(index);
  }
  const excludedDates = new Set<number>();
  for (const date of rule.excludedDates ?? []) {
    const day = parseLocalDate(date);
    if (day === null) problems.push(`${where} excluded date must be 'YYYY-MM-DD', not ${JSON.stringify(date)}`);
    else excludedDates.add(day);
  }
  const callLimits: CallLimit[] = [];
  for (const limit of rule.callLimits ?? []) {
    const countOk = Number.isSafeInteger(limit.maxCalls) && limit.maxCalls >= 0;
    const periodOk = Number.isSafeInteger(limit.periodDays) && limit.periodDays >= 1 && limit.periodDays <= MAX_PERIOD_DAYS;
    if (countOk && periodOk) callLimits.push({ maxCalls: limit.maxCalls, periodDays: limit.periodDays });
    else problems.push(`${where} call limit needs whole maxCalls >= 0 and periodDays 1-${MAX_PERIOD_DAYS}, not ${JSON.stringify(limit)}`);
  }
  const cooldown = rule.conversationCooldownDays ?? 0;
  if (!Number.isSafeInteger(cooldown) || cooldown < 0 || cooldown > MAX_PERIOD_DAYS) {
    problems.push(`${where} conversationCooldownDays must be a whole number 0-${MAX_PERIOD_DAYS}, not ${JSON.stringify(cooldown)}`);
  }
  const blockedChannels = new Set<ContactChannel>();
  for (const channel of rule.blockedChannels ?? []) {
    if (CONTACT_CHANNELS.includes(channel)) blockedChannels.add(channel);
    else problems.push(`${where} unknown blocked channel ${JSON.stringify(channel)}`);
  }
  return { source, hours, excludedWeekdays, excludedDates, callLimits, conversationCooldownDays: Number.isSafeInteger(cooldown) ? cooldown : 0, blockedChannels };
}

/** Validates a rule set and puts it in the engine's form; throws ContactRulesError listing every problem. */
export function compileRuleSet(ruleSet: ContactRuleSet): CompiledRuleSet {
  const problems: string[] = [];
  const federal = compileRule(FEDERAL_CONTACT_RULE, 'federal', problems);
  const organization = ruleSet.organization === undefined ? null : compileRule(ruleSet.organization, 'organization', problems);
  const states = new Map<string, CompiledRule>();
  for (const [code, rule] of Object.entries(ruleSet.states ?? {})) {
    const state = code.toUpperCase();
    if (!/^[A-Z]{2}$/.test(state)) problems.push(`state rules are keyed by two-letter codes, not ${JSON.stringify(code)}`);
    else if (states.has(state)) problems.push(`state ${state} has two rules`);
    else states.set(state, compileRule(rule, `state ${state}`, problems));
  }
  const clients = new Map<string, CompiledRule>();
  for (const [clientNumber, rule] of Object.entries(ruleSet.clients ?? {})) clients.set(clientNumber, compileRule(rule, `client ${clientNumber}`, problems));
  if (problems.length > 0) throw new ContactRulesError(problems);
  const disputedStatuses = new Set(['disputed', ...(ruleSet.disputedStatuses ?? []).map((s) => s.trim().toLowerCase())]);
  return { federal, organization, states, clients, disputedStatuses };
}

/**
 * The rules that apply to a consumer in `states` (null: the state is unknown, so every state's rule
 * applies, which keeps the answer on the safe side) on an account of `clientNumber`.
 */
export function applicableRules(ruleSet: CompiledRuleSet, states: readonly string[] | null, clientNumber: string | null | undefined): CompiledRule[] {
  const rules = [ruleSet.federal];
  if (ruleSet.organization !== null) rules.push(ruleSet.organization);
  if (states === null) rules.push(...ruleSet.states.values());
  else for (const state of new Set(states.map((s) => s.toUpperCase()))) {
    const rule = ruleSet.states.get(state);
    if (rule !== undefined) rules.push(rule);
  }
  if (clientNumber !== null && clientNumber !== undefined) {
    const rule = ruleSet.clients.get(clientNumber);
    if (rule !== undefined) rules.push(rule);
  }
  return rules;
}

/** A restriction and the rules it comes from. */
export interface Sourced<T> {
  readonly value: T;
  readonly sources: readonly string[];
}

/** Several rules merged, strictest wins. */
export interface EffectiveRules {
  /** Per channel, the intersection of every rule's hours (possibly empty: start >= end). */
  readonly hours: ReadonlyMap<ContactChannel, Sourced<MinuteWindow>>;
  readonly excludedWeekdays: ReadonlyMap<number, readonly string[]>;
  readonly excludedDates: ReadonlyMap<number, readonly string[]>;
  /** Every limit that is not implied by another (a limit is implied by one as strict over at least as many days). */
  readonly callLimits: readonly Sourced<CallLimit>[];
  readonly conversationCooldownDays: Sourced<number>;
  readonly blockedChannels: ReadonlyMap<ContactChannel, readonly string[]>;
}

function addSource<K>(map: Map<K, string[]>, key: K, source: string): void {
  const list = map.get(key);
  if (list === undefined) map.set(key, [source]);
  else if (!list.includes(source)) list.push(source);
}

/** Merges rules so the strictest wins; the sources name the rules that decide each restriction. */
export function mergeRules(rules: readonly CompiledRule[]): EffectiveRules {
  const hours = new Map<ContactChannel, Sourced<MinuteWindow>>();
  for (const channel of CONTACT_CHANNELS) {
    const windows = rules.flatMap((rule) => {
      const window = rule.hours.get(channel);
      return window === undefined ? [] : [{ window, source: rule.source }];
    });
    if (windows.length === 0) continue;
    const start = Math.max(...windows.map((w) => w.window.start));
    const end = Math.min(...windows.map((w) => w.window.end));
    const sources = [...new Set(windows.filter((w) => w.window.start === start || w.window.end === end).map((w) => w.source))];
    hours.set(channel, { value: { start, end }, sources });
  }
  const excludedWeekdays = new Map<number, string[]>();
  const excludedDates = new Map<number, string[]>();
  const blockedChannels = new Map<ContactChannel, string[]>();
  for (const rule of rules) {
    for (const day of rule.excludedWeekdays) addSource(excludedWeekdays, day, rule.source);
    for (const day of rule.excludedDates) addSource(excludedDates, day, rule.source);
    for (const channel of rule.blockedChannels) addSource(blockedChannels, channel, rule.source);
  }
  const limits = rules.flatMap((rule) => rule.callLimits.map((limit) => ({ value: limit, sources: [rule.source] })));
  const implies = (a: CallLimit, b: CallLimit): boolean => a.maxCalls <= b.maxCalls && a.periodDays >= b.periodDays;
  const callLimits: Sourced<CallLimit>[] = [];
  for (const limit of limits) {
    const same = callLimits.findIndex((kept) => kept.value.maxCalls === limit.value.maxCalls && kept.value.periodDays === limit.value.periodDays);
    if (same >= 0) {
      callLimits[same] = { value: limit.value, sources: [...new Set([...callLimits[same].sources, ...limit.sources])] };
      continue;
    }
    if (callLimits.some((kept) => implies(kept.value, limit.value))) continue;
    for (let i = callLimits.length - 1; i >= 0; i--) if (implies(limit.value, callLimits[i].value)) callLimits.splice(i, 1);
    callLimits.push(limit);
  }
  const cooldownDays = Math.max(0, ...rules.map((rule) => rule.conversationCooldownDays));
  const cooldownSources = cooldownDays === 0 ? [] : rules.filter((rule) => rule.conversationCooldownDays === cooldownDays).map((rule) => rule.source);
  return { hours, excludedWeekdays, excludedDates, callLimits, conversationCooldownDays: { value: cooldownDays, sources: cooldownSources }, blockedChannels };
}

/** A merged hours window as 'HH:MM–HH:MM' (for messages). */
export function formatHours(window: MinuteWindow): string {
  return window.start >= window.end ? 'no time' : `${formatTimeOfDay(window.start)}–${formatTimeOfDay(window.end)}`;
}

/** The whole local day: a channel with no hour limit. */
export const WHOLE_DAY: MinuteWindow = { start: 0, end: MINUTES_PER_DAY };

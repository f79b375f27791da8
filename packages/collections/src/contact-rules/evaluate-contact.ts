// The contact-rule engine's entry points. One contact is checked at one instant (evaluateContact), or
// the instants at which it would pass are worked out exactly for a span of time (allowedIntervals, and
// per campaign day allowedIntervalsOnDay) and the first of them found (nextAllowedInstant). Both
// answers come from the same rules; the property tests hold them to each other and to a simple oracle.

import type { Clock } from '../dates/clock.js';
import { checkCallFrequency, cooldownIntervals, exceededCallLimit, zoneCallHistory } from './call-frequency.js';
import type { ZoneCallHistory } from './call-frequency.js';
import { channelNoun, checkContactHours, contactHoursIntervals, hoursOf } from './contact-hours.js';
import type {
  CampaignSchedule,
  ContactAccount,
  ContactChannel,
  ContactConsumer,
  ContactDecision,
  ContactHistoryEntry,
  ContactRefusal,
} from './contact-types.js';
import type { Interval } from './intervals.js';
import { intersectIntervals, normalizeIntervals, subtractIntervals } from './intervals.js';
import type { MinuteWindow } from './local-time.js';
import { DAY_MS, MINUTE_MS, canonicalTimeZone, formatLocalDate, formatTimeOfDay, instantsInLocalWindows, parseLocalDate, parseTimeOfDay, zonedTime } from './local-time.js';
import type { ContactLocation, LocationData } from './location.js';
import { resolveContactLocation } from './location.js';
import type { CompiledRuleSet, ContactRuleSet, EffectiveRules } from './rule-set.js';
import { ContactRulesError, applicableRules, compileRuleSet, mergeRules } from './rule-set.js';

/** A contact to check, apart from its instant: what, with whom, about which debt, under which rules. */
export interface ContactSubject {
  readonly channel: ContactChannel;
  readonly account: ContactAccount;
  readonly consumer?: ContactConsumer;
  /** This account's contacts, made or scheduled, not counting the one being checked. */
  readonly history?: readonly ContactHistoryEntry[];
  /** When set, the contact must also fall in the campaign's daily windows. */
  readonly campaign?: CampaignSchedule;
  /** Organization, state and client rules; the federal floor applies regardless. */
  readonly rules?: ContactRuleSet;
  /**
   * More zones whose calendars the call limits are counted on: those of the debt's other consumers.
   * Calls about a debt are counted together whoever was called, so a call to one consumer must not
   * make a seventh-plus-one in the consecutive days of another consumer of the same debt.
   */
  readonly callLimitZones?: readonly string[];
}

/** A contact at an instant. */
export interface ContactCheck extends ContactSubject {
  /** When the contact would happen; the clock's now when absent (a contact about to happen). */
  readonly at?: Date;
}

/** The geographic lookups, where the consumer's location is not given resolved. */
export interface LocationDeps {
  readonly locationData?: LocationData;
}

/** What the engine needs from outside: the time, and the geographic lookups unless every consumer comes with a resolved location. */
export interface ContactRuleDeps extends LocationDeps {
  readonly clock: Clock;
}

/** An allowed stretch of time, [start, end). */
export interface TimeInterval {
  readonly start: Date;
  readonly end: Date;
}

const compiledRuleSets = new WeakMap<ContactRuleSet, CompiledRuleSet>();
const NO_RULES: ContactRuleSet = {};

// Rule sets are configuration, checked once per object rather than once per contact.
function compiled(ruleSet: ContactRuleSet): CompiledRuleSet {
  let result = compiledRuleSets.get(ruleSet);
  if (result === undefined) {
    result = compileRuleSet(ruleSet);
    compiledRuleSets.set(ruleSet, result);
  }
  return result;
}

interface CompiledCampaign {
  readonly timeZone: string;
  readonly windows: readonly MinuteWindow[];
}

function compileCampaign(campaign: CampaignSchedule): CompiledCampaign {
  const problems: string[] = [];
  const timeZone = canonicalTimeZone(campaign.timeZone);
  if (timeZone === null) problems.push(`campaign time zone ${JSON.stringify(campaign.timeZone)} is not an IANA zone`);
  const windows: MinuteWindow[] = [];
  for (const window of campaign.windows) {
    const start = parseTimeOfDay(window.start);
    const end = parseTimeOfDay(window.end);
    if (start === null || end === null || start >= end) problems.push(`campaign window must be 'HH:MM' with start before end, not ${JSON.stringify(window)}`);
    else windows.push({ start, end });
  }
  if (problems.length > 0 || timeZone === null) throw new ContactRulesError(problems);
  return { timeZone, windows };
}

function instantOf(date: Date, what: string): number {
  const t = date.getTime();
  if (!Number.isFinite(t)) throw new RangeError(`${what} is not a valid date`);
  return t;
}

/** Everything about a subject that does not depend on the instant, worked out once. */
interface PreparedSubject {
  readonly channel: ContactChannel;
  readonly location: ContactLocation;
  readonly rules: EffectiveRules;
  /** Refusals that hold at every instant (do-not-contact, dispute, blocked channel). */
  readonly standing: readonly ContactRefusal[];
  readonly callHistories: readonly ZoneCallHistory[];
  readonly campaign: CompiledCampaign | null;
}

function prepare(subject: ContactSubject, data: LocationData | undefined): PreparedSubject {
  const ruleSet = compiled(subject.rules ?? NO_RULES);
  const { account, consumer, channel } = subject;
  // The area code says where a call or text may reach the consumer; an email or letter reaches them wherever they are.
  const phone = channel === 'call' || channel === 'sms' ? consumer?.phone : null;
  // A location resolved elsewhere (the server's, handed to the web app) is used as is.
  const location = consumer?.location ?? resolveContactLocation({ timeZone: consumer?.timeZone, zipCode: account.zipCode, state: consumer?.state, phone }, data);
  const rules = mergeRules(applicableRules(ruleSet, location.states, account.clientNumber));
  const standing: ContactRefusal[] = [];
  if (consumer?.doNotContact?.all === true) {
    standing.push({ code: 'DO_NOT_CONTACT', message: 'The consumer asked not to be contacted.' });
  } else if (consumer?.doNotContact?.channels?.includes(channel) === true) {
    standing.push({ code: 'CHANNEL_DO_NOT_CONTACT', message: `The consumer asked not to be contacted by ${channel}.` });
  }
  const status = account.accountStatus?.trim().toLowerCase();
  if (account.disputed === true || (status !== undefined && ruleSet.disputedStatuses.has(status))) {
    standing.push({ code: 'ACCOUNT_DISPUTED', message: 'The debt is disputed; collection contacts wait until the dispute is resolved.' });
  }
  const blockedBy = rules.blockedChannels.get(channel);
  if (blockedBy !== undefined) {
    standing.push({ code: 'CHANNEL_NOT_ALLOWED', message: `${channelNoun(channel)} are not allowed for this account (${blockedBy.join(', ')}).`, sources: blockedBy });
  }
  const history = subject.history ?? [];
  history.forEach((entry, i) => instantOf(entry.at, `history[${i}].at`));
  const limitZones = [...new Set([...location.timeZones, ...(subject.callLimitZones ?? []).flatMap((zone) => resolveContactLocation({ timeZone: zone }, data).timeZones)])];
  const callHistories = channel === 'call' ? limitZones.map((zone) => zoneCallHistory(history, account.id, zone)) : [];
  const campaign = subject.campaign === undefined ? null : compileCampaign(subject.campaign);
  return { channel, location, rules, standing, callHistories, campaign };
}

function campaignRefusal(campaign: CompiledCampaign, t: number): ContactRefusal | null {
  const local = zonedTime(t, campaign.timeZone);
  const inside = campaign.windows.some((w) => local.msOfDay >= w.start * MINUTE_MS && local.msOfDay < w.end * MINUTE_MS);
  if (inside) return null;
  const windows = campaign.windows.map((w) => `${formatTimeOfDay(w.start)}–${formatTimeOfDay(w.end)}`).join(', ') || 'no window';
  const now = `${formatTimeOfDay(Math.floor(local.msOfDay / MINUTE_MS))} on ${formatLocalDate(local.dayNumber)}`;
  return { code: 'OUTSIDE_CAMPAIGN_WINDOW', message: `The campaign runs ${windows} ${campaign.timeZone} time; it is ${now} there.` };
}

/** Whether a contact is allowed at `check.at` (default: the clock's now), and every reason when it is not. */
export function evaluateContact(check: ContactCheck, deps: ContactRuleDeps): ContactDecision {
  const t = instantOf(check.at ?? deps.clock.now(), 'at');
  const prepared = prepare(check, deps.locationData);
  const reasons = [...prepared.standing, ...checkContactHours(prepared.rules, prepared.channel, prepared.location.timeZones, t)];
  if (prepared.channel === 'call') reasons.push(...checkCallFrequency(prepared.rules, prepared.callHistories, t));
  const outsideCampaign = prepared.campaign === null ? null : campaignRefusal(prepared.campaign, t);
  if (outsideCampaign !== null) reasons.push(outsideCampaign);
  return reasons.length === 0 ? { allowed: true } : { allowed: false, reasons };
}

/** The allowed instants in [from, to) as epoch-ms intervals; `campaignDay` limits campaign windows to that campaign-local date. */
function allowedBetween(prepared: PreparedSubject, from: number, to: number, campaignDay?: number): Interval[] {
  if (prepared.standing.length > 0 || to <= from) return [];
  const { rules, channel } = prepared;
  let allowed: Interval[] = [{ start: from, end: to }];
  for (const zone of prepared.location.timeZones) {
    const history = prepared.callHistories.find((h) => h.timeZone === zone);
    const dayBlocked = history === undefined ? undefined : (day: number) => exceededCallLimit(rules, history, day) !== null;
    let zoneAllowed = contactHoursIntervals(rules, channel, zone, from, to, dayBlocked);
    if (history !== undefined) zoneAllowed = subtractIntervals(zoneAllowed, normalizeIntervals(cooldownIntervals(rules, history, from, to)));
    allowed = intersectIntervals(allowed, zoneAllowed);
    if (allowed.length === 0) return [];
  }
  const { campaign } = prepared;
  if (campaign !== null) {
    const windows = instantsInLocalWindows(campaign.timeZone, from, to, (day) => (campaignDay === undefined || day === campaignDay ? campaign.windows : []));
    allowed = intersectIntervals(allowed, windows);
  }
  return allowed;
}

const toTimeIntervals = (intervals: readonly Interval[]): TimeInterval[] => intervals.map((i) => ({ start: new Date(i.start), end: new Date(i.end) }));

/** Every stretch of [range.from, range.to) in which the contact would be allowed, exact to the millisecond. */
export function allowedIntervals(subject: ContactSubject, range: { readonly from: Date; readonly to: Date }, deps: LocationDeps = {}): TimeInterval[] {
  const prepared = prepare(subject, deps.locationData);
  return toTimeIntervals(allowedBetween(prepared, instantOf(range.from, 'from'), instantOf(range.to, 'to')));
}

/** The stretches of one campaign day ('YYYY-MM-DD' in the campaign's zone) inside its daily windows in which the contact would be allowed. */
export function allowedIntervalsOnDay(subject: ContactSubject & { readonly campaign: CampaignSchedule }, day: string, deps: LocationDeps = {}): TimeInterval[] {
  const dayNumber = parseLocalDate(day);
  if (dayNumber === null) throw new RangeError(`day must be 'YYYY-MM-DD', not ${JSON.stringify(day)}`);
  const prepared = prepare(subject, deps.locationData);
  // A local day lies within a day either side of the same UTC date, in any zone.
  return toTimeIntervals(allowedBetween(prepared, (dayNumber - 1) * DAY_MS, (dayNumber + 2) * DAY_MS, dayNumber));
}

/** Days nextAllowedInstant looks ahead by default: past any 30-day call limit. */
export const DEFAULT_HORIZON_DAYS = 31;

/**
 * The first instant at or after `options.from` (default: the check's `at`, else the clock's now) at
 * which the contact would be allowed, or null when there is none within `options.horizonDays`
 * (e.g. do-not-contact, a dispute, or rules that leave no time).
 */
export function nextAllowedInstant(check: ContactCheck, deps: ContactRuleDeps, options: { readonly from?: Date; readonly horizonDays?: number } = {}): Date | null {
  const from = instantOf(options.from ?? check.at ?? deps.clock.now(), 'from');
  const horizonDays = options.horizonDays ?? DEFAULT_HORIZON_DAYS;
  if (!(horizonDays > 0)) throw new RangeError('horizonDays must be positive');
  const prepared = prepare(check, deps.locationData);
  if (prepared.standing.length > 0) return null;
  const hours = hoursOf(prepared.rules, prepared.channel);
  if (hours !== null && hours.value.start >= hours.value.end) return null;
  const end = from + horizonDays * DAY_MS;
  // A day at a time: the first allowed stretch is usually within a day or two.
  for (let start = from; start < end; start += DAY_MS) {
    const first = allowedBetween(prepared, start, Math.min(end, start + DAY_MS))[0];
    if (first !== undefined) return new Date(first.start);
  }
  return null;
}

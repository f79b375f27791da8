// Contact hours and excluded days in the consumer's local time. FDCPA §805(a)(1) and Regulation F
// §1006.6(b)(1)(i): before 8:00 a.m. and after 9:00 p.m. local time at the consumer's location is
// inconvenient, so contact is allowed in [08:00, 21:00) local time, or narrower by rule. When the
// consumer may be in several zones, an instant must be inside the hours in every one of them.

import type { ContactChannel, ContactRefusal } from './contact-types.js';
import type { Interval } from './intervals.js';
import type { MinuteWindow } from './local-time.js';
import { MINUTE_MS, formatLocalDate, formatTimeOfDay, instantsInLocalWindows, weekdayOf, zonedTime } from './local-time.js';
import type { EffectiveRules, Sourced } from './rule-set.js';
import { WHOLE_DAY, formatHours } from './rule-set.js';

const CHANNEL_NOUNS: Record<ContactChannel, string> = { call: 'Calls', sms: 'Text messages', email: 'Emails', letter: 'Letters' };
const WEEKDAY_NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

/** The plural noun of a channel for messages ('Calls', 'Text messages', …). */
export function channelNoun(channel: ContactChannel): string {
  return CHANNEL_NOUNS[channel];
}

/** The merged local hours of a channel, or null when no rule limits its hours. */
export function hoursOf(rules: EffectiveRules, channel: ContactChannel): Sourced<MinuteWindow> | null {
  return rules.hours.get(channel) ?? null;
}

/** The rules that exclude a local date (by weekday or by date); empty when the date is open. */
export function excludedDaySources(rules: EffectiveRules, dayNumber: number): string[] {
  return [...new Set([...(rules.excludedWeekdays.get(weekdayOf(dayNumber)) ?? []), ...(rules.excludedDates.get(dayNumber) ?? [])])];
}

/** Refusals of a contact at instant `t` for its local time of day and local date, in every zone the consumer may be in. */
export function checkContactHours(rules: EffectiveRules, channel: ContactChannel, timeZones: readonly string[], t: number): ContactRefusal[] {
  const refusals: ContactRefusal[] = [];
  const hours = hoursOf(rules, channel);
  const outside: string[] = [];
  const excluded = new Map<string, string[]>();
  for (const zone of timeZones) {
    const local = zonedTime(t, zone);
    const shown = `${formatTimeOfDay(Math.floor(local.msOfDay / MINUTE_MS))} on ${formatLocalDate(local.dayNumber)} in ${zone}`;
    if (hours !== null && !(local.msOfDay >= hours.value.start * MINUTE_MS && local.msOfDay < hours.value.end * MINUTE_MS)) outside.push(shown);
    const sources = excludedDaySources(rules, local.dayNumber);
    if (sources.length > 0) excluded.set(`${WEEKDAY_NAMES[weekdayOf(local.dayNumber)]} ${formatLocalDate(local.dayNumber)} in ${zone}`, sources);
  }
  if (hours !== null && outside.length > 0) {
    const maybe = timeZones.length > 1 ? ` The consumer may be in any of ${timeZones.length} zones, and the time must suit all of them.` : '';
    refusals.push({
      code: 'OUTSIDE_CONTACT_HOURS',
      message: `${channelNoun(channel)} are allowed only ${formatHours(hours.value)} in the consumer's local time (${hours.sources.join(', ')}); it is ${outside.join(', ')}.${maybe}`,
      sources: hours.sources,
    });
  }
  if (excluded.size > 0) {
    const sources = [...new Set([...excluded.values()].flat())];
    refusals.push({ code: 'EXCLUDED_DAY', message: `No contact on ${[...excluded.keys()].join(', ')} (${sources.join(', ')}).`, sources });
  }
  return refusals;
}

/**
 * The instants of [from, to) inside the channel's hours in `timeZone`, on local dates that no rule
 * excludes and that `dayBlocked` (e.g. a full call limit) does not reject.
 */
export function contactHoursIntervals(
  rules: EffectiveRules,
  channel: ContactChannel,
  timeZone: string,
  from: number,
  to: number,
  dayBlocked: (dayNumber: number) => boolean = () => false,
): Interval[] {
  const window = hoursOf(rules, channel)?.value ?? WHOLE_DAY;
  if (window.start >= window.end) return [];
  const open = [window];
  return instantsInLocalWindows(timeZone, from, to, (day) => (excludedDaySources(rules, day).length > 0 || dayBlocked(day) ? [] : open));
}

// Regulation F's call-frequency presumption, 12 CFR 1006.14(b)(2)(i): a debt collector is presumed to
// comply if it places telephone calls to a person about a particular debt neither (A) more than seven
// times within seven consecutive days, nor (B) within a period of seven consecutive days after having
// had a telephone conversation with the person about that debt, "the date of the telephone
// conversation [being] the first day of the seven-consecutive-day period".
//
// Days are calendar dates in the consumer's local time, as the regulation and its commentary count
// them (comment 14(b)(2)(i)-1: seven calls Wednesday April 1 to Tuesday April 7 comply, the next call
// may come on Wednesday April 8). When the consumer may be in several zones the dates are worked out in
// each, and a call must pass in all. Limits and the cooldown are per debt: only this account's calls
// count. Calls the dialer marks excluded (§1006.14(b)(3)) and calls the consumer made to us do not
// count as placed calls; a conversation starts the cooldown whoever called.

import { channelNoun } from './contact-hours.js';
import type { ContactHistoryEntry, ContactRefusal } from './contact-types.js';
import type { Interval } from './intervals.js';
import { DAY_MS, formatLocalDate, instantsInLocalWindows, zonedTime } from './local-time.js';
import type { CallLimit, EffectiveRules, Sourced } from './rule-set.js';
import { WHOLE_DAY } from './rule-set.js';

/** An account's calls as seen from one zone: the local dates of counted calls, and the conversations. */
export interface ZoneCallHistory {
  readonly timeZone: string;
  /** Local day numbers of placed calls that count, sorted. */
  readonly callDays: readonly number[];
  readonly conversations: readonly { readonly at: number; readonly dayNumber: number }[];
}

/** The history entries of this account only (entries naming no account are taken as this account's). */
function ofAccount(history: readonly ContactHistoryEntry[], accountId: string): ContactHistoryEntry[] {
  return history.filter((entry) => entry.accountId === undefined || entry.accountId === accountId);
}

/** The account's calls on the local calendar of `timeZone`. */
export function zoneCallHistory(history: readonly ContactHistoryEntry[], accountId: string, timeZone: string): ZoneCallHistory {
  const calls = ofAccount(history, accountId).filter((entry) => entry.channel === 'call');
  const callDays = calls
    .filter((entry) => (entry.direction ?? 'outbound') === 'outbound' && entry.excludedFromCallLimits !== true)
    .map((entry) => zonedTime(entry.at.getTime(), timeZone).dayNumber)
    .sort((a, b) => a - b);
  const conversations = calls
    .filter((entry) => entry.conversation === true)
    .map((entry) => ({ at: entry.at.getTime(), dayNumber: zonedTime(entry.at.getTime(), timeZone).dayNumber }));
  return { timeZone, callDays, conversations };
}

/** How many of the sorted days lie in [first, last]. */
function countBetween(days: readonly number[], first: number, last: number): number {
  const lowerBound = (value: number): number => {
    let lo = 0;
    let hi = days.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (days[mid] < value) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  };
  return lowerBound(last + 1) - lowerBound(first);
}

/** A call limit that one more call on this local date would break, and the run of days already full. */
export interface ExceededLimit {
  readonly limit: Sourced<CallLimit>;
  readonly firstDay: number;
  readonly lastDay: number;
  readonly count: number;
}

/**
 * The limit a call on local date `dayNumber` would exceed: some run of `periodDays` consecutive dates
 * that contains it already holds `maxCalls` counted calls (later scheduled calls included, so a call
 * slotted before them cannot push a later week over), or null.
 */
export function exceededCallLimit(rules: EffectiveRules, history: ZoneCallHistory, dayNumber: number): ExceededLimit | null {
  for (const limit of rules.callLimits) {
    const { maxCalls, periodDays } = limit.value;
    for (let firstDay = dayNumber - periodDays + 1; firstDay <= dayNumber; firstDay++) {
      const lastDay = firstDay + periodDays - 1;
      const count = countBetween(history.callDays, firstDay, lastDay);
      if (count + 1 > maxCalls) return { limit, firstDay, lastDay, count };
    }
  }
  return null;
}

/** The conversation whose cooldown covers instant `t` (local date `dayNumber`), or null. */
export function coolingConversation(rules: EffectiveRules, history: ZoneCallHistory, t: number, dayNumber: number): { at: number; dayNumber: number } | null {
  const days = rules.conversationCooldownDays.value;
  if (days === 0) return null;
  return history.conversations.find((c) => c.at <= t && dayNumber <= c.dayNumber + days - 1) ?? null;
}

/** Refusals of a call at instant `t` for call frequency, checked on the calendar of every zone the consumer may be in. */
export function checkCallFrequency(rules: EffectiveRules, histories: readonly ZoneCallHistory[], t: number): ContactRefusal[] {
  const refusals: ContactRefusal[] = [];
  for (const history of histories) {
    const day = zonedTime(t, history.timeZone).dayNumber;
    const exceeded = exceededCallLimit(rules, history, day);
    if (exceeded !== null) {
      const { maxCalls, periodDays } = exceeded.limit.value;
      refusals.push({
        code: 'CALL_LIMIT_REACHED',
        message:
          `${exceeded.count} calls about this account are already placed or scheduled from ${formatLocalDate(exceeded.firstDay)} to ` +
          `${formatLocalDate(exceeded.lastDay)} (${history.timeZone}); at most ${maxCalls} within ${periodDays} consecutive days (${exceeded.limit.sources.join(', ')}).`,
        sources: exceeded.limit.sources,
      });
      break;
    }
  }
  for (const history of histories) {
    const day = zonedTime(t, history.timeZone).dayNumber;
    const conversation = coolingConversation(rules, history, t, day);
    if (conversation !== null) {
      const { value: days, sources } = rules.conversationCooldownDays;
      refusals.push({
        code: 'CONVERSATION_COOLDOWN',
        message:
          `${channelNoun('call')} about this account wait ${days} days after a telephone conversation, the day of the conversation counting as the first ` +
          `(${sources.join(', ')}); the last conversation was on ${formatLocalDate(conversation.dayNumber)} (${history.timeZone}), so calls may resume on ${formatLocalDate(conversation.dayNumber + days)}.`,
        sources,
      });
      break;
    }
  }
  return refusals;
}

/** The instants of [from, to) a conversation cooldown blocks in this zone: from each conversation to the end of its last local day. */
export function cooldownIntervals(rules: EffectiveRules, history: ZoneCallHistory, from: number, to: number): Interval[] {
  const days = rules.conversationCooldownDays.value;
  if (days === 0) return [];
  const blocked: Interval[] = [];
  for (const conversation of history.conversations) {
    const start = Math.max(from, conversation.at);
    // The cooldown's last local day ends at most `days` days and a DST hour after the conversation.
    const end = Math.min(to, conversation.at + (days + 1) * DAY_MS);
    if (end <= start) continue;
    const lastDay = conversation.dayNumber + days - 1;
    blocked.push(...instantsInLocalWindows(history.timeZone, start, end, (day) => (day <= lastDay ? [WHOLE_DAY] : [])));
  }
  return blocked;
}

// Wall-clock time in IANA time zones, read from the platform's Intl.DateTimeFormat (Node's ICU carries
// the tz database), so there is no offset table of our own to keep current: daylight-saving rules,
// the spring-forward gap and the fall-back overlap come from the same data the operating world uses.
//
// Everything works on UTC instants (epoch ms). A local date is a "day number" (days since 1970-01-01
// on the local calendar), so consecutive days are plain integer arithmetic, whatever DST does to the
// length of a day.

import type { Interval } from './intervals.js';
import { normalizeIntervals } from './intervals.js';

export const MINUTE_MS = 60_000;
export const HOUR_MS = 60 * MINUTE_MS;
export const DAY_MS = 24 * HOUR_MS;
/** Minutes in a day: the end of a window that runs to midnight ('24:00'). */
export const MINUTES_PER_DAY = 24 * 60;

/** A local date and the time on that date, as wall clocks in one zone show an instant. */
export interface ZonedTime {
  /** The local calendar date, as days since 1970-01-01. */
  readonly dayNumber: number;
  /** Milliseconds since the local midnight, as the wall clock reads (0 to 86 399 999). */
  readonly msOfDay: number;
}

/** A daily window of wall-clock minutes since midnight, [start, end); end 1440 is midnight after. */
export interface MinuteWindow {
  readonly start: number;
  readonly end: number;
}

/** One stretch of time over which a zone's UTC offset does not change. */
export interface OffsetSegment {
  readonly start: number;
  readonly end: number;
  /** Local wall time minus UTC, in ms. */
  readonly offset: number;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string): Intl.DateTimeFormat {
  let format = formatters.get(timeZone);
  if (format === undefined) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      calendar: 'gregory',
      numberingSystem: 'latn',
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(timeZone, format);
  }
  return format;
}

// Canonical spellings by the name asked for: building an Intl.DateTimeFormat costs about a millisecond,
// and a work queue page asks for the same few zones dozens of times (the desk benchmark found it the
// page's largest cost). Bounded: cleared when full, as names come from stored debtor rows.
const canonicalZones = new Map<string, string | null>();
const MAX_CACHED_ZONE_NAMES = 1_000;

/** The platform's canonical spelling of an IANA zone name (aliases such as US/Eastern resolve), or null when unknown. */
export function canonicalTimeZone(timeZone: string): string | null {
  if (timeZone.trim() === '') return null;
  const known = canonicalZones.get(timeZone);
  if (known !== undefined) return known;
  let canonical: string | null;
  try {
    canonical = new Intl.DateTimeFormat('en-US', { timeZone }).resolvedOptions().timeZone;
  } catch {
    canonical = null;
  }
  if (canonicalZones.size >= MAX_CACHED_ZONE_NAMES) canonicalZones.clear();
  canonicalZones.set(timeZone, canonical);
  return canonical;
}

/** The offset straight from Intl: local wall time minus UTC at instant `t` (whole seconds, as tz offsets are). */
function intlOffsetAt(t: number, timeZone: string): number {
  const second = Math.floor(t / 1000) * 1000;
  const fields: Record<string, number> = {};
  for (const part of formatter(timeZone).formatToParts(second)) {
    if (part.type !== 'literal') fields[part.type] = Number(part.value);
  }
  // Some ICU builds write midnight as hour 24 even with h23; it is hour 0 of the same date.
  const hour = fields.hour === 24 ? 0 : (fields.hour ?? 0);
  const local = Date.UTC(fields.year ?? 1970, (fields.month ?? 1) - 1, fields.day ?? 1, hour, fields.minute ?? 0, fields.second ?? 0);
  return local - second;
}

// Offsets of a zone over one UTC day, computed once: a planner asks about the same few days for
// thousands of accounts, and each Intl call costs microseconds. Bounded so a long-running process
// that plans year after year does not grow without end.
const MAX_CACHED_DAYS = 50_000;
const segmentCache = new Map<string, readonly OffsetSegment[]>();

/**
 * The constant-offset pieces of one UTC day. Offsets are sampled every hour and each change is
 * pinned to the millisecond by bisection; this assumes a zone never changes its offset twice within
 * one hour, which holds for every zone of the tz database.
 */
function utcDaySegments(timeZone: string, utcDay: number): readonly OffsetSegment[] {
  const key = `${timeZone}\u0000${utcDay}`;
  const cached = segmentCache.get(key);
  if (cached !== undefined) return cached;
  const dayStart = utcDay * DAY_MS;
  const dayEnd = dayStart + DAY_MS;
  const segments: OffsetSegment[] = [];
  let segmentStart = dayStart;
  let offset = intlOffsetAt(dayStart, timeZone);
  for (let probe = dayStart + HOUR_MS; probe <= dayEnd; probe += HOUR_MS) {
    const probeOffset = intlOffsetAt(Math.min(probe, dayEnd - 1), timeZone);
    if (probeOffset === offset) continue;
    // The first millisecond in (probe - 1 h, probe] with the new offset.
    let lo = probe - HOUR_MS;
    let hi = Math.min(probe, dayEnd - 1);
    while (hi - lo > 1) {
      const mid = Math.floor((lo + hi) / 2);
      if (intlOffsetAt(mid, timeZone) === offset) lo = mid;
      else hi = mid;
    }
    segments.push({ start: segmentStart, end: hi, offset });
    segmentStart = hi;
    offset = intlOffsetAt(hi, timeZone);
  }
  segments.push({ start: segmentStart, end: dayEnd, offset });
  if (segmentCache.size >= MAX_CACHED_DAYS) segmentCache.clear();
  segmentCache.set(key, segments);
  return segments;
}

/** The UTC offset (local wall time minus UTC, ms) of `timeZone` at instant `t`. */
export function offsetAt(t: number, timeZone: string): number {
  const segments = utcDaySegments(timeZone, Math.floor(t / DAY_MS));
  for (const segment of segments) if (t < segment.end) return segment.offset;
  return segments[segments.length - 1].offset;
}

/** The local date and wall time of instant `t` in `timeZone`. */
export function zonedTime(t: number, timeZone: string): ZonedTime {
  const local = t + offsetAt(t, timeZone);
  const dayNumber = Math.floor(local / DAY_MS);
  return { dayNumber, msOfDay: local - dayNumber * DAY_MS };
}

/** Splits [from, to) into the stretches over which `timeZone` keeps one UTC offset. */
export function offsetSegments(timeZone: string, from: number, to: number): OffsetSegment[] {
  const out: OffsetSegment[] = [];
  for (let day = Math.floor(from / DAY_MS); day * DAY_MS < to; day++) {
    for (const segment of utcDaySegments(timeZone, day)) {
      const start = Math.max(segment.start, from);
      const end = Math.min(segment.end, to);
      if (end <= start) continue;
      const last = out.at(-1);
      if (last !== undefined && last.end === start && last.offset === segment.offset) out[out.length - 1] = { ...last, end };
      else out.push({ start, end, offset: segment.offset });
    }
  }
  return out;
}

/**
 * The instants of [from, to) whose wall-clock time in `timeZone` lies in one of the windows that
 * `windowsOf` gives for their local date. Worked out per constant-offset stretch, so a window that
 * crosses the spring-forward gap is simply shorter in real time, and one that crosses the fall-back
 * overlap holds both passes of the repeated wall-clock hour that fall inside it.
 */
export function instantsInLocalWindows(
  timeZone: string,
  from: number,
  to: number,
  windowsOf: (dayNumber: number) => readonly MinuteWindow[],
): Interval[] {
  const out: Interval[] = [];
  for (const segment of offsetSegments(timeZone, from, to)) {
    const firstDay = Math.floor((segment.start + segment.offset) / DAY_MS);
    const lastDay = Math.floor((segment.end - 1 + segment.offset) / DAY_MS);
    for (let day = firstDay; day <= lastDay; day++) {
      for (const window of windowsOf(day)) {
        const start = day * DAY_MS + window.start * MINUTE_MS - segment.offset;
        const end = day * DAY_MS + window.end * MINUTE_MS - segment.offset;
        const clippedStart = Math.max(start, segment.start);
        const clippedEnd = Math.min(end, segment.end);
        if (clippedEnd > clippedStart) out.push({ start: clippedStart, end: clippedEnd });
      }
    }
  }
  return normalizeIntervals(out);
}

/** Day of the week of a day number: 0 = Sunday … 6 = Saturday (1970-01-01 was a Thursday). */
export function weekdayOf(dayNumber: number): number {
  return (((dayNumber + 4) % 7) + 7) % 7;
}

const LOCAL_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** The day number of a 'YYYY-MM-DD' date, or null when it is not a real calendar date. */
export function parseLocalDate(text: string): number | null {
  const match = LOCAL_DATE.exec(text);
  if (match === null) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const ms = Date.UTC(year, month - 1, day);
  const check = new Date(ms);
  if (check.getUTCFullYear() !== year || check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day) return null;
  return ms / DAY_MS;
}

/** A day number as 'YYYY-MM-DD'. */
export function formatLocalDate(dayNumber: number): string {
  return new Date(dayNumber * DAY_MS).toISOString().slice(0, 10);
}

const TIME_OF_DAY = /^(\d{2}):(\d{2})$/;

/** Minutes since midnight of an 'HH:MM' wall time ('00:00' to '24:00'), or null when malformed. */
export function parseTimeOfDay(text: string): number | null {
  const match = TIME_OF_DAY.exec(text);
  if (match === null) return null;
  const hours = Number(match[1]);
  const minutes = Number(match[2]);
  if (minutes > 59 || hours > 24 || (hours === 24 && minutes !== 0)) return null;
  return hours * 60 + minutes;
}

/** Minutes since midnight as 'HH:MM'. */
export function formatTimeOfDay(minutes: number): string {
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}

/** The wall time of a ZonedTime as 'YYYY-MM-DD HH:MM'. */
export function formatZonedTime(time: ZonedTime): string {
  return `${formatLocalDate(time.dayNumber)} ${formatTimeOfDay(Math.floor(time.msOfDay / MINUTE_MS))}`;
}

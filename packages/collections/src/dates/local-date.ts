// Calendar dates as the debtor's wall calendar shows them ('YYYY-MM-DD' in their time zone), and the
// instants where such a day begins. Zone data comes from the platform's Intl (the tz database Node and
// browsers carry), so daylight-saving changes need no table of ours.
import { formatLocalDate, parseLocalDate } from '../contact-rules/local-time.js';
import { LocalDateError } from '../errors/rule-errors.js';

/** A calendar date 'YYYY-MM-DD' in the debtor's time zone. */
export type LocalDate = string;

const DAY_MS = 86_400_000;

/** Days since 1970-01-01 of a real 'YYYY-MM-DD' date, or null (the engine's own reading of dates). */
const dayNumberOrNull = parseLocalDate;

/** Whether text is a real calendar date written 'YYYY-MM-DD' (no 2026-02-30). */
export function isLocalDate(text: string): text is LocalDate {
  return dayNumberOrNull(text) !== null;
}

/** Days since 1970-01-01 of a local date; throws LocalDateError when it is not a real 'YYYY-MM-DD' date. */
export function localDayNumber(date: LocalDate): number {
  const day = dayNumberOrNull(date);
  if (day === null) {
    throw new LocalDateError('INVALID_DATE', `${JSON.stringify(date)} is not a calendar date.`, "Write dates as 'YYYY-MM-DD', such as 2026-11-27.");
  }
  return day;
}

/** The local date of a day number (days since 1970-01-01). */
export function localDateOfDayNumber(day: number): LocalDate {
  return formatLocalDate(day);
}

/** The date `days` days after `date` (before, when negative). */
export function addLocalDays(date: LocalDate, days: number): LocalDate {
  if (!Number.isSafeInteger(days)) throw new LocalDateError('INVALID_DATE', `${String(days)} is not a whole number of days.`, 'Add whole days.');
  return localDateOfDayNumber(localDayNumber(date) + days);
}

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: LocalDate, to: LocalDate): number {
  return localDayNumber(to) - localDayNumber(from);
}

const formatters = new Map<string, Intl.DateTimeFormat>();

/** A cached formatter of the local calendar date in `timeZone`; throws LocalDateError for an unknown zone. */
function dateFormatter(timeZone: string): Intl.DateTimeFormat {
  let format = formatters.get(timeZone);
  if (format === undefined) {
    try {
      format = new Intl.DateTimeFormat('en-US', { timeZone, calendar: 'gregory', numberingSystem: 'latn', year: 'numeric', month: 'numeric', day: 'numeric' });
    } catch {
      throw new LocalDateError('INVALID_TIME_ZONE', `${JSON.stringify(timeZone)} is not a time zone.`, 'Use an IANA time zone name such as America/New_York.');
    }
    formatters.set(timeZone, format);
  }
  return format;
}

/** Day number of the local date of epoch-ms `t` in `timeZone`. */
function localDayNumberAt(t: number, timeZone: string): number {
  const fields: Record<string, number> = {};
  for (const part of dateFormatter(timeZone).formatToParts(t)) {
    if (part.type !== 'literal') fields[part.type] = Number(part.value);
  }
  return Date.UTC(fields.year ?? 1970, (fields.month ?? 1) - 1, fields.day ?? 1) / DAY_MS;
}

/** The local calendar date of an instant in `timeZone`. */
export function localDateOf(instant: Date, timeZone: string): LocalDate {
  return localDateOfDayNumber(localDayNumberAt(instant.getTime(), timeZone));
}

// Every zone's offset lies within UTC-12 and UTC+14; a local day therefore begins within this margin of its UTC midnight.
const MAX_OFFSET_MS = 15 * 3_600_000;

/**
 * The first instant of a local day in `timeZone`: usually its midnight, but 01:00 where the clocks
 * spring forward at midnight (the day has no midnight). Found by bisection on "local date >= date",
 * which only ever moves forward with time across a day boundary.
 */
export function startOfLocalDay(date: LocalDate, timeZone: string): Date {
  const day = localDayNumber(date);
  let lo = day * DAY_MS - MAX_OFFSET_MS; // still the day before everywhere
  let hi = day * DAY_MS + MAX_OFFSET_MS; // already this day (or later) everywhere
  while (hi - lo > 1) {
    const mid = Math.floor((lo + hi) / 2);
    if (localDayNumberAt(mid, timeZone) >= day) hi = mid;
    else lo = mid;
  }
  return new Date(hi);
}

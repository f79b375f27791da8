// Words and formats of the collector's pages: queue reasons, call outcomes, states, a debtor's
// local time and "next allowed at …" in the debtor's zone and the reader's.

/** Why an account is in the queue, in words. */
export const QUEUE_REASON_LABELS: Readonly<Record<string, string>> = {
  promise_due: 'Promise due',
  broken_promise: 'Broken promise',
  follow_up_due: 'Follow-up due',
  past_due: 'Past due',
};

/** Call outcomes (CALL_OUTCOMES of @steward/collections) in words. */
export const CALL_OUTCOME_LABELS: Readonly<Record<string, string>> = {
  right_party: 'Right party contact',
  promise: 'Promise to pay',
  refused: 'Refused to pay',
  wrong_number: 'Wrong number',
  no_answer: 'No answer',
  left_message: 'Left a message',
  dispute: 'Disputes the debt',
  cease_request: 'Asked us to stop contacting',
};

/** Installment and promise states in words. */
export const STATE_LABELS: Readonly<Record<string, string>> = {
  pending: 'Pending',
  kept: 'Kept',
  partially_kept: 'Partially kept',
  broken: 'Broken',
  cancelled: 'Cancelled',
  active: 'Active',
};

/** The label of a code from one of the tables, or the code itself. */
export function labelFor(table: Readonly<Record<string, string>>, code: string | null | undefined): string {
  if (code === null || code === undefined || code === '') return '–';
  return table[code] ?? code;
}

/** A valid IANA zone name, or null (a stored zone may be anything). */
export function validZone(zone: string | null | undefined): string | null {
  if (zone === null || zone === undefined || zone === '') return null;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return zone;
  } catch {
    return null;
  }
}

/** The time of `at` in `zone` ("9:30 PM"), or in the reader's zone when none. */
export function timeIn(at: Date, zone: string | null | undefined): string {
  const timeZone = validZone(zone) ?? undefined;
  return new Intl.DateTimeFormat(undefined, { hour: 'numeric', minute: '2-digit', timeZone }).format(at);
}

/** An instant as a date and time in `zone` with the zone's short name ("Dec 2, 2026, 10:00 AM MST"). */
export function dateTimeIn(at: Date, zone: string | null | undefined): string {
  const timeZone = validZone(zone) ?? undefined;
  return new Intl.DateTimeFormat(undefined, { year: 'numeric', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit', timeZone, timeZoneName: 'short' }).format(at);
}

/** An ISO instant as the reader's date and time, or an en dash. */
export function formatInstant(value: string | null | undefined): string {
  if (value === null || value === undefined || value === '') return '–';
  const at = new Date(value);
  return Number.isNaN(at.getTime()) ? value : new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' }).format(at);
}

/** "Callable now" or "Next allowed at …" in the debtor's zone (and never when there is no allowed time). */
export function callableText(callableNow: boolean, nextAllowedAt: Date | null, zone: string | null | undefined): string {
  if (callableNow) return 'Callable now';
  if (nextAllowedAt === null) return 'No call allowed';
  return `Next allowed at ${dateTimeIn(nextAllowedAt, zone)}`;
}

// What to do with a contact that has come due, decided purely from the engine's answer at that instant:
// act now, move to the next instant the rules allow while the campaign still runs, or refuse.
import type { ContactCheck, ContactRefusal, ContactRuleDeps } from '../contact-rules/index.js';
import { evaluateContact, nextAllowedInstant } from '../contact-rules/index.js';
import { DAY_MS, formatLocalDate, instantsInLocalWindows, zonedTime } from '../contact-rules/local-time.js';
import type { CampaignSettings } from './campaign-settings.js';

/** The runner's decision about a due contact. */
export type DueDecision =
  | { readonly kind: 'act' }
  | { readonly kind: 'move'; readonly at: Date; readonly planDate: string; readonly reasons: readonly ContactRefusal[] }
  | { readonly kind: 'refuse'; readonly reasons: readonly ContactRefusal[] };

/** Refusals that hold whenever the contact is tried: moving it to a later slot cannot help. */
const STANDING: ReadonlySet<string> = new Set(['DO_NOT_CONTACT', 'CHANNEL_DO_NOT_CONTACT', 'ACCOUNT_DISPUTED', 'CHANNEL_NOT_ALLOWED']);

/** The first instant of a day in `timeZone` (exact across daylight-saving changes), or null if the zone skips it. */
function startOfDay(timeZone: string, day: number): Date | null {
  const [first] = instantsInLocalWindows(timeZone, (day - 1) * DAY_MS, (day + 2) * DAY_MS, (d) => (d === day ? [{ start: 0, end: 24 * 60 }] : []));
  return first === undefined ? null : new Date(first.start);
}

/**
 * Decides about a contact due at `check.at` (the campaign's schedule in the check): act when the engine
 * allows it then; else, unless the refusal is standing, move it to the next allowed instant on a campaign
 * day not in `takenDates` (the campaign-zone dates of the debtor's other contacts in this campaign, so the
 * planner's one contact a day per debtor still holds); else refuse with the engine's reasons.
 */
export function decideDueContact(check: ContactCheck & { readonly at: Date }, settings: CampaignSettings, deps: ContactRuleDeps, takenDates: ReadonlySet<string> = new Set()): DueDecision {
  const decision = evaluateContact(check, deps);
  if (decision.allowed) return { kind: 'act' };
  const refuse: DueDecision = { kind: 'refuse', reasons: decision.reasons };
  if (decision.reasons.some((r) => STANDING.has(r.code))) return refuse;
  const zone = settings.schedule.timeZone;
  let from: Date | null = check.at;
  // Each round starts on a later day, and days past the end date stop it: at most one round per campaign day.
  while (from !== null) {
    const next = nextAllowedInstant(check, deps, { from });
    if (next === null) return refuse;
    const day = zonedTime(next.getTime(), zone).dayNumber;
    const planDate = formatLocalDate(day);
    if (planDate > settings.endDate) return refuse;
    if (!takenDates.has(planDate)) return { kind: 'move', at: next, planDate, reasons: decision.reasons };
    from = startOfDay(zone, day + 1);
  }
  return refuse;
}

// The pure part of planning: from a campaign's settings, the accounts its filter selected, their
// debtors, the contact history and the rules, the plan entries (who, when, or why not). No database,
// no clock but the injected one; plan-store.ts loads the inputs and writes the result.
import type { ContactAccount, ContactChannel, ContactConsumer, ContactHistoryEntry, ContactRefusal, ContactRuleDeps, ContactRuleSet, ContactSubject, DoNotContact, LocationData, TimeInterval } from '../contact-rules/index.js';
import { allowedIntervalsOnDay, CONTACT_CHANNELS, evaluateContact, resolveContactLocation } from '../contact-rules/index.js';
import { DAY_MS, MINUTE_MS, formatLocalDate, instantsInLocalWindows, parseLocalDate, parseTimeOfDay, zonedTime } from '../contact-rules/local-time.js';
import type { CampaignSettings } from './campaign-settings.js';

/** Why an entry is refused: the engine's reasons, or the planner's own (no debtor, no address). */
export interface PlanRefusal {
  readonly code: ContactRefusal['code'] | 'NO_DEBTOR' | 'NO_EMAIL' | 'NO_PHONE' | 'NO_ADDRESS' | 'INVALID_CAMPAIGN';
  readonly message: string;
  readonly sources?: readonly string[];
}

/** An account the campaign's filter selected. */
export interface PlanAccount extends ContactAccount {
  readonly fileNumber?: string | null;
}

/** A debtor (the person to reach) of a selected account. */
export interface PlanDebtor {
  readonly id: string;
  readonly accountId: string;
  readonly debtorSeq?: number | null;
  readonly firstName?: string | null;
  readonly lastName?: string | null;
  readonly phone?: string | null;
  readonly email?: string | null;
  readonly streetAddress?: string | null;
  readonly city?: string | null;
  readonly zipCode?: string | null;
  readonly state?: string | null;
  readonly timeZone?: string | null;
  readonly doNotContact?: DoNotContact;
}

/** A contact of this campaign the new plan keeps (sent, task or done): it uses up one of the debtor's attempts and their day. */
export interface KeptContact {
  readonly debtorId: string;
  /** Its campaign-zone date. */
  readonly planDate: string;
}

/** Everything a plan is made from. */
export interface PlanInput {
  readonly campaign: CampaignSettings;
  readonly accounts: readonly PlanAccount[];
  readonly debtors: readonly PlanDebtor[];
  /** Contacts made (contact_attempts) and planned by other campaigns, with their accountId. */
  readonly history: readonly ContactHistoryEntry[];
  readonly kept?: readonly KeptContact[];
  readonly rules?: ContactRuleSet;
}

/** One entry of the plan. */
export interface PlanEntry {
  readonly accountId: string;
  readonly debtorId: string | null;
  /** The debtor's name as the plan was made (null without a debtor or a name). */
  readonly debtorName: string | null;
  readonly clientNumber: string | null;
  readonly fileNumber: string | null;
  readonly channel: ContactChannel;
  readonly status: 'planned' | 'refused';
  /** When the contact is planned; for a refusal, the start of the first candidate day's first window (so it shows on the calendar). */
  readonly plannedAt: Date;
  /** The campaign-zone date of plannedAt. */
  readonly planDate: string;
  /** Empty for a planned entry. */
  readonly reasons: readonly PlanRefusal[];
}

/** What the planner needs from outside: the time and the geographic lookups (the engine's deps). */
export type PlannerDeps = ContactRuleDeps;

/** The campaign days still ahead at `now` (campaign-zone day numbers), in order. */
export function candidateDays(campaign: CampaignSettings, now: Date): number[] {
  const first = parseLocalDate(campaign.startDate) ?? 0;
  const last = parseLocalDate(campaign.endDate) ?? -1;
  const today = zonedTime(now.getTime(), campaign.schedule.timeZone).dayNumber;
  const days: number[] = [];
  for (let day = Math.max(first, today); day <= last; day++) days.push(day);
  return days;
}

/** The instants of one campaign day inside its windows (exact across daylight-saving changes). */
export function campaignWindowsOnDay(campaign: CampaignSettings, day: number): TimeInterval[] {
  const windows = campaign.schedule.windows.map((w) => ({ start: parseTimeOfDay(w.start) ?? 0, end: parseTimeOfDay(w.end) ?? 0 }));
  return instantsInLocalWindows(campaign.schedule.timeZone, (day - 1) * DAY_MS, (day + 2) * DAY_MS, (d) => (d === day ? windows : [])).map((i) => ({ start: new Date(i.start), end: new Date(i.end) }));
}

/** FNV-1a of a text as a fraction in [0, 1): the same debtor and day always land at the same point. */
function spread(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash / 2 ** 32;
}

/**
 * A point of the allowed intervals at fraction `f` of their total length, on a whole minute when the
 * interval allows, so contacts spread over the day instead of all at the window's start.
 */
function pick(intervals: readonly TimeInterval[], f: number): Date {
  const total = intervals.reduce((sum, i) => sum + (i.end.getTime() - i.start.getTime()), 0);
  let offset = Math.floor(f * total);
  for (const interval of intervals) {
    const length = interval.end.getTime() - interval.start.getTime();
    if (offset < length) {
      const t = interval.start.getTime() + offset;
      const minute = Math.floor(t / MINUTE_MS) * MINUTE_MS;
      return new Date(minute >= interval.start.getTime() ? minute : t);
    }
    offset -= length;
  }
  const last = intervals[intervals.length - 1];
  return last === undefined ? new Date(0) : last.start;
}

const blank = (text: string | null | undefined): boolean => (text ?? '').trim() === '';

/**
 * The debtor's own postal address is usable for a letter: street, city and a ZIP code or state. The
 * account's ZIP code does not count: it may be the property's, not where the debtor receives mail.
 */
export function hasPostalAddress(debtor: PlanDebtor): boolean {
  return !blank(debtor.streetAddress) && !blank(debtor.city) && !(blank(debtor.zipCode) && blank(debtor.state));
}

/** The address the channel needs, or the refusal when the debtor has none (the runner asks again when the contact is due). */
export function missingAddress(channel: ContactChannel, debtor: PlanDebtor): PlanRefusal | null {
  if (channel === 'email' && blank(debtor.email)) return { code: 'NO_EMAIL', message: 'The debtor has no email address.' };
  if ((channel === 'sms' || channel === 'call') && blank(debtor.phone)) return { code: 'NO_PHONE', message: 'The debtor has no phone number.' };
  if (channel === 'letter' && !hasPostalAddress(debtor)) return { code: 'NO_ADDRESS', message: 'The debtor has no postal address (street, city and ZIP code or state).' };
  return null;
}

/** The consumer facts the engine reads from a debtor (the account's ZIP code when the debtor has none). */
export function consumerOf(debtor: PlanDebtor): ContactConsumer {
  return { timeZone: debtor.timeZone ?? null, state: debtor.state ?? null, phone: debtor.phone ?? null, ...(debtor.doNotContact === undefined ? {} : { doNotContact: debtor.doNotContact }) };
}

/** The account as the engine sees it for one debtor: the debtor's own ZIP code wins. */
export function accountFor(account: PlanAccount, debtor: PlanDebtor | undefined): ContactAccount {
  const zip = debtor?.zipCode !== undefined && debtor.zipCode !== null && debtor.zipCode.trim() !== '' ? debtor.zipCode : account.zipCode;
  return { id: account.id, clientNumber: account.clientNumber ?? null, accountStatus: account.accountStatus ?? null, zipCode: zip ?? null, disputed: account.disputed === true };
}

/**
 * Every zone any debtor of the account may be in: calls about a debt are counted together, so the
 * call limits hold on each of their calendars, whoever is called (the engine's callLimitZones).
 */
export function debtCallZones(account: PlanAccount, debtors: readonly PlanDebtor[], data?: LocationData): string[] {
  return [...new Set(debtors.flatMap((d) => resolveContactLocation({ timeZone: d.timeZone, zipCode: accountFor(account, d).zipCode, state: d.state, phone: d.phone }, data).timeZones))];
}

/** The debtor's name for people ('Jane Doe'), or null when the record has none. */
export function debtorNameOf(debtor: Pick<PlanDebtor, 'firstName' | 'lastName'> | null | undefined): string | null {
  const name = [debtor?.firstName, debtor?.lastName].map((part) => (part ?? '').trim()).filter((part) => part !== '').join(' ');
  return name === '' ? null : name;
}

/** Whom a refusal is about, as staff know them: 'File 1001-7 (Jane Doe)'; never the account's internal id. */
export function refusalSubject(fileNumber: string | null | undefined, debtorName: string | null): string {
  const file = (fileNumber ?? '').trim() === '' ? 'An account without a file number' : `File ${(fileNumber ?? '').trim()}`;
  return debtorName === null ? file : `${file} (${debtorName})`;
}

/** The reasons with whom they are about in front ('File 1001-7 (Jane Doe): …'), so a reason read alone still says it. */
export function attributeReasons<R extends PlanRefusal>(reasons: readonly R[], subject: string): R[] {
  return reasons.map((reason) => (reason.message.startsWith(`${subject}: `) ? reason : { ...reason, message: `${subject}: ${reason.message}` }));
}

/** How many instants a refused debtor's reasons are gathered from (the first window starts of the range). */
const REASON_SAMPLES = 62;

/**
 * Every distinct reason the engine gives at the first usable instant of each window of the candidate
 * days, and the first instant refused: the refused entry is shown there, so the local time its first
 * reason states is the entry's own (a reason from a later sample states that sample's time).
 */
function refusalReasons(subject: ContactSubject, campaign: CampaignSettings, days: readonly number[], now: number, deps: ContactRuleDeps): { reasons: PlanRefusal[]; at: Date | null } {
  const byCode = new Map<string, PlanRefusal>();
  let first: Date | null = null;
  let samples = 0;
  for (const day of days) {
    for (const window of campaignWindowsOnDay(campaign, day)) {
      if (window.end.getTime() <= now || samples >= REASON_SAMPLES) continue;
      samples += 1;
      const at = new Date(Math.max(window.start.getTime(), now));
      const decision = evaluateContact({ ...subject, at }, deps);
      if (decision.allowed) continue;
      first ??= at;
      for (const reason of decision.reasons) if (!byCode.has(reason.code)) byCode.set(reason.code, reason);
    }
  }
  return { reasons: [...byCode.values()], at: first };
}

/**
 * The order in which a debtor's remaining attempts try the campaign days: attempt k starts at the k-th
 * of `count` evenly spaced days of `days` (first and last included), so three contacts over fourteen
 * days land about a week apart instead of on the first three days.
 */
export function spreadTargets(dayCount: number, count: number): number[] {
  if (count <= 0 || dayCount <= 0) return [];
  if (count === 1) return [0];
  if (count >= dayCount) return Array.from({ length: dayCount }, (_, i) => i);
  return Array.from({ length: count }, (_, k) => Math.round((k * (dayCount - 1)) / (count - 1)));
}

/**
 * Plans a campaign: per debtor of each selected account, up to maxAttemptsPerDebtor contacts, at most
 * one a campaign day, each at an instant inside the campaign's windows that the contact-rule engine
 * allows given the history and every contact planned before it on the same account (planned calls
 * count toward the call limits). A debtor with no allowed instant in the whole range, an account
 * without a debtor and a debtor without the channel's address get one refused entry with the reasons.
 */
export function planCampaign(input: PlanInput, deps: PlannerDeps): PlanEntry[] {
  const { campaign } = input;
  const now = deps.clock.now().getTime();
  const days = candidateDays(campaign, deps.clock.now());
  const channel = campaign.channel;
  // Where a refusal shows: the first candidate day's first window start (or now, if later).
  const firstWindow = days.length === 0 ? undefined : campaignWindowsOnDay(campaign, days[0] ?? 0)[0];
  const refusalAt = new Date(Math.max(firstWindow?.start.getTime() ?? now, now));
  const refusalDate = formatLocalDate(zonedTime(refusalAt.getTime(), campaign.schedule.timeZone).dayNumber);
  const debtorsOf = new Map<string, PlanDebtor[]>();
  for (const debtor of input.debtors) {
    const list = debtorsOf.get(debtor.accountId) ?? [];
    list.push(debtor);
    debtorsOf.set(debtor.accountId, list);
  }
  const keptDays = new Map<string, Set<string>>();
  for (const kept of input.kept ?? []) {
    const set = keptDays.get(kept.debtorId) ?? new Set<string>();
    set.add(kept.planDate);
    keptDays.set(kept.debtorId, set);
  }
  const historyOf = new Map<string, ContactHistoryEntry[]>();
  for (const entry of input.history) {
    if (entry.accountId === undefined) continue;
    const list = historyOf.get(entry.accountId) ?? [];
    list.push(entry);
    historyOf.set(entry.accountId, list);
  }
  const entries: PlanEntry[] = [];
  const accounts = [...input.accounts].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  for (const account of accounts) {
    const base = { accountId: account.id, clientNumber: account.clientNumber ?? null, fileNumber: account.fileNumber ?? null, channel };
    const refuse = (debtor: PlanDebtor | null, reasons: readonly PlanRefusal[], at: Date = refusalAt): void => {
      const debtorName = debtorNameOf(debtor);
      const planDate = at === refusalAt ? refusalDate : formatLocalDate(zonedTime(at.getTime(), campaign.schedule.timeZone).dayNumber);
      entries.push({ ...base, debtorId: debtor?.id ?? null, debtorName, status: 'refused', plannedAt: at, planDate, reasons: attributeReasons(reasons, refusalSubject(account.fileNumber, debtorName)) });
    };
    const debtors = [...(debtorsOf.get(account.id) ?? [])].sort((a, b) => (a.debtorSeq ?? 0) - (b.debtorSeq ?? 0) || (a.id < b.id ? -1 : 1));
    if (debtors.length === 0) {
      refuse(null, [{ code: 'NO_DEBTOR', message: 'The account has no debtor to contact.' }]);
      continue;
    }
    // Regulation F counts per debt: every debtor's contacts on this account share one history, counted on every debtor's calendar.
    const history = [...(historyOf.get(account.id) ?? [])];
    const callLimitZones = debtCallZones(account, debtors, deps.locationData);
    for (const debtor of debtors) {
      const missing = missingAddress(channel, debtor);
      if (missing !== null) {
        refuse(debtor, [missing]);
        continue;
      }
      const taken = keptDays.get(debtor.id) ?? new Set<string>();
      let remaining = campaign.maxAttemptsPerDebtor - taken.size;
      if (remaining <= 0) continue;
      const subject = { channel, account: accountFor(account, debtor), consumer: consumerOf(debtor), campaign: campaign.schedule, rules: input.rules ?? {}, callLimitZones };
      const debtorName = debtorNameOf(debtor);
      let planned = 0;
      const open = days.filter((day) => !taken.has(formatLocalDate(day)));
      const used = new Set<number>();
      /** Plans the contact on open day `i` if the rules allow it there. */
      const tryDay = (i: number): boolean => {
        const day = open[i];
        if (day === undefined || used.has(i)) return false;
        const date = formatLocalDate(day);
        const allowed = allowedIntervalsOnDay({ ...subject, history }, date, deps)
          .map((interval) => ({ start: new Date(Math.max(interval.start.getTime(), now)), end: interval.end }))
          .filter((interval) => interval.end.getTime() > interval.start.getTime());
        if (allowed.length === 0) return false;
        const at = pick(allowed, spread(`${campaign.id}|${debtor.id}|${date}`));
        // The intervals are exact; checking the chosen instant again costs little and guards the law.
        if (!evaluateContact({ ...subject, history, at }, deps).allowed) return false;
        entries.push({ ...base, debtorId: debtor.id, debtorName, status: 'planned', plannedAt: at, planDate: date, reasons: [] });
        history.push({ at, channel, direction: 'outbound', accountId: account.id });
        used.add(i);
        planned += 1;
        remaining -= 1;
        return true;
      };
      // Each attempt from its evenly spaced day onwards (never before the previous attempt's day)...
      let next = 0;
      for (const target of spreadTargets(open.length, remaining)) {
        for (let i = Math.max(target, next); i < open.length; i++) {
          if (tryDay(i)) {
            next = i + 1;
            break;
          }
        }
      }
      // ...and attempts the later days could not take go to the earliest open days left.
      for (let i = 0; i < open.length && remaining > 0; i++) tryDay(i);
      if (planned === 0 && taken.size === 0) {
        const found = days.length === 0 ? { reasons: [], at: null } : refusalReasons({ ...subject, history }, campaign, days, now, deps);
        refuse(debtor, found.reasons.length > 0 ? found.reasons : [{ code: 'OUTSIDE_CAMPAIGN_WINDOW', message: 'No campaign day is left in which the rules allow this contact.' }], found.at ?? refusalAt);
      }
    }
  }
  return entries;
}

/** True when `channel` is one the engine knows (for rows read back from the database). */
export function isContactChannel(channel: unknown): channel is ContactChannel {
  return CONTACT_CHANNELS.some((c) => c === channel);
}

// A campaign's settings as the planner and the runner use them, read from a CampaignMdl row and checked
// once: a bad filter, window or zone is one typed error listing every problem, never a half-made plan.
import { TEMPLATE_PLACEHOLDERS, unknownPlaceholders } from './campaign-message.js';
import type { CampaignSchedule, ContactChannel } from '../contact-rules/index.js';
import { CONTACT_CHANNELS } from '../contact-rules/index.js';
import { canonicalTimeZone, parseLocalDate, parseTimeOfDay } from '../contact-rules/local-time.js';

/** Which accounts a campaign selects; every field is optional and narrows the selection. */
export interface AccountFilter {
  readonly clientNumber?: string;
  /** Account statuses, compared case-insensitively. */
  readonly statuses?: readonly string[];
  readonly balanceMin?: number;
  readonly balanceMax?: number;
  /** Days past due: the campaign-zone date the plan is made minus the account's delinquencyDate. */
  readonly daysPastDueMin?: number;
  readonly daysPastDueMax?: number;
}

/** A campaign's settings, checked. */
export interface CampaignSettings {
  readonly id: string;
  readonly channel: ContactChannel;
  readonly filter: AccountFilter;
  /** First and last campaign day, 'YYYY-MM-DD' in the campaign's zone, inclusive. */
  readonly startDate: string;
  readonly endDate: string;
  /** The zone (canonical IANA name) and daily windows. */
  readonly schedule: CampaignSchedule;
  readonly messageTemplate: string;
  /** An email's subject template; null for the default (never the campaign's name). */
  readonly messageSubject?: string | null;
  /** Contacts per debtor over the campaign, at most one a day. */
  readonly maxAttemptsPerDebtor: number;
}

/** The columns of a CampaignMdl row the settings come from (AWSJSON fields are text). */
export interface CampaignRow {
  readonly id: string;
  readonly channel: string | null;
  readonly accountFilter: string | null;
  readonly startDate: string | null;
  readonly endDate: string | null;
  readonly timeZone: string | null;
  readonly dailyWindows: string | null;
  readonly messageTemplate: string | null;
  readonly messageSubject?: string | null;
  readonly maxAttemptsPerAccount: number | null;
}

/** Settings that cannot be planned, with every problem found. */
export class CampaignSettingsError extends Error {
  constructor(
    readonly problems: readonly string[],
    /** Placeholders of the templates that are not ones Steward fills in. */
    readonly unknownPlaceholders: readonly string[] = [],
  ) {
    super(`Invalid campaign: ${problems.join('; ')}`);
    this.name = 'CampaignSettingsError';
  }
}

/** A campaign spans at most this many days: the plan is made in one transaction. */
export const MAX_CAMPAIGN_DAYS = 92;
/** At most one contact a day, so never more than the days of a campaign. */
const MAX_ATTEMPTS = 31;

const FILTER_KEYS = new Set(['clientNumber', 'statuses', 'balanceMin', 'balanceMax', 'daysPastDueMin', 'daysPastDueMax']);

function parseJson(text: string | null, what: string, problems: string[]): unknown {
  if (text === null || text.trim() === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    problems.push(`${what} is not valid JSON`);
    return undefined;
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Checks an accountFilter value (already parsed JSON); problems are appended. */
export function readAccountFilter(value: unknown, problems: string[]): AccountFilter {
  if (value === undefined || value === null) return {};
  if (!isRecord(value)) {
    problems.push('accountFilter must be a JSON object');
    return {};
  }
  for (const key of Object.keys(value)) if (!FILTER_KEYS.has(key)) problems.push(`accountFilter has an unknown field ${JSON.stringify(key)}`);
  const filter: { -readonly [K in keyof AccountFilter]: AccountFilter[K] } = {};
  const { clientNumber, statuses } = value;
  if (clientNumber !== undefined && clientNumber !== null) {
    if (typeof clientNumber === 'string' && clientNumber.trim() !== '') filter.clientNumber = clientNumber.trim();
    else problems.push('accountFilter.clientNumber must be a non-empty string');
  }
  if (statuses !== undefined && statuses !== null) {
    if (Array.isArray(statuses) && statuses.every((s): s is string => typeof s === 'string' && s.trim() !== '')) filter.statuses = statuses.map((s) => s.trim());
    else problems.push('accountFilter.statuses must be a list of non-empty strings');
  }
  for (const key of ['balanceMin', 'balanceMax', 'daysPastDueMin', 'daysPastDueMax'] as const) {
    const n = value[key];
    if (n === undefined || n === null) continue;
    const whole = key.startsWith('days');
    if (typeof n !== 'number' || !Number.isFinite(n) || (whole && !Number.isSafeInteger(n))) problems.push(`accountFilter.${key} must be a ${whole ? 'whole number' : 'number'}`);
    else filter[key] = n;
  }
  if (filter.balanceMin !== undefined && filter.balanceMax !== undefined && filter.balanceMin > filter.balanceMax) problems.push('accountFilter.balanceMin is above balanceMax');
  if (filter.daysPastDueMin !== undefined && filter.daysPastDueMax !== undefined && filter.daysPastDueMin > filter.daysPastDueMax) problems.push('accountFilter.daysPastDueMin is above daysPastDueMax');
  return filter;
}

function readWindows(value: unknown, problems: string[]): { start: string; end: string }[] {
  if (!Array.isArray(value) || value.length === 0) {
    problems.push('dailyWindows must be a non-empty list of {"start": "HH:MM", "end": "HH:MM"}');
    return [];
  }
  const windows: { start: string; end: string }[] = [];
  for (const w of value) {
    const start = isRecord(w) && typeof w.start === 'string' ? parseTimeOfDay(w.start) : null;
    const end = isRecord(w) && typeof w.end === 'string' ? parseTimeOfDay(w.end) : null;
    if (start === null || end === null || start >= end || !isRecord(w)) problems.push(`daily window ${JSON.stringify(w)} must be {"start": "HH:MM", "end": "HH:MM"} with start before end`);
    else windows.push({ start: String(w.start), end: String(w.end) });
  }
  return windows;
}

/** Reads and checks a campaign's settings; throws CampaignSettingsError listing every problem. */
export function readCampaignSettings(row: CampaignRow): CampaignSettings {
  const problems: string[] = [];
  const channel = CONTACT_CHANNELS.find((c) => c === row.channel);
  if (channel === undefined) problems.push(`channel must be one of ${CONTACT_CHANNELS.join(', ')}, not ${JSON.stringify(row.channel)}`);
  const filter = readAccountFilter(parseJson(row.accountFilter, 'accountFilter', problems), problems);
  const timeZone = row.timeZone === null ? null : canonicalTimeZone(row.timeZone);
  if (timeZone === null) problems.push(`timeZone must be an IANA zone such as America/New_York, not ${JSON.stringify(row.timeZone)}`);
  const windows = readWindows(parseJson(row.dailyWindows, 'dailyWindows', problems), problems);
  const start = row.startDate === null ? null : parseLocalDate(row.startDate);
  const end = row.endDate === null ? null : parseLocalDate(row.endDate);
  if (start === null) problems.push('startDate must be set (YYYY-MM-DD)');
  if (end === null) problems.push('endDate must be set (YYYY-MM-DD)');
  if (start !== null && end !== null) {
    if (end < start) problems.push('endDate is before startDate');
    else if (end - start + 1 > MAX_CAMPAIGN_DAYS) problems.push(`a campaign spans at most ${MAX_CAMPAIGN_DAYS} days`);
  }
  const attempts = row.maxAttemptsPerAccount ?? 1;
  if (!Number.isSafeInteger(attempts) || attempts < 1 || attempts > MAX_ATTEMPTS) problems.push(`maxAttemptsPerAccount must be a whole number 1-${MAX_ATTEMPTS}`);
  const template = row.messageTemplate ?? '';
  if ((channel === 'email' || channel === 'sms') && template.trim() === '') problems.push(`an ${channel} campaign needs a messageTemplate`);
  const subject = row.messageSubject === undefined || row.messageSubject === null || row.messageSubject.trim() === '' ? null : row.messageSubject;
  const unknown = [...new Set([...unknownPlaceholders(template), ...unknownPlaceholders(subject ?? '')])];
  if (unknown.length > 0) problems.push(`the message uses ${unknown.map((name) => `{{${name}}}`).join(', ')}, which Steward does not fill in; use ${TEMPLATE_PLACEHOLDERS.map((name) => `{{${name}}}`).join(', ')}`);
  if (problems.length > 0 || channel === undefined || timeZone === null || row.startDate === null || row.endDate === null) throw new CampaignSettingsError(problems, unknown);
  return {
    id: row.id,
    channel,
    filter,
    startDate: row.startDate,
    endDate: row.endDate,
    schedule: { timeZone, windows },
    messageTemplate: template,
    messageSubject: subject,
    maxAttemptsPerDebtor: attempts,
  };
}

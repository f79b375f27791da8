// The "New campaign" form as plain data: what people type (all text), the checks with an error per
// field, and the CampaignMdl input it becomes. Money is read as whole cents from its digits, never
// through a float, so "0.1" + "0.2" style drift cannot move a balance bound.

/** The campaign channels, in the order the form offers them. */
export const CAMPAIGN_CHANNELS = ['call', 'sms', 'email', 'letter'] as const;

/** A campaign channel. */
export type CampaignChannel = (typeof CAMPAIGN_CHANNELS)[number];

/** The words for each channel. */
export const CHANNEL_LABELS: Readonly<Record<CampaignChannel, string>> = { call: 'Call', sms: 'SMS', email: 'Email', letter: 'Letter' };

/** Channels whose entries are tasks for staff rather than messages the system sends. */
export const TASK_CHANNELS: readonly CampaignChannel[] = ['call', 'letter'];

/** Channels that send the message template. */
export const MESSAGE_CHANNELS: readonly CampaignChannel[] = ['sms', 'email'];

/** One daily window as typed: "HH:MM" start (inclusive) and end (exclusive). */
export interface WindowValues {
  start: string;
  end: string;
}

/** Everything the form holds, as typed. */
export interface CampaignFormValues {
  campaignName: string;
  description: string;
  channel: CampaignChannel | '';
  clientNumber: string;
  statuses: string[];
  balanceMin: string;
  balanceMax: string;
  daysPastDueMin: string;
  daysPastDueMax: string;
  startDate: string;
  endDate: string;
  timeZone: string;
  dailyWindows: WindowValues[];
  maxAttemptsPerAccount: string;
  messageTemplate: string;
  /** An email's subject; empty for the server's default ("About your account <file number>"). */
  messageSubject: string;
}

/** A field's error key: a form field, or one window's start/end (`dailyWindows.0.end`). */
export type CampaignFormErrors = Partial<Record<string, string>>;

/** The account filter stored in CampaignMdl.accountFilter (left-out keys do not filter). */
export interface AccountFilter {
  clientNumber?: string;
  statuses?: string[];
  balanceMin?: number;
  balanceMax?: number;
  daysPastDueMin?: number;
  daysPastDueMax?: number;
}

/** The CampaignMdl create input the form produces. */
export interface CampaignInput {
  campaignName: string;
  description: string | null;
  channel: CampaignChannel;
  status: 'draft';
  accountFilter: string;
  startDate: string;
  endDate: string;
  timeZone: string;
  dailyWindows: string;
  messageTemplate: string | null;
  messageSubject: string | null;
  maxAttemptsPerAccount: number;
}

/** The placeholders the server fills in a campaign message (docs/server.md, "Campaign messages"). */
export const MESSAGE_PLACEHOLDERS: readonly string[] = ['debtor.firstName', 'debtor.lastName', 'account.fileNumber', 'account.balance', 'client.name'];
const LEGACY_PLACEHOLDERS: readonly string[] = ['firstName', 'fileNumber', 'balance'];
const PLACEHOLDER_LIST = MESSAGE_PLACEHOLDERS.map((name) => `{{${name}}}`).join(', ');

/** The placeholders of a template the server would refuse, as written ('{{campaign.name}}', '{ssn}'), in order of first use. */
export function unknownPlaceholders(template: string): string[] {
  const unknown: string[] = [];
  for (const match of template.matchAll(/\{\{\s*([^{}]*?)\s*\}\}|\{(\w+)\}/g)) {
    const [whole, name, legacy] = match;
    const known = name !== undefined ? MESSAGE_PLACEHOLDERS.includes(name) : legacy !== undefined && LEGACY_PLACEHOLDERS.includes(legacy);
    // A single-brace word that is not an old placeholder is plain text to the server, but most likely a typo here.
    if (!known && !unknown.includes(whole)) unknown.push(whole);
  }
  return unknown;
}

/** The outcome of checking the form. */
export type CampaignFormResult = { ok: true; input: CampaignInput } | { ok: false; errors: CampaignFormErrors };

/** US time zones the form offers (the campaign's call centre), east to west. */
export const US_TIME_ZONES: readonly string[] = [
  'America/New_York',
  'America/Detroit',
  'America/Indiana/Indianapolis',
  'America/Chicago',
  'America/Denver',
  'America/Phoenix',
  'America/Boise',
  'America/Los_Angeles',
  'America/Anchorage',
  'Pacific/Honolulu',
  'America/Puerto_Rico',
];

/** The zone the form starts with: the browser's when it is a US zone, New York otherwise. */
export function defaultTimeZone(browserZone: string | undefined = Intl.DateTimeFormat().resolvedOptions().timeZone): string {
  return browserZone !== undefined && US_TIME_ZONES.includes(browserZone) ? browserZone : 'America/New_York';
}

/** An empty form: one 09:00–17:00 window, one attempt, the default zone. */
export function emptyCampaignForm(timeZone: string = defaultTimeZone()): CampaignFormValues {
  return {
    campaignName: '',
    description: '',
    channel: '',
    clientNumber: '',
    statuses: [],
    balanceMin: '',
    balanceMax: '',
    daysPastDueMin: '',
    daysPastDueMax: '',
    startDate: '',
    endDate: '',
    timeZone,
    dailyWindows: [{ start: '09:00', end: '17:00' }],
    maxAttemptsPerAccount: '1',
    messageTemplate: '',
    messageSubject: '',
  };
}

const MONEY = /^\$?\s*(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d{1,2}))?$/;

/** Whole cents of a typed amount ("1,234.5" → 123450); null when it is not an amount of dollars and cents. */
export function parseCents(text: string): number | null {
  const match = MONEY.exec(text.trim());
  if (match === null) return null;
  const dollars = (match[1] ?? '').replaceAll(',', '');
  const cents = (match[2] ?? '').padEnd(2, '0');
  const value = Number(dollars) * 100 + Number(cents);
  return Number.isSafeInteger(value) ? value : null;
}

/** Cents as the number of dollars the account filter holds (123450 → 1234.5). */
export function centsToDollars(cents: number): number {
  // Division of whole cents by 100 gives the double nearest the decimal, as JSON.parse("1234.50") would.
  return cents / 100;
}

/** "HH:MM" → minutes after midnight ("24:00" is midnight at the end of the day); null when malformed. */
export function minutesOf(time: string): number | null {
  const match = /^(\d{2}):(\d{2})$/.exec(time);
  if (match === null) return null;
  const hours = Number(match[1]);
  const minutes = Number(match[2]);
  if (minutes > 59 || hours > 24 || (hours === 24 && minutes !== 0)) return null;
  return hours * 60 + minutes;
}

function isDate(text: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (match === null) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** The server plans a campaign in one transaction, so it spans at most this many days. */
export const MAX_CAMPAIGN_DAYS = 92;

function daysBetween(from: string, to: string): number {
  return (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000;
}

function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return zone !== '';
  } catch {
    return false;
  }
}

function wholeNumber(text: string): number | null {
  return /^\d+$/.test(text.trim()) ? Number(text.trim()) : null;
}

/** Checks the form; on success gives the CampaignMdl input (filter and windows as AWSJSON text). */
export function validateCampaignForm(values: CampaignFormValues): CampaignFormResult {
  const errors: CampaignFormErrors = {};
  const filter: AccountFilter = {};

  const name = values.campaignName.trim();
  if (name === '') errors.campaignName = 'Give the campaign a name.';
  else if (name.length > 120) errors.campaignName = 'Keep the name to 120 characters.';

  const channel = values.channel;
  if (channel === '') errors.channel = 'Choose a channel.';

  if (values.clientNumber.trim() !== '') filter.clientNumber = values.clientNumber.trim();
  if (values.statuses.length > 0) filter.statuses = [...values.statuses];

  const range = (minKey: 'balanceMin' | 'daysPastDueMin', maxKey: 'balanceMax' | 'daysPastDueMax', read: (text: string) => number | null, wrong: string): [number | null, number | null] => {
    const bounds = [minKey, maxKey].map((key) => {
      const text = values[key].trim();
      if (text === '') return null;
      const value = read(text);
      if (value === null) errors[key] = wrong;
      return value;
    });
    const [min = null, max = null] = bounds;
    if (min !== null && max !== null && min > max) errors[maxKey] = 'The maximum must not be below the minimum.';
    return [min, max];
  };
  const [balanceMin, balanceMax] = range('balanceMin', 'balanceMax', parseCents, 'Type an amount like 1,250.00 (dollars and at most two decimals).');
  if (balanceMin !== null) filter.balanceMin = centsToDollars(balanceMin);
  if (balanceMax !== null) filter.balanceMax = centsToDollars(balanceMax);
  const [dpdMin, dpdMax] = range('daysPastDueMin', 'daysPastDueMax', wholeNumber, 'Type a whole number of days.');
  if (dpdMin !== null) filter.daysPastDueMin = dpdMin;
  if (dpdMax !== null) filter.daysPastDueMax = dpdMax;

  if (!isDate(values.startDate)) errors.startDate = 'Choose the first day of the campaign.';
  if (!isDate(values.endDate)) errors.endDate = 'Choose the last day of the campaign.';
  else if (isDate(values.startDate) && values.endDate < values.startDate) errors.endDate = 'The last day must not be before the first.';
  else if (isDate(values.startDate) && daysBetween(values.startDate, values.endDate) + 1 > MAX_CAMPAIGN_DAYS) errors.endDate = `A campaign spans at most ${MAX_CAMPAIGN_DAYS} days.`;

  if (!isTimeZone(values.timeZone)) errors.timeZone = 'Choose a time zone.';

  if (values.dailyWindows.length === 0) errors.dailyWindows = 'Add at least one daily window.';
  const windows = values.dailyWindows.map((window, index) => {
    const start = minutesOf(window.start);
    const end = minutesOf(window.end);
    if (start === null || start === 24 * 60) errors[`dailyWindows.${index}.start`] = 'Type a time like 09:00.';
    if (end === null) errors[`dailyWindows.${index}.end`] = 'Type a time like 17:00.';
    else if (start !== null && end <= start) errors[`dailyWindows.${index}.end`] = 'The window must end after it starts.';
    return { start: window.start, end: window.end, from: start ?? 0, to: end ?? 0 };
  });
  const sorted = [...windows].sort((a, b) => a.from - b.from);
  for (let i = 1; i < sorted.length; i++) {
    const previous = sorted[i - 1];
    const current = sorted[i];
    if (previous !== undefined && current !== undefined && current.from < previous.to && errors.dailyWindows === undefined) errors.dailyWindows = 'Daily windows must not overlap.';
  }

  const attempts = wholeNumber(values.maxAttemptsPerAccount);
  if (attempts === null || attempts < 1 || attempts > 31) errors.maxAttemptsPerAccount = 'Type a number of attempts from 1 to 31.';

  const needsMessage = channel !== '' && MESSAGE_CHANNELS.includes(channel);
  const template = values.messageTemplate.trim();
  if (needsMessage && template === '') errors.messageTemplate = 'Write the message the consumer receives.';
  else if (channel === 'sms' && template.length > 320) errors.messageTemplate = 'Keep a text message to 320 characters.';
  const unknown = unknownPlaceholders(template);
  if (needsMessage && unknown.length > 0 && errors.messageTemplate === undefined) errors.messageTemplate = `Unknown field ${unknown[0] ?? ''}: use ${PLACEHOLDER_LIST}.`;
  const subject = channel === 'email' ? values.messageSubject.trim() : '';
  const unknownInSubject = unknownPlaceholders(subject);
  if (unknownInSubject.length > 0) errors.messageSubject = `Unknown field ${unknownInSubject[0] ?? ''}: use ${PLACEHOLDER_LIST}.`;

  if (Object.keys(errors).length > 0 || channel === '' || attempts === null) return { ok: false, errors };
  return {
    ok: true,
    input: {
      campaignName: name,
      description: values.description.trim() === '' ? null : values.description.trim(),
      channel,
      status: 'draft',
      accountFilter: JSON.stringify(filter),
      startDate: values.startDate,
      endDate: values.endDate,
      timeZone: values.timeZone,
      dailyWindows: JSON.stringify(sorted.map(({ start, end }) => ({ start, end }))),
      messageTemplate: needsMessage ? template : null,
      messageSubject: subject === '' ? null : subject,
      maxAttemptsPerAccount: attempts,
    },
  };
}

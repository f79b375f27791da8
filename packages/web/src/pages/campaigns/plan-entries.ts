// A plan entry (CampaignContactMdl) as the day view reads it: its status in words, why the rules
// refused it, and whether staff complete it as a task. The server's reason messages are already
// written for people; the code's words stand in only when a message is missing.
import { formatCount } from '../entities/format';

/** A refusal reason as stored in CampaignContactMdl.reasons. */
export interface RefusalReason {
  code: string;
  message: string;
  sources: string[];
}

/** Entry statuses and their words. */
export const ENTRY_STATUS_LABELS: Readonly<Record<string, string>> = {
  planned: 'Planned',
  refused: 'Refused',
  sent: 'Sent',
  task: 'Task for staff',
  done: 'Done',
  failed: 'Failed',
  cancelled: 'Cancelled',
};

/** Campaign statuses and their words. */
export const CAMPAIGN_STATUS_LABELS: Readonly<Record<string, string>> = {
  draft: 'Draft',
  planning: 'Planning',
  planned: 'Planned',
  running: 'Running',
  paused: 'Paused',
  done: 'Done',
};

/** The outcomes staff can record for a call or letter task, each for the channel it can happen on. */
export const TASK_OUTCOMES: readonly { value: string; label: string; channel: 'call' | 'letter' }[] = [
  { value: 'reached', label: 'Reached the consumer', channel: 'call' },
  { value: 'promise-to-pay', label: 'Promise to pay', channel: 'call' },
  { value: 'left-message', label: 'Left a message', channel: 'call' },
  { value: 'no-answer', label: 'No answer', channel: 'call' },
  { value: 'wrong-number', label: 'Wrong number', channel: 'call' },
  { value: 'letter-mailed', label: 'Letter mailed', channel: 'letter' },
  { value: 'returned-mail', label: 'Letter returned', channel: 'letter' },
];

/** The outcomes offered for a task on `channel`: a call is never "Letter mailed", a letter never "No answer". */
export function outcomesFor(channel: unknown): readonly { value: string; label: string }[] {
  return TASK_OUTCOMES.filter((option) => option.channel === channel);
}

const CODE_WORDS: Readonly<Record<string, string>> = {
  DO_NOT_CONTACT: 'The consumer asked not to be contacted.',
  CHANNEL_DO_NOT_CONTACT: 'The consumer asked not to be contacted on this channel.',
  CHANNEL_NOT_ALLOWED: 'A client or state rule does not allow this channel.',
  ACCOUNT_DISPUTED: 'The debt is disputed; contacts wait until the dispute is resolved.',
  OUTSIDE_CONTACT_HOURS: "Outside the allowed hours in the consumer's local time.",
  EXCLUDED_DAY: 'A rule allows no contact on this day.',
  CALL_LIMIT_REACHED: 'The call limit for this debt is reached.',
  CONVERSATION_COOLDOWN: 'Too soon after a conversation with the consumer.',
  OUTSIDE_CAMPAIGN_WINDOW: "Outside the campaign's daily windows.",
  NO_DEBTOR: 'The account has no consumer on file to contact.',
  NO_EMAIL: 'The consumer has no email address on file.',
  NO_PHONE: 'The consumer has no phone number on file.',
  NO_ADDRESS: 'The consumer has no postal address on file (street, city and ZIP code or state).',
  INVALID_CAMPAIGN: 'The campaign settings could not be used; fix them and build the plan again.',
};

function textOf(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

/** The reasons of an entry (AWSJSON text or already parsed); anything unreadable is left out. */
export function parseReasons(raw: unknown): RefusalReason[] {
  let value: unknown = raw;
  if (typeof raw === 'string') {
    try {
      value = JSON.parse(raw);
    } catch {
      return [];
    }
  }
  if (!Array.isArray(value)) return [];
  return value
    .filter((item): item is Record<string, unknown> => typeof item === 'object' && item !== null)
    .map((item) => ({
      code: textOf(item.code),
      message: textOf(item.message),
      sources: Array.isArray(item.sources) ? item.sources.filter((s): s is string => typeof s === 'string') : [],
    }))
    .filter((reason) => reason.code !== '' || reason.message !== '');
}

/** One line per reason in plain words: the server's message, else the code's words, with the rules' names. */
export function reasonsInWords(raw: unknown): string[] {
  return parseReasons(raw).map((reason) => {
    const words = reason.message !== '' ? reason.message : (CODE_WORDS[reason.code] ?? reason.code);
    const named = reason.sources.filter((source) => !words.includes(source));
    return named.length === 0 ? words : `${words} (${named.join(', ')})`;
  });
}

/** True when staff complete the entry by hand: a call or letter waiting as a task. */
export function isOpenTask(entry: Readonly<Record<string, unknown>>): boolean {
  return entry.status === 'task' && (entry.channel === 'call' || entry.channel === 'letter');
}

/** The label of an outcome code (unknown codes as stored). */
export function outcomeLabel(outcome: unknown): string {
  if (typeof outcome !== 'string' || outcome === '') return '';
  return TASK_OUTCOMES.find((o) => o.value === outcome)?.label ?? outcome;
}

/** The counts stored on a campaign in words: "12 planned, 2 refused" (empty before the first plan). */
export function campaignCounts(campaign: Readonly<Record<string, unknown>>): string {
  if (typeof campaign.lastPlannedAt !== 'string' || campaign.lastPlannedAt === '') return 'Not planned yet';
  const planned = typeof campaign.plannedCount === 'number' ? campaign.plannedCount : 0;
  const refused = typeof campaign.refusedCount === 'number' ? campaign.refusedCount : 0;
  return `${formatCount(planned)} planned, ${formatCount(refused)} refused`;
}

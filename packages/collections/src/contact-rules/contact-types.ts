import type { ContactLocation } from './location.js';

// The engine's inputs and answers, as plain data: a planner, a job runner or a GraphQL resolver builds
// them from database rows (AccountMdl and the contact history) and hands them in; nothing here reads a
// database, a clock or the network.

/** How a campaign reaches the consumer. */
export type ContactChannel = 'call' | 'sms' | 'email' | 'letter';

/** Every channel, in a stable order. */
export const CONTACT_CHANNELS: readonly ContactChannel[] = ['call', 'sms', 'email', 'letter'];

/** Why a contact is refused. */
export type ContactRefusalCode =
  /** The consumer asked not to be contacted at all. */
  | 'DO_NOT_CONTACT'
  /** The consumer asked not to be contacted on this channel. */
  | 'CHANNEL_DO_NOT_CONTACT'
  /** A client or state rule does not allow this channel. */
  | 'CHANNEL_NOT_ALLOWED'
  /** The debt is disputed: collection waits until the dispute is resolved. */
  | 'ACCOUNT_DISPUTED'
  /** Outside the allowed local hours (08:00–21:00, or stricter) in some zone the consumer may be in. */
  | 'OUTSIDE_CONTACT_HOURS'
  /** A local weekday or date on which a rule allows no contact. */
  | 'EXCLUDED_DAY'
  /** The call would exceed a call limit (7 calls in 7 consecutive days, or stricter). */
  | 'CALL_LIMIT_REACHED'
  /** Within the days after a telephone conversation about this debt (7, or more by rule). */
  | 'CONVERSATION_COOLDOWN'
  /** Outside the campaign's daily windows. */
  | 'OUTSIDE_CAMPAIGN_WINDOW';

/** One reason a contact is refused. */
export interface ContactRefusal {
  readonly code: ContactRefusalCode;
  /** For people: what rule, what local time or count, and why. */
  readonly message: string;
  /** The rules that refuse (e.g. 'FDCPA/Regulation F', 'state MA', 'client 1001'), when rules do. */
  readonly sources?: readonly string[];
}

/** The engine's answer about one contact. */
export type ContactDecision = { readonly allowed: true } | { readonly allowed: false; readonly reasons: readonly ContactRefusal[] };

/** The debt (AccountMdl) a contact is about; Regulation F counts calls per debt. */
export interface ContactAccount {
  readonly id: string;
  readonly clientNumber?: string | null;
  readonly accountStatus?: string | null;
  /** The consumer's ZIP code on the account (five digits, ZIP+4 accepted). */
  readonly zipCode?: string | null;
  /** Set when a dispute is open, whatever accountStatus says. */
  readonly disputed?: boolean;
}

/** A consumer's requests not to be contacted. */
export interface DoNotContact {
  /** No contact on any channel. */
  readonly all?: boolean;
  /** No contact on these channels. */
  readonly channels?: readonly ContactChannel[];
}

/** What is known of the consumer beyond the account. */
export interface ContactConsumer {
  /** IANA zone the consumer is said to be in; one of the zones local time is checked in, with those of the address and phone. */
  readonly timeZone?: string | null;
  /** Two-letter state code of the consumer's address, if known. */
  readonly state?: string | null;
  /** The number calls and texts go to; its area code is one more zone the consumer may be in (calls and texts only). */
  readonly phone?: string | null;
  readonly doNotContact?: DoNotContact;
  /**
   * Where the consumer may be, already resolved (by the server, from its location data): used as is,
   * instead of resolving timeZone, the account's ZIP code, state and phone again. For a call or text
   * it must have been resolved with the phone; for email and letters, without.
   */
  readonly location?: ContactLocation;
}

/** A contact already made or already scheduled on the account. */
export interface ContactHistoryEntry {
  readonly at: Date;
  readonly channel: ContactChannel;
  /** 'outbound' (default): placed by us. 'inbound': the consumer called or wrote; never counts as a placed call. */
  readonly direction?: 'outbound' | 'inbound';
  /** A telephone conversation about the debt took place (starts the conversation cooldown). */
  readonly conversation?: boolean;
  /** A call Regulation F §1006.14(b)(3) leaves out of the counts (not connected to the dialed number, placed with prior consent, misdirected). */
  readonly excludedFromCallLimits?: boolean;
  /** The account the entry belongs to; entries of other accounts are ignored, as Regulation F counts per debt. */
  readonly accountId?: string;
}

/** A campaign's daily windows, as wall-clock times in the campaign's own time zone. */
export interface CampaignSchedule {
  /** IANA zone of the campaign (its call centre), in which the windows and campaign days are read. */
  readonly timeZone: string;
  /** Daily windows, 'HH:MM' 24-hour, start inclusive and end exclusive ('24:00' for midnight). */
  readonly windows: readonly { readonly start: string; readonly end: string }[];
}

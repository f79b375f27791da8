// The contact-rule engine (issue 16, moved here in issue 22): pure decisions about whether, and when, a
// collection contact is allowed. See docs/collections.md, "Contact rules".

export { evaluateContact, allowedIntervals, allowedIntervalsOnDay, nextAllowedInstant, DEFAULT_HORIZON_DAYS } from './evaluate-contact.js';
export type { ContactCheck, ContactSubject, ContactRuleDeps, LocationDeps, TimeInterval } from './evaluate-contact.js';
export { CONTACT_CHANNELS } from './contact-types.js';
export type {
  CampaignSchedule,
  ContactAccount,
  ContactChannel,
  ContactConsumer,
  ContactDecision,
  ContactHistoryEntry,
  ContactRefusal,
  ContactRefusalCode,
  DoNotContact,
} from './contact-types.js';
export { FEDERAL_CONTACT_RULE, ContactRulesError, compileRuleSet } from './rule-set.js';
export type { CallLimit, ContactRule, ContactRuleSet, DailyHours, Weekday } from './rule-set.js';
export { resolveContactLocation, LocationDataMissingError } from './location.js';
export type { ContactLocation, LocationBasis, LocationData, LocationFacts, ZipZones, ZipZonesBasis } from './location.js';
export {
  DAY_MS,
  HOUR_MS,
  MINUTE_MS,
  MINUTES_PER_DAY,
  canonicalTimeZone,
  formatLocalDate,
  formatTimeOfDay,
  formatZonedTime,
  instantsInLocalWindows,
  offsetAt,
  parseLocalDate,
  parseTimeOfDay,
  weekdayOf,
  zonedTime,
} from './local-time.js';
export type { MinuteWindow, ZonedTime } from './local-time.js';
export { intersectIntervals, intervalsContain, normalizeIntervals, subtractIntervals } from './intervals.js';
export type { Interval } from './intervals.js';

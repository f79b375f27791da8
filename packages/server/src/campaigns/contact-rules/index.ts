// The contact-rule engine of campaigns (issue 16): pure decisions about whether, and when, a collection
// contact is allowed. See docs/server.md, "Contact rules (campaigns)".

export { evaluateContact, allowedIntervals, allowedIntervalsOnDay, nextAllowedInstant, DEFAULT_HORIZON_DAYS } from './evaluate-contact.js';
export type { ContactCheck, ContactSubject, ContactRuleDeps, TimeInterval } from './evaluate-contact.js';
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
export { resolveContactLocation } from './location.js';
export type { ContactLocation, LocationBasis, LocationFacts } from './location.js';
export { ZIP_NEIGHBOURHOOD_KM, allUsTimeZones, normalizeZip, stateOfZip, zonesOfState, zonesOfZip } from './zip-time-zones.js';

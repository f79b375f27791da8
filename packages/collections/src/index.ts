// @steward/collections: the collections rules as pure functions (no I/O; clocks are passed in), shared
// by the server and the web app so both apply exactly the same rules. See docs/collections.md.

export { MoneyError, PromiseRuleError, LocalDateError } from './errors/rule-errors.js';
export type { MoneyErrorCode, PromiseRuleErrorCode, LocalDateErrorCode } from './errors/rule-errors.js';

export { parseDollarsToCents, formatCents, isCents } from './money/cents.js';
export type { Cents } from './money/cents.js';

export type { Clock } from './dates/clock.js';
export { fixedClock } from './dates/clock.js';
export { localDateOf, addLocalDays, startOfLocalDay, isLocalDate, daysBetween, localDayNumber, localDateOfDayNumber } from './dates/local-date.js';
export type { LocalDate } from './dates/local-date.js';

export { AGING_BUCKETS, daysPastDue, agingBucketOf, isAgingBucket, liquidationRate } from './aging/aging.js';
export type { AgingBucket } from './aging/aging.js';

export { PROMISE_KINDS, FREQUENCIES } from './promises/promise-types.js';
export type {
  PromiseKind,
  Frequency,
  InstallmentState,
  PromiseStatus,
  ScheduledInstallment,
  PromiseScheduleRequest,
  PromisePayment,
  EvaluatedInstallment,
  PromiseEvaluation,
  PromiseEvaluationInput,
} from './promises/promise-types.js';
export { buildPromiseSchedule, seriesDate, splitEvenly, MAX_INSTALLMENTS } from './promises/promise-schedule.js';
export { evaluatePromise, promiseCheckInstant, checkGraceDays, MAX_GRACE_DAYS } from './promises/evaluate-promise.js';
export { promiseStandingChange, brokenPromiseMarker } from './promises/promise-standing.js';
export type { PromiseStandingChange, PromiseStanding } from './promises/promise-standing.js';

export { CALL_OUTCOMES, callOutcomeEffects, isCallOutcome } from './calls/call-outcomes.js';
export type { CallOutcome, CallOutcomeEffects } from './calls/call-outcomes.js';

export { queueTier, compareQueueEntries, prioritizeQueue } from './queue/work-queue.js';
export type { QueueFacts, QueueReason } from './queue/work-queue.js';

export * from './contact-rules/index.js';

export { CampaignSettingsError, MAX_CAMPAIGN_DAYS, readAccountFilter, readCampaignSettings } from './campaigns/campaign-settings.js';
export type { AccountFilter, CampaignRow, CampaignSettings } from './campaigns/campaign-settings.js';
export * from './campaigns/plan-campaign.js';
export { decideDueContact } from './campaigns/due-decision.js';
export type { DueDecision } from './campaigns/due-decision.js';
export * from './campaigns/campaign-message.js';

export * from './loans/loan-math.js';

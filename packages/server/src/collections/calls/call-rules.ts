// Whether a collector may call a debtor now, by exactly the runner's inputs: the account's attempts in
// contact_attempts (every channel, desk calls and campaign contacts alike), the active ContactRuleMdl
// rule set, and the zones of all the debt's debtors (call limits count per debt on each calendar).
import type { ContactCheck, ContactHistoryEntry, ContactLocation, ContactRefusal, ContactRuleSet } from '@steward/collections';
import { accountFor, consumerOf, DAY_MS, debtCallZones, evaluateContact, nextAllowedInstant, resolveContactLocation } from '@steward/collections';
import type { Queryable } from '../../db/database.js';
import { contactHistory } from '../../campaigns/contact-attempts.js';
import { serverLocationData } from '../../campaigns/contact-rules/location-data.js';
import { loadContactRuleSet } from '../../campaigns/contact-rule-store.js';
import type { DebtorRecord } from '../../campaigns/planner/plan-store.js';
import { loadDebtors } from '../../campaigns/planner/plan-store.js';
import type { Clock } from '../../time/clock.js';

/** History the checks read: past any 30-day call limit, as the runner reads it. */
export const CALL_HISTORY_DAYS = 367;

/** The account facts a call check needs. */
export interface CallAccount {
  readonly id: string;
  readonly clientNumber: string | null;
  readonly accountStatus: string | null;
  readonly zipCode: string | null;
  readonly disputed: boolean;
}

/** What the rules say about calling one debtor at one instant. */
export interface CallVerdict {
  readonly debtorId: string;
  readonly allowed: boolean;
  readonly reasons: readonly ContactRefusal[];
  /** The next instant a call is allowed (now when allowed; null when none within 31 days). */
  readonly nextAllowedAt: Date | null;
  /** The zones and states the engine checks local time in. */
  readonly location: ContactLocation;
}

/** Everything loaded once for an account's call checks. */
export interface CallInputs {
  readonly debtors: readonly DebtorRecord[];
  readonly history: readonly ContactHistoryEntry[];
  readonly rules: ContactRuleSet;
}

/** Loads the debtors, history and rule set of an account (inside the caller's transaction when given one). */
export async function loadCallInputs(db: Queryable, accountId: string, now: Date, rules?: ContactRuleSet): Promise<CallInputs> {
  const [debtors, history, ruleSet] = [
    await loadDebtors(db, [accountId]),
    await contactHistory(db, accountId, new Date(now.getTime() - CALL_HISTORY_DAYS * DAY_MS)),
    rules ?? (await loadContactRuleSet(db)),
  ];
  return { debtors, history, rules: ruleSet };
}

/** The engine's check of a call to `debtor` at `at`, built as the campaign runner builds it. */
export function callCheck(account: CallAccount, debtor: DebtorRecord, inputs: CallInputs, at: Date): ContactCheck {
  const plan = { id: account.id, clientNumber: account.clientNumber, accountStatus: account.accountStatus, zipCode: account.zipCode, disputed: account.disputed };
  return {
    channel: 'call',
    account: accountFor(plan, debtor),
    consumer: consumerOf(debtor),
    history: inputs.history,
    rules: inputs.rules,
    at,
    callLimitZones: debtCallZones(plan, inputs.debtors, serverLocationData),
  };
}

/** The verdict on calling `debtor` at `at` (pure given the inputs). */
export function judgeCall(account: CallAccount, debtor: DebtorRecord, inputs: CallInputs, at: Date, clock: Clock): CallVerdict {
  const check = callCheck(account, debtor, inputs, at);
  const deps = { clock, locationData: serverLocationData };
  const decision = evaluateContact(check, deps);
  const location = resolveContactLocation({ timeZone: debtor.timeZone, zipCode: check.account.zipCode, state: debtor.state, phone: debtor.phone }, serverLocationData);
  if (decision.allowed) return { debtorId: debtor.id, allowed: true, reasons: [], nextAllowedAt: at, location };
  return { debtorId: debtor.id, allowed: false, reasons: decision.reasons, nextAllowedAt: nextAllowedInstant(check, deps, { from: at }), location };
}

// "Callable now" for a debtor of the workspace, decided in the browser with the contact-rule engine
// of @steward/collections on what the server sent (resolved location, call history, rule set), so
// it ticks with the page's clock; when the data cannot be read the server's own answer stands.
import { evaluateContact, nextAllowedInstant } from '@steward/collections';
import type { ContactCheck, ContactHistoryEntry, ContactRuleSet } from '@steward/collections';
import type { WorkspaceAccount, WorkspaceDebtor } from '@steward/data-client';

/** What the page shows about calling a debtor at an instant. */
export interface DebtorCallability {
  readonly callableNow: boolean;
  readonly nextAllowedAt: Date | null;
  readonly reasons: readonly string[];
  /** 'browser' when the engine decided here, 'server' when the server's answer was used. */
  readonly decidedBy: 'browser' | 'server';
}

function record(value: unknown): Record<string, unknown> | null {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
}

function historyOf(value: unknown): ContactHistoryEntry[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((raw: unknown): ContactHistoryEntry[] => {
    const entry = record(raw);
    if (entry === null || typeof entry.at !== 'string' || typeof entry.channel !== 'string') return [];
    return [{ ...(entry as object), at: new Date(entry.at), channel: entry.channel as ContactHistoryEntry['channel'] } as ContactHistoryEntry];
  });
}

function doNotContactOf(value: unknown): { all?: boolean; channels?: ('call' | 'sms' | 'email' | 'letter')[] } | undefined {
  if (value === true) return { all: true };
  const flags = record(value);
  if (flags === null) return undefined;
  const channels = Array.isArray(flags.channels) ? flags.channels.filter((c): c is 'call' | 'sms' | 'email' | 'letter' => c === 'call' || c === 'sms' || c === 'email' || c === 'letter') : [];
  return { all: flags.all === true || (Array.isArray(flags.channels) && flags.channels.includes('all')), channels };
}

function serverAnswer(debtor: WorkspaceDebtor, now: Date): DebtorCallability {
  const next = debtor.nextCallableAt === null ? null : new Date(debtor.nextCallableAt);
  const reached = next !== null && next.getTime() <= now.getTime();
  const reasons = Array.isArray(debtor.refusals) ? debtor.refusals.flatMap((r: unknown) => (typeof record(r)?.message === 'string' ? [String(record(r)?.message)] : [])) : [];
  return { callableNow: debtor.callableNow || reached, nextAllowedAt: debtor.callableNow || reached ? null : next, reasons: debtor.callableNow || reached ? [] : reasons, decidedBy: 'server' };
}

/** The check the engine runs for a call to `debtor` about `account`. */
export function callCheck(account: WorkspaceAccount, debtor: WorkspaceDebtor, rules: unknown, at: Date): ContactCheck {
  const location = record(debtor.location);
  return {
    channel: 'call',
    at,
    account: { id: account.id, clientNumber: account.clientNumber, accountStatus: account.accountStatus, disputed: account.disputed },
    consumer: {
      timeZone: debtor.timeZone,
      state: debtor.state,
      phone: debtor.phone,
      doNotContact: doNotContactOf(debtor.doNotContact),
      ...(location === null ? {} : { location: location as never }),
    },
    history: historyOf(debtor.callHistory),
    ...(record(rules) === null ? {} : { rules: rules as ContactRuleSet }),
  } as ContactCheck;
}

/** Whether `debtor` may be called at `now`, and when next if not. */
export function debtorCallability(account: WorkspaceAccount, debtor: WorkspaceDebtor, rules: unknown, now: Date): DebtorCallability {
  try {
    const check = callCheck(account, debtor, rules, now);
    const clock = { now: () => now };
    const decision = evaluateContact(check, { clock });
    if (decision.allowed) return { callableNow: true, nextAllowedAt: null, reasons: [], decidedBy: 'browser' };
    return { callableNow: false, nextAllowedAt: nextAllowedInstant(check, { clock }), reasons: decision.reasons.map((r) => r.message), decidedBy: 'browser' };
  } catch {
    // Data the engine cannot read (an older server, a rule set it does not know): the server decided already.
    return serverAnswer(debtor, now);
  }
}

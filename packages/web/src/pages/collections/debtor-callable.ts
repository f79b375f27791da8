// "Callable now" for a debtor of the workspace at the page's clock, decided in the browser by the
// contact-rule engine of @steward/collections on what the server sent: the debtor's resolved location
// (the server holds the ZIP and area-code data), the account's call history and the rule set. So the
// page ticks with exactly the server's rules. When that data cannot be read (an older server, a rule
// set this build does not know) the server's own verdict stands, turned callable once its
// nextCallableAt has come.
import { evaluateContact, nextAllowedInstant } from '@steward/collections';
import type { ContactCheck, ContactChannel, ContactHistoryEntry, ContactLocation, ContactRuleSet, DoNotContact } from '@steward/collections';
import type { AccountWorkspace, WorkspaceDebtor } from '@steward/data-client';
import { callableAt } from './queue-keys';

/** What the page shows about calling a debtor at an instant. */
export interface DebtorCallability {
  readonly callableNow: boolean;
  readonly nextAllowedAt: Date | null;
  readonly reasons: readonly string[];
  /** 'browser' when the engine decided here, 'server' when the server's verdict was used. */
  readonly decidedBy: 'browser' | 'server';
}

const CHANNELS: readonly string[] = ['call', 'sms', 'email', 'letter'];

function record(value: unknown): Record<string, unknown> | null {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
}

function reasonsOf(value: unknown): string[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((raw: unknown) => {
    if (typeof raw === 'string') return [raw];
    const message = record(raw)?.message;
    return typeof message === 'string' ? [message] : [];
  });
}

/** The location the server resolved, or null when it is not one. */
function locationOf(value: unknown): ContactLocation | null {
  const location = record(value);
  if (location === null || !Array.isArray(location.timeZones) || !location.timeZones.every((z) => typeof z === 'string')) return null;
  return location as unknown as ContactLocation;
}

function historyOf(value: unknown): ContactHistoryEntry[] | null {
  if (!Array.isArray(value)) return null;
  const entries: ContactHistoryEntry[] = [];
  for (const raw of value) {
    const entry = record(raw);
    if (entry === null || typeof entry.at !== 'string' || typeof entry.channel !== 'string' || !CHANNELS.includes(entry.channel)) return null;
    entries.push({
      at: new Date(entry.at),
      channel: entry.channel as ContactChannel,
      direction: entry.direction === 'inbound' ? 'inbound' : 'outbound',
      conversation: entry.conversation === true,
      ...(typeof entry.accountId === 'string' ? { accountId: entry.accountId } : {}),
    });
  }
  return entries;
}

/** The stored do-not-contact flags as the engine reads them (`true`, `{all}`, `{channels}`; 'all' in channels meaning every one). */
export function doNotContactOf(value: unknown): DoNotContact | undefined {
  if (value === true) return { all: true };
  const flags = record(value);
  if (flags === null) return undefined;
  const listed = Array.isArray(flags.channels) ? flags.channels.filter((c): c is string => typeof c === 'string') : [];
  return { all: flags.all === true || listed.includes('all'), channels: listed.filter((c): c is ContactChannel => CHANNELS.includes(c)) };
}

/** The engine's check of a call to `debtor` at `at`, as the server builds it; null when the data is not readable. */
export function workspaceCallCheck(workspace: AccountWorkspace, debtor: WorkspaceDebtor, at: Date): ContactCheck | null {
  const location = locationOf(debtor.location);
  const history = historyOf(debtor.callHistory);
  const rules = record(workspace.contactRules);
  if (location === null || history === null || rules === null) return null;
  const { account } = workspace;
  const doNotContact = doNotContactOf(debtor.doNotContact);
  // Calls about a debt count together, on the calendar of every zone any of its debtors may be in.
  const callLimitZones = [...new Set(workspace.debtors.flatMap((d) => locationOf(d.location)?.timeZones ?? []))];
  return {
    channel: 'call',
    at,
    account: { id: account.id, clientNumber: account.clientNumber, accountStatus: account.accountStatus, disputed: account.disputed },
    consumer: { timeZone: debtor.timeZone, state: debtor.state, phone: debtor.phone, location, ...(doNotContact === undefined ? {} : { doNotContact }) },
    history,
    rules: rules as unknown as ContactRuleSet,
    callLimitZones,
  };
}

function serverVerdict(debtor: WorkspaceDebtor, now: Date): DebtorCallability {
  if (callableAt(debtor, now)) return { callableNow: true, nextAllowedAt: null, reasons: [], decidedBy: 'server' };
  return { callableNow: false, nextAllowedAt: debtor.nextCallableAt === null ? null : new Date(debtor.nextCallableAt), reasons: reasonsOf(debtor.refusals), decidedBy: 'server' };
}

/** Whether `debtor` may be called at `now`, and when next if not. */
export function debtorCallability(workspace: AccountWorkspace, debtor: WorkspaceDebtor, now: Date): DebtorCallability {
  const check = workspaceCallCheck(workspace, debtor, now);
  if (check === null) return serverVerdict(debtor, now);
  try {
    const deps = { clock: { now: () => now } };
    const decision = evaluateContact(check, deps);
    if (decision.allowed) return { callableNow: true, nextAllowedAt: null, reasons: [], decidedBy: 'browser' };
    return { callableNow: false, nextAllowedAt: nextAllowedInstant(check, deps, { from: now }), reasons: decision.reasons.map((r) => r.message), decidedBy: 'browser' };
  } catch {
    return serverVerdict(debtor, now);
  }
}

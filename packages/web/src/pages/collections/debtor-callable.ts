// "Callable now" for a debtor of the workspace at the page's clock. The server decides with the
// contact-rule engine when the workspace loads (callableNow, nextCallableAt, refusals); between
// loads the page ticks: once nextCallableAt has come, the debtor shows as callable.
import type { WorkspaceDebtor } from '@steward/data-client';
import { callableAt } from './queue-keys';

/** What the page shows about calling a debtor at an instant. */
export interface DebtorCallability {
  readonly callableNow: boolean;
  readonly nextAllowedAt: Date | null;
  readonly reasons: readonly string[];
}

function reasonsOf(value: unknown): string[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((raw: unknown) => {
    if (typeof raw === 'string') return [raw];
    if (typeof raw !== 'object' || raw === null) return [];
    const message = (raw as Record<string, unknown>).message;
    return typeof message === 'string' ? [message] : [];
  });
}

/** Whether `debtor` may be called at `now`, and when next if not. */
export function debtorCallability(debtor: WorkspaceDebtor, now: Date): DebtorCallability {
  if (callableAt(debtor, now)) return { callableNow: true, nextAllowedAt: null, reasons: [] };
  return { callableNow: false, nextAllowedAt: debtor.nextCallableAt === null ? null : new Date(debtor.nextCallableAt), reasons: reasonsOf(debtor.refusals) };
}

// The work queue's keyboard: ArrowDown/j and ArrowUp/k move, Home/End jump, Enter opens the row,
// n opens the next account. Pure, so the page and its tests share one definition.

/** What a key press on the queue does. */
export type QueueKeyAction = { readonly kind: 'move'; readonly index: number } | { readonly kind: 'open'; readonly index: number } | { readonly kind: 'next' } | null;

/** The modifier keys of a key press; with any of them held the page leaves the key to the browser. */
export interface KeyModifiers {
  readonly ctrlKey?: boolean;
  readonly metaKey?: boolean;
  readonly altKey?: boolean;
}

/** The action of `key` with row `current` selected among `count` rows (null: not the queue's key). */
export function queueKeyAction(key: string, current: number, count: number, modifiers: KeyModifiers = {}): QueueKeyAction {
  if (modifiers.ctrlKey === true || modifiers.metaKey === true || modifiers.altKey === true) return null;
  if (key === 'n' || key === 'N') return { kind: 'next' };
  if (count === 0) return null;
  const at = Math.min(Math.max(current, 0), count - 1);
  switch (key) {
    case 'ArrowDown':
    case 'j':
      return { kind: 'move', index: Math.min(at + 1, count - 1) };
    case 'ArrowUp':
    case 'k':
      return { kind: 'move', index: Math.max(at - 1, 0) };
    case 'Home':
      return { kind: 'move', index: 0 };
    case 'End':
      return { kind: 'move', index: count - 1 };
    case 'Enter':
      return { kind: 'open', index: at };
    default:
      return null;
  }
}

/** A queue row as "Next account" needs it. */
export interface NextCandidate {
  readonly callableNow: boolean;
  readonly nextCallableAt: string | null;
}

/** True when the row may be called at `now`: the server said so, or its next allowed time has come. */
export function callableAt(row: NextCandidate, now: Date): boolean {
  if (row.callableNow) return true;
  if (row.nextCallableAt === null) return false;
  const next = Date.parse(row.nextCallableAt);
  return !Number.isNaN(next) && next <= now.getTime();
}

/**
 * The row "Next account" opens: the queue is in priority order, so the first row that may be called
 * now, else the first row (the collector can still work it: note, payment, follow-up); -1 when empty.
 */
export function nextAccountIndex(rows: readonly NextCandidate[], now: Date): number {
  const callable = rows.findIndex((row) => callableAt(row, now));
  return callable >= 0 ? callable : rows.length > 0 ? 0 : -1;
}

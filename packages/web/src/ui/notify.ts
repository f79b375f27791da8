// Toasts without loading the toast library up front: sonner arrives in its own chunk with the first
// message, and messages sent before its Toaster is on the page wait for it instead of vanishing.

type Kind = 'success' | 'error' | 'info' | 'warning';

let markMounted: () => void = () => undefined;
const mounted = new Promise<void>((resolve) => {
  markMounted = resolve;
});

/** Called by the Toaster once it is on the page. */
export function toasterMounted(): void {
  markMounted();
}

// The Toaster (and sonner with it) is put on the page by the first message, not by the first screen.
let wanted = false;
const wantedListeners = new Set<() => void>();

/** Whether a message has asked for the Toaster yet (for useSyncExternalStore). */
export function toastsWanted(): boolean {
  return wanted;
}

/** Calls `listener` when the first message asks for the Toaster; returns the unsubscribe function. */
export function subscribeToastsWanted(listener: () => void): () => void {
  wantedListeners.add(listener);
  return () => {
    wantedListeners.delete(listener);
  };
}

function wantToasts(): void {
  if (wanted) return;
  wanted = true;
  for (const listener of [...wantedListeners]) listener();
}

// Resolves once the toast is on its way to the screen (the Toaster is mounted and has it).
async function show(kind: Kind, message: string): Promise<void> {
  wantToasts();
  await mounted;
  const { toast } = await import('sonner');
  toast[kind](message);
}

/** Shows a toast (rich colours, 4 s, bottom-right: see Toasts); the promise resolves once it is shown. */
export const notify = {
  success: (message: string): Promise<void> => show('success', message),
  error: (message: string): Promise<void> => show('error', message),
  info: (message: string): Promise<void> => show('info', message),
  warning: (message: string): Promise<void> => show('warning', message),
};

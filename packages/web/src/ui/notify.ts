// Toasts without loading the toast library up front: sonner arrives in its own chunk after the
// first screen, and messages sent before its Toaster is on the page wait for it instead of vanishing.

type Kind = 'success' | 'error' | 'info' | 'warning';

let markMounted: () => void = () => undefined;
const mounted = new Promise<void>((resolve) => {
  markMounted = resolve;
});

/** Called by the Toaster once it is on the page. */
export function toasterMounted(): void {
  markMounted();
}

// Resolves once the toast is on its way to the screen (the Toaster is mounted and has it).
async function show(kind: Kind, message: string): Promise<void> {
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

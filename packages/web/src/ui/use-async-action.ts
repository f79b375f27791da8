import { useCallback, useState } from 'react';
import { describeAuthError } from '../auth/error-messages';
import type { FriendlyError } from '../auth/error-messages';

/** A form's async action: busy while it runs, the failure in friendly words afterwards. */
export interface AsyncAction {
  busy: boolean;
  error: FriendlyError | null;
  /** Runs `work`; a throw becomes `error` (also returned). Resolves to true on success. */
  run: (work: () => Promise<void>) => Promise<boolean>;
  setError: (failure: unknown) => void;
  clearError: () => void;
}

/** Tracks one async action of a form. */
export function useAsyncAction(): AsyncAction {
  const [busy, setBusy] = useState(false);
  const [error, setErrorState] = useState<FriendlyError | null>(null);
  const run = useCallback(async (work: () => Promise<void>): Promise<boolean> => {
    setBusy(true);
    setErrorState(null);
    try {
      await work();
      return true;
    } catch (failure) {
      setErrorState(describeAuthError(failure));
      return false;
    } finally {
      setBusy(false);
    }
  }, []);
  const setError = useCallback((failure: unknown) => setErrorState(describeAuthError(failure)), []);
  const clearError = useCallback(() => setErrorState(null), []);
  return { busy, error, run, setError, clearError };
}

import { useState } from 'react';
import { useServices } from '../app/ports-context';
import { Button } from '../ui/Button';
import { describeAuthError } from './error-messages';
import type { FriendlyError } from './error-messages';
import { hostedSignInOffered, startHostedSignIn, useHostedSignInStore } from './hosted-sign-in';

/** "Sign in with the hosted page", when the configuration has a managed login domain for this origin; shows why the last attempt failed. */
export function HostedSignInButton({ next }: { next: string | null }) {
  const { auth, config } = useServices();
  const returned = useHostedSignInStore((state) => state.error);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<FriendlyError | null>(null);
  if (!hostedSignInOffered(config, window.location.origin)) return null;
  const shown = error ?? returned;

  const go = async (): Promise<void> => {
    setBusy(true);
    setError(null);
    useHostedSignInStore.setState({ error: null });
    try {
      await startHostedSignIn(auth, next);
    } catch (failure) {
      setError(describeAuthError(failure));
      setBusy(false);
    }
  };

  return (
    <div className="auth-card__hosted">
      <p className="auth-card__divider">or</p>
      <Button variant="secondary" busy={busy} onClick={() => void go()}>
        Sign in with the hosted page
      </Button>
      {shown === null ? null : (
        <p className="auth-card__hosted-error" role="alert">
          {shown.message} {shown.detail ?? ''}
        </p>
      )}
    </div>
  );
}

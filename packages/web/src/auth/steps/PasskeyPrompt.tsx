import { useEffect, useRef } from 'react';
import { Button } from '../../ui/Button';
import { LiveRegion } from '../../ui/LiveRegion';
import { Spinner } from '../../ui/Spinner';
import { AuthCard } from '../AuthCard';
import type { FriendlyError } from '../error-messages';

/** Shown while the browser asks for the passkey (auth-core answers the WebAuthn challenge itself). */
export function PasskeyPrompt({ busy, error, onRetry, onCancel }: { busy: boolean; error: FriendlyError | null; onRetry: () => void; onCancel: () => void }) {
  const cancelRef = useRef<HTMLButtonElement>(null);
  useEffect(() => cancelRef.current?.focus(), []);
  return (
    <AuthCard title="Use your passkey" description={<p>Follow your browser’s prompt: use your fingerprint, face, screen lock or security key.</p>}>
      <LiveRegion message={error?.message} detail={error?.detail} />
      {busy ? (
        <p className="auth-card__waiting">
          <Spinner size="small" label={null} /> Waiting for your passkey…
        </p>
      ) : null}
      <div className="auth-form__actions">
        {busy ? null : <Button onClick={onRetry}>Try again</Button>}
        <Button ref={cancelRef} variant="secondary" onClick={onCancel}>
          Use another way
        </Button>
      </div>
    </AuthCard>
  );
}

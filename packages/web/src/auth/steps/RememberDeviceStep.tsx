import { useEffect, useRef } from 'react';
import { Button } from '../../ui/Button';
import { AuthCard } from '../AuthCard';

/** After MFA: remember this device so the next sign-in here skips the code. */
export function RememberDeviceStep({ busy, onChoose }: { busy: boolean; onChoose: (remember: boolean) => void }) {
  const firstRef = useRef<HTMLButtonElement>(null);
  useEffect(() => firstRef.current?.focus(), []);
  return (
    <AuthCard title="Remember this device?" description={<p>If this is your own device, Steward can skip the code the next time you sign in here. Do not choose this on a shared computer.</p>}>
      <div className="auth-form__actions auth-form__actions--stacked" role="group" aria-label="Remember this device">
        <Button ref={firstRef} busy={busy} onClick={() => onChoose(true)}>
          Remember this device
        </Button>
        <Button variant="secondary" disabled={busy} onClick={() => onChoose(false)}>
          Not now
        </Button>
      </div>
    </AuthCard>
  );
}

import { useMemo, useState } from 'react';
import { QRCodeSVG } from 'qrcode.react';
import { assertChallengeResponse } from '@steward/auth-core';
import { Button } from '../../ui/Button';
import { CopyButton } from '../../ui/CopyButton';
import { TextField } from '../../ui/TextField';
import { AuthCard, StepForm } from '../AuthCard';
import { errorFor } from '../error-messages';
import type { StepOf, StepProps } from './step-props';

/** The issuer name authenticator apps show next to the account. */
export const TOTP_ISSUER = 'Steward';

/** The shared secret in groups of four, easier to type by hand. */
export function groupSecret(secret: string): string {
  return secret.replace(/(.{4})/g, '$1 ').trim();
}

/** CONTINUE_SIGN_IN_WITH_TOTP_SETUP: scan the QR code (or copy the secret), then enter the first code. */
export function TotpSetupStep({ step, username, busy, error, onRespond, onInvalid, onCancel }: StepProps<StepOf<'CONTINUE_SIGN_IN_WITH_TOTP_SETUP'>>) {
  const [code, setCode] = useState('');
  const secret = step.totpSetupDetails.sharedSecret;
  const uri = useMemo(() => step.totpSetupDetails.getSetupUri(TOTP_ISSUER, username).toString(), [step, username]);
  const submit = (): void => {
    const answer = code.replace(/\s+/g, '');
    try {
      assertChallengeResponse(answer);
    } catch (invalid) {
      onInvalid(invalid);
      return;
    }
    onRespond(answer, { friendlyDeviceName: 'Authenticator app' });
  };
  return (
    <AuthCard
      title="Set up your authenticator app"
      description={<p>Scan this code with an authenticator app (such as Google Authenticator, Microsoft Authenticator or 1Password), then enter the 6-digit code it shows.</p>}
    >
      <div className="totp-setup">
        <div className="totp-setup__qr">
          <QRCodeSVG value={uri} size={176} marginSize={2} title="QR code for your authenticator app" />
        </div>
        <div className="totp-setup__manual">
          <p className="totp-setup__label" id="totp-secret-label">
            Can’t scan? Enter this key in the app:
          </p>
          <code className="totp-setup__secret" aria-labelledby="totp-secret-label" data-testid="totp-secret">
            {groupSecret(secret)}
          </code>
          <div className="totp-setup__actions">
            <CopyButton text={secret} label="Copy the key" />
            <a className="button button--link" href={uri}>
              Open in an authenticator app
            </a>
          </div>
        </div>
      </div>
      <StepForm onSubmit={submit} submitLabel="Verify and finish" busy={busy} error={error} label="Verify the authenticator app" secondary={<Button variant="secondary" onClick={onCancel}>Start over</Button>}>
        <TextField
          label="Code from the app"
          name="code"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={10}
          autoFocus
          value={code}
          onChange={(event) => setCode(event.target.value)}
          error={errorFor(error, 'code')}
        />
      </StepForm>
    </AuthCard>
  );
}

import { useState } from 'react';
import { assertChallengeResponse } from '@steward/auth-core';
import { Button } from '../../ui/Button';
import { TextField } from '../../ui/TextField';
import { AuthCard, StepForm } from '../AuthCard';
import { errorFor } from '../error-messages';
import type { StepOf, StepProps } from './step-props';

type CodeSteps = StepOf<'CONFIRM_SIGN_IN_WITH_SMS_CODE'> | StepOf<'CONFIRM_SIGN_IN_WITH_TOTP_CODE'> | StepOf<'CONFIRM_SIGN_IN_WITH_EMAIL_CODE'>;

function describe(step: CodeSteps): { title: string; text: string; label: string } {
  if (step.signInStep === 'CONFIRM_SIGN_IN_WITH_TOTP_CODE') {
    return { title: 'Enter your authenticator code', text: 'Open your authenticator app and enter the 6-digit code it shows for Steward.', label: 'Authenticator code' };
  }
  const destination = step.codeDeliveryDetails?.destination;
  if (step.signInStep === 'CONFIRM_SIGN_IN_WITH_SMS_CODE') {
    return { title: 'Check your phone', text: `We sent a code by text message${destination === undefined ? '' : ` to ${destination}`}.`, label: 'Code from the text message' };
  }
  return { title: 'Check your email', text: `We sent a code by email${destination === undefined ? '' : ` to ${destination}`}.`, label: 'Code from the email' };
}

/** The MFA code step: SMS, authenticator app (TOTP) or email. */
export function CodeStep({ step, busy, error, onRespond, onInvalid, onCancel }: StepProps<CodeSteps>) {
  const [code, setCode] = useState('');
  const words = describe(step);
  const submit = (): void => {
    const answer = code.replace(/\s+/g, '');
    try {
      assertChallengeResponse(answer);
    } catch (invalid) {
      onInvalid(invalid);
      return;
    }
    onRespond(answer);
  };
  return (
    <AuthCard title={words.title} description={<p>{words.text}</p>}>
      <StepForm onSubmit={submit} submitLabel="Verify" busy={busy} error={error} label={words.title} secondary={<Button variant="secondary" onClick={onCancel}>Start over</Button>}>
        <TextField
          label={words.label}
          name="code"
          inputMode="numeric"
          autoComplete="one-time-code"
          pattern="[0-9]*"
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

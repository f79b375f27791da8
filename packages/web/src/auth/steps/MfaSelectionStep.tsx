import { useState } from 'react';
import type { AuthMFAType } from '@steward/auth-core';
import { assertMfaMethod } from '@steward/auth-core';
import { Button } from '../../ui/Button';
import { AuthCard, StepForm } from '../AuthCard';
import type { StepOf, StepProps } from './step-props';

/** How each MFA method is named on screen. */
export const MFA_LABELS: Record<AuthMFAType, { title: string; hint: string }> = {
  SMS: { title: 'Text message', hint: 'We send a code to your phone.' },
  TOTP: { title: 'Authenticator app', hint: 'Use the code your app shows.' },
  EMAIL: { title: 'Email', hint: 'We send a code to your email address.' },
};

/** Radio choices of MFA methods; shared by the selection and the setup-selection steps. */
export function MfaChoice({ methods, value, onChange, legend }: { methods: readonly AuthMFAType[]; value: string; onChange: (method: AuthMFAType) => void; legend: string }) {
  return (
    <fieldset className="choice-list">
      <legend>{legend}</legend>
      {methods.map((method, index) => (
        <label key={method} className="choice">
          <input type="radio" name="mfa-method" value={method} checked={value === method} onChange={() => onChange(method)} autoFocus={index === 0} />
          <span>
            <strong>{MFA_LABELS[method].title}</strong>
            <span className="choice__hint">{MFA_LABELS[method].hint}</span>
          </span>
        </label>
      ))}
    </fieldset>
  );
}

/** CONTINUE_SIGN_IN_WITH_MFA_SELECTION: choose SMS, authenticator app or email for this sign-in. */
export function MfaSelectionStep({ step, busy, error, onRespond, onInvalid, onCancel }: StepProps<StepOf<'CONTINUE_SIGN_IN_WITH_MFA_SELECTION'>>) {
  const methods = step.allowedMFATypes ?? ['SMS', 'TOTP', 'EMAIL'];
  const [method, setMethod] = useState<string>(methods[0] ?? '');
  const submit = (): void => {
    try {
      onRespond(assertMfaMethod(method));
    } catch (invalid) {
      onInvalid(invalid);
    }
  };
  return (
    <AuthCard title="How should we check it is you?" description={<p>Choose how to receive your sign-in code.</p>}>
      <StepForm onSubmit={submit} submitLabel="Continue" busy={busy} error={error} label="Choose a sign-in check" secondary={<Button variant="secondary" onClick={onCancel}>Start over</Button>}>
        <MfaChoice methods={methods} value={method} onChange={setMethod} legend="Sign-in check" />
      </StepForm>
    </AuthCard>
  );
}

/** CONTINUE_SIGN_IN_WITH_MFA_SETUP_SELECTION: choose which method to set up (authenticator app or email). */
export function MfaSetupSelectionStep({ step, busy, error, onRespond, onInvalid, onCancel }: StepProps<StepOf<'CONTINUE_SIGN_IN_WITH_MFA_SETUP_SELECTION'>>) {
  const methods = (step.allowedMFATypes ?? ['TOTP', 'EMAIL']).filter((method) => method !== 'SMS');
  const [method, setMethod] = useState<string>(methods[0] ?? '');
  const submit = (): void => {
    try {
      onRespond(assertMfaMethod(method));
    } catch (invalid) {
      onInvalid(invalid);
    }
  };
  return (
    <AuthCard title="Set up a second sign-in step" description={<p>Your account needs a second step when you sign in. Choose one to set up now.</p>}>
      <StepForm onSubmit={submit} submitLabel="Continue" busy={busy} error={error} label="Choose a method to set up" secondary={<Button variant="secondary" onClick={onCancel}>Start over</Button>}>
        <MfaChoice methods={methods} value={method} onChange={setMethod} legend="Method to set up" />
      </StepForm>
    </AuthCard>
  );
}

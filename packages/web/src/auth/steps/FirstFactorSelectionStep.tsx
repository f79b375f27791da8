import { useState } from 'react';
import { Button } from '../../ui/Button';
import { AuthCard, StepForm } from '../AuthCard';
import { FieldProblem } from '../error-messages';
import type { StepOf, StepProps } from './step-props';

/** How each first factor of the USER_AUTH flow is named on screen. */
export const FIRST_FACTOR_LABELS: Record<string, { title: string; hint: string }> = {
  WEB_AUTHN: { title: 'Passkey', hint: 'Use your fingerprint, face, screen lock or security key.' },
  PASSWORD_SRP: { title: 'Password', hint: 'Enter your password.' },
  PASSWORD: { title: 'Password', hint: 'Enter your password.' },
  EMAIL_OTP: { title: 'Code by email', hint: 'We send a one-time code to your email address.' },
  SMS_OTP: { title: 'Code by text message', hint: 'We send a one-time code to your phone.' },
};

/** CONTINUE_SIGN_IN_WITH_FIRST_FACTOR_SELECTION: passkey, password, or a code by email or SMS. */
export function FirstFactorSelectionStep({ step, busy, error, onRespond, onInvalid, onCancel }: StepProps<StepOf<'CONTINUE_SIGN_IN_WITH_FIRST_FACTOR_SELECTION'>>) {
  // PASSWORD and PASSWORD_SRP look the same to a person: offer one of them.
  const offered = (step.availableChallenges ?? []).map(String).filter((name, _i, all) => name in FIRST_FACTOR_LABELS && !(name === 'PASSWORD' && all.includes('PASSWORD_SRP')));
  const [choice, setChoice] = useState(offered[0] ?? '');
  const submit = (): void => {
    if (choice === '') {
      onInvalid(new FieldProblem('form', 'Choose a way to sign in.'));
      return;
    }
    onRespond(choice);
  };
  return (
    <AuthCard title="Choose how to sign in">
      <StepForm onSubmit={submit} submitLabel="Continue" busy={busy} error={error} label="Choose how to sign in" secondary={<Button variant="secondary" onClick={onCancel}>Start over</Button>}>
        {offered.length === 0 ? (
          <p>No way of signing in is available for this account. Start over and sign in with your password.</p>
        ) : (
          <fieldset className="choice-list">
            <legend>Ways to sign in</legend>
            {offered.map((name, index) => (
              <label key={name} className="choice">
                <input type="radio" name="first-factor" value={name} checked={choice === name} onChange={() => setChoice(name)} autoFocus={index === 0} />
                <span>
                  <strong>{FIRST_FACTOR_LABELS[name]?.title ?? name}</strong>
                  <span className="choice__hint">{FIRST_FACTOR_LABELS[name]?.hint}</span>
                </span>
              </label>
            ))}
          </fieldset>
        )}
      </StepForm>
    </AuthCard>
  );
}

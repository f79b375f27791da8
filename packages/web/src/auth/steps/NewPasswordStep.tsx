import { useState } from 'react';
import { assertChallengeResponse, checkPasswordPolicy } from '@steward/auth-core';
import { Button } from '../../ui/Button';
import { PasswordChecklist } from '../../ui/PasswordChecklist';
import { TextField } from '../../ui/TextField';
import { AuthCard, StepForm } from '../AuthCard';
import { FieldProblem, errorFor } from '../error-messages';
import type { StepOf, StepProps } from './step-props';

/** Labels and input hints of the attributes a new-password step may ask for. */
export const ATTRIBUTE_FIELDS: Record<string, { label: string; type?: string; autoComplete?: string; hint?: string }> = {
  email: { label: 'Email address', type: 'email', autoComplete: 'email' },
  given_name: { label: 'First name', autoComplete: 'given-name' },
  family_name: { label: 'Last name', autoComplete: 'family-name' },
  name: { label: 'Full name', autoComplete: 'name' },
  phone_number: { label: 'Phone number', type: 'tel', autoComplete: 'tel', hint: 'With the country code, e.g. +15555550100.' },
  preferred_username: { label: 'Preferred username', autoComplete: 'nickname' },
  nickname: { label: 'Nickname', autoComplete: 'nickname' },
  birthdate: { label: 'Date of birth', type: 'date', autoComplete: 'bday' },
  address: { label: 'Address', autoComplete: 'street-address' },
};

function attributeField(name: string): { label: string; type?: string; autoComplete?: string; hint?: string } {
  const bare = name.replace(/^userAttributes\./, '');
  return ATTRIBUTE_FIELDS[bare] ?? { label: bare.replace(/^custom:/, '').replace(/[_:]/g, ' ') };
}

/** CONFIRM_SIGN_IN_WITH_NEW_PASSWORD_REQUIRED: choose a new password and fill in the missing attributes. */
export function NewPasswordStep({ step, busy, error, onRespond, onInvalid, onCancel }: StepProps<StepOf<'CONFIRM_SIGN_IN_WITH_NEW_PASSWORD_REQUIRED'>>) {
  const missing = (step.missingAttributes ?? []).map((name) => String(name).replace(/^userAttributes\./, ''));
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [attributes, setAttributes] = useState<Record<string, string>>({});
  const [missingError, setMissingError] = useState<string | null>(null);

  const submit = (): void => {
    try {
      assertChallengeResponse(password);
      if (!checkPasswordPolicy(password).valid) throw new FieldProblem('newPassword', 'This password does not meet the requirements below.');
      if (confirm !== password) throw new FieldProblem('password', 'The two passwords are different.');
      const empty = missing.find((name) => (attributes[name] ?? '').trim() === '');
      if (empty !== undefined) {
        setMissingError(empty);
        throw new FieldProblem('attributes', `Enter your ${attributeField(empty).label.toLowerCase()}.`);
      }
    } catch (invalid) {
      onInvalid(invalid);
      return;
    }
    setMissingError(null);
    const userAttributes = Object.fromEntries(missing.map((name) => [name, (attributes[name] ?? '').trim()]));
    onRespond(password, missing.length === 0 ? undefined : { userAttributes });
  };

  const newPasswordError = error?.name === 'EmptyChallengeResponse' ? 'Choose a new password.' : errorFor(error, ['newPassword']);
  return (
    <AuthCard title="Choose a new password" description={<p>Your password must be changed before you can continue.</p>}>
      <StepForm onSubmit={submit} submitLabel="Save and continue" busy={busy} error={error} label="Choose a new password" secondary={<Button variant="secondary" onClick={onCancel}>Start over</Button>}>
        <TextField
          label="New password"
          name="new-password"
          type="password"
          autoComplete="new-password"
          autoFocus
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          error={newPasswordError}
          hint={<PasswordChecklist password={password} />}
        />
        <TextField
          label="Repeat the new password"
          name="confirm-password"
          type="password"
          autoComplete="new-password"
          value={confirm}
          onChange={(event) => setConfirm(event.target.value)}
          error={errorFor(error, 'password')}
        />
        {missing.length === 0 ? null : (
          <fieldset className="auth-form__group">
            <legend>A few details are missing from your account</legend>
            {missing.map((name) => {
              const field = attributeField(name);
              return (
                <TextField
                  key={name}
                  label={field.label}
                  name={name}
                  type={field.type ?? 'text'}
                  autoComplete={field.autoComplete}
                  hint={field.hint}
                  value={attributes[name] ?? ''}
                  onChange={(event) => setAttributes((current) => ({ ...current, [name]: event.target.value }))}
                  error={missingError === name ? errorFor(error, 'attributes') : undefined}
                />
              );
            })}
          </fieldset>
        )}
      </StepForm>
    </AuthCard>
  );
}

import { useState } from 'react';
import { assertChallengeResponse } from '@steward/auth-core';
import { Button } from '../../ui/Button';
import { TextField } from '../../ui/TextField';
import { AuthCard, StepForm } from '../AuthCard';
import { errorFor } from '../error-messages';
import type { StepOf, StepProps } from './step-props';

/** CONFIRM_SIGN_IN_WITH_PASSWORD (USER_AUTH flow): the password as the first factor. */
export function PasswordStep({ username, busy, error, onRespond, onInvalid, onCancel }: StepProps<StepOf<'CONFIRM_SIGN_IN_WITH_PASSWORD'>>) {
  const [password, setPassword] = useState('');
  const submit = (): void => {
    try {
      assertChallengeResponse(password);
    } catch (invalid) {
      onInvalid(invalid);
      return;
    }
    onRespond(password);
  };
  const passwordError = error?.name === 'EmptyChallengeResponse' ? 'Enter your password.' : errorFor(error, ['password', 'code']);
  return (
    <AuthCard title="Enter your password" description={<p>Signing in as {username}.</p>}>
      <StepForm onSubmit={submit} submitLabel="Sign in" busy={busy} error={error} label="Enter your password" secondary={<Button variant="secondary" onClick={onCancel}>Start over</Button>}>
        <input type="hidden" name="username" autoComplete="username" value={username} />
        <TextField label="Password" name="password" type="password" autoComplete="current-password" autoFocus value={password} onChange={(event) => setPassword(event.target.value)} error={passwordError} />
      </StepForm>
    </AuthCard>
  );
}

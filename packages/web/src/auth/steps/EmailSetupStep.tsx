import { useState } from 'react';
import { assertMfaSetupAnswer } from '@steward/auth-core';
import { Button } from '../../ui/Button';
import { TextField } from '../../ui/TextField';
import { AuthCard, StepForm } from '../AuthCard';
import { FieldProblem, errorFor } from '../error-messages';
import type { StepOf, StepProps } from './step-props';

/** CONTINUE_SIGN_IN_WITH_EMAIL_SETUP: the email address sign-in codes go to. */
export function EmailSetupStep({ busy, error, onRespond, onInvalid, onCancel }: StepProps<StepOf<'CONTINUE_SIGN_IN_WITH_EMAIL_SETUP'>>) {
  const [email, setEmail] = useState('');
  const submit = (): void => {
    const answer = email.trim();
    try {
      if (answer === '') throw new FieldProblem('email', 'Enter your email address.');
      assertMfaSetupAnswer(answer);
    } catch (invalid) {
      onInvalid(invalid);
      return;
    }
    onRespond(answer);
  };
  return (
    <AuthCard title="Set up email codes" description={<p>We will send a code to this address each time you sign in.</p>}>
      <StepForm onSubmit={submit} submitLabel="Send a code" busy={busy} error={error} label="Email for sign-in codes" secondary={<Button variant="secondary" onClick={onCancel}>Start over</Button>}>
        <TextField
          label="Email address"
          name="email"
          type="email"
          autoComplete="email"
          autoFocus
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          error={errorFor(error, ['email', 'code'])}
        />
      </StepForm>
    </AuthCard>
  );
}

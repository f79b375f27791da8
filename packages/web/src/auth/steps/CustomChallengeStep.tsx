import { useState } from 'react';
import { assertChallengeResponse } from '@steward/auth-core';
import { Button } from '../../ui/Button';
import { TextField } from '../../ui/TextField';
import { AuthCard, StepForm } from '../AuthCard';
import { errorFor } from '../error-messages';
import type { StepOf, StepProps } from './step-props';

/** CONFIRM_SIGN_IN_WITH_CUSTOM_CHALLENGE: the question the pool's challenge asks, and the answer. */
export function CustomChallengeStep({ step, busy, error, onRespond, onInvalid, onCancel }: StepProps<StepOf<'CONFIRM_SIGN_IN_WITH_CUSTOM_CHALLENGE'>>) {
  const [answer, setAnswer] = useState('');
  const info = step.additionalInfo ?? {};
  const question = info.question ?? info.prompt ?? info.challenge;
  const details = Object.entries(info).filter(([key]) => !['question', 'prompt', 'challenge'].includes(key));
  const submit = (): void => {
    try {
      assertChallengeResponse(answer.trim());
    } catch (invalid) {
      onInvalid(invalid);
      return;
    }
    onRespond(answer.trim());
  };
  return (
    <AuthCard title="One more check" description={<p>{question ?? 'Answer the challenge to finish signing in.'}</p>}>
      {details.length === 0 ? null : (
        <dl className="auth-card__facts">
          {details.map(([key, value]) => (
            <div key={key}>
              <dt>{key}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
      )}
      <StepForm onSubmit={submit} submitLabel="Continue" busy={busy} error={error} label="Answer the challenge" secondary={<Button variant="secondary" onClick={onCancel}>Start over</Button>}>
        <TextField label="Your answer" name="answer" autoComplete="off" autoFocus value={answer} onChange={(event) => setAnswer(event.target.value)} error={errorFor(error, 'code')} />
      </StepForm>
    </AuthCard>
  );
}

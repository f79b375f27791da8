import { useEffect, useState } from 'react';
import { assertResetPasswordInput } from '@steward/auth-core';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { useServices } from '../app/ports-context';
import { TextField } from '../ui/TextField';
import { useAsyncAction } from '../ui/use-async-action';
import { AuthCard, StepForm } from './AuthCard';
import { errorFor } from './error-messages';

/** /forgot-password: ask for a reset code. */
export function ForgotPasswordPage() {
  const { auth } = useServices();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [username, setUsername] = useState(params.get('username') ?? '');
  const action = useAsyncAction();

  useEffect(() => {
    document.title = 'Reset your password · Steward';
  }, []);

  const submit = (): void => {
    const name = username.trim();
    try {
      assertResetPasswordInput({ username: name });
    } catch (invalid) {
      action.setError(invalid);
      return;
    }
    void action.run(async () => {
      const result = await auth.resetPassword({ username: name });
      const destination = result.nextStep.codeDeliveryDetails.destination;
      if (result.isPasswordReset) {
        void navigate(`/login?username=${encodeURIComponent(name)}`);
        return;
      }
      void navigate(`/forgot-password/confirm?username=${encodeURIComponent(name)}${destination === undefined ? '' : `&destination=${encodeURIComponent(destination)}`}`);
    });
  };

  return (
    <AuthCard title="Reset your password" description={<p>Enter your username or email address and we will send you a code to choose a new password.</p>} footer={<p><Link to="/login">Back to sign in</Link></p>}>
      <StepForm onSubmit={submit} submitLabel="Send a code" busy={action.busy} error={action.error} label="Reset your password">
        <TextField label="Username or email" name="username" autoComplete="username" autoCapitalize="none" spellCheck={false} autoFocus value={username} onChange={(event) => setUsername(event.target.value)} error={errorFor(action.error, 'username')} />
      </StepForm>
    </AuthCard>
  );
}

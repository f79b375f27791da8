import { useEffect, useState } from 'react';
import { assertConfirmResetPasswordInput, assertResetPasswordInput, checkPasswordPolicy } from '@steward/auth-core';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { notify } from '../ui/notify';
import { useServices } from '../app/ports-context';
import { Button } from '../ui/Button';
import { PasswordChecklist } from '../ui/PasswordChecklist';
import { TextField } from '../ui/TextField';
import { useAsyncAction } from '../ui/use-async-action';
import { AuthCard, StepForm } from './AuthCard';
import { FieldProblem, errorFor } from './error-messages';

/** /forgot-password/confirm: the code, the new password (with the live checklist) and a "send again". */
export function ConfirmResetPasswordPage() {
  const { auth } = useServices();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [username, setUsername] = useState(params.get('username') ?? '');
  const [destination, setDestination] = useState(params.get('destination'));
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const action = useAsyncAction();
  const resend = useAsyncAction();

  useEffect(() => {
    document.title = 'Choose a new password · Steward';
  }, []);

  const submit = (): void => {
    const name = username.trim();
    const confirmationCode = code.replace(/\s+/g, '');
    try {
      assertConfirmResetPasswordInput({ username: name, confirmationCode, newPassword: password });
      if (!checkPasswordPolicy(password).valid) throw new FieldProblem('newPassword', 'This password does not meet the requirements below.');
      if (repeat !== password) throw new FieldProblem('password', 'The two passwords are different.');
    } catch (invalid) {
      action.setError(invalid);
      return;
    }
    void action.run(async () => {
      await auth.confirmResetPassword({ username: name, confirmationCode, newPassword: password });
      void notify.success('Your password has been changed. Sign in with your new password.');
      void navigate(`/login?username=${encodeURIComponent(name)}`);
    });
  };

  const sendAgain = (): void => {
    const name = username.trim();
    try {
      assertResetPasswordInput({ username: name });
    } catch (invalid) {
      resend.setError(invalid);
      return;
    }
    void resend.run(async () => {
      const result = await auth.resetPassword({ username: name });
      const sentTo = result.nextStep.codeDeliveryDetails.destination;
      setDestination(sentTo ?? null);
      void notify.success(`We sent a new code${sentTo === undefined ? '' : ` to ${sentTo}`}.`);
    });
  };

  const error = action.error ?? resend.error;
  // Provider password complaints concern the new password here.
  const newPasswordError = error?.field === 'password' && error.name !== 'FieldProblem' ? error.message : errorFor(error, 'newPassword');
  return (
    <AuthCard
      title="Choose a new password"
      description={<p>{destination === null ? 'Enter the code we sent you and choose a new password.' : `We sent a code to ${destination}. Enter it and choose a new password.`}</p>}
      footer={<p><Link to="/login">Back to sign in</Link></p>}
    >
      <StepForm
        onSubmit={submit}
        submitLabel="Change password"
        busy={action.busy}
        error={error}
        label="Choose a new password"
        secondary={
          <Button variant="secondary" busy={resend.busy} onClick={sendAgain}>
            Send a new code
          </Button>
        }
      >
        <TextField label="Username or email" name="username" autoComplete="username" autoCapitalize="none" value={username} onChange={(event) => setUsername(event.target.value)} error={errorFor(error, 'username')} autoFocus={username === ''} />
        <TextField label="Code" name="code" inputMode="numeric" autoComplete="one-time-code" maxLength={10} autoFocus={username !== ''} value={code} onChange={(event) => setCode(event.target.value)} error={errorFor(error, 'code')} />
        <TextField
          label="New password"
          name="new-password"
          type="password"
          autoComplete="new-password"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          error={newPasswordError}
          hint={<PasswordChecklist password={password} />}
        />
        <TextField
          label="Repeat the new password"
          name="repeat-password"
          type="password"
          autoComplete="new-password"
          value={repeat}
          onChange={(event) => setRepeat(event.target.value)}
          error={error?.name === 'FieldProblem' ? errorFor(error, 'password') : undefined}
        />
      </StepForm>
    </AuthCard>
  );
}

import { useEffect, useState } from 'react';
import { assertConfirmSignUpInput, assertResendSignUpCodeInput } from '@steward/auth-core';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { notify } from '../ui/notify';
import { useServices } from '../app/ports-context';
import { useSignInStore } from '../stores/sign-in-store';
import { Button } from '../ui/Button';
import { TextField } from '../ui/TextField';
import { useAsyncAction } from '../ui/use-async-action';
import { AuthCard, StepForm } from './AuthCard';
import { errorFor } from './error-messages';
import { useSignInFlow } from './use-sign-in-flow';

/** /sign-up/confirm: the emailed confirmation code, with "send a new code"; then the automatic sign-in. */
export function ConfirmSignUpPage() {
  const { auth } = useServices();
  const navigate = useNavigate();
  const flow = useSignInFlow();
  const [params] = useSearchParams();
  const [username, setUsername] = useState(params.get('username') ?? '');
  const [destination, setDestination] = useState(params.get('destination'));
  const [code, setCode] = useState('');
  const confirm = useAsyncAction();
  const resend = useAsyncAction();

  useEffect(() => {
    document.title = 'Confirm your account · Steward';
  }, []);

  const submit = (): void => {
    const name = username.trim();
    const confirmationCode = code.replace(/\s+/g, '');
    try {
      assertConfirmSignUpInput({ username: name, confirmationCode });
    } catch (invalid) {
      confirm.setError(invalid);
      return;
    }
    void confirm.run(async () => {
      const result = await auth.confirmSignUp({ username: name, confirmationCode });
      if (result.nextStep.signUpStep === 'COMPLETE_AUTO_SIGN_IN') {
        void notify.success('Your account is confirmed.');
        try {
          await flow.accept(name, await auth.autoSignIn());
        } catch {
          void navigate(`/login?username=${encodeURIComponent(name)}`);
          return;
        }
        if (useSignInStore.getState().nextStep !== null) void navigate('/login');
        return;
      }
      void notify.success('Your account is confirmed. Please sign in.');
      void navigate(`/login?username=${encodeURIComponent(name)}`);
    });
  };

  const sendAgain = (): void => {
    const name = username.trim();
    try {
      assertResendSignUpCodeInput({ username: name });
    } catch (invalid) {
      resend.setError(invalid);
      return;
    }
    void resend.run(async () => {
      const details = await auth.resendSignUpCode({ username: name });
      setDestination(details.destination ?? null);
      void notify.success(`We sent a new code${details.destination === undefined ? '' : ` to ${details.destination}`}.`);
    });
  };

  const error = confirm.error ?? resend.error ?? flow.error;
  return (
    <AuthCard
      title="Confirm your account"
      description={<p>{destination === null ? 'Enter the confirmation code we sent to your email address.' : `We sent a confirmation code to ${destination}.`}</p>}
      footer={<p><Link to="/login">Back to sign in</Link></p>}
    >
      <StepForm
        onSubmit={submit}
        submitLabel="Confirm"
        busy={confirm.busy || flow.busy}
        error={error}
        label="Confirm your account"
        secondary={
          <Button variant="secondary" busy={resend.busy} onClick={sendAgain}>
            Send a new code
          </Button>
        }
      >
        <TextField label="Username" name="username" autoComplete="username" autoCapitalize="none" value={username} onChange={(event) => setUsername(event.target.value)} error={errorFor(error, 'username')} autoFocus={username === ''} />
        <TextField
          label="Confirmation code"
          name="code"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={10}
          autoFocus={username !== ''}
          value={code}
          onChange={(event) => setCode(event.target.value)}
          error={errorFor(error, 'code')}
        />
      </StepForm>
    </AuthCard>
  );
}

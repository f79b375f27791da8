import { useState } from 'react';
import { Link } from 'react-router-dom';
import { assertSignInInput } from '@steward/auth-core';
import { Button } from '../../ui/Button';
import { TextField } from '../../ui/TextField';
import { StepForm } from '../AuthCard';
import { errorFor } from '../error-messages';
import type { FriendlyError } from '../error-messages';

/** Props of the first sign-in screen. */
export interface SignInStartStepProps {
  busy: boolean;
  error: FriendlyError | null;
  initialUsername?: string;
  onSubmit: (username: string, password: string) => void;
  /** Signs in without a password first (USER_AUTH: passkey, email or SMS code). */
  onPasswordless: (username: string) => void;
  onInvalid: (error: unknown) => void;
}

/** Username and password, with links to reset the password, create an account or sign in another way. */
export function SignInStartStep({ busy, error, initialUsername = '', onSubmit, onPasswordless, onInvalid }: SignInStartStepProps) {
  const [username, setUsername] = useState(initialUsername);
  const [password, setPassword] = useState('');
  const [showPassword, setShowPassword] = useState(false);

  const submit = (): void => {
    const name = username.trim();
    try {
      assertSignInInput({ username: name, password });
    } catch (invalid) {
      onInvalid(invalid);
      return;
    }
    onSubmit(name, password);
  };

  const passwordless = (): void => {
    const name = username.trim();
    try {
      assertSignInInput({ username: name, authFlowType: 'USER_AUTH' });
    } catch (invalid) {
      onInvalid(invalid);
      return;
    }
    onPasswordless(name);
  };

  return (
    <StepForm onSubmit={submit} submitLabel="Sign in" busy={busy} error={error} label="Sign in" secondary={
      <Button variant="link" onClick={passwordless} disabled={busy}>
        Sign in another way
      </Button>
    }>
      <TextField
        label="Username or email"
        name="username"
        autoComplete="username webauthn"
        autoCapitalize="none"
        spellCheck={false}
        autoFocus
        value={username}
        onChange={(event) => setUsername(event.target.value)}
        error={errorFor(error, 'username')}
      />
      <TextField
        label="Password"
        name="password"
        type={showPassword ? 'text' : 'password'}
        autoComplete="current-password"
        value={password}
        onChange={(event) => setPassword(event.target.value)}
        error={errorFor(error, 'password')}
        trailing={
          <button type="button" className="field__toggle" aria-pressed={showPassword} onClick={() => setShowPassword((value) => !value)}>
            {showPassword ? 'Hide' : 'Show'}
            <span className="visually-hidden"> password</span>
          </button>
        }
      />
      <p className="auth-form__aside">
        <Link to="/forgot-password">Forgot your password?</Link>
      </p>
    </StepForm>
  );
}

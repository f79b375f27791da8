import { useEffect, useState } from 'react';
import { assertSignUpInput, checkPasswordPolicy } from '@steward/auth-core';
import { Link, useNavigate } from 'react-router-dom';
import { useServices } from '../app/ports-context';
import { PasswordChecklist } from '../ui/PasswordChecklist';
import { TextField } from '../ui/TextField';
import { useAsyncAction } from '../ui/use-async-action';
import { AuthCard, StepForm } from './AuthCard';
import { FieldProblem, errorFor } from './error-messages';
import { useSignInFlow } from './use-sign-in-flow';
import { useSignInStore } from '../stores/sign-in-store';

const PHONE_PATTERN = /^\+[1-9]\d{6,14}$/;
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The sign-up form's fields. */
interface SignUpFields {
  username: string;
  email: string;
  givenName: string;
  familyName: string;
  phoneNumber: string;
  preferredUsername: string;
  password: string;
}

/** Checks the form before it is sent; throws the first problem. Exported for tests. */
export function checkSignUpFields(fields: SignUpFields): void {
  assertSignUpInput({ username: fields.username.trim(), password: fields.password });
  if (!EMAIL_PATTERN.test(fields.email.trim())) throw new FieldProblem('email', 'Enter a valid email address, like name@example.com.');
  if (!checkPasswordPolicy(fields.password).valid) throw new FieldProblem('password', 'This password does not meet the requirements below.');
  const phone = fields.phoneNumber.replace(/[\s()-]/g, '');
  if (phone !== '' && !PHONE_PATTERN.test(phone)) throw new FieldProblem('phone', 'Enter the phone number with its country code, like +15555550100.');
}

/** /sign-up: create an account (email, names, phone, preferred username) with the live password checklist. */
export function SignUpPage() {
  const { auth } = useServices();
  const navigate = useNavigate();
  const flow = useSignInFlow();
  const action = useAsyncAction();
  // Link verification: where the link went, while auto sign-in waits for it to be opened.
  const [linkSentTo, setLinkSentTo] = useState<string | null>(null);
  const [fields, setFields] = useState<SignUpFields>({ username: '', email: '', givenName: '', familyName: '', phoneNumber: '', preferredUsername: '', password: '' });
  const set = (name: keyof SignUpFields) => (event: { target: { value: string } }) => setFields((current) => ({ ...current, [name]: event.target.value }));

  useEffect(() => {
    document.title = 'Create an account · Steward';
  }, []);

  const submit = (): void => {
    try {
      checkSignUpFields(fields);
    } catch (invalid) {
      action.setError(invalid);
      return;
    }
    const username = fields.username.trim();
    const phone = fields.phoneNumber.replace(/[\s()-]/g, '');
    const userAttributes: Record<string, string> = { email: fields.email.trim(), given_name: fields.givenName.trim(), family_name: fields.familyName.trim() };
    if (phone !== '') userAttributes.phone_number = phone;
    if (fields.preferredUsername.trim() !== '') userAttributes.preferred_username = fields.preferredUsername.trim();
    void action.run(async () => {
      const result = await auth.signUp({ username, password: fields.password, options: { userAttributes, autoSignIn: true } });
      const step = result.nextStep;
      if (step.signUpStep === 'CONFIRM_SIGN_UP') {
        const destination = step.codeDeliveryDetails.destination;
        void navigate(`/sign-up/confirm?username=${encodeURIComponent(username)}${destination === undefined ? '' : `&destination=${encodeURIComponent(destination)}`}`);
      } else if (step.signUpStep === 'COMPLETE_AUTO_SIGN_IN') {
        // With link verification the details say where the link went; autoSignIn polls until it is opened.
        if (step.codeDeliveryDetails !== undefined) setLinkSentTo(step.codeDeliveryDetails.destination ?? 'your email address');
        try {
          await flow.accept(username, await auth.autoSignIn());
        } finally {
          setLinkSentTo(null);
        }
        if (useSignInStore.getState().nextStep !== null) void navigate('/login');
      } else {
        void navigate(`/login?username=${encodeURIComponent(username)}`);
      }
    });
  };

  const error = action.error ?? flow.error;
  if (linkSentTo !== null) {
    return (
      <AuthCard title="Check your email" footer={<p>Wrong address? <Link to="/sign-up" reloadDocument>Start again</Link></p>}>
        <div role="status" aria-live="polite" aria-busy="true" className="auth-card__description">
          <p>
            We sent a confirmation link to <strong>{linkSentTo}</strong>. Open it on this device or another one; this page signs you in as soon as
            your account is confirmed.
          </p>
          <p>This page waits up to 3 minutes. If you open the link later, sign in with your username and password.</p>
        </div>
      </AuthCard>
    );
  }
  return (
    <AuthCard title="Create your Steward account" footer={<p>Already have an account? <Link to="/login">Sign in</Link></p>}>
      <StepForm onSubmit={submit} submitLabel="Create account" busy={action.busy || flow.busy} error={error} label="Create an account">
        <TextField label="Username" name="username" autoComplete="username" autoCapitalize="none" spellCheck={false} autoFocus value={fields.username} onChange={set('username')} error={errorFor(error, 'username')} />
        <TextField label="Email address" name="email" type="email" autoComplete="email" hint="We send your confirmation here." value={fields.email} onChange={set('email')} error={errorFor(error, 'email')} />
        <div className="field-pair">
          <TextField label="First name" name="given_name" autoComplete="given-name" value={fields.givenName} onChange={set('givenName')} />
          <TextField label="Last name" name="family_name" autoComplete="family-name" value={fields.familyName} onChange={set('familyName')} />
        </div>
        <TextField label="Phone number (optional)" name="phone_number" type="tel" autoComplete="tel" hint="With the country code, e.g. +15555550100. Used for text-message codes." value={fields.phoneNumber} onChange={set('phoneNumber')} error={errorFor(error, 'phone')} />
        <TextField label="Preferred username (optional)" name="preferred_username" autoComplete="nickname" value={fields.preferredUsername} onChange={set('preferredUsername')} />
        <TextField
          label="Password"
          name="password"
          type="password"
          autoComplete="new-password"
          value={fields.password}
          onChange={set('password')}
          error={errorFor(error, ['password', 'newPassword'])}
          hint={<PasswordChecklist password={fields.password} />}
        />
      </StepForm>
    </AuthCard>
  );
}

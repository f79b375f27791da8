import { Suspense, lazy, useEffect } from 'react';
import type { AuthNextSignInStep } from '@steward/auth-core';
import { Link, useSearchParams } from 'react-router-dom';
import { useServices } from '../app/ports-context';
import { useSessionStore } from '../stores/session-store';
import { useSignInStore } from '../stores/sign-in-store';
import { Spinner } from '../ui/Spinner';
import { AuthCard } from './AuthCard';
import { HostedSignInButton } from './HostedSignInButton';
import { CodeStep } from './steps/CodeStep';
import { CustomChallengeStep } from './steps/CustomChallengeStep';
import { EmailSetupStep } from './steps/EmailSetupStep';
import { FirstFactorSelectionStep } from './steps/FirstFactorSelectionStep';
import { MfaSelectionStep, MfaSetupSelectionStep } from './steps/MfaSelectionStep';
import { NewPasswordStep } from './steps/NewPasswordStep';
import { PasskeyPrompt } from './steps/PasskeyPrompt';
import { PasswordStep } from './steps/PasswordStep';
import { RememberDeviceStep } from './steps/RememberDeviceStep';
import { SignInStartStep } from './steps/SignInStartStep';
import type { StepProps } from './steps/step-props';
import { useSignInFlow } from './use-sign-in-flow';
import type { SignInFlow } from './use-sign-in-flow';

// Resuming after a reload runs auth-core's sign-in machine (XState): loaded only when storage held a
// waiting sign-in when the page loaded (main.tsx starts fetching it then).
const ResumeSignIn = lazy(() => import('./ResumeSignIn').then((m) => ({ default: m.ResumeSignIn })));

// The QR code library is only needed by the TOTP setup step: load it with that step.
const TotpSetupStep = lazy(() => import('./steps/TotpSetupStep').then((m) => ({ default: m.TotpSetupStep })));

function StepScreen({ step, username, flow }: { step: AuthNextSignInStep; username: string; flow: SignInFlow }) {
  const common: Omit<StepProps, 'step'> = {
    username,
    busy: flow.busy,
    error: flow.error,
    onRespond: flow.respond,
    onInvalid: flow.showInvalid,
    onCancel: flow.cancel,
  };
  switch (step.signInStep) {
    case 'CONTINUE_SIGN_IN_WITH_MFA_SELECTION':
      return <MfaSelectionStep {...common} step={step} />;
    case 'CONFIRM_SIGN_IN_WITH_SMS_CODE':
    case 'CONFIRM_SIGN_IN_WITH_TOTP_CODE':
    case 'CONFIRM_SIGN_IN_WITH_EMAIL_CODE':
      // Keyed so a new code step starts with an empty field and focus in it.
      return <CodeStep key={step.signInStep} {...common} step={step} />;
    case 'CONTINUE_SIGN_IN_WITH_MFA_SETUP_SELECTION':
      return <MfaSetupSelectionStep {...common} step={step} />;
    case 'CONTINUE_SIGN_IN_WITH_TOTP_SETUP':
      return (
        <Suspense fallback={<Spinner label="Preparing the authenticator setup" />}>
          <TotpSetupStep {...common} step={step} />
        </Suspense>
      );
    case 'CONTINUE_SIGN_IN_WITH_EMAIL_SETUP':
      return <EmailSetupStep {...common} step={step} />;
    case 'CONFIRM_SIGN_IN_WITH_NEW_PASSWORD_REQUIRED':
      return <NewPasswordStep {...common} step={step} />;
    case 'CONFIRM_SIGN_IN_WITH_CUSTOM_CHALLENGE':
      return <CustomChallengeStep {...common} step={step} />;
    case 'CONFIRM_SIGN_IN_WITH_PASSWORD':
      return <PasswordStep {...common} step={step} />;
    case 'CONTINUE_SIGN_IN_WITH_FIRST_FACTOR_SELECTION':
      return <FirstFactorSelectionStep {...common} step={step} />;
    default:
      // DONE, CONFIRM_SIGN_UP and RESET_PASSWORD are routed by the controller and never shown.
      return null;
  }
}

/** /login: the first sign-in screen, then one screen per step auth-core returns. */
export function SignInPage() {
  const flow = useSignInFlow();
  const { auth } = useServices();
  const nextStep = useSignInStore((state) => state.nextStep);
  const username = useSignInStore((state) => state.username);
  const [params] = useSearchParams();

  useEffect(() => {
    document.title = 'Sign in · Steward';
    // From here on, a protected link the visitor opens is wanted again (it gets ?next=).
    useSessionStore.getState().clearSignOutReason();
  }, []);

  // The sign-in machine (XState) is loaded only when storage held a sign-in to resume.
  const resume =
    auth.signInMachineInput === undefined || auth.hasPendingSignIn?.() === false ? null : (
      <Suspense fallback={null}>
        <ResumeSignIn input={auth.signInMachineInput} />
      </Suspense>
    );

  if (flow.phase === 'finishing') {
    return (
      <AuthCard title="Signing you in…">
        <Spinner label="Loading your account" />
      </AuthCard>
    );
  }
  if (flow.phase === 'remember-device') return <RememberDeviceStep busy={flow.busy} onChoose={flow.chooseRememberDevice} />;
  if (flow.phase === 'passkey') return <PasskeyPrompt busy={flow.busy} error={flow.error} onRetry={flow.retryPasskey} onCancel={flow.cancel} />;
  if (nextStep !== null && username !== null) return <StepScreen step={nextStep} username={username} flow={flow} />;

  return (
    <>
      {resume}
      <AuthCard
      title="Sign in to Steward"
      description={params.get('next') === null ? undefined : <p>Please use your credentials to sign in. You will go on to the page you asked for.</p>}
      footer={
        <p>
          New to Steward? <Link to="/sign-up">Create an account</Link>
        </p>
      }
    >
      <SignInStartStep
        busy={flow.busy}
        error={flow.error}
        initialUsername={username ?? params.get('username') ?? ''}
        onSubmit={flow.start}
        onPasswordless={flow.startPasswordless}
        onInvalid={flow.showInvalid}
      />
      <HostedSignInButton next={params.get('next')} />
      </AuthCard>
    </>
  );
}

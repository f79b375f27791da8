// Sign-up as a new user goes through it: register, confirm with the emailed code, be signed in
// automatically, and set up the second factor the pool requires (TOTP or email).
import { autoSignIn, confirmSignIn, confirmSignUp, resendSignUpCode, signUp } from 'compat-auth';
import type { ConfirmSignInOutput, SignInOutput, SignUpOutput } from 'compat-auth';
import type { Authenticator, Inbox, Person } from './ports.js';

/** A sign-in step as the app's screens see it (the TOTP secret itself left out: it is per user). */
export interface StepView {
  readonly isSignedIn: boolean;
  readonly signInStep: string;
  readonly allowedMFATypes?: readonly string[];
  readonly codeDeliveryMedium?: string;
  readonly codeDestinationMasked?: boolean;
  readonly totpSetupUri?: { readonly protocol: string; readonly label: string; readonly issuer: string | null; readonly secretMatches: boolean };
}

/** What sign-up's screens showed, step by step. */
export interface OnboardingRecord {
  readonly signUp: { readonly isSignUpComplete: boolean; readonly signUpStep: string; readonly deliveryMedium?: string; readonly attributeName?: string; readonly hasUserId: boolean };
  readonly resent: { readonly deliveryMedium?: string; readonly attributeName?: string; readonly destinationMasked: boolean };
  readonly confirmed: { readonly isSignUpComplete: boolean; readonly signUpStep: string };
  readonly steps: StepView[];
}

/** The parts of a sign-in result the app's screens use. */
export function viewStep(output: SignInOutput | ConfirmSignInOutput, username: string): StepView {
  const { nextStep } = output;
  const base = { isSignedIn: output.isSignedIn, signInStep: nextStep.signInStep };
  switch (nextStep.signInStep) {
    case 'CONTINUE_SIGN_IN_WITH_MFA_SETUP_SELECTION':
    case 'CONTINUE_SIGN_IN_WITH_MFA_SELECTION':
      return { ...base, allowedMFATypes: [...(nextStep.allowedMFATypes ?? [])].sort() };
    case 'CONFIRM_SIGN_IN_WITH_EMAIL_CODE':
    case 'CONFIRM_SIGN_IN_WITH_SMS_CODE':
      return { ...base, codeDeliveryMedium: nextStep.codeDeliveryDetails?.deliveryMedium, codeDestinationMasked: nextStep.codeDeliveryDetails?.destination?.includes('*') ?? false };
    case 'CONTINUE_SIGN_IN_WITH_TOTP_SETUP': {
      const uri = nextStep.totpSetupDetails.getSetupUri('Steward');
      return {
        ...base,
        totpSetupUri: {
          protocol: uri.protocol,
          label: decodeURIComponent(uri.pathname).replace(username, '<username>'),
          issuer: uri.searchParams.get('issuer'),
          secretMatches: uri.searchParams.get('secret') === nextStep.totpSetupDetails.sharedSecret,
        },
      };
    }
    default:
      return base;
  }
}

/** The signUp result as the confirmation screen uses it. */
function viewSignUp(output: SignUpOutput): OnboardingRecord['signUp'] {
  const details = output.nextStep.signUpStep === 'CONFIRM_SIGN_UP' ? output.nextStep.codeDeliveryDetails : undefined;
  return {
    isSignUpComplete: output.isSignUpComplete,
    signUpStep: output.nextStep.signUpStep,
    deliveryMedium: details?.deliveryMedium,
    attributeName: details?.attributeName,
    hasUserId: typeof output.userId === 'string' && output.userId !== '',
  };
}

/** Registers `person` with auto sign-in and confirms them; the sign-in then waits at the MFA setup choice. */
async function registerAndConfirm(person: Person, inbox: Inbox, steps: StepView[]): Promise<Omit<OnboardingRecord, 'steps'>> {
  const signedUp = await signUp({
    username: person.username,
    password: person.password,
    options: { userAttributes: { email: person.email, given_name: 'Ada' }, autoSignIn: true },
  });
  // "Didn't get it? Send the code again."
  const resent = await resendSignUpCode({ username: person.username });
  const confirmed = await confirmSignUp({ username: person.username, confirmationCode: await inbox.latestCode(person.email) });
  steps.push(viewStep(await autoSignIn(), person.username));
  return {
    signUp: viewSignUp(signedUp),
    resent: { deliveryMedium: resent.deliveryMedium, attributeName: resent.attributeName, destinationMasked: resent.destination?.includes('*') ?? false },
    confirmed: { isSignUpComplete: confirmed.isSignUpComplete, signUpStep: confirmed.nextStep.signUpStep },
  };
}

/** Signs up, confirms, and sets up TOTP during the automatic sign-in; returns what the screens showed and the TOTP secret. */
export async function registerWithTotp(person: Person, inbox: Inbox, authenticator: Authenticator): Promise<{ record: OnboardingRecord; totpSecret: string }> {
  const steps: StepView[] = [];
  const registered = await registerAndConfirm(person, inbox, steps);
  const chosen = await confirmSignIn({ challengeResponse: 'TOTP' });
  steps.push(viewStep(chosen, person.username));
  if (chosen.nextStep.signInStep !== 'CONTINUE_SIGN_IN_WITH_TOTP_SETUP') throw new Error(`expected TOTP setup, got ${chosen.nextStep.signInStep}`);
  const totpSecret = chosen.nextStep.totpSetupDetails.sharedSecret;
  const done = await confirmSignIn({ challengeResponse: await authenticator.code(totpSecret), options: { friendlyDeviceName: 'Work phone' } });
  steps.push(viewStep(done, person.username));
  return { record: { ...registered, steps }, totpSecret };
}

/** Signs up, confirms, and sets up email MFA during the automatic sign-in. */
export async function registerWithEmailMfa(person: Person, inbox: Inbox): Promise<OnboardingRecord> {
  const steps: StepView[] = [];
  const registered = await registerAndConfirm(person, inbox, steps);
  let step = await confirmSignIn({ challengeResponse: 'EMAIL' });
  steps.push(viewStep(step, person.username));
  if (step.nextStep.signInStep === 'CONTINUE_SIGN_IN_WITH_EMAIL_SETUP') {
    step = await confirmSignIn({ challengeResponse: person.email });
    steps.push(viewStep(step, person.username));
  }
  steps.push(viewStep(await confirmSignIn({ challengeResponse: await inbox.latestCode(person.email) }), person.username));
  return { ...registered, steps };
}

import type { AuthNextSignInStep } from '@steward/auth-core';
import type { ConfirmSignInInput } from '../../app/ports';
import type { FriendlyError } from '../error-messages';

/** What every challenge step screen receives. */
export interface StepProps<S extends AuthNextSignInStep = AuthNextSignInStep> {
  step: S;
  username: string;
  busy: boolean;
  error: FriendlyError | null;
  /** Sends the answer to auth-core's confirmSignIn. */
  onRespond: (challengeResponse: string, options?: ConfirmSignInInput['options']) => void;
  /** Shows a validation error found before calling auth-core. */
  onInvalid: (error: unknown) => void;
  /** Abandons this sign-in and goes back to the first screen. */
  onCancel: () => void;
}

/** Narrows the step union to one signInStep. */
export type StepOf<N extends AuthNextSignInStep['signInStep']> = Extract<AuthNextSignInStep, { signInStep: N }>;

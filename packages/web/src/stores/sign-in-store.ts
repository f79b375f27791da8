// Sign-in state (spec section 3): username, challengeName and signInSession, kept for 3 minutes
// (spec section 9) so a reload in the middle of a challenge can resume at the same step. The full
// next-step object (it may hold a TOTP secret) lives in memory only.
import type { AuthNextSignInStep } from '@steward/auth-core';
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';

/** Spec section 9: the sign-in state persists for 3 minutes. */
export const SIGN_IN_STATE_TTL_MS = 3 * 60 * 1000;

/** The sessionStorage key of the persisted part. */
export const SIGN_IN_STORAGE_KEY = 'steward.sign-in';

/** The persisted fields. */
export interface PersistedSignIn {
  username: string | null;
  /** The current step (aws-amplify's signInStep name), or null before sign-in starts. */
  challengeName: string | null;
  /** The provider's challenge session, when auth-core exposes it. */
  signInSession: string | null;
  /** Epoch ms of the last change, for the 3-minute lifetime. */
  savedAt: number;
}

/** The sign-in store: the persisted fields, the in-memory step and the actions. */
export interface SignInState extends PersistedSignIn {
  nextStep: AuthNextSignInStep | null;
  /** True once an MFA code step was passed, so the "remember this device" choice is offered. */
  mfaCompleted: boolean;
  /** Records the step auth-core returned. */
  setStep: (username: string, nextStep: AuthNextSignInStep, signInSession?: string | null) => void;
  /** Notes that an MFA code was accepted. */
  markMfaCompleted: () => void;
  /** Forgets the sign-in in progress. */
  reset: () => void;
  /** True when the persisted state is younger than 3 minutes at `now`. */
  isFresh: (now?: number) => boolean;
}

const MFA_CODE_STEPS: ReadonlySet<string> = new Set([
  'CONFIRM_SIGN_IN_WITH_SMS_CODE',
  'CONFIRM_SIGN_IN_WITH_TOTP_CODE',
  'CONFIRM_SIGN_IN_WITH_EMAIL_CODE',
  'CONTINUE_SIGN_IN_WITH_TOTP_SETUP',
  'CONTINUE_SIGN_IN_WITH_EMAIL_SETUP',
]);

/** True for steps that ask for a second factor (their success earns the "remember this device" choice). */
export function isMfaStep(signInStep: string | null): boolean {
  return signInStep !== null && MFA_CODE_STEPS.has(signInStep);
}

/**
 * Steps a reload can resume from the persisted name alone: they need no data beyond the step name
 * (a TOTP setup needs its secret, a selection its choices, so those start over).
 */
const RESUMABLE_STEPS: ReadonlySet<string> = new Set([
  'CONFIRM_SIGN_IN_WITH_SMS_CODE',
  'CONFIRM_SIGN_IN_WITH_TOTP_CODE',
  'CONFIRM_SIGN_IN_WITH_EMAIL_CODE',
  'CONFIRM_SIGN_IN_WITH_PASSWORD',
  'CONTINUE_SIGN_IN_WITH_EMAIL_SETUP',
]);

/** The step to show after a reload, or null to start over. */
export function resumableStep(challengeName: string | null): AuthNextSignInStep | null {
  if (challengeName === null || !RESUMABLE_STEPS.has(challengeName)) return null;
  return { signInStep: challengeName } as AuthNextSignInStep;
}

const INITIAL: PersistedSignIn = { username: null, challengeName: null, signInSession: null, savedAt: 0 };

/** The sign-in store (Zustand, the named fields persisted in sessionStorage for 3 minutes). */
export const useSignInStore = create<SignInState>()(
  persist(
    (set, get) => ({
      ...INITIAL,
      nextStep: null,
      mfaCompleted: false,
      setStep(username, nextStep, signInSession) {
        set((state) => ({
          username,
          challengeName: nextStep.signInStep,
          signInSession: signInSession === undefined ? state.signInSession : signInSession,
          savedAt: Date.now(),
          nextStep,
        }));
      },
      markMfaCompleted() {
        set({ mfaCompleted: true });
      },
      reset() {
        set({ ...INITIAL, nextStep: null, mfaCompleted: false });
      },
      isFresh(now = Date.now()) {
        const { savedAt, challengeName } = get();
        return challengeName !== null && now - savedAt < SIGN_IN_STATE_TTL_MS;
      },
    }),
    {
      name: SIGN_IN_STORAGE_KEY,
      storage: createJSONStorage(() => sessionStorage),
      partialize: ({ username, challengeName, signInSession, savedAt }): PersistedSignIn => ({ username, challengeName, signInSession, savedAt }),
      // Older than 3 minutes: the provider's session is gone too, so start over.
      merge: (persisted, current) => {
        const saved = persisted as Partial<PersistedSignIn> | undefined;
        if (saved?.savedAt === undefined || Date.now() - saved.savedAt >= SIGN_IN_STATE_TTL_MS) return current;
        return { ...current, ...saved, nextStep: resumableStep(saved.challengeName ?? null) };
      },
    },
  ),
);

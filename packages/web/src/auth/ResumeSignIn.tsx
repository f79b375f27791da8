// Resumes a sign-in left waiting by a page reload: auth-core's sign-in machine restores the pending
// challenge (with its code destination, MFA choices…) from storage for 3 minutes; @xstate/react
// runs it here and the restored step goes into the sign-in store.
import { useEffect } from 'react';
import { isSignInSettled, signInMachine, signInResultOf } from '@steward/auth-core';
import type { SignInMachineInput, SignInMachineSnapshot } from '@steward/auth-core';
import { useActorRef, useSelector } from '@xstate/react';
import { useSignInStore } from '../stores/sign-in-store';

/** The step a settled, restored machine waits at, with its username and session; null when none. */
export function restoredStep(snapshot: SignInMachineSnapshot): { username: string; step: ReturnType<typeof signInResultOf>['nextStep']; session: string | null } | null {
  if (!snapshot.matches('awaitingChallenge')) return null;
  try {
    const result = signInResultOf(snapshot);
    if (result.isSignedIn) return null;
    return { username: snapshot.context.username, step: result.nextStep, session: snapshot.context.challenge?.session ?? null };
  } catch {
    // A restored TOTP setup has no secret: the user starts over.
    return null;
  }
}

function ResumeWith({ input }: { input: SignInMachineInput }): null {
  const actor = useActorRef(signInMachine, { input });
  const settled = useSelector(actor, (snapshot) => isSignInSettled(snapshot));
  useEffect(() => {
    if (!settled) return;
    const store = useSignInStore.getState();
    if (store.nextStep !== null) return;
    const restored = restoredStep(actor.getSnapshot());
    if (restored !== null) store.setStep(restored.username, restored.step, restored.session);
  }, [settled, actor]);
  return null;
}

/** Renders nothing; resumes a pending sign-in through auth-core's sign-in machine when `input` is given. */
export function ResumeSignIn({ input }: { input: (() => SignInMachineInput) | undefined }) {
  if (input === undefined) return null;
  return <ResumeWith input={input()} />;
}

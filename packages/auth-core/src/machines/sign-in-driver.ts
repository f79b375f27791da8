// signIn / confirmSignIn / autoSignIn run the sign-in machine: a fresh actor resumes any persisted
// sign-in, takes one event and is read once it settles. The machine is the only place transitions live.
import { createActor, waitFor } from 'xstate';
import type { AuthRuntime } from '../runtime/auth-runtime.js';
import { actorClockOf } from './actor-clock.js';
import type { SignInOutput } from './flow-types.js';
import { isSignInSettled, signInMachine, signInResultOf } from './sign-in-machine.js';
import type { SignInMachineEvent } from './sign-in-machine.js';

/** Sends one event to a sign-in machine over `runtime` and returns the aws-amplify result it settles on. */
export async function runSignInEvent(runtime: AuthRuntime, event: SignInMachineEvent): Promise<SignInOutput> {
  const clock = actorClockOf(runtime);
  const actor = createActor(signInMachine, { input: { runtime }, ...(clock ? { clock } : {}) });
  actor.start();
  try {
    await waitFor(actor, isSignInSettled);
    actor.send(event);
    return signInResultOf(await waitFor(actor, isSignInSettled));
  } finally {
    actor.stop();
  }
}

// signUp / confirmSignUp / resendSignUpCode / autoSignIn run the sign-up machine. The actor of a
// sign-up that armed auto sign-in stays alive per runtime (in memory, like aws-amplify) until
// autoSignIn runs, the sign-up ends, or its 3 minutes pass.
import { createActor, waitFor } from 'xstate';
import type { Actor } from 'xstate';
import { AutoSignInException } from '../errors/auth-errors.js';
import type { AuthRuntime } from '../runtime/auth-runtime.js';
import { actorClockOf } from './actor-clock.js';
import type {
  ConfirmSignUpInput,
  ConfirmSignUpOutput,
  ResendSignUpCodeInput,
  ResendSignUpCodeOutput,
  SignInOutput,
  SignUpInput,
  SignUpOutput,
} from './flow-types.js';
import { isSignUpSettled, signUpMachine } from './sign-up-machine.js';
import type { SignUpMachineEvent, SignUpMachineSnapshot } from './sign-up-machine.js';

/** autoSignIn calls closer together than this share one attempt (spec section 9). */
export const AUTO_SIGN_IN_THROTTLE_MS = 300;

type SignUpActor = Actor<typeof signUpMachine>;

const pendingSignUps = new WeakMap<AuthRuntime, SignUpActor>();
const autoSignInCalls = new WeakMap<AuthRuntime, { startedAt: number; promise: Promise<SignInOutput>; settled: boolean }>();

function startActor(runtime: AuthRuntime): SignUpActor {
  const clock = actorClockOf(runtime);
  const actor = createActor(signUpMachine, { input: { runtime }, ...(clock ? { clock } : {}) });
  actor.start();
  return actor;
}

/** Keeps the actor only while an armed auto sign-in may still be used. */
function keepOrStop(runtime: AuthRuntime, actor: SignUpActor, snapshot: SignUpMachineSnapshot): void {
  if (snapshot.status === 'active' && snapshot.context.autoSignIn !== undefined) {
    pendingSignUps.set(runtime, actor);
    return;
  }
  if (pendingSignUps.get(runtime) === actor) pendingSignUps.delete(runtime);
  actor.stop();
}

async function send(runtime: AuthRuntime, actor: SignUpActor, event: SignUpMachineEvent): Promise<SignUpMachineSnapshot> {
  actor.send(event);
  const snapshot = await waitFor(actor, isSignUpSettled);
  keepOrStop(runtime, actor, snapshot);
  if (snapshot.context.error !== undefined) throw snapshot.context.error;
  return snapshot;
}

function resultOf(snapshot: SignUpMachineSnapshot): SignUpOutput {
  const result = snapshot.context.result;
  if (result === undefined) throw new Error('The sign-up machine settled without a result.');
  return result;
}

/** Runs SIGN_UP on a new sign-up machine (replacing a pending one for this runtime). */
export async function runSignUp(runtime: AuthRuntime, input: SignUpInput): Promise<SignUpOutput> {
  pendingSignUps.get(runtime)?.stop();
  pendingSignUps.delete(runtime);
  return resultOf(await send(runtime, startActor(runtime), { type: 'SIGN_UP', ...input }));
}

/**
 * Runs CONFIRM_SIGN_UP on the pending sign-up of the same username (so an armed auto sign-in
 * becomes COMPLETE_AUTO_SIGN_IN), else on a new machine (DONE).
 */
export async function runConfirmSignUp(runtime: AuthRuntime, input: ConfirmSignUpInput): Promise<ConfirmSignUpOutput> {
  let actor = pendingSignUps.get(runtime);
  const snapshot = actor?.getSnapshot();
  if (actor === undefined || !snapshot?.matches('awaitingConfirmation') || snapshot.context.username !== input.username) {
    // A confirmation for another user ends the pending auto sign-in, as in aws-amplify.
    actor?.stop();
    pendingSignUps.delete(runtime);
    actor = startActor(runtime);
  }
  return resultOf(await send(runtime, actor, { type: 'CONFIRM_SIGN_UP', ...input }));
}

/** Runs RESEND_SIGN_UP_CODE on a new machine and returns where the code went. */
export async function runResendSignUpCode(runtime: AuthRuntime, input: ResendSignUpCodeInput): Promise<ResendSignUpCodeOutput> {
  const snapshot = await send(runtime, startActor(runtime), { type: 'RESEND_SIGN_UP_CODE', ...input });
  return snapshot.context.resentCodeDeliveryDetails ?? {};
}

async function autoSignInOnce(runtime: AuthRuntime): Promise<SignInOutput> {
  const actor = pendingSignUps.get(runtime);
  const snapshot = actor?.getSnapshot();
  if (actor === undefined || snapshot === undefined || !(snapshot.matches('autoSignInReady') || snapshot.matches('awaitingLinkConfirmation'))) {
    throw new AutoSignInException();
  }
  actor.send({ type: 'AUTO_SIGN_IN' });
  const done = await waitFor(actor, isSignUpSettled);
  keepOrStop(runtime, actor, done);
  if (done.context.error !== undefined) throw done.context.error;
  if (done.context.signInResult === undefined) throw new AutoSignInException();
  return done.context.signInResult;
}

/**
 * Sends AUTO_SIGN_IN to the pending sign-up; a call while one runs, or within 300 ms of the last,
 * shares its result. AutoSignInException when no sign-up armed auto sign-in (or it ended).
 */
export function runAutoSignIn(runtime: AuthRuntime): Promise<SignInOutput> {
  const now = runtime.clock.now();
  const last = autoSignInCalls.get(runtime);
  if (last !== undefined && (!last.settled || now - last.startedAt < AUTO_SIGN_IN_THROTTLE_MS)) return last.promise;
  const entry = { startedAt: now, settled: false, promise: autoSignInOnce(runtime) };
  const markSettled = () => {
    entry.settled = true;
  };
  entry.promise.then(markSettled, markSettled);
  autoSignInCalls.set(runtime, entry);
  return entry.promise;
}

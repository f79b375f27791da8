// The sign-in step machine (XState v5): one state per waiting step, the Cognito round trips as
// invoked promises that get the runtime (all I/O) as input. signIn/confirmSignIn drive this same
// machine; UIs can run it with @xstate/react's useMachine(signInMachine, { input: { runtime } }).
import { assign, fromPromise } from 'xstate';
import type { SnapshotFrom } from 'xstate';
import type { ChallengeNameType, ClientMetadata } from '../cognito/user-pool-operations.js';
import { AuthValidationError, SignInException, UnexpectedSignInInterruptionException, isCognitoServiceError } from '../errors/auth-errors.js';
import { EmptyChallengeResponse } from '../errors/catalogue.js';
import type { AuthRuntime } from '../runtime/auth-runtime.js';
import type { CognitoAuthSignInDetails } from '../tokens/token-store.js';
import { isPresent } from '../validation/required-fields.js';
import { CHALLENGE_STEP_STATES, nextStepForChallenge, pendingChallengeOf, routeAnswer } from './challenges/sign-in-steps.js';
import type { AnswerRoute, ChallengeSignInStep, CognitoAnswer, PendingChallenge, SignInMachineStep } from './challenges/sign-in-steps.js';
import type { ConfirmSignInInput, SignInOutput } from './flow-types.js';
import {
  answerChallenge,
  answerDevicePasswordVerifier,
  answerDeviceSrp,
  answerPasskey,
  answerPasswordVerifier,
  associateTotp,
  finishSignIn,
  initiateSignIn,
  restoreSignIn,
  signInDetailsOf,
} from './sign-in-actors.js';
import type {
  AnswerChallengeInput,
  AutoAnswerInput,
  FinishSignInInput,
  RestoredSignIn,
  RoundTripResult,
  SignInRequest,
  SignInSecrets,
  TotpAssociation,
} from './sign-in-actors.js';
import { setup } from './machine-setup.js';
import { clearSignInState, saveSignInState } from './sign-in-state-store.js';
import type { SignInStateToSave } from './sign-in-state-store.js';

/** The machine's input: the runtime whose fetch, storage, clock, randomness and WebAuthn it uses. */
export interface SignInMachineInput {
  runtime: AuthRuntime;
}

/** Starts (or restarts) a sign-in: signIn's input as an event. */
export type SignInEvent = { type: 'SIGN_IN' } & SignInRequest;
/** Answers the waiting step: confirmSignIn's input as an event. */
export type ConfirmSignInEvent = { type: 'CONFIRM_SIGN_IN' } & ConfirmSignInInput;
/** Every event the sign-in machine accepts. */
export type SignInMachineEvent = SignInEvent | ConfirmSignInEvent;

/** What happens after the pending sign-in state is cleared. */
type Conclusion = 'idle' | 'confirmSignUp' | 'resetPassword';

/** The sign-in machine's context. */
export interface SignInMachineContext {
  runtime: AuthRuntime;
  /** Which call is running: failures end a signIn attempt but keep the waiting step of a confirmSignIn. */
  phase: 'signIn' | 'confirmSignIn';
  /** The sign-in's username (USERNAME of the first answer, else the login; see activeUsername). */
  username: string;
  signInDetails: CognitoAuthSignInDetails | undefined;
  clientMetadata: ClientMetadata | undefined;
  /** The Cognito answer being routed. */
  answer: CognitoAnswer | undefined;
  /** The challenge the machine answered last (two WEB_AUTHN in a row are an error). */
  lastAnswered: ChallengeNameType | undefined;
  /** Password and SRP values, held only while authenticating. */
  secrets: SignInSecrets;
  /** The challenge waiting for confirmSignIn. */
  challenge: PendingChallenge | undefined;
  /** The waiting step, in aws-amplify v6's shape. */
  nextStep: SignInMachineStep | undefined;
  /** Why the last event failed; cleared by the next SIGN_IN / CONFIRM_SIGN_IN. */
  error: unknown;
  conclusion: Conclusion;
}

const SEQUENTIAL_PASSKEY_MESSAGE = 'Sequential WEB_AUTHN challenges returned from the server cannot be handled.';

function route(context: SignInMachineContext): AnswerRoute {
  return routeAnswer(context.answer, context.lastAnswered);
}

function takeRoundTrip(context: SignInMachineContext, result: RoundTripResult): Partial<SignInMachineContext> {
  return {
    answer: result.answer,
    lastAnswered: result.answered,
    username: result.username,
    secrets: result.secrets === undefined ? context.secrets : { ...context.secrets, ...result.secrets },
  };
}

function autoAnswerInput(context: SignInMachineContext): AutoAnswerInput {
  return { runtime: context.runtime, username: context.username, answer: context.answer ?? {}, secrets: context.secrets, clientMetadata: context.clientMetadata };
}

function resetFor(event: SignInEvent): Partial<SignInMachineContext> {
  return {
    phase: 'signIn',
    username: event.username,
    signInDetails: signInDetailsOf(event),
    clientMetadata: event.options?.clientMetadata,
    answer: undefined,
    lastAnswered: undefined,
    secrets: {},
    challenge: undefined,
    nextStep: undefined,
    error: undefined,
  };
}

function confirmWithoutSignIn(event: ConfirmSignInEvent): unknown {
  return isPresent(event.challengeResponse) ? new SignInException() : new AuthValidationError(EmptyChallengeResponse);
}

const chooseStep = (Object.entries(CHALLENGE_STEP_STATES) as [ChallengeSignInStep, string][]).map(([step, state]) => ({
  guard: { type: 'stepIs' as const, params: { step } },
  target: state,
}));

/** The sign-in machine (id `signIn`). See docs/auth-core.md "Sign-in, sign-up and reset steps". */
export const signInMachine = setup({
  types: {
    context: {} as SignInMachineContext,
    events: {} as SignInMachineEvent,
    input: {} as SignInMachineInput,
    output: {} as SignInOutput,
    tags: {} as 'settled',
  },
  actors: {
    restoreSignIn: fromPromise<RestoredSignIn | null, { runtime: AuthRuntime }>(({ input }) => restoreSignIn(input.runtime)),
    initiateSignIn: fromPromise<RoundTripResult, { runtime: AuthRuntime; request: SignInRequest }>(({ input }) => initiateSignIn(input)),
    answerPasswordVerifier: fromPromise<RoundTripResult, AutoAnswerInput>(({ input }) => answerPasswordVerifier(input)),
    answerDeviceSrp: fromPromise<RoundTripResult, AutoAnswerInput>(({ input }) => answerDeviceSrp(input)),
    answerDevicePasswordVerifier: fromPromise<RoundTripResult, AutoAnswerInput>(({ input }) => answerDevicePasswordVerifier(input)),
    answerPasskey: fromPromise<RoundTripResult, AutoAnswerInput>(({ input }) => answerPasskey(input)),
    associateTotp: fromPromise<TotpAssociation, { runtime: AuthRuntime; username: string; session: string | undefined }>(({ input }) =>
      associateTotp(input),
    ),
    answerChallenge: fromPromise<RoundTripResult, AnswerChallengeInput>(({ input }) => answerChallenge(input)),
    saveSignInState: fromPromise<void, { runtime: AuthRuntime; state: SignInStateToSave | undefined }>(async ({ input }) => {
      if (input.state === undefined) throw new SignInException();
      await saveSignInState(input.runtime, input.state);
    }),
    finishSignIn: fromPromise<{ tokensStored: boolean }, FinishSignInInput>(({ input }) => finishSignIn(input)),
    clearSignInState: fromPromise<void, { runtime: AuthRuntime }>(({ input }) => clearSignInState(input.runtime)),
  },
  guards: {
    routeIs: ({ context }, params: { kind: AnswerRoute['kind'] }) => route(context).kind === params.kind,
    stepIs: ({ context }, params: { step: ChallengeSignInStep }) => context.nextStep?.signInStep === params.step,
    errorIs: ({ context }, params: { name: string }) => isCognitoServiceError(context.error, params.name),
    confirming: ({ context }) => context.phase === 'confirmSignIn',
    concludesWith: ({ context }, params: { conclusion: Conclusion }) => context.conclusion === params.conclusion,
  },
  actions: {
    forgetSecrets: assign({ secrets: () => ({}) }),
    beginSignIn: assign(({ event }) => (event.type === 'SIGN_IN' ? resetFor(event) : {})),
    beginConfirm: assign(({ event }) =>
      event.type === 'CONFIRM_SIGN_IN'
        ? { phase: 'confirmSignIn' as const, clientMetadata: event.options?.clientMetadata, error: undefined, lastAnswered: undefined, secrets: {} }
        : {},
    ),
    rejectConfirm: assign({ error: ({ event }) => (event.type === 'CONFIRM_SIGN_IN' ? confirmWithoutSignIn(event) : new SignInException()) }),
    presentChallenge: assign(({ context }) => {
      const challenge = context.answer === undefined ? undefined : pendingChallengeOf(context.answer);
      return { challenge, nextStep: challenge === undefined ? undefined : nextStepForChallenge(challenge) };
    }),
    failUnsupported: assign({
      error: ({ context }) => {
        const current = route(context);
        const reason = current.kind === 'unsupported' ? current.reason : `unexpected ${current.kind} answer`;
        return new SignInException({ message: `An error occurred during the sign in process: ${reason}.` });
      },
    }),
  },
}).createMachine({
  id: 'signIn',
  context: ({ input }) => ({
    runtime: input.runtime,
    phase: 'signIn',
    username: '',
    signInDetails: undefined,
    clientMetadata: undefined,
    answer: undefined,
    lastAnswered: undefined,
    secrets: {},
    challenge: undefined,
    nextStep: undefined,
    error: undefined,
    conclusion: 'idle',
  }),
  initial: 'restoring',
  states: {
    /** Reads a sign-in persisted in the last 3 minutes (a page reload) and resumes its waiting step. */
    restoring: {
      invoke: {
        src: 'restoreSignIn',
        input: ({ context }) => ({ runtime: context.runtime }),
        onDone: [
          {
            guard: ({ event }) => event.output !== null,
            target: 'awaitingChallenge',
            actions: assign(({ event }) => {
              const restored = event.output as RestoredSignIn;
              return {
                phase: 'confirmSignIn' as const,
                username: restored.username,
                challenge: restored.challenge,
                nextStep: restored.nextStep,
                signInDetails: restored.signInDetails,
              };
            }),
          },
          { target: 'idle' },
        ],
        // Unreadable storage only means there is nothing to resume.
        onError: { target: 'idle' },
      },
    },
    idle: {
      tags: 'settled',
      on: {
        SIGN_IN: { target: 'authenticating', actions: 'beginSignIn' },
        CONFIRM_SIGN_IN: { actions: 'rejectConfirm' },
      },
    },
    authenticating: {
      initial: 'initiating',
      exit: 'forgetSecrets',
      states: {
        initiating: {
          invoke: {
            src: 'initiateSignIn',
            input: ({ context, event }) => {
              const { type: _type, ...request } = event as SignInEvent;
              return { runtime: context.runtime, request };
            },
            onDone: { target: 'routing', actions: assign(({ context, event }) => takeRoundTrip(context, event.output)) },
            onError: { target: '#signIn.failing', actions: assign({ error: ({ event }) => event.error }) },
          },
        },
        routing: {
          always: [
            { guard: { type: 'routeIs', params: { kind: 'tokens' } }, target: 'completing' },
            { guard: { type: 'routeIs', params: { kind: 'passwordVerifier' } }, target: 'verifyingPassword' },
            { guard: { type: 'routeIs', params: { kind: 'deviceSrp' } }, target: 'answeringDeviceSrp' },
            { guard: { type: 'routeIs', params: { kind: 'devicePasswordVerifier' } }, target: 'verifyingDevice' },
            { guard: { type: 'routeIs', params: { kind: 'passkey' } }, target: 'answeringPasskey' },
            {
              guard: { type: 'routeIs', params: { kind: 'repeatedPasskey' } },
              target: '#signIn.failing',
              actions: assign({ error: () => new SignInException({ message: SEQUENTIAL_PASSKEY_MESSAGE }) }),
            },
            { guard: { type: 'routeIs', params: { kind: 'totpSetup' } }, target: 'associatingTotp' },
            { guard: { type: 'routeIs', params: { kind: 'userStep' } }, target: 'saving', actions: 'presentChallenge' },
            { target: '#signIn.failing', actions: 'failUnsupported' },
          ],
        },
        verifyingPassword: {
          invoke: {
            src: 'answerPasswordVerifier',
            input: ({ context }) => autoAnswerInput(context),
            onDone: { target: 'routing', actions: assign(({ context, event }) => takeRoundTrip(context, event.output)) },
            onError: { target: '#signIn.failing', actions: assign({ error: ({ event }) => event.error }) },
          },
        },
        answeringDeviceSrp: {
          invoke: {
            src: 'answerDeviceSrp',
            input: ({ context }) => autoAnswerInput(context),
            onDone: { target: 'routing', actions: assign(({ context, event }) => takeRoundTrip(context, event.output)) },
            onError: { target: '#signIn.failing', actions: assign({ error: ({ event }) => event.error }) },
          },
        },
        verifyingDevice: {
          invoke: {
            src: 'answerDevicePasswordVerifier',
            input: ({ context }) => autoAnswerInput(context),
            onDone: { target: 'routing', actions: assign(({ context, event }) => takeRoundTrip(context, event.output)) },
            onError: { target: '#signIn.failing', actions: assign({ error: ({ event }) => event.error }) },
          },
        },
        answeringPasskey: {
          invoke: {
            src: 'answerPasskey',
            input: ({ context }) => autoAnswerInput(context),
            onDone: { target: 'routing', actions: assign(({ context, event }) => takeRoundTrip(context, event.output)) },
            // The step that led here (a factor choice) has spent its session, so there is nothing to go
            // back to: the sign-in ends and a retry is a new signIn.
            onError: { target: '#signIn.concluding', actions: assign({ error: ({ event }) => event.error, conclusion: 'idle' as const }) },
          },
        },
        associatingTotp: {
          invoke: {
            src: 'associateTotp',
            // The authenticator app's label names the sign-in's username, as aws-amplify's (its sign-in
            // store's): USERNAME of the first answer, else the name as typed (see activeUsername).
            input: ({ context }) => ({ runtime: context.runtime, username: context.username, session: context.answer?.Session }),
            onDone: {
              target: 'saving',
              actions: assign(({ context, event }) => {
                const challenge: PendingChallenge = {
                  name: 'MFA_SETUP',
                  session: event.output.session,
                  parameters: { ...context.answer?.ChallengeParameters },
                };
                return { challenge, nextStep: nextStepForChallenge(challenge, event.output.totpSetupDetails) };
              }),
            },
            onError: { target: '#signIn.failing', actions: assign({ error: ({ event }) => event.error }) },
          },
        },
        answering: {
          invoke: {
            src: 'answerChallenge',
            input: ({ context, event }) => {
              const confirm = event as ConfirmSignInEvent;
              return {
                runtime: context.runtime,
                username: context.username,
                challenge: context.challenge,
                challengeResponse: confirm.challengeResponse,
                options: confirm.options,
              };
            },
            onDone: { target: 'routing', actions: assign(({ context, event }) => takeRoundTrip(context, event.output)) },
            onError: { target: '#signIn.failing', actions: assign({ error: ({ event }) => event.error }) },
          },
        },
        /** Persists the waiting step for 3 minutes before showing it. */
        saving: {
          invoke: {
            src: 'saveSignInState',
            input: ({ context }) => ({
              runtime: context.runtime,
              state: context.challenge && { username: context.username, challenge: context.challenge, signInDetails: context.signInDetails },
            }),
            onDone: { target: '#signIn.awaitingChallenge' },
            onError: { target: '#signIn.failing', actions: assign({ error: ({ event }) => event.error }) },
          },
        },
        /** Stores the tokens, confirms a new device and emits signedIn; DONE only once tokens read back. */
        completing: {
          invoke: {
            src: 'finishSignIn',
            input: ({ context }) => ({
              runtime: context.runtime,
              username: context.username,
              answer: context.answer ?? {},
              signInDetails: context.signInDetails,
            }),
            onDone: [
              { guard: ({ event }) => event.output.tokensStored, target: '#signIn.signedIn' },
              { target: '#signIn.failing', actions: assign({ error: () => new UnexpectedSignInInterruptionException() }) },
            ],
            onError: { target: '#signIn.failing', actions: assign({ error: ({ event }) => event.error }) },
          },
        },
      },
    },
    /** Waits for CONFIRM_SIGN_IN; one child state per step of spec section 4. */
    awaitingChallenge: {
      tags: 'settled',
      initial: 'choosing',
      states: {
        choosing: { always: [...chooseStep, { target: '#signIn.idle' }] },
        customChallenge: {},
        newPasswordRequired: {},
        mfaSelection: {},
        smsCode: {},
        totpCode: {},
        emailCode: {},
        mfaSetupSelection: {},
        emailSetup: {},
        totpSetup: {},
        password: {},
        firstFactorSelection: {},
      },
      on: {
        CONFIRM_SIGN_IN: { target: '#signIn.authenticating.answering', actions: 'beginConfirm' },
        SIGN_IN: { target: 'authenticating', actions: 'beginSignIn' },
      },
    },
    /** UserNotConfirmedException: the next step is CONFIRM_SIGN_UP, not an error. */
    confirmSignUpRequired: {
      tags: 'settled',
      on: { SIGN_IN: { target: 'authenticating', actions: 'beginSignIn' }, CONFIRM_SIGN_IN: { actions: 'rejectConfirm' } },
    },
    /** PasswordResetRequiredException: the next step is RESET_PASSWORD, not an error. */
    resetPasswordRequired: {
      tags: 'settled',
      on: { SIGN_IN: { target: 'authenticating', actions: 'beginSignIn' }, CONFIRM_SIGN_IN: { actions: 'rejectConfirm' } },
    },
    /** Decides where a failure leads. */
    failing: {
      always: [
        {
          guard: { type: 'errorIs', params: { name: 'UserNotConfirmedException' } },
          target: 'concluding',
          actions: assign({ conclusion: 'confirmSignUp', error: undefined }),
        },
        {
          guard: { type: 'errorIs', params: { name: 'PasswordResetRequiredException' } },
          target: 'concluding',
          actions: assign({ conclusion: 'resetPassword', error: undefined }),
        },
        { guard: 'confirming', target: 'awaitingChallenge' },
        { target: 'concluding', actions: assign({ conclusion: 'idle' }) },
      ],
    },
    /** Forgets the pending sign-in, then settles. */
    concluding: {
      invoke: {
        src: 'clearSignInState',
        input: ({ context }) => ({ runtime: context.runtime }),
        onDone: [
          {
            guard: { type: 'concludesWith', params: { conclusion: 'confirmSignUp' } },
            target: 'confirmSignUpRequired',
            actions: assign({ challenge: undefined, nextStep: { signInStep: 'CONFIRM_SIGN_UP' } }),
          },
          {
            guard: { type: 'concludesWith', params: { conclusion: 'resetPassword' } },
            target: 'resetPasswordRequired',
            actions: assign({ challenge: undefined, nextStep: { signInStep: 'RESET_PASSWORD' } }),
          },
          { target: 'idle', actions: assign({ challenge: undefined, nextStep: undefined }) },
        ],
        onError: { target: 'idle', actions: assign({ error: ({ context, event }) => context.error ?? event.error }) },
      },
    },
    /** Tokens stored, device confirmed, signedIn emitted. */
    signedIn: { type: 'final' },
  },
  output: () => ({ isSignedIn: true, nextStep: { signInStep: 'DONE' } }),
});

/** A snapshot of the sign-in machine. */
export type SignInMachineSnapshot = SnapshotFrom<typeof signInMachine>;

/** True when the machine waits for the next event (or has finished). */
export function isSignInSettled(snapshot: SignInMachineSnapshot): boolean {
  return snapshot.status !== 'active' || snapshot.hasTag('settled');
}

/**
 * The aws-amplify v6 result a settled snapshot stands for; throws the error of the last event.
 * `isSignedIn` is true only in the final `signedIn` state, which is reached only once tokens are stored.
 */
export function signInResultOf(snapshot: SignInMachineSnapshot): SignInOutput {
  const { context } = snapshot;
  if (context.error !== undefined) throw context.error;
  if (snapshot.status === 'done') return { isSignedIn: true, nextStep: { signInStep: 'DONE' } };
  if (snapshot.matches('confirmSignUpRequired')) return { isSignedIn: false, nextStep: { signInStep: 'CONFIRM_SIGN_UP' } };
  if (snapshot.matches('resetPasswordRequired')) return { isSignedIn: false, nextStep: { signInStep: 'RESET_PASSWORD' } };
  const step = context.nextStep;
  if (snapshot.matches('awaitingChallenge') && step !== undefined) {
    if (step.signInStep === 'CONTINUE_SIGN_IN_WITH_TOTP_SETUP' && step.totpSetupDetails === undefined) {
      throw new SignInException({ message: 'The TOTP setup details are not available after a page reload; enter the code or sign in again.' });
    }
    return { isSignedIn: false, nextStep: step };
  }
  throw new SignInException();
}

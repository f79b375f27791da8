// The sign-up step machine (XState v5): SignUp -> CONFIRM_SIGN_UP -> COMPLETE_AUTO_SIGN_IN or DONE,
// with auto sign-in once the account is confirmed (by code, or by link with polling every 5 s for up
// to 3 minutes). Delays run on the actor's clock, so tests drive time with a simulated clock.
import { assign, cancel, fromPromise, raise } from 'xstate';
import type { SnapshotFrom } from 'xstate';
import type { AuthCodeDeliveryDetails, AuthVerifiableAttributeKey } from '../api/types.js';
import { AutoSignInException } from '../errors/auth-errors.js';
import type { AuthRuntime } from '../runtime/auth-runtime.js';
import type { ConfirmSignUpInput, ResendSignUpCodeInput, SignInOutput, SignUpInput, SignUpOutput } from './flow-types.js';
import type { SignInRequest } from './sign-in-actors.js';
import { runSignInEvent } from './sign-in-driver.js';
import { setup } from './machine-setup.js';
import { confirmSignUpAccount, resendSignUpCode, signUpAccount } from './sign-up-requests.js';
import type { SignUpAnswer } from './sign-up-requests.js';

/** How long auto sign-in waits for the account to be confirmed (spec section 9). */
export const AUTO_SIGN_IN_TIMEOUT_MS = 3 * 60 * 1000;
/** How often auto sign-in polls with link verification. */
export const AUTO_SIGN_IN_POLL_INTERVAL_MS = 5000;
/** Polls within the timeout. */
export const AUTO_SIGN_IN_MAX_POLLS = AUTO_SIGN_IN_TIMEOUT_MS / AUTO_SIGN_IN_POLL_INTERVAL_MS;

const EXPIRY_ID = 'autoSignInExpiry';

/** The machine's input. */
export interface SignUpMachineInput {
  runtime: AuthRuntime;
}

/** Every event the sign-up machine accepts (the inputs of signUp, confirmSignUp and resendSignUpCode, and autoSignIn). */
export type SignUpMachineEvent =
  | ({ type: 'SIGN_UP' } & SignUpInput)
  | ({ type: 'CONFIRM_SIGN_UP' } & ConfirmSignUpInput)
  | ({ type: 'RESEND_SIGN_UP_CODE' } & ResendSignUpCodeInput)
  | { type: 'AUTO_SIGN_IN' }
  /** Raised by the machine 3 minutes after a code sign-up that asked for auto sign-in. */
  | { type: 'AUTO_SIGN_IN_EXPIRED' };

/** The sign-up machine's context. */
export interface SignUpMachineContext {
  runtime: AuthRuntime;
  /** The username of the sign-up in progress. */
  username: string | undefined;
  /** The username of the confirmation in progress. */
  confirmingUsername: string | undefined;
  /** The latest signUp / confirmSignUp result. */
  result: SignUpOutput | undefined;
  /** Where resendSignUpCode sent the last code. */
  resentCodeDeliveryDetails: AuthCodeDeliveryDetails<AuthVerifiableAttributeKey> | undefined;
  /** The armed auto sign-in (holds the password in memory until it runs or expires). */
  autoSignIn: SignInRequest | undefined;
  /** Link polls made so far. */
  polls: number;
  /** The auto sign-in's result. */
  signInResult: SignInOutput | undefined;
  /** Why the last event failed. */
  error: unknown;
}

/** The auto sign-in request signUp's options ask for, if any. */
export function autoSignInRequest(input: SignUpInput): SignInRequest | undefined {
  const option = input.options?.autoSignIn;
  if (option === undefined || option === false) return undefined;
  const options = option === true ? undefined : option;
  const request: SignInRequest = { username: input.username };
  if (options !== undefined) request.options = options;
  if (options?.authFlowType !== 'CUSTOM_WITHOUT_SRP' && input.password !== undefined) request.password = input.password;
  return request;
}

/** signUp's result for SignUp's answer. */
export function signUpResultOf(answer: SignUpAnswer, armed: boolean, verification: 'code' | 'link'): SignUpOutput {
  const userId = answer.userId === undefined ? {} : { userId: answer.userId };
  if (answer.userConfirmed) {
    return { isSignUpComplete: true, nextStep: { signUpStep: armed ? 'COMPLETE_AUTO_SIGN_IN' : 'DONE' }, ...userId };
  }
  if (armed && verification === 'link') {
    return { isSignUpComplete: false, nextStep: { signUpStep: 'COMPLETE_AUTO_SIGN_IN', codeDeliveryDetails: answer.codeDeliveryDetails }, ...userId };
  }
  return { isSignUpComplete: false, nextStep: { signUpStep: 'CONFIRM_SIGN_UP', codeDeliveryDetails: answer.codeDeliveryDetails }, ...userId };
}

function notConfirmedInTime(): AutoSignInException {
  return new AutoSignInException({
    message: 'The account was not confirmed on time.',
    recoverySuggestion: 'Confirm the account with the link that was sent, then sign in with signIn.',
  });
}

const settledTag = 'settled' as const;

/** The sign-up machine (id `signUp`). See docs/auth-core.md "Sign-in, sign-up and reset steps". */
export const signUpMachine = setup({
  types: {
    context: {} as SignUpMachineContext,
    events: {} as SignUpMachineEvent,
    input: {} as SignUpMachineInput,
    tags: {} as 'settled',
  },
  actors: {
    signUpAccount: fromPromise<SignUpAnswer, { runtime: AuthRuntime; request: SignUpInput }>(({ input }) => signUpAccount(input)),
    confirmSignUpAccount: fromPromise<{ session: string | undefined }, { runtime: AuthRuntime; request: ConfirmSignUpInput }>(({ input }) =>
      confirmSignUpAccount(input),
    ),
    resendSignUpCode: fromPromise<AuthCodeDeliveryDetails<AuthVerifiableAttributeKey>, { runtime: AuthRuntime; request: ResendSignUpCodeInput }>(
      ({ input }) => resendSignUpCode(input),
    ),
    signIn: fromPromise<SignInOutput, { runtime: AuthRuntime; request: SignInRequest | undefined }>(async ({ input }) => {
      if (input.request === undefined) throw new AutoSignInException();
      return runSignInEvent(input.runtime, { type: 'SIGN_IN', ...input.request });
    }),
  },
  delays: {
    pollInterval: AUTO_SIGN_IN_POLL_INTERVAL_MS,
  },
  guards: {
    armed: ({ context }) => context.autoSignIn !== undefined,
    armedWithLink: ({ context }) => context.autoSignIn !== undefined && context.runtime.config.signUpVerificationMethod === 'link',
    awaitingCode: ({ context }) => context.result?.nextStep.signUpStep === 'CONFIRM_SIGN_UP',
    armedForConfirmedUser: ({ context }) => context.autoSignIn !== undefined && context.autoSignIn.username === context.confirmingUsername,
  },
  actions: {
    rejectAutoSignIn: assign({ error: () => new AutoSignInException() }),
    disarm: assign({ autoSignIn: undefined }),
  },
}).createMachine({
  id: 'signUp',
  context: ({ input }) => ({
    runtime: input.runtime,
    username: undefined,
    confirmingUsername: undefined,
    result: undefined,
    resentCodeDeliveryDetails: undefined,
    autoSignIn: undefined,
    polls: 0,
    signInResult: undefined,
    error: undefined,
  }),
  initial: 'idle',
  on: {
    AUTO_SIGN_IN_EXPIRED: { actions: 'disarm' },
  },
  states: {
    idle: {
      tags: settledTag,
      on: {
        SIGN_UP: { target: 'signingUp' },
        CONFIRM_SIGN_UP: { target: 'confirming' },
        RESEND_SIGN_UP_CODE: { target: 'resendingCode' },
        AUTO_SIGN_IN: { actions: 'rejectAutoSignIn' },
      },
    },
    signingUp: {
      entry: [
        cancel(EXPIRY_ID),
        assign(({ event }) => {
          const request = event as Extract<SignUpMachineEvent, { type: 'SIGN_UP' }>;
          return { username: request.username, autoSignIn: autoSignInRequest(request), error: undefined, result: undefined, signInResult: undefined };
        }),
      ],
      invoke: {
        src: 'signUpAccount',
        input: ({ context, event }) => {
          const { type: _type, ...request } = event as Extract<SignUpMachineEvent, { type: 'SIGN_UP' }>;
          return { runtime: context.runtime, request };
        },
        onDone: [
          {
            guard: ({ context, event }) => event.output.userConfirmed && context.autoSignIn !== undefined,
            target: 'autoSignInReady',
            actions: assign(({ context, event }) => ({
              result: signUpResultOf(event.output, true, context.runtime.config.signUpVerificationMethod),
              autoSignIn: context.autoSignIn && { ...context.autoSignIn, session: event.output.session },
            })),
          },
          {
            guard: ({ event }) => event.output.userConfirmed,
            target: 'signUpComplete',
            actions: assign(({ context, event }) => ({ result: signUpResultOf(event.output, false, context.runtime.config.signUpVerificationMethod), autoSignIn: undefined })),
          },
          {
            // With link verification the account is confirmed elsewhere; auto sign-in polls for it.
            guard: { type: 'armedWithLink' },
            target: 'awaitingLinkConfirmation',
            actions: assign(({ event }) => ({ result: signUpResultOf(event.output, true, 'link') })),
          },
          {
            // With codes, an armed auto sign-in expires 3 minutes after sign-up.
            guard: { type: 'armed' },
            target: 'awaitingConfirmation',
            actions: [
              assign(({ event }) => ({ result: signUpResultOf(event.output, false, 'code') })),
              raise({ type: 'AUTO_SIGN_IN_EXPIRED' }, { delay: AUTO_SIGN_IN_TIMEOUT_MS, id: EXPIRY_ID }),
            ],
          },
          {
            target: 'awaitingConfirmation',
            actions: assign(({ event }) => ({ result: signUpResultOf(event.output, false, 'code') })),
          },
        ],
        onError: { target: 'idle', actions: assign({ error: ({ event }) => event.error, autoSignIn: undefined }) },
      },
    },
    /** CONFIRM_SIGN_UP: waits for the code (or a new SIGN_UP / a resend). */
    awaitingConfirmation: {
      tags: settledTag,
      on: {
        CONFIRM_SIGN_UP: { target: 'confirming' },
        RESEND_SIGN_UP_CODE: { target: 'resendingCode' },
        SIGN_UP: { target: 'signingUp' },
        AUTO_SIGN_IN: { actions: 'rejectAutoSignIn' },
      },
    },
    confirming: {
      entry: assign(({ event }) => ({
        confirmingUsername: (event as Extract<SignUpMachineEvent, { type: 'CONFIRM_SIGN_UP' }>).username,
        error: undefined,
      })),
      invoke: {
        src: 'confirmSignUpAccount',
        input: ({ context, event }) => {
          const { type: _type, ...request } = event as Extract<SignUpMachineEvent, { type: 'CONFIRM_SIGN_UP' }>;
          return { runtime: context.runtime, request };
        },
        onDone: [
          {
            guard: 'armedForConfirmedUser',
            target: 'autoSignInReady',
            actions: assign(({ context, event }) => ({
              result: { isSignUpComplete: true, nextStep: { signUpStep: 'COMPLETE_AUTO_SIGN_IN' } } satisfies SignUpOutput,
              autoSignIn: context.autoSignIn && { ...context.autoSignIn, session: event.output.session },
            })),
          },
          {
            target: 'signUpComplete',
            actions: assign({ result: { isSignUpComplete: true, nextStep: { signUpStep: 'DONE' } }, autoSignIn: undefined }),
          },
        ],
        onError: [
          { guard: 'awaitingCode', target: 'awaitingConfirmation', actions: assign({ error: ({ event }) => event.error }) },
          { target: 'idle', actions: assign({ error: ({ event }) => event.error }) },
        ],
      },
    },
    resendingCode: {
      entry: assign({ error: undefined }),
      invoke: {
        src: 'resendSignUpCode',
        input: ({ context, event }) => {
          const { type: _type, ...request } = event as Extract<SignUpMachineEvent, { type: 'RESEND_SIGN_UP_CODE' }>;
          return { runtime: context.runtime, request };
        },
        onDone: [
          { guard: 'awaitingCode', target: 'awaitingConfirmation', actions: assign({ resentCodeDeliveryDetails: ({ event }) => event.output }) },
          { target: 'idle', actions: assign({ resentCodeDeliveryDetails: ({ event }) => event.output }) },
        ],
        onError: [
          { guard: 'awaitingCode', target: 'awaitingConfirmation', actions: assign({ error: ({ event }) => event.error }) },
          { target: 'idle', actions: assign({ error: ({ event }) => event.error }) },
        ],
      },
    },
    /** COMPLETE_AUTO_SIGN_IN with link verification: AUTO_SIGN_IN starts polling. */
    awaitingLinkConfirmation: {
      tags: settledTag,
      on: { AUTO_SIGN_IN: { target: 'polling', actions: assign({ polls: 0, error: undefined }) } },
    },
    /** Tries signIn every 5 seconds until the account is confirmed, for at most 3 minutes. */
    polling: {
      initial: 'waiting',
      states: {
        waiting: { after: { pollInterval: 'attempting' } },
        attempting: {
          invoke: {
            src: 'signIn',
            input: ({ context }) => ({ runtime: context.runtime, request: context.autoSignIn }),
            onDone: [
              {
                guard: ({ context, event }) => event.output.nextStep.signInStep === 'CONFIRM_SIGN_UP' && context.polls + 1 < AUTO_SIGN_IN_MAX_POLLS,
                target: 'waiting',
                actions: assign({ polls: ({ context }) => context.polls + 1 }),
              },
              {
                guard: ({ event }) => event.output.nextStep.signInStep === 'CONFIRM_SIGN_UP',
                target: '#signUp.autoSignInFailed',
                actions: assign({ polls: ({ context }) => context.polls + 1, error: () => notConfirmedInTime() }),
              },
              { target: '#signUp.autoSignedIn', actions: assign({ signInResult: ({ event }) => event.output }) },
            ],
            onError: { target: '#signUp.autoSignInFailed', actions: assign({ error: ({ event }) => event.error }) },
          },
        },
      },
    },
    /** COMPLETE_AUTO_SIGN_IN: the account is confirmed; AUTO_SIGN_IN signs in with the sign-up's credentials. */
    autoSignInReady: {
      tags: settledTag,
      on: {
        AUTO_SIGN_IN: [{ guard: 'armed', target: 'autoSigningIn', actions: assign({ error: undefined }) }, { actions: 'rejectAutoSignIn' }],
        AUTO_SIGN_IN_EXPIRED: { target: 'signUpComplete', actions: 'disarm' },
      },
    },
    autoSigningIn: {
      invoke: {
        src: 'signIn',
        input: ({ context }) => ({ runtime: context.runtime, request: context.autoSignIn }),
        onDone: { target: 'autoSignedIn', actions: assign({ signInResult: ({ event }) => event.output }) },
        onError: { target: 'autoSignInFailed', actions: assign({ error: ({ event }) => event.error }) },
      },
    },
    /** DONE: signed up and confirmed, no auto sign-in. */
    signUpComplete: { type: 'final', entry: 'disarm' },
    /** Auto sign-in finished (signInResult holds signIn's result). */
    autoSignedIn: { type: 'final', entry: 'disarm' },
    /** Auto sign-in failed (error holds why). */
    autoSignInFailed: { type: 'final', entry: 'disarm' },
  },
});

/** A snapshot of the sign-up machine. */
export type SignUpMachineSnapshot = SnapshotFrom<typeof signUpMachine>;

/** True when the sign-up machine waits for the next event (or has finished). */
export function isSignUpSettled(snapshot: SignUpMachineSnapshot): boolean {
  return snapshot.status !== 'active' || snapshot.hasTag('settled');
}

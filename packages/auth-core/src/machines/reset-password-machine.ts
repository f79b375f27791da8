// The password-reset step machine (XState v5): RESET_PASSWORD (ForgotPassword) ->
// CONFIRM_RESET_PASSWORD_WITH_CODE -> CONFIRM_RESET_PASSWORD (ConfirmForgotPassword) -> DONE.
import { assign, createActor, fromPromise, waitFor } from 'xstate';
import type { SnapshotFrom } from 'xstate';
import { toCodeDeliveryDetails } from '../api/code-delivery-details.js';
import type { AuthCodeDeliveryDetails, AuthVerifiableAttributeKey } from '../api/types.js';
import { callUserPool } from '../cognito/user-pool-client.js';
import type { AuthRuntime } from '../runtime/auth-runtime.js';
import { assertConfiguredPasswordPolicy } from '../validation/configured-password-policy.js';
import { assertConfirmResetPasswordInput, assertResetPasswordInput } from '../validation/required-fields.js';
import type { ConfirmResetPasswordInput, ResetPasswordInput, ResetPasswordOutput } from './flow-types.js';
import { setup } from './machine-setup.js';

/** Validates and sends ForgotPassword; resolves with where the code went. */
export async function requestPasswordReset(input: { runtime: AuthRuntime; request: ResetPasswordInput }): Promise<AuthCodeDeliveryDetails<AuthVerifiableAttributeKey>> {
  const { runtime, request } = input;
  assertResetPasswordInput(request);
  const clientMetadata = request.options?.clientMetadata;
  const response = await callUserPool(runtime, 'ForgotPassword', {
    ClientId: runtime.config.userPoolClientId,
    Username: request.username,
    ...(clientMetadata === undefined ? {} : { ClientMetadata: clientMetadata }),
  });
  return toCodeDeliveryDetails<AuthVerifiableAttributeKey>(response.CodeDeliveryDetails);
}

/** Validates and sends ConfirmForgotPassword. */
export async function confirmPasswordReset(input: { runtime: AuthRuntime; request: ConfirmResetPasswordInput }): Promise<void> {
  const { runtime, request } = input;
  assertConfirmResetPasswordInput(request);
  assertConfiguredPasswordPolicy(runtime.config.passwordPolicy, request.newPassword);
  const clientMetadata = request.options?.clientMetadata;
  await callUserPool(runtime, 'ConfirmForgotPassword', {
    ClientId: runtime.config.userPoolClientId,
    Username: request.username,
    ConfirmationCode: request.confirmationCode,
    Password: request.newPassword,
    ...(clientMetadata === undefined ? {} : { ClientMetadata: clientMetadata }),
  });
}

/** The machine's input. */
export interface ResetPasswordMachineInput {
  runtime: AuthRuntime;
}

/** Every event the reset machine accepts: resetPassword's and confirmResetPassword's inputs. */
export type ResetPasswordMachineEvent =
  | ({ type: 'RESET_PASSWORD' } & ResetPasswordInput)
  | ({ type: 'CONFIRM_RESET_PASSWORD' } & ConfirmResetPasswordInput);

/** The reset machine's context. */
export interface ResetPasswordMachineContext {
  runtime: AuthRuntime;
  username: string | undefined;
  /** resetPassword's result once a code was sent. */
  result: ResetPasswordOutput | undefined;
  error: unknown;
}

/** The password-reset machine (id `resetPassword`). */
export const resetPasswordMachine = setup({
  types: {
    context: {} as ResetPasswordMachineContext,
    events: {} as ResetPasswordMachineEvent,
    input: {} as ResetPasswordMachineInput,
    tags: {} as 'settled',
  },
  actors: {
    requestPasswordReset: fromPromise<AuthCodeDeliveryDetails<AuthVerifiableAttributeKey>, { runtime: AuthRuntime; request: ResetPasswordInput }>(({ input }) =>
      requestPasswordReset(input),
    ),
    confirmPasswordReset: fromPromise<void, { runtime: AuthRuntime; request: ConfirmResetPasswordInput }>(({ input }) => confirmPasswordReset(input)),
  },
  guards: {
    codeSent: ({ context }) => context.result !== undefined,
  },
}).createMachine({
  id: 'resetPassword',
  context: ({ input }) => ({ runtime: input.runtime, username: undefined, result: undefined, error: undefined }),
  initial: 'idle',
  states: {
    idle: {
      tags: 'settled',
      on: { RESET_PASSWORD: 'requestingCode', CONFIRM_RESET_PASSWORD: 'confirming' },
    },
    requestingCode: {
      entry: assign(({ event }) => ({ username: event.username, error: undefined })),
      invoke: {
        src: 'requestPasswordReset',
        input: ({ context, event }) => {
          const { type: _type, ...request } = event as Extract<ResetPasswordMachineEvent, { type: 'RESET_PASSWORD' }>;
          return { runtime: context.runtime, request };
        },
        onDone: {
          target: 'awaitingCode',
          actions: assign({
            result: ({ event }) => ({ isPasswordReset: false, nextStep: { resetPasswordStep: 'CONFIRM_RESET_PASSWORD_WITH_CODE', codeDeliveryDetails: event.output } }),
          }),
        },
        onError: [
          { guard: 'codeSent', target: 'awaitingCode', actions: assign({ error: ({ event }) => event.error }) },
          { target: 'idle', actions: assign({ error: ({ event }) => event.error }) },
        ],
      },
    },
    /** CONFIRM_RESET_PASSWORD_WITH_CODE: waits for the code and the new password (or a new request). */
    awaitingCode: {
      tags: 'settled',
      on: { CONFIRM_RESET_PASSWORD: 'confirming', RESET_PASSWORD: 'requestingCode' },
    },
    confirming: {
      entry: assign({ error: undefined }),
      invoke: {
        src: 'confirmPasswordReset',
        input: ({ context, event }) => {
          const { type: _type, ...request } = event as Extract<ResetPasswordMachineEvent, { type: 'CONFIRM_RESET_PASSWORD' }>;
          return { runtime: context.runtime, request };
        },
        onDone: { target: 'done' },
        onError: [
          { guard: 'codeSent', target: 'awaitingCode', actions: assign({ error: ({ event }) => event.error }) },
          { target: 'idle', actions: assign({ error: ({ event }) => event.error }) },
        ],
      },
    },
    /** DONE: the password was reset. */
    done: { type: 'final' },
  },
});

/** A snapshot of the reset machine. */
export type ResetPasswordMachineSnapshot = SnapshotFrom<typeof resetPasswordMachine>;

/** True when the reset machine waits for the next event (or has finished). */
export function isResetPasswordSettled(snapshot: ResetPasswordMachineSnapshot): boolean {
  return snapshot.status !== 'active' || snapshot.hasTag('settled');
}

/** Sends one event to a new reset machine over `runtime` and returns the snapshot it settles on; throws its error. */
export async function runResetPasswordEvent(runtime: AuthRuntime, event: ResetPasswordMachineEvent): Promise<ResetPasswordMachineSnapshot> {
  const actor = createActor(resetPasswordMachine, { input: { runtime } });
  actor.start();
  try {
    actor.send(event);
    const snapshot = await waitFor(actor, isResetPasswordSettled);
    if (snapshot.context.error !== undefined) throw snapshot.context.error;
    return snapshot;
  } finally {
    actor.stop();
  }
}

// An operation is a small module: its name, its input schema, and a readable list of named steps.
//
//   export const confirmSignUp = defineOperation('ConfirmSignUp', input)
//     .step('client', (ctx, i) => requireClient(ctx.db, i.ClientId))
//     .step('user', (ctx, i, s) => requireUserByLogin(ctx.db, s.client.pool, i.Username))
//     .do('check the code', (ctx, i, s) => consumeCode(ctx, s.user, 'SIGN_UP', i.ConfirmationCode))
//     .respond(() => ({}));
//
// `.step(key, fn)` stores fn's result under `key` for the later steps (typed); `.do(description, fn)`
// runs an action. Steps run in order; the first throw ends the operation. A ServiceError goes to the
// wire as is; anything else is logged with the operation and step name and answered with
// InternalErrorException.
import { isServiceError, type ServiceError } from '../../errors/catalogue.js';
import { parseInput, type Schema } from '../wire/input-schema.js';
import type { OperationContext } from './operation-context.js';

/** The two JSON 1.1 services of the server. */
export type ServiceName = 'AWSCognitoIdentityProviderService' | 'AWSCognitoIdentityService';

/** Who may call an operation over the wire: anyone, or only the admin credential (SigV4) / REST API / CLI. */
export type Access = 'public' | 'admin';

/** One named step. */
export interface StepDefinition {
  readonly name: string;
  readonly run: (ctx: OperationContext, input: unknown, state: Record<string, unknown>) => unknown;
}

/** A registered operation: metadata plus `invoke`, which validates the raw input and runs the steps. */
export interface Operation {
  readonly name: string;
  readonly service: ServiceName;
  readonly access: Access;
  /** Step names in order, for docs and debugging. */
  readonly stepNames: readonly string[];
  /** Top-level input member names (e.g. ClientId, Username), for docs and fuzz tests. */
  readonly inputMembers: readonly string[];
  /**
   * Validates `rawInput` (InvalidParameterException on failure), runs the steps, returns the response body.
   * `admit` runs between the two, on the validated input: the transport's admission (known app client,
   * request rate), so that a malformed request is refused before it can write anything.
   */
  invoke(ctx: OperationContext, rawInput: unknown, admit?: (input: Readonly<Record<string, unknown>>) => Promise<void>): Promise<Record<string, unknown>>;
}

/** Thrown value wrapper so the transport can log which step failed unexpectedly. */
export class StepFailure extends Error {
  override readonly name = 'StepFailure';
  constructor(
    readonly operation: string,
    readonly step: string,
    override readonly cause: unknown,
  ) {
    super(`${operation} failed in step "${step}": ${cause instanceof Error ? cause.message : String(cause)}`);
  }
}

type StepFn<I, S, R> = (ctx: OperationContext, input: I, state: S) => R | Promise<R>;

/**
 * Runs when a step ends the operation with a ServiceError (e.g. to record a refused sign-in in the
 * audit trail); `state` holds what the steps before it produced. The error is answered afterwards.
 */
export type FailureHandler<I, S> = (ctx: OperationContext, input: I, state: Partial<S>, error: ServiceError) => Promise<void>;

/** Builder of an operation's step list; each `.step` widens the typed state. */
export class OperationBuilder<I, S extends object> {
  constructor(
    private readonly meta: { name: string; service: ServiceName; access: Access; input: Schema<I>; onFailure?: FailureHandler<unknown, object> },
    private readonly steps: readonly StepDefinition[],
  ) {}

  /** Adds a step whose result later steps read as `state[key]`. */
  step<K extends string, R>(key: K, fn: StepFn<I, S, R>): OperationBuilder<I, S & { readonly [P in K]: Awaited<R> }> {
    const run = (ctx: OperationContext, input: unknown, state: Record<string, unknown>): unknown => fn(ctx, input as I, state as S);
    return new OperationBuilder(this.meta, [...this.steps, { name: key, run: async (c, i, s) => (s[key] = await run(c, i, s)) }]);
  }

  /** Adds an action step (its result is ignored); `description` says what it does. */
  do(description: string, fn: StepFn<I, S, unknown>): OperationBuilder<I, S> {
    return new OperationBuilder(this.meta, [...this.steps, { name: description, run: (c, i, s) => fn(c, i as I, s as S) }]);
  }

  /** Sets what runs when a step fails with a ServiceError (before the error is answered). */
  onFailure(handler: FailureHandler<I, S>): OperationBuilder<I, S> {
    return new OperationBuilder({ ...this.meta, onFailure: handler as FailureHandler<unknown, object> }, this.steps);
  }

  /** Ends the list with the step building the response body. */
  respond<O extends object>(fn: StepFn<I, S, O>): Operation {
    const steps = [...this.steps, { name: 'respond', run: (c: OperationContext, i: unknown, s: Record<string, unknown>): unknown => fn(c, i as I, s as S) }];
    const { name, service, access, input, onFailure } = this.meta;
    return {
      name,
      service,
      access,
      stepNames: steps.map((s) => s.name),
      inputMembers: input.members ?? [],
      async invoke(ctx, rawInput, admit) {
        const parsed = parseInput(input, rawInput);
        if (admit !== undefined) await admit(parsed as Readonly<Record<string, unknown>>);
        const state: Record<string, unknown> = {};
        let result: unknown;
        for (const step of steps) {
          try {
            result = await step.run(ctx, parsed, state);
          } catch (error) {
            if (!isServiceError(error)) throw new StepFailure(name, step.name, error);
            if (onFailure !== undefined) {
              try {
                await onFailure(ctx, parsed, state, error);
              } catch (cause) {
                throw new StepFailure(name, 'on failure', cause);
              }
            }
            throw error;
          }
        }
        return (result ?? {}) as Record<string, unknown>;
      },
    };
  }
}

/** Starts an operation of the user-pool service (or `options.service`). */
export function defineOperation<I>(name: string, input: Schema<I>, options: { access?: Access; service?: ServiceName } = {}): OperationBuilder<I, object> {
  return new OperationBuilder({ name, input, access: options.access ?? 'public', service: options.service ?? 'AWSCognitoIdentityProviderService' }, []);
}

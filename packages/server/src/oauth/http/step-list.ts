// The named-step list both kinds of managed-login request are written as (the OAuth endpoints in
// http/endpoint.ts, the hosted login pages in login/page-route.ts), like the user-pool operations:
//
//   defineX('name')
//     .step('client', (ctx) => …)            // result kept as state.client (typed)
//     .do('check the CSRF token', (ctx) => …) // an action; result ignored
//     .respond((ctx, s) => …)                // the answer; finishes the list
//
// What a finished list becomes (a Fastify handler, a page) and how a throw is answered is up to
// the kind that defines it; runStepList reports which step threw, for the log.

/** One named step; `run` may store its result in the state. */
export interface NamedStep<C> {
  readonly name: string;
  readonly run: (ctx: C, state: Record<string, unknown>) => unknown;
}

type StepFn<C, S, R> = (ctx: C, state: S) => R | Promise<R>;

/** Builder of a step list over context C, with typed state S, whose `respond` gives an A and finishes into an H. */
export class StepList<C, S extends object, A, H> {
  constructor(
    private readonly finish: (steps: readonly NamedStep<C>[]) => H,
    private readonly steps: readonly NamedStep<C>[] = [],
  ) {}

  /** Adds a step whose result later steps read as `state[key]`. */
  step<K extends string, R>(key: K, fn: StepFn<C, S, R>): StepList<C, S & { readonly [P in K]: Awaited<R> }, A, H> {
    return new StepList(this.finish, [...this.steps, { name: key, run: async (ctx, state) => (state[key] = await fn(ctx, state as S)) }]);
  }

  /** Adds an action step (its result is ignored); `description` says what it does. */
  do(description: string, fn: StepFn<C, S, unknown>): StepList<C, S, A, H> {
    return new StepList(this.finish, [...this.steps, { name: description, run: (ctx, state) => fn(ctx, state as S) }]);
  }

  /** Ends the list with the step that builds the answer. */
  respond(fn: StepFn<C, S, A>): H {
    return this.finish([...this.steps, { name: 'respond', run: (ctx, state) => fn(ctx, state as S) }]);
  }
}

/** How a run ended: the answer of the last step, or what a step threw and which step it was. */
export type StepListOutcome = { readonly ok: true; readonly value: unknown } | { readonly ok: false; readonly error: unknown; readonly step: string };

/** Runs the steps in order with one fresh state. */
export async function runStepList<C>(steps: readonly NamedStep<C>[], ctx: C): Promise<StepListOutcome> {
  const state: Record<string, unknown> = {};
  let value: unknown;
  for (const step of steps) {
    try {
      value = await step.run(ctx, state);
    } catch (error) {
      return { ok: false, error, step: step.name };
    }
  }
  return { ok: true, value };
}

// The lean setup() must build the very machine xstate's setup() builds, and offer nothing else at run time.
import { assign, createActor, fromPromise, setup as xstateSetup } from 'xstate';
import { describe, expect, it } from 'vitest';
import { resetPasswordMachine } from './reset-password-machine.js';
import { setup } from './machine-setup.js';
import { signInMachine } from './sign-in-machine.js';
import { signUpMachine } from './sign-up-machine.js';

// The same probe machine from either setup(), its config typed by the setup's result as in the package.
const probe = (make: typeof xstateSetup) =>
  make({
    types: { context: {} as { count: number }, events: {} as { type: 'GO' } },
    actors: { double: fromPromise<number, number>(async ({ input }) => input * 2) },
    guards: { small: ({ context }) => context.count < 10 },
    actions: { bump: assign({ count: ({ context }) => context.count + 1 }) },
    delays: { soon: 5 },
  }).createMachine({
    id: 'probe',
    context: { count: 1 },
    initial: 'idle',
    states: {
      idle: { on: { GO: { guard: 'small', target: 'working', actions: 'bump' } } },
      working: {
        invoke: { src: 'double', input: ({ context }) => context.count, onDone: { target: 'done', actions: assign({ count: ({ event }) => event.output }) } },
      },
      done: { type: 'final' },
    },
  });

describe('machine setup', () => {
  it('returns only createMachine (not the action creators xstate’s setup() returns)', () => {
    expect(Object.keys(setup({ actors: {}, guards: {} }))).toEqual(['createMachine']);
  });

  it('builds a machine with the same implementations and definition as xstate’s setup()', async () => {
    const lean = probe(setup);
    const full = probe(xstateSetup);
    // Each probe holds fresh closures, so compare the names of the implementations and the definitions as xstate serialises them.
    const names = (implementations: object) => Object.fromEntries(Object.entries(implementations as Record<string, object>).map(([kind, byName]) => [kind, Object.keys(byName)]));
    expect(names(lean.implementations)).toEqual(names(full.implementations));
    expect(lean.implementations.delays).toEqual({ soon: 5 });
    expect(JSON.stringify(lean.definition)).toBe(JSON.stringify(full.definition));
    expect(lean.schemas).toEqual(full.schemas);

    const actor = createActor(lean).start();
    actor.send({ type: 'GO' });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(actor.getSnapshot().status).toBe('done');
    expect(actor.getSnapshot().context.count).toBe(4);
  });

  it('is what the package’s machines are built with: their implementations are the ones given', () => {
    for (const machine of [signInMachine, signUpMachine, resetPasswordMachine]) {
      expect(Object.keys(machine.implementations).sort()).toEqual(['actions', 'actors', 'delays', 'guards']);
      expect(Object.keys(machine.implementations.actors).length).toBeGreaterThan(0);
    }
  });
});

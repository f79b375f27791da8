// xstate's `setup()` for auth-core's machines, without its bundle cost: xstate's own `setup()` returns
// every action creator (sendTo, log, enqueueActions, emit, spawnChild, cancel, stopChild, raise…) next
// to `createMachine`, so calling it keeps all of them in every app's bundle (~0.8 KB gzipped for the
// sign-in app). The machines only ever call `.createMachine(…)` on the result and import the action
// creators they use from xstate, so this returns just that, doing what xstate's does.
import { createMachine } from 'xstate';
import type { setup as xstateSetup } from 'xstate';

interface SetupParts {
  schemas?: unknown;
  actors?: unknown;
  actions?: unknown;
  guards?: unknown;
  delays?: unknown;
}

function leanSetup({ schemas, actors, actions, guards, delays }: SetupParts): { createMachine: (config: object) => unknown } {
  return {
    createMachine: (config) => createMachine({ ...config, schemas } as never, { actors, actions, guards, delays } as never),
  };
}

/**
 * The same types as xstate's `setup()`; at run time only `createMachine` exists on the result (use
 * the action creators imported from xstate, not the ones `setup()` would return).
 */
export const setup = leanSetup as unknown as typeof xstateSetup;

import type { ActorOptions, AnyActorLogic } from 'xstate';
import type { AuthRuntime } from '../runtime/auth-runtime.js';

/** xstate's timer clock (setTimeout / clearTimeout). */
export type XStateClock = NonNullable<ActorOptions<AnyActorLogic>['clock']>;

/**
 * The timer clock for machine actors over `runtime`: the runtime's clock when it can also set
 * timers (tests inject xstate's SimulatedClock, which has now/setTimeout/clearTimeout), else
 * undefined so xstate uses the platform's setTimeout.
 */
export function actorClockOf(runtime: Pick<AuthRuntime, 'clock'>): XStateClock | undefined {
  const clock = runtime.clock as Partial<XStateClock> & AuthRuntime['clock'];
  return typeof clock.setTimeout === 'function' && typeof clock.clearTimeout === 'function' ? (clock as XStateClock) : undefined;
}

// The order of a graceful stop: readiness turns 503, the listeners stop accepting and drain, the job
// runner finishes (or, past the bound, hands back) what it holds, then the apps and the database
// close. Time is bounded: past the force point the drain cuts what is left, so the closing steps
// still fit in the bound main.ts enforces with its own timer.
import { performance } from 'node:perf_hooks';
import type { Logger } from '../user-pool/operations/logger.js';
import type { HttpDrain } from './http-drain.js';

/** What a stop needs from the job runner. */
export interface StoppableJobs {
  stop(): Promise<void>;
  releaseHeld(): Promise<string[]>;
  describeHeld(): string[];
}

/** The parts a stop goes through. */
export interface StopParts {
  readonly health: { markStopping(): void };
  readonly drains: readonly HttpDrain[];
  readonly jobs: StoppableJobs | undefined;
  /** Run in order once connections and jobs are done: the apps' close hooks, then the database. */
  readonly closers: ReadonlyArray<() => Promise<void>>;
  readonly log: Logger;
}

/** How a stop went. */
export interface StopReport {
  /** What had to be cut or handed back at the force point, described; empty for a clean stop. */
  readonly forced: readonly string[];
  /** Parts that failed to close, with the error. */
  readonly closeErrors: readonly string[];
  readonly elapsedMs: number;
}

/** When, within a bound, a stop stops waiting and cuts: a quarter of the bound (at most 5 s) is kept for closing. */
export function forcePointMs(boundMs: number): number {
  return boundMs - Math.min(5000, boundMs / 4);
}

/** Stops the parts in order within `boundMs` (see forcePointMs); a part failing to close is reported, not thrown. */
export async function stopGracefully(parts: StopParts, boundMs: number): Promise<StopReport> {
  const started = performance.now();
  parts.health.markStopping();
  for (const drain of parts.drains) drain.begin();
  const jobsStopped = parts.jobs?.stop() ?? Promise.resolve();

  let forceTimer: NodeJS.Timeout | undefined;
  const forcePoint = new Promise<'force'>((resolve) => {
    forceTimer = setTimeout(() => resolve('force'), forcePointMs(boundMs));
  });
  const settled = Promise.all([...parts.drains.map((drain) => drain.done()), jobsStopped]).then(() => 'settled' as const);
  const outcome = await Promise.race([settled, forcePoint]);
  clearTimeout(forceTimer);

  const forced: string[] = [];
  if (outcome === 'force') {
    for (const drain of parts.drains) forced.push(...drain.forceClose());
    if (parts.jobs !== undefined) forced.push(...(await parts.jobs.releaseHeld()).map((job) => `${job} (released)`));
    parts.log.warn('stop: bound reached, cut what was still open', { forced });
  }
  const closeErrors: string[] = [];
  for (const close of parts.closers) {
    try {
      await close();
    } catch (error) {
      closeErrors.push(error instanceof Error ? error.message : String(error));
    }
  }
  if (closeErrors.length > 0) parts.log.error('stop: parts failed to close', { closeErrors });
  return { forced, closeErrors, elapsedMs: performance.now() - started };
}

// What /health/ready answers, from the process's phase and the results of its checks: pure, so the
// rules (which phases and results make a 503, what the body names) are tested without I/O.

/** Where the process is in its life: readiness is only possible in `ready`. */
export type LifecyclePhase = 'starting' | 'ready' | 'stopping';

/** The checks behind readiness. */
export const READINESS_CHECKS = ['database', 'migrations', 'signingKeys', 'jobRunner'] as const;

/** One readiness check. */
export type ReadinessCheck = (typeof READINESS_CHECKS)[number];

/** A check's outcome: `off` is a part this process does not run (no job runner), which is fine. */
export type CheckOutcome = 'ok' | 'off' | 'failing';

/** The body of /health/ready (and /health). */
export interface ReadinessReport {
  readonly status: 'ok' | 'unavailable';
  readonly phase: LifecyclePhase;
  readonly checks: Readonly<Partial<Record<ReadinessCheck, CheckOutcome>>>;
  /** What makes it unavailable: failing checks, or `lifecycle` while starting or stopping. */
  readonly failing: readonly string[];
}

/** Readiness from the phase and, in `ready`, the checks' outcomes (the checks are not run in other phases). */
export function readinessReport(phase: LifecyclePhase, checks: Readonly<Partial<Record<ReadinessCheck, CheckOutcome>>> = {}): ReadinessReport {
  if (phase !== 'ready') return { status: 'unavailable', phase, checks: {}, failing: ['lifecycle'] };
  const failing = READINESS_CHECKS.filter((name) => checks[name] === undefined || checks[name] === 'failing');
  return { status: failing.length === 0 ? 'ok' : 'unavailable', phase, checks, failing };
}

// The poll loop of one process: reclaims expired leases, claims due jobs of the kinds it has handlers
// for, runs them and records the outcome. Several runners (processes) may share one database.
import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { performance } from 'node:perf_hooks';
import type { Database } from '../db/database.js';
import type { Clock } from '../time/clock.js';
import { silentLogger, type Logger } from '../user-pool/operations/logger.js';
import { JobQueue, type ClaimedJob, type JobQueueOptions } from './job-queue.js';

/** What a handler gets besides its job. */
export interface JobContext {
  /** Aborted when the runner is stopping; a long handler may end early (its job is then retried). */
  readonly signal: AbortSignal;
  /** Pushes this job's lease `seconds` past now; a handler that may outlast the lease calls it. False when the lease was lost. */
  extendLease(seconds: number): Promise<boolean>;
}

/** Carries out one job; throwing (or rejecting) fails the attempt and schedules a retry. */
export type JobHandler = (job: ClaimedJob, context: JobContext) => Promise<void>;

/** Handlers by job kind; the runner claims only these kinds. */
export type JobHandlers = Readonly<Record<string, JobHandler>>;

/** Tuning of a runner; every field has a default. */
export interface JobRunnerOptions extends JobQueueOptions {
  /** Pause between polls that found nothing due (1000 ms). */
  readonly pollIntervalMs?: number;
  /** Jobs run at once by this runner (1). */
  readonly concurrency?: number;
  /** How long a claim holds before another runner may take the job over (300 s). */
  readonly leaseSeconds?: number;
  /** Name recorded in `jobs.locked_by` (host:pid:random). */
  readonly workerId?: string;
}

/** Runs due jobs in a loop until stopped. */
export class JobRunner {
  /** The queue it claims from (handy for enqueueing). */
  readonly queue: JobQueue;
  readonly workerId: string;
  private readonly handlers: JobHandlers;
  private readonly log: Logger;
  private readonly pollIntervalMs: number;
  private readonly concurrency: number;
  private readonly leaseSeconds: number;
  private readonly abort = new AbortController();
  private loop: Promise<void> | undefined;
  private wake: (() => void) | undefined;
  /** The jobs whose handler runs now, with when it started (performance.now()). */
  private readonly inHand = new Map<string, { readonly job: ClaimedJob; readonly startedAt: number }>();
  /** Jobs handed back by releaseHeld: their late outcome is not recorded. */
  private readonly released = new Set<string>();
  /** When the loop last began a turn (performance.now(): monotonic, whatever clock the jobs use). */
  private lastTurnAt = performance.now();

  constructor(deps: { readonly db: Database; readonly clock: Clock; readonly handlers: JobHandlers; readonly log?: Logger }, options: JobRunnerOptions = {}) {
    this.queue = new JobQueue(deps, options);
    this.handlers = deps.handlers;
    this.log = deps.log ?? silentLogger;
    this.pollIntervalMs = options.pollIntervalMs ?? 1000;
    this.concurrency = Math.max(1, options.concurrency ?? 1);
    this.leaseSeconds = options.leaseSeconds ?? 300;
    this.workerId = options.workerId ?? `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  }

  /** True while the loop runs (between start and stop). */
  get running(): boolean {
    return this.loop !== undefined && !this.abort.signal.aborted;
  }

  /** Starts the poll loop; does nothing when already started. */
  start(): void {
    if (this.loop !== undefined) return;
    this.loop = this.poll();
  }

  /**
   * Stops claiming, aborts the handlers' signal and waits for the jobs in hand to finish. A handler
   * that ends by throwing once the signal is aborted has its job released (due again at once, the
   * attempt not counted) rather than failed.
   */
  async stop(): Promise<void> {
    this.abort.abort();
    this.wake?.();
    await this.loop;
  }

  /**
   * True while the loop runs and keeps turning: a job in hand, or a turn begun within the last poll
   * interval plus a minute (a poll stuck longer than that means the runner no longer takes work).
   */
  alive(): boolean {
    if (!this.running) return false;
    return this.inHand.size > 0 || performance.now() - this.lastTurnAt < this.pollIntervalMs + 60_000;
  }

  /** The jobs in hand, described for a log line ("kind id, running 12.3 s"). */
  describeHeld(): string[] {
    const now = performance.now();
    return [...this.inHand.values()].map(({ job, startedAt }) => `job ${job.kind} ${job.id}, running ${((now - startedAt) / 1000).toFixed(1)} s`);
  }

  /**
   * Hands every job still in hand back to the queue (a stop past its bound): another runner, or this
   * one after a restart, runs them again. Their handlers are not interrupted; what they report later
   * is ignored. Returns the jobs released, described.
   */
  async releaseHeld(): Promise<string[]> {
    const held = [...this.inHand.values()];
    const described = this.describeHeld();
    const results = await Promise.all(
      held.map(async ({ job }) => {
        this.released.add(job.id);
        try {
          return await this.queue.release(job, 'released: its runner stopped before the job finished');
        } catch (error) {
          // The lease expires in the end and the job is taken over then.
          this.log.error('jobs: could not release a job', { jobId: job.id, error: error instanceof Error ? error.message : String(error) });
          return false;
        }
      }),
    );
    return described.filter((_, i) => results[i] === true);
  }

  /**
   * One pass: reclaims expired leases, claims up to `concurrency` due jobs and runs them to the end.
   * Returns how many jobs it ran. The loop calls it; tests call it directly with a manual clock.
   */
  async runDue(): Promise<number> {
    const kinds = Object.keys(this.handlers);
    if (kinds.length === 0) return 0;
    const reclaimed = await this.queue.reclaimExpiredLeases();
    if (reclaimed > 0) this.log.warn('jobs: expired leases reclaimed', { count: reclaimed });
    const jobs = await this.queue.claim({ kinds, workerId: this.workerId, leaseSeconds: this.leaseSeconds, limit: this.concurrency });
    if (this.abort.signal.aborted) {
      // Stopped while claiming: hand them straight back rather than start work now.
      await Promise.all(jobs.map((job) => this.releaseQuietly(job)));
      return 0;
    }
    await Promise.all(jobs.map((job) => this.runOne(job)));
    return jobs.length;
  }

  private async runOne(job: ClaimedJob): Promise<void> {
    this.inHand.set(job.id, { job, startedAt: performance.now() });
    try {
      await this.runHandler(job);
    } finally {
      this.inHand.delete(job.id);
      this.released.delete(job.id);
    }
  }

  private async runHandler(job: ClaimedJob): Promise<void> {
    const handler = this.handlers[job.kind];
    try {
      // Claimed only for kinds with a handler, so this is a programming error, failed like any other.
      if (handler === undefined) throw new Error(`no handler for job kind ${job.kind}`);
      await handler(job, { signal: this.abort.signal, extendLease: (seconds) => this.queue.extendLease(job, seconds) });
    } catch (error) {
      if (this.released.has(job.id)) return;
      if (this.abort.signal.aborted) {
        // Ended early because the runner stops: not the job's fault, so no attempt is spent.
        await this.releaseQuietly(job);
        return;
      }
      try {
        const outcome = await this.queue.fail(job, error);
        const fields = { jobId: job.id, kind: job.kind, attempt: job.attempts, error: error instanceof Error ? error.message : String(error) };
        if (outcome === 'failed') this.log.error('jobs: job failed for good', fields);
        else if (outcome === 'lease-lost') this.log.warn('jobs: job failed after its lease was lost', fields);
        else this.log.warn('jobs: job failed, will retry', fields);
      } catch (recordError) {
        // The lease will expire and the job be retried; the loop must go on.
        this.log.error('jobs: could not record a failure', { jobId: job.id, error: recordError instanceof Error ? recordError.message : String(recordError) });
      }
      return;
    }
    if (this.released.has(job.id)) {
      this.log.warn('jobs: job finished after it was released (runner stopped past its bound)', { jobId: job.id, kind: job.kind });
      return;
    }
    try {
      if (!(await this.queue.complete(job))) this.log.warn('jobs: job finished after its lease was lost', { jobId: job.id, kind: job.kind });
    } catch (error) {
      this.log.error('jobs: could not record completion', { jobId: job.id, error: error instanceof Error ? error.message : String(error) });
    }
  }

  private async releaseQuietly(job: ClaimedJob): Promise<void> {
    try {
      await this.queue.release(job, 'released: its runner stopped');
    } catch (error) {
      this.log.error('jobs: could not release a job', { jobId: job.id, error: error instanceof Error ? error.message : String(error) });
    }
  }

  private async poll(): Promise<void> {
    while (!this.abort.signal.aborted) {
      this.lastTurnAt = performance.now();
      let ran = 0;
      try {
        ran = await this.runDue();
      } catch (error) {
        // A database hiccup must not end the loop: wait one interval and poll again.
        this.log.warn('jobs: poll failed', { error: error instanceof Error ? error.message : String(error) });
      }
      // A full batch suggests more are due: poll again at once; otherwise wait.
      if (ran < this.concurrency) await this.sleep();
    }
  }

  private sleep(): Promise<void> {
    if (this.abort.signal.aborted) return Promise.resolve();
    return new Promise((resolve) => {
      const timer = setTimeout(done, this.pollIntervalMs);
      // The loop alone never keeps the process alive.
      timer.unref();
      function done(): void {
        clearTimeout(timer);
        resolve();
      }
      this.wake = done;
    });
  }
}

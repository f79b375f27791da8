// The poll loop of one process: reclaims expired leases, claims due jobs of the kinds it has handlers
// for, runs them and records the outcome. Several runners (processes) may share one database.
import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
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

  /** Stops claiming, aborts the handlers' signal and waits for the jobs in hand to finish. */
  async stop(): Promise<void> {
    this.abort.abort();
    this.wake?.();
    await this.loop;
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
    await Promise.all(jobs.map((job) => this.runOne(job)));
    return jobs.length;
  }

  private async runOne(job: ClaimedJob): Promise<void> {
    const handler = this.handlers[job.kind];
    try {
      // Claimed only for kinds with a handler, so this is a programming error, failed like any other.
      if (handler === undefined) throw new Error(`no handler for job kind ${job.kind}`);
      await handler(job, { signal: this.abort.signal, extendLease: (seconds) => this.queue.extendLease(job, seconds) });
    } catch (error) {
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
    try {
      if (!(await this.queue.complete(job))) this.log.warn('jobs: job finished after its lease was lost', { jobId: job.id, kind: job.kind });
    } catch (error) {
      this.log.error('jobs: could not record completion', { jobId: job.id, error: error instanceof Error ? error.message : String(error) });
    }
  }

  private async poll(): Promise<void> {
    while (!this.abort.signal.aborted) {
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

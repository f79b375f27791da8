// The Prometheus adapter of the metrics port (prom-client). One registry per server process (not
// prom-client's global one), so that several servers in one test process keep their counts apart.
// Gauges of state outside the process (the job queue, the database pool) are read at scrape time.
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { Database } from '../db/database.js';
import { readJobQueueDepth, type JobQueueDepth } from '../jobs/job-queue-depth.js';
import type { Clock } from '../time/clock.js';
import type { FailureReason, GrantOutcome, GrantTypeLabel, LockoutKind, Metrics, MfaFailureKind, RefreshResult, RequestSample, SignInFlow, SignInStepOutcome } from './metrics.js';

/** What the scrape-time gauges read. */
export interface MetricsSources {
  readonly db: Database;
  readonly clock: Clock;
}

/** Request latencies from 1 ms (a cached GraphQL read) to 10 s (a drain at shutdown). */
const DURATION_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/**
 * The event-loop delay monitor wakes the process this often (prom-client's default is 10 ms): each
 * wake-up costs an idle server about 45 µs of CPU on the benchmark machine, and 50 samples a second
 * still give a p99 per scrape.
 */
const EVENT_LOOP_SAMPLE_MS = 20;

/** Both job-queue gauges read one sample per scrape (prom-client collects them concurrently). */
const SAMPLE_REUSE_MS = 1000;

/** Metrics kept in a prom-client registry, with Node's default process metrics (event-loop delay, heap, CPU, handles). */
export class PrometheusMetrics implements Metrics {
  readonly enabled = true;
  readonly registry = new Registry();
  private readonly requests: Histogram<'listener' | 'method' | 'route' | 'operation' | 'status'>;
  private readonly signIns: Counter<'flow' | 'outcome' | 'reason'>;
  private readonly lockouts: Counter<'kind'>;
  private readonly mfaFailures: Counter<'kind' | 'reason'>;
  private readonly refreshes: Counter<'result'>;
  private readonly grants: Counter<'grant_type' | 'outcome'>;
  private jobSample: { readonly at: number; readonly depth: Promise<JobQueueDepth | undefined> } | undefined;

  constructor(private readonly sources: MetricsSources) {
    const registers = [this.registry];
    collectDefaultMetrics({ register: this.registry, eventLoopMonitoringPrecision: EVENT_LOOP_SAMPLE_MS });
    this.requests = new Histogram({
      name: 'steward_http_request_duration_seconds',
      help: 'HTTP requests answered, by listener, method, route pattern, operation (Cognito operation or GraphQL root field) and status code.',
      labelNames: ['listener', 'method', 'route', 'operation', 'status'],
      buckets: DURATION_BUCKETS,
      registers,
    });
    this.signIns = new Counter({
      name: 'steward_sign_in_steps_total',
      help: 'Steps of sign-ins (InitiateAuth, RespondToAuthChallenge, the hosted login page) by flow and outcome: success (tokens issued), challenge, failure (reason: its class).',
      labelNames: ['flow', 'outcome', 'reason'],
      registers,
    });
    this.lockouts = new Counter({ name: 'steward_lockouts_total', help: 'Sign-in guesses answered with a lockout, by what was guessed (password, mfa).', labelNames: ['kind'], registers });
    this.mfaFailures = new Counter({ name: 'steward_mfa_failures_total', help: 'Wrong or refused answers to code challenges, by challenge and reason.', labelNames: ['kind', 'reason'], registers });
    this.refreshes = new Counter({ name: 'steward_token_refreshes_total', help: 'Refresh-token uses by result: reissued, rotated, refused, reuse_detected (the sign-in revoked).', labelNames: ['result'], registers });
    this.grants = new Counter({ name: 'steward_oauth_grants_total', help: 'Requests to /oauth2/token by grant type and outcome (success or the OAuth error code).', labelNames: ['grant_type', 'outcome'], registers });
    this.registerJobQueueGauges();
    this.registerDatabaseGauges();
  }

  request(sample: RequestSample): void {
    this.requests.observe({ listener: sample.listener, method: sample.method, route: sample.route, operation: sample.operation, status: String(sample.status) }, sample.seconds);
  }

  signInStep(flow: SignInFlow, outcome: SignInStepOutcome, reason?: FailureReason): void {
    this.signIns.inc({ flow, outcome, reason: outcome === 'failure' ? (reason ?? 'other') : '' });
  }

  lockout(kind: LockoutKind): void {
    this.lockouts.inc({ kind });
  }

  mfaFailure(kind: MfaFailureKind, reason: FailureReason): void {
    this.mfaFailures.inc({ kind, reason });
  }

  tokenRefresh(result: RefreshResult): void {
    this.refreshes.inc({ result });
  }

  oauthGrant(grantType: GrantTypeLabel, outcome: GrantOutcome): void {
    this.grants.inc({ grant_type: grantType, outcome });
  }

  async exposition(): Promise<{ contentType: string; text: string }> {
    return { contentType: this.registry.contentType, text: await this.registry.metrics() };
  }

  /** The queue's depth, read at most once per SAMPLE_REUSE_MS; undefined when the read failed (the database closing). */
  private sampleJobs(): Promise<JobQueueDepth | undefined> {
    const now = Date.now();
    if (this.jobSample === undefined || now - this.jobSample.at > SAMPLE_REUSE_MS) {
      this.jobSample = { at: now, depth: readJobQueueDepth(this.sources.db, this.sources.clock.now()).catch(() => undefined) };
    }
    return this.jobSample.depth;
  }

  private registerJobQueueGauges(): void {
    const sampleJobs = (): Promise<JobQueueDepth | undefined> => this.sampleJobs();
    const clock = this.sources.clock;
    new Gauge({
      name: 'steward_job_queue_depth',
      help: 'Jobs in the queue by state: due (pending, time come), scheduled (pending, later), running. Read from the database at scrape: every replica reports the same queue.',
      labelNames: ['state'],
      registers: [this.registry],
      async collect() {
        const depth = await sampleJobs();
        if (depth === undefined) return;
        this.set({ state: 'due' }, depth.due);
        this.set({ state: 'scheduled' }, depth.scheduled);
        this.set({ state: 'running' }, depth.running);
      },
    });
    new Gauge({
      name: 'steward_job_queue_oldest_due_age_seconds',
      help: 'How long the oldest due job has waited past its run_at, seconds (0 when none is due).',
      registers: [this.registry],
      async collect() {
        const depth = await sampleJobs();
        if (depth === undefined) return;
        this.set(depth.oldestDueAt === null ? 0 : Math.max(0, (clock.now().getTime() - depth.oldestDueAt.getTime()) / 1000));
      },
    });
  }

  private registerDatabaseGauges(): void {
    const db = this.sources.db;
    const gauge = (name: string, help: string, read: (stats: NonNullable<ReturnType<NonNullable<Database['poolStats']>>>) => number): void => {
      new Gauge({
        name,
        help,
        labelNames: ['database'],
        registers: [this.registry],
        collect() {
          const stats = db.poolStats?.();
          if (stats !== undefined) this.set({ database: db.kind }, read(stats));
        },
      });
    };
    gauge('steward_db_pool_connections', 'Database connections open (PGlite: its one connection).', (s) => s.total);
    gauge('steward_db_pool_idle_connections', 'Open database connections doing nothing.', (s) => s.idle);
    gauge('steward_db_pool_waiting_requests', 'Calls waiting for a database connection (PGlite: calls queued behind the one running).', (s) => s.waiting);
    gauge('steward_db_pool_max_connections', 'Most connections the database pool opens.', (s) => s.max);
    gauge('steward_db_calls_in_flight', 'Database calls (queries, transactions) started and not finished.', (s) => s.inFlight);
  }
}

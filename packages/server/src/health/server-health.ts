// The process's health: its lifecycle phase (starting, ready, stopping) and the readiness checks
// behind GET /health/ready: the database answers, every known migration is applied, the signing key
// opens, and the job runner (when this process runs one) keeps turning.
import type { Database } from '../db/database.js';
import { readMigrations } from '../db/migrate.js';
import type { SigningKeys } from '../tokens/signing-keys.js';
import type { Logger } from '../user-pool/operations/logger.js';
import { READINESS_CHECKS, readinessReport, type CheckOutcome, type LifecyclePhase, type ReadinessCheck, type ReadinessReport } from './readiness.js';

/** A probe that does not answer within this long counts as failing (a hung database must not hang the probe). */
const CHECK_TIMEOUT_MS = 2000;

/** What readiness asks of a job runner. */
export interface JobRunnerHealth {
  alive(): boolean;
}

/** What ServerHealth checks. */
export interface ServerHealthDeps {
  readonly db: Database;
  readonly keys: Pick<SigningKeys, 'activeKey'>;
  readonly log: Logger;
  /** The migration versions this build knows (default: the migration files). */
  readonly expectedMigrations?: () => Promise<readonly number[]>;
}

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

/** Lifecycle phase and readiness of one server process. */
export class ServerHealth {
  private currentPhase: LifecyclePhase = 'starting';
  private jobRunner: JobRunnerHealth | undefined;
  private expected: Promise<readonly number[]> | undefined;
  private inFlight: Promise<ReadinessReport> | undefined;
  private lastFailing = '';

  constructor(private readonly deps: ServerHealthDeps) {}

  /** The current phase. */
  get phase(): LifecyclePhase {
    return this.currentPhase;
  }

  /** The start is complete: readiness now depends on the checks. */
  markReady(): void {
    if (this.currentPhase === 'starting') this.currentPhase = 'ready';
  }

  /** The process is stopping: readiness is 503 from now on, whatever the checks say. */
  markStopping(): void {
    this.currentPhase = 'stopping';
  }

  /** The job runner readiness watches; none: the check reports `off`. */
  watchJobRunner(runner: JobRunnerHealth | undefined): void {
    this.jobRunner = runner;
  }

  /** Readiness now. Concurrent probes share one run of the checks, so probes cannot multiply database load. */
  readiness(): Promise<ReadinessReport> {
    if (this.currentPhase !== 'ready') return Promise.resolve(readinessReport(this.currentPhase));
    this.inFlight ??= this.runChecks().finally(() => {
      this.inFlight = undefined;
    });
    return this.inFlight;
  }

  private async runChecks(): Promise<ReadinessReport> {
    const probes: Record<ReadinessCheck, () => Promise<CheckOutcome>> = {
      database: async () => {
        await this.deps.db.query('SELECT 1');
        return 'ok';
      },
      migrations: async () => {
        const rows = await this.deps.db.query<{ version: number }>('SELECT version FROM schema_migrations');
        const applied = new Set(rows.map((row) => Number(row.version)));
        const missing = (await this.expectedMigrations()).filter((version) => !applied.has(version));
        if (missing.length > 0) throw new Error(`migrations not applied: ${missing.join(', ')}`);
        return 'ok';
      },
      signingKeys: async () => {
        await this.deps.keys.activeKey();
        return 'ok';
      },
      jobRunner: async () => {
        if (this.jobRunner === undefined) return 'off';
        if (!this.jobRunner.alive()) throw new Error('the job runner is stopped or stuck');
        return 'ok';
      },
    };
    const errors: Partial<Record<ReadinessCheck, string>> = {};
    const outcomes = await Promise.all(
      READINESS_CHECKS.map(async (name): Promise<[ReadinessCheck, CheckOutcome]> => {
        try {
          return [name, await withTimeout(probes[name](), CHECK_TIMEOUT_MS)];
        } catch (error) {
          errors[name] = error instanceof Error ? error.message : String(error);
          return [name, 'failing'];
        }
      }),
    );
    const report = readinessReport(this.currentPhase, Object.fromEntries(outcomes));
    // Why a check fails goes to the log, not to the (public) probe; once per change, not per probe.
    const failing = report.failing.join(',');
    if (failing !== this.lastFailing) {
      if (failing === '') this.deps.log.info('health: ready again');
      else this.deps.log.warn('health: not ready', { failing: report.failing, errors });
      this.lastFailing = failing;
    }
    return report;
  }

  private expectedMigrations(): Promise<readonly number[]> {
    this.expected ??= (this.deps.expectedMigrations ?? (async () => (await readMigrations()).map((m) => m.version)))();
    return this.expected;
  }
}

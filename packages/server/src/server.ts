// Starting a whole server from a validated config: database, migrations, keys, first-start seed,
// listen; and stopping it gracefully. main.ts adds process concerns (signals, banners, the hard
// bound); other packages' tests call this.
import { pruneAuditLog } from './audit/audit-retention.js';
import type { FastifyInstance } from 'fastify';
import { buildApp, type AppDependencies, type StewardHandle } from './app.js';
import type { Config } from './config/config.js';
import type { Database } from './db/database.js';
import { migrate } from './db/migrate.js';
import { openDatabase } from './db/open-database.js';
import { seedOnFirstStart, type SeedResult } from './seed/seed.js';
import { applyDefaultClientConfig } from './user-pool/app-clients/index.js';
import { pruneAuthSessions } from './user-pool/sessions/auth-sessions.js';
import { resealStoredSecrets } from './sealing/reseal-stored-secrets.js';
import { buildManagedLoginApp } from './oauth/managed-login-app.js';
import { pruneAuthorizationCodes } from './oauth/codes/authorization-codes.js';
import { pruneHostedLogin } from './oauth/hosted-session/hosted-session.js';
import { JobRunner, type JobHandlers } from './jobs/job-runner.js';
import { fromPino } from './user-pool/operations/logger.js';
import { serveBackups } from './backup/backup-socket.js';
import { startMetricsListener } from './metrics/metrics-listener.js';
import { HttpDrain } from './lifecycle/http-drain.js';
import { stopGracefully, type StopReport } from './lifecycle/graceful-stop.js';
import { startRollupFolding } from './collections/dashboard/dashboard-rollups.js';

const HOUSEKEEPING_MS = 10 * 60 * 1000;

/** A listening server and what its first start created. */
export interface RunningServer {
  readonly app: FastifyInstance;
  readonly db: Database;
  /** The origin it listens on, e.g. http://127.0.0.1:3000 (the real port when PORT=0). */
  readonly url: string;
  /** The managed-login server (OAuth endpoints, hosted login page); undefined when MANAGED_LOGIN is off. */
  readonly managedLoginApp: FastifyInstance | undefined;
  /** The origin managed login is reached at (MANAGED_LOGIN_PUBLIC_URL, or the port it really listens on). */
  readonly managedLoginUrl: string | undefined;
  /** Versions of the migrations applied by this start. */
  readonly appliedMigrations: readonly number[];
  /** Set when this start created the user pool (first start), with the demo users. */
  readonly seed: SeedResult | undefined;
  /** The job runner; undefined when JOBS_ENABLED is off or no job handler was given. */
  readonly jobs: JobRunner | undefined;
  /** Where GET /metrics is served (its own listener); undefined when METRICS_ENABLED is off. */
  readonly metricsUrl: string | undefined;
  /**
   * Stops gracefully within `boundMs` (default SHUTDOWN_TIMEOUT_SECONDS): readiness 503, listeners
   * closed, requests in flight and jobs in hand finished (cut or handed back past the force point),
   * apps and database closed. Calling it again returns the same stop.
   */
  stop(options?: { readonly boundMs?: number }): Promise<StopReport>;
  /** The requests in flight, open connections and jobs in hand, described (for a stop that overruns). */
  openWork(): string[];
  /** stop() for callers that only wait for it. */
  close(): Promise<void>;
}

/** What startServer takes besides the configuration. */
export interface ServerDependencies extends Partial<Omit<AppDependencies, 'db'>> {
  /** Job handlers by kind (features that queue work register theirs), or made from the app's services; none: no runner is started. */
  readonly jobHandlers?: JobHandlers | ((services: StewardHandle) => JobHandlers);
}

/** Opens the database, migrates, builds the app, seeds on first start, listens and starts the job runner. */
export async function startServer(config: Config, serverDeps: ServerDependencies = {}): Promise<RunningServer> {
  const { jobHandlers: handlersOption = {}, ...deps } = serverDeps;
  const db = await openDatabase(config);
  try {
    const appliedMigrations = await migrate(db);
    const app = await buildApp(config, { ...deps, db });
    await app.steward.tokens.keys.ensureKey();
    await resealStoredSecrets(db, app.steward.secrets);
    const seed = await seedOnFirstStart(db, app.steward.clock, config);
    await applyDefaultClientConfig(app.steward, config, app.steward.clock.now());

    const housekeeping = setInterval(() => {
      void Promise.all([pruneAuditLog(app.steward, config.auditRetentionDays), app.steward.limits.prune(), app.steward.lockout.prune(), app.steward.tokens.prune(), app.steward.tokens.keys.prune(), pruneAuthSessions(app.steward), pruneAuthorizationCodes(app.steward), pruneHostedLogin(app.steward)]).catch((error: unknown) =>
        app.log.warn({ err: error }, 'housekeeping failed'),
      );
    }, HOUSEKEEPING_MS);
    housekeeping.unref();
    // The dashboard's totals: every process folds the committed deltas (folds run one at a time).
    const stopFolding = startRollupFolding(db, fromPino(app.log));

    // Attached before listening, so the drain sees every connection.
    const drains = [new HttpDrain(app.server)];
    await app.listen({ port: config.port, host: config.host });
    const address = app.server.address();
    const port = typeof address === 'object' && address !== null ? address.port : config.port;
    const managedLoginApp = config.managedLogin ? await buildManagedLoginApp(config, app.steward) : undefined;
    if (managedLoginApp !== undefined) {
      drains.push(new HttpDrain(managedLoginApp.server));
      await managedLoginApp.listen({ port: config.managedLoginPort, host: config.host });
      const loginAddress = managedLoginApp.server.address();
      const loginPort = typeof loginAddress === 'object' && loginAddress !== null ? loginAddress.port : config.managedLoginPort;
      if (!config.managedLoginPublicUrlIsExplicit) app.steward.managedLogin.publicUrl = `${config.managedLoginTls ? 'https' : 'http'}://localhost:${loginPort}`;
    }
    const metrics = config.metricsEnabled ? await startMetricsListener(app.steward.metrics, { host: config.metricsHost, port: config.metricsPort }) : undefined;
    const jobHandlers = typeof handlersOption === 'function' ? handlersOption(app.steward) : handlersOption;
    // Without handlers there is nothing this process could claim: no loop, no polling queries.
    const jobs =
      config.jobsEnabled && Object.keys(jobHandlers).length > 0
        ? new JobRunner({ db, clock: app.steward.clock, handlers: jobHandlers, log: fromPino(app.log) }, { pollIntervalMs: config.jobsPollIntervalMs })
        : undefined;
    jobs?.start();
    // A PGlite folder is backed up by the process holding it: `cli backup` asks here (src/backup/).
    const backups = db.snapshot !== undefined && config.databaseUrl === undefined && !config.dataDir.startsWith('memory://') ? await serveBackups(db, config.dataDir, fromPino(app.log)) : undefined;
    app.steward.health.watchJobRunner(jobs);
    app.steward.health.markReady();

    let stopping: Promise<StopReport> | undefined;
    const stop = (options: { readonly boundMs?: number } = {}): Promise<StopReport> => {
      stopping ??= stopGracefully(
        {
          health: app.steward.health,
          drains,
          jobs,
          closers: [
            async () => clearInterval(housekeeping),
            async () => stopFolding(),
            async () => {
              await managedLoginApp?.close();
            },
            async () => {
              await backups?.close();
            },
            async () => {
              await app.close();
            },
            async () => {
              await metrics?.close();
            },
            // Last: requests and jobs used it until now. PGlite's folder lock goes with it.
            async () => db.close(),
          ],
          log: app.steward.log,
        },
        options.boundMs ?? config.shutdownTimeoutSeconds * 1000,
      );
      return stopping;
    };
    return {
      app,
      db,
      jobs,
      managedLoginApp,
      managedLoginUrl: managedLoginApp === undefined ? undefined : app.steward.managedLogin.publicUrl,
      metricsUrl: metrics?.url,
      url: `http://${config.host}:${port}`,
      appliedMigrations,
      seed,
      stop,
      openWork: () => [...drains.flatMap((drain) => drain.describeOpen()), ...(jobs?.describeHeld() ?? [])],
      async close() {
        await stop();
      },
    };
  } catch (error) {
    await db.close();
    throw error;
  }
}

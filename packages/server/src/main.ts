// The server's process entry: validated configuration, production warnings, start, and a graceful
// stop on SIGTERM / SIGINT within SHUTDOWN_TIMEOUT_SECONDS (exit 0; past the bound, exit 1 naming
// what was still open). Built to dist/main.js for production (`node packages/server/dist/main.js`).
import { performance } from 'node:perf_hooks';
import { ConfigError, loadConfig, productionWarnings, type Config } from './config/config.js';
import { DatabaseLockedError } from './db/folder-lock.js';
import type { SeedResult } from './seed/seed.js';
import { startServer, type RunningServer } from './server.js';
import { campaignJobHandlers } from './campaigns/runner/contact-handler.js';
import { campaignMessageSettings } from './campaigns/messages/opt-out.js';
import { ShiftableClock, testClockWanted } from './time/test-clock.js';
import { promiseJobHandlers } from './collections/promises/promise-check-job.js';
import { userImportJobHandlers } from './user-pool/imports/index.js';

function banner(lines: string[]): string {
  const width = Math.max(...lines.map((l) => l.length)) + 4;
  const rule = '!'.repeat(width);
  return [rule, ...lines.map((l) => `! ${l.padEnd(width - 4)} !`), rule].join('\n');
}

function printSeed(seed: SeedResult, config: Config): void {
  const lines = [
    '',
    'Created the user pool on first start:',
    `  userPoolId        ${seed.userPoolId}`,
    `  userPoolClientId  ${seed.clientId}`,
    `  identityPoolId    ${seed.identityPoolId}`,
  ];
  if (seed.demoUsers.length > 0) {
    lines.push('', 'Demo users (sign in with username or email; MFA setup is asked at first sign-in):');
    for (const u of seed.demoUsers) lines.push(`  ${u.username.padEnd(8)} ${u.password.padEnd(18)} ${u.email}  ${u.description}`);
  }
  if (config.mode === 'development') lines.push('', `Codes (sign-up, MFA, password reset) appear here and at ${config.publicUrl}/dev/outbox`);
  console.log(lines.join('\n'));
}

/**
 * Stops the server (once it has started) within the bound; the process exits 0 after a clean stop,
 * 1 after one that had to cut requests or hand jobs back, and 1 from a timer if even closing overruns.
 */
async function stopOnSignal(signal: NodeJS.Signals, boundSeconds: number, starting: Promise<RunningServer>): Promise<void> {
  const boundMs = boundSeconds * 1000;
  const signalledAt = performance.now();
  console.log(`${signal}: stopping (readiness 503, draining requests and jobs; bound SHUTDOWN_TIMEOUT_SECONDS=${boundSeconds}).`);
  let server: RunningServer | undefined;
  const hardStop = setTimeout(() => {
    const open = server?.openWork() ?? [];
    console.error(`Not stopped within SHUTDOWN_TIMEOUT_SECONDS=${boundSeconds}; still open: ${open.length > 0 ? open.join('; ') : 'the start, or the apps and database closing'}.`);
    process.exit(1);
  }, boundMs);
  try {
    server = await starting;
    const report = await server.stop({ boundMs: Math.max(1, boundMs - (performance.now() - signalledAt)) });
    clearTimeout(hardStop);
    if (report.forced.length > 0 || report.closeErrors.length > 0) {
      console.error(`Stopped past the bound: cut ${report.forced.join('; ') || 'nothing'}${report.closeErrors.length > 0 ? `; failed to close: ${report.closeErrors.join('; ')}` : ''}.`);
      process.exit(1);
    }
    console.log(`Stopped in ${(report.elapsedMs / 1000).toFixed(1)} s.`);
    process.exit(0);
  } catch (error) {
    console.error(`Stop failed: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  }
}

async function main(): Promise<void> {
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(2);
    }
    throw error;
  }
  const warnings = productionWarnings(config);
  if (warnings.length > 0) console.error(banner(['PRODUCTION MODE WITH DEVELOPMENT DEFAULTS:', ...warnings]));

  // Campaign contacts run in every server process (JOBS_ENABLED); the queue keeps them from running twice.
  // End-to-end tests move the server's time (STEWARD_TEST_CLOCK=on, development mode only).
  const testClock = testClockWanted(config.mode) ? new ShiftableClock() : undefined;
  const starting = startServer(config, {
    ...(testClock === undefined ? {} : { clock: testClock, testClock }),
    jobHandlers: (services) => ({
      ...campaignJobHandlers({ db: services.db, clock: services.clock, delivery: services.delivery, messages: campaignMessageSettings(services.config), log: services.log }),
      ...promiseJobHandlers({ db: services.db, clock: services.clock }),
      ...userImportJobHandlers({ db: services.db, clock: services.clock, audit: services.audit, log: services.log }),
    }),
  });
  // From the first moment: a signal during the start stops the server once it is up (a migration is never cut).
  // A second signal does not cut the stop short: a terminal's Ctrl-C may reach the process twice (directly and through pnpm).
  let stopping = false;
  const onSignal = (signal: NodeJS.Signals): void => {
    if (stopping) {
      console.error(`${signal} again: already stopping.`);
      return;
    }
    stopping = true;
    void stopOnSignal(signal, config.shutdownTimeoutSeconds, starting);
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);

  let server: RunningServer;
  try {
    server = await starting;
  } catch (error) {
    if (error instanceof DatabaseLockedError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  if (server.appliedMigrations.length > 0) console.log(`Applied migrations ${server.appliedMigrations.join(', ')} (${server.db.kind}).`);
  if (server.seed !== undefined) printSeed(server.seed, config);

  console.log(`Steward server (${config.mode}, ${server.db.kind}) listening on ${server.url}`);
  if (server.managedLoginUrl !== undefined) console.log(`Managed login (OAuth 2.0 / OpenID Connect, hosted sign-in page) on ${server.managedLoginUrl}`);
  if (server.metricsUrl !== undefined) console.log(`Prometheus metrics on ${server.metricsUrl}/metrics`);
}

await main();

// The server's process entry: validated configuration, production warnings, start, signals.
import { ConfigError, loadConfig, productionWarnings, type Config } from './config/config.js';
import { DatabaseLockedError } from './db/folder-lock.js';
import type { SeedResult } from './seed/seed.js';
import { startServer } from './server.js';
import { campaignJobHandlers } from './campaigns/runner/contact-handler.js';
import { campaignMessageSettings } from './campaigns/messages/opt-out.js';
import { ShiftableClock, testClockWanted } from './time/test-clock.js';
import { promiseJobHandlers } from './collections/promises/promise-check-job.js';

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
  let server: Awaited<ReturnType<typeof startServer>>;
  try {
    // End-to-end tests move the server's time (STEWARD_TEST_CLOCK=on, development mode only).
    const testClock = testClockWanted(config.mode) ? new ShiftableClock() : undefined;
    server = await startServer(config, {
      ...(testClock === undefined ? {} : { clock: testClock, testClock }),
      jobHandlers: (services) => ({
        ...campaignJobHandlers({ db: services.db, clock: services.clock, delivery: services.delivery, messages: campaignMessageSettings(services.config), log: services.log }),
        ...promiseJobHandlers({ db: services.db, clock: services.clock }),
      }),
    });
  } catch (error) {
    if (error instanceof DatabaseLockedError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  if (server.appliedMigrations.length > 0) console.log(`Applied migrations ${server.appliedMigrations.join(', ')} (${server.db.kind}).`);
  if (server.seed !== undefined) printSeed(server.seed, config);

  const shutdown = async (): Promise<void> => {
    await server.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown());
  process.once('SIGTERM', () => void shutdown());
  console.log(`Steward server (${config.mode}, ${server.db.kind}) listening on ${server.url}`);
  if (server.managedLoginUrl !== undefined) console.log(`Managed login (OAuth 2.0 / OpenID Connect, hosted sign-in page) on ${server.managedLoginUrl}`);
  if (server.metricsUrl !== undefined) console.log(`Prometheus metrics on ${server.metricsUrl}/metrics`);
}

await main();

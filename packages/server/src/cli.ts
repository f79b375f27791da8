// Administration from the command line: pnpm --filter @steward/server cli <command> [options]
import { runCli, SERVER_RUNNING_HINT } from './admin/cli-commands.js';
import { ConfigError } from './config/config.js';
import { DatabaseLockedError } from './db/folder-lock.js';
import { isServiceError } from './errors/catalogue.js';
import { BackupError } from './backup/pglite-backup.js';

try {
  process.exitCode = await runCli(process.argv.slice(2), process.env, (line) => console.log(line));
} catch (error) {
  // Exit 2 for a configuration problem, as the server (src/main.ts): nothing was done.
  if (error instanceof ConfigError) console.error(error.message);
  else if (error instanceof DatabaseLockedError) console.error(`${error.message}\n\n${SERVER_RUNNING_HINT}`);
  else if (isServiceError(error)) console.error(`${error.name}: ${error.message}`);
  else if (error instanceof BackupError) console.error(error.message);
  else console.error(error instanceof Error ? error.message : String(error));
  process.exitCode = error instanceof ConfigError ? 2 : 1;
}

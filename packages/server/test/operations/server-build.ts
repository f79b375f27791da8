// The production build for tests that run it (`node dist/main.js`): built with the package's own
// `pnpm run build`, once for as long as the sources do not change, and never by two test processes
// at once (tsup empties dist/ first, which would pull files from under a server started from it).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** packages/server. */
export const SERVER_PACKAGE_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

const LOCK_DIR = path.join(SERVER_PACKAGE_DIR, '.build.lock');
const STALE_LOCK_MS = 180_000;

/** What the bundle is made of: the server's sources and config, and the workspace packages it bundles. */
const INPUTS = ['src', 'tsup.config.ts', 'package.json', '../auth-core/src', '../collections/src'].map((p) => path.join(SERVER_PACKAGE_DIR, p));

function newestMtime(file: string): number {
  const stat = statSync(file);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(file).reduce((newest, entry) => Math.max(newest, newestMtime(path.join(file, entry))), stat.mtimeMs);
}

function upToDate(): boolean {
  const built = path.join(SERVER_PACKAGE_DIR, 'dist', 'main.js');
  return existsSync(built) && statSync(built).mtimeMs > Math.max(...INPUTS.filter((input) => existsSync(input)).map(newestMtime));
}

async function withLock<T>(work: () => T): Promise<T> {
  for (;;) {
    try {
      mkdirSync(LOCK_DIR);
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      // A lock left by a killed test run is taken over.
      const since = statSync(LOCK_DIR, { throwIfNoEntry: false })?.mtimeMs;
      if (since !== undefined && Date.now() - since > STALE_LOCK_MS) rmSync(LOCK_DIR, { recursive: true, force: true });
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
  try {
    return work();
  } finally {
    rmSync(LOCK_DIR, { recursive: true, force: true });
  }
}

/** Builds dist/ unless it is newer than every input; returns whether it built. */
export async function ensureServerBuild(): Promise<boolean> {
  return withLock(() => {
    if (upToDate()) return false;
    const build = spawnSync('pnpm', ['run', 'build'], { cwd: SERVER_PACKAGE_DIR, encoding: 'utf8' });
    if (build.status !== 0) throw new Error(`pnpm run build failed:\n${build.stdout}\n${build.stderr}`);
    return true;
  });
}

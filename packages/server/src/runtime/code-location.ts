// Where the server's own files are, whether it runs from its TypeScript sources (src/, under tsx or
// vitest) or from the production build (dist/, one bundle per entry). Files that are read at run
// time rather than imported (SQL migrations, the hosted page's assets) are copied into dist/ by the
// build under the same relative path they have under src/, so both layouts find them the same way.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));

/** The nearest folder at or above `start` holding a package.json. */
function packageDirAbove(start: string): string {
  let dir = start;
  while (!existsSync(path.join(dir, 'package.json'))) {
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error(`no package.json above ${start}`);
    dir = parent;
  }
  return dir;
}

/** Absolute path of packages/server. */
export const SERVER_PACKAGE_DIR = packageDirAbove(here);

/** Absolute path of the repository root (two levels above packages/server). */
export const REPO_ROOT = path.resolve(SERVER_PACKAGE_DIR, '../..');

/** The folder the running code comes from: packages/server/src, or packages/server/dist in a build. */
export const CODE_DIR = path.join(SERVER_PACKAGE_DIR, path.relative(SERVER_PACKAGE_DIR, here).split(path.sep)[0] ?? 'src');

/** True when running from the production build (dist/) rather than the sources. */
export const RUNS_FROM_BUILD = path.basename(CODE_DIR) !== 'src';

/** Absolute path of a file shipped with the code, given by its path under src/ (e.g. `db/migrations`). */
export function shippedPath(relativeToSrc: string): string {
  return path.join(CODE_DIR, relativeToSrc);
}

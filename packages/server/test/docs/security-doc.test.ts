// docs/security.md's table "What each property test proves" is what reviewers run and trust: every
// row must name a real property test that `pnpm test:props` runs, and no property test may be left
// out of it. The files each package's script runs are asked of vitest itself (`vitest list`).
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../../src/config/config-schema.js';

const run = promisify(execFile);
const HEADING = /^#+ What each property test proves\b/;
const PROPS_SUFFIX = '.props.test.ts';
const SKIPPED_DIRS = new Set(['node_modules', 'dist', 'coverage', 'test-results', '.git', '.data']);

interface TableRow {
  /** The path as written in the table. */
  readonly written: string;
  /** Absolute path it names. */
  readonly file: string;
}

/** The rows of the table under HEADING; unmarked paths are under the directory the header names. */
function propertyTable(doc: string): TableRow[] {
  const lines = doc.split('\n');
  const start = lines.findIndex((line) => HEADING.test(line));
  if (start < 0) throw new Error('docs/security.md has no heading "What each property test proves"');
  const table: string[] = [];
  for (const line of lines.slice(start + 1)) {
    if (!line.startsWith('|')) {
      if (table.length > 0) break;
      continue;
    }
    table.push(line);
  }
  const [header, , ...rows] = table;
  const base = /under `([^`]+)` unless marked/.exec(header ?? '')?.[1];
  if (base === undefined) throw new Error(`the table header does not say which directory unmarked paths are under: ${String(header)}`);
  return rows.map((row) => {
    const written = /^\| `([^`]+)` \|/.exec(row)?.[1];
    if (written === undefined) throw new Error(`a row without a backticked test path: ${row}`);
    const marked = written.startsWith('packages/') || written.startsWith('e2e/');
    return { written, file: path.join(REPO_ROOT, marked ? written : path.join(base, written)) };
  });
}

/** Every `*.props.test.ts` of the repository (outside dependencies and build output). */
async function propertyTestFiles(dir: string): Promise<string[]> {
  const found: string[] = [];
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    if (entry.isDirectory()) {
      if (!SKIPPED_DIRS.has(entry.name) && !entry.name.startsWith('.')) found.push(...(await propertyTestFiles(path.join(dir, entry.name))));
    } else if (entry.name.endsWith(PROPS_SUFFIX)) {
      found.push(path.join(dir, entry.name));
    }
  }
  return found;
}

/** Directories of the workspace's packages (pnpm-workspace.yaml: `dir/*` globs and plain dirs). */
async function workspacePackages(): Promise<string[]> {
  const yaml = await readFile(path.join(REPO_ROOT, 'pnpm-workspace.yaml'), 'utf8');
  const section = yaml.split(/^packages:\s*$/m)[1]?.split(/^\S/m)[0] ?? '';
  const patterns = [...section.matchAll(/^\s+-\s+['"]?([^'"\s]+)['"]?\s*$/gm)].map((m) => m[1] ?? '');
  const dirs: string[] = [];
  for (const pattern of patterns) {
    if (pattern.endsWith('/*')) {
      const parent = path.join(REPO_ROOT, pattern.slice(0, -2));
      for (const entry of await readdir(parent, { withFileTypes: true })) if (entry.isDirectory()) dirs.push(path.join(parent, entry.name));
    } else {
      dirs.push(path.join(REPO_ROOT, pattern));
    }
  }
  return dirs.filter((dir) => existsSync(path.join(dir, 'package.json')));
}

async function scriptsOf(dir: string): Promise<Record<string, string>> {
  return ((JSON.parse(await readFile(path.join(dir, 'package.json'), 'utf8')) as { scripts?: Record<string, string> }).scripts ?? {});
}

/** Environment of a nested vitest: without this run's worker variables, which would make it act as a worker. */
function nestedEnv(): NodeJS.ProcessEnv {
  return Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('VITEST') && name !== 'NODE_OPTIONS' && name !== 'TEST'));
}

describe('docs/security.md, "What each property test proves"', () => {
  let rows: TableRow[];
  let everyPropertyTest: string[];
  /** Absolute path of every file some package's test:props runs, as vitest lists them. */
  const runByScripts = new Set<string>();
  let scratch: string;

  beforeAll(async () => {
    rows = propertyTable(await readFile(path.join(REPO_ROOT, 'docs', 'security.md'), 'utf8'));
    everyPropertyTest = await propertyTestFiles(REPO_ROOT);
    scratch = await mkdtemp(path.join(tmpdir(), 'security-doc-'));
    const vitest = path.join(REPO_ROOT, 'node_modules', '.bin', 'vitest');
    for (const dir of await workspacePackages()) {
      const script = (await scriptsOf(dir))['test:props'];
      if (script === undefined) continue;
      // Listing exactly what the script would run needs the script to be one plain `vitest run`.
      const args = /^vitest run((?: [^\s&|;<>]+)*)$/.exec(script.trim());
      if (args === null) throw new Error(`${path.relative(REPO_ROOT, dir)}: test:props must be a single "vitest run ..." to be checked, is "${script}"`);
      const out = path.join(scratch, `${path.basename(dir)}.json`);
      await run(vitest, ['list', '--filesOnly', `--json=${out}`, ...(args[1] ?? '').trim().split(' ').filter((a) => a !== '')], { cwd: dir, env: nestedEnv() });
      for (const listed of JSON.parse(await readFile(out, 'utf8')) as { file: string }[]) runByScripts.add(listed.file);
    }
  }, 120_000);

  afterAll(async () => {
    await rm(scratch, { recursive: true, force: true });
  });

  it('lists only files that exist', () => {
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.filter((r) => !existsSync(r.file)).map((r) => r.written)).toEqual([]);
  });

  it('lists only property tests: named *.props.test.ts and checking properties with fast-check', async () => {
    const notProperty: string[] = [];
    for (const row of rows) {
      const source = existsSync(row.file) ? await readFile(row.file, 'utf8') : '';
      const usesFastCheck = /from ['"](fast-check|@fast-check\/vitest)['"]/.test(source) && /\b(fc\.assert|it\.prop|test\.prop)\b/.test(source);
      if (!row.file.endsWith(PROPS_SUFFIX) || !usesFastCheck) notProperty.push(row.written);
    }
    expect(notProperty).toEqual([]);
  });

  it('lists only files that some package runs under test:props', () => {
    expect(runByScripts.size).toBeGreaterThan(0);
    expect(rows.filter((r) => !runByScripts.has(r.file)).map((r) => r.written)).toEqual([]);
  });

  it('lists every *.props.test.ts of the repository', () => {
    const listed = new Set(rows.map((r) => r.file));
    expect(everyPropertyTest.length).toBeGreaterThan(0);
    expect(everyPropertyTest.filter((f) => !listed.has(f)).map((f) => path.relative(REPO_ROOT, f))).toEqual([]);
  });

  it('lets a reviewer turn every property up: each fc.assert takes FC_NUM_RUNS, FC_SEED and FC_PATH through propertyRuns', async () => {
    const ignoring: string[] = [];
    for (const file of everyPropertyTest) {
      const source = await readFile(file, 'utf8');
      const asserts = source.match(/\bfc\.assert\(/g)?.length ?? 0;
      const knobs = source.match(/\bpropertyRuns\(/g)?.length ?? 0;
      if (asserts !== knobs) ignoring.push(`${path.relative(REPO_ROOT, file)}: ${asserts} fc.assert, ${knobs} propertyRuns`);
    }
    expect(ignoring).toEqual([]);
  });

  it('reads the knobs the same way everywhere: each package with property tests installs tooling/property-knobs.ts in a test/properties.ts its vitest config loads', async () => {
    const packages = [...new Set(everyPropertyTest.map((file) => path.relative(REPO_ROOT, file).split(path.sep).slice(0, 2).join(path.sep)))].sort();
    const notInstalled: string[] = [];
    const notLoaded: string[] = [];
    for (const dir of packages) {
      const knobs = await readFile(path.join(REPO_ROOT, dir, 'test', 'properties.ts'), 'utf8').catch(() => '');
      if (!knobs.includes('installPropertyKnobs({ fc, beforeEach, vi })')) notInstalled.push(dir);
      if (!(await readFile(path.join(REPO_ROOT, dir, 'vitest.config.ts'), 'utf8')).includes("setupFiles: ['./test/properties.ts']")) notLoaded.push(dir);
    }
    expect(packages.length).toBeGreaterThanOrEqual(3);
    expect(notInstalled).toEqual([]);
    expect(notLoaded).toEqual([]);
  });

  it('runs every property test from the root: `pnpm test:props` runs each package\'s test:props', async () => {
    expect((await scriptsOf(REPO_ROOT))['test:props']).toMatch(/^pnpm -r\b.*\btest:props$/);
    expect(everyPropertyTest.filter((f) => !runByScripts.has(f)).map((f) => path.relative(REPO_ROOT, f))).toEqual([]);
  });
});

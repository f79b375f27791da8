// The fast-check knobs of every package's property tests, read from the environment so a reviewer can
// turn them up without editing a test (docs/auth-core.md, "Property tests"; docs/security.md):
//   FC_NUM_RUNS=10000  runs every property that many times (unset: each property's own count);
//   FC_SEED, FC_PATH   replay a failure: every failure report ends with the command that does it.
// Every fc.assert passes `propertyRuns(n)` (n: the property's usual count) as its parameters: fast-check
// lets a local numRuns win over a global one and takes a path only locally. Each package's
// test/properties.ts calls installPropertyKnobs with its own fast-check and vitest (so the settings
// land on the instances its tests use) and is loaded by its vitest config (setupFiles), which installs
// the failure report, and the run count and seed for a property that forgot propertyRuns.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';

import type { RunnerTask, RunnerTestCase, beforeEach as BeforeEach, vi as Vi } from 'vitest';

/** fast-check parameters of one property. */
export interface PropertyRuns {
  numRuns: number;
  seed?: number;
  path?: string;
  endOnFailure?: boolean;
}

/** What a package's test/properties.ts hands out to its property tests. */
export interface PropertyKnobs {
  /** fc.assert's parameters: `defaultRuns` runs (fast-check's default 100) unless FC_NUM_RUNS is set, and FC_SEED / FC_PATH. */
  propertyRuns: (defaultRuns?: number) => PropertyRuns;
  /** A test's own timeout in ms, lifted (0: none) when FC_NUM_RUNS sets the run counts. */
  propertyTimeout: (defaultMs: number) => number;
}

/** What the report needs of a finished fast-check run. */
interface RunReport {
  failed: boolean;
  seed: number;
  counterexamplePath: string | null;
  errorInstance: unknown;
}

/** The part of fast-check used here (structural, so this file needs no fast-check of its own). */
interface FastCheckSettings {
  configureGlobal(parameters: { numRuns?: number; seed?: number; reporter?: (details: RunReport) => void }): void;
  defaultReportMessage(details: RunReport): string | undefined;
}

/** The package's fast-check and vitest: the knobs must reach the very instances the tests import. */
export interface KnobTargets {
  fc: FastCheckSettings;
  beforeEach: typeof BeforeEach;
  vi: typeof Vi;
}

function integerFromEnv(name: string, minimum: number): number | undefined {
  const text = process.env[name];
  if (text === undefined || text === '') return undefined;
  const value = Number(text);
  if (!Number.isSafeInteger(value) || value < minimum) throw new Error(`${name} must be an integer of at least ${minimum}, not ${JSON.stringify(text)}`);
  return value;
}

/** The test's name as vitest's -t matches it: its describe blocks and its own name, space-separated. */
function fullName(task: RunnerTask): string {
  const names: string[] = [];
  for (let current: RunnerTask | undefined = task; current !== undefined; current = current.suite) {
    if ('filepath' in current) break;
    if (current.name !== '') names.unshift(current.name);
  }
  return names.join(' ');
}

/** The nearest folder above `file` with a package.json, and that package's name. */
function packageOf(file: string): { dir: string; name: string } {
  for (let dir = dirname(file); ; dir = dirname(dir)) {
    const manifest = join(dir, 'package.json');
    if (existsSync(manifest)) return { dir, name: (JSON.parse(readFileSync(manifest, 'utf8')) as { name: string }).name };
    if (dirname(dir) === dir) throw new Error(`no package.json above ${file}`);
  }
}

const shellQuote = (text: string): string => `'${text.replaceAll("'", `'\\''`)}'`;
const regexEscape = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The command that reruns exactly this test with this seed (and path: straight to the shrunk counterexample). */
function replayCommand(test: RunnerTestCase | undefined, failedSeed: number, failedPath: string | null): string {
  const knobs = [`FC_SEED=${failedSeed}`, ...(failedPath === null ? [] : [`FC_PATH=${shellQuote(failedPath)}`])];
  if (test === undefined) return `${knobs.join(' ')} pnpm test:props`;
  const { dir, name } = packageOf(test.file.filepath);
  const file = relative(dir, test.file.filepath).replaceAll('\\', '/');
  return `${knobs.join(' ')} pnpm --filter ${name} exec vitest run ${file} -t ${shellQuote(`${regexEscape(fullName(test))}$`)}`;
}

/** Reads FC_NUM_RUNS, FC_SEED and FC_PATH, installs them and the replaying failure report on the package's fast-check and vitest. */
export function installPropertyKnobs(targets: KnobTargets): PropertyKnobs {
  const numRuns = integerFromEnv('FC_NUM_RUNS', 1);
  const seed = integerFromEnv('FC_SEED', Number.MIN_SAFE_INTEGER);
  const path = process.env.FC_PATH === '' ? undefined : process.env.FC_PATH;
  if (path !== undefined && seed === undefined) throw new Error('FC_PATH replays a failure only together with the FC_SEED printed with it');

  let currentTest: RunnerTestCase | undefined;
  targets.beforeEach(({ task }) => {
    currentTest = task;
  });

  targets.fc.configureGlobal({
    ...(numRuns === undefined ? {} : { numRuns }),
    ...(seed === undefined ? {} : { seed }),
    // fast-check's own report (seed, path, counterexample), plus the command that replays it.
    reporter: (details) => {
      if (!details.failed) return;
      const report = targets.fc.defaultReportMessage(details) ?? 'Property failed';
      throw new Error(`${report}\n\nReplay: ${replayCommand(currentTest, details.seed, details.counterexamplePath)}`, { cause: details.errorInstance });
    },
  });

  // Tests that run without a timeout of their own may take as long as the counts they were given need.
  if (numRuns !== undefined) targets.vi.setConfig({ testTimeout: 0 });

  return {
    propertyRuns: (defaultRuns = 100) => ({
      numRuns: numRuns ?? defaultRuns,
      ...(seed === undefined ? {} : { seed }),
      // Straight to the recorded counterexample, without shrinking it again.
      ...(path === undefined ? {} : { path, endOnFailure: true }),
    }),
    propertyTimeout: (defaultMs) => (numRuns === undefined ? defaultMs : 0),
  };
}

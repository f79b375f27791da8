// `pnpm bench` (web), second part: the 100 000-row import of issue 16, end to end from headless
// Chromium against the real server on PostgreSQL and on PGlite, one after the other in one run.
// Writes the "## import" section of docs/benchmarks.md. IMPORT_BENCH_ROWS overrides the row count.
import { launchChromium } from '../e2e/launch';
import { machine, writeBenchmarkSection } from './benchmarks-doc';
import { measureImport } from './import-bench';
import type { ImportEngine, ImportRun } from './import-bench';

const ROWS = Number(process.env.IMPORT_BENCH_ROWS ?? 100_000);
const GOAL_MS = 60_000;
const ENGINES: readonly ImportEngine[] = ['PostgreSQL', 'PGlite'];

const seconds = (ms: number): string => `${(ms / 1000).toFixed(1)} s`;
const cell = (text: string): string => text.replace(/\|/g, '/');
const rate = (run: ImportRun): string => `${Math.round(run.rows / (run.importMs / 1000)).toLocaleString('en-US')} rows/s`;

function section(runs: readonly ImportRun[]): string {
  const postgres = runs.find((run) => run.engine === 'PostgreSQL');
  const pglite = runs.find((run) => run.engine === 'PGlite');
  const ratio = postgres !== undefined && pglite !== undefined ? ` PGlite took ${(pglite.importMs / postgres.importMs).toFixed(2)}× PostgreSQL's import time.` : '';
  return [
    '## import',
    '',
    `Measured ${new Date().toISOString().slice(0, 10)} by \`pnpm --filter @steward/web bench\` on ${machine()}: a generated file of ${ROWS.toLocaleString('en-US')} accounts (${'`bench/import-file.ts`'}, a client's column names, US dates, money with thousands separators) imported by the demo staff user through /files in headless Chromium — auto-suggested mapping, parsing and validation in the page's worker, batch upserts of 1 000 rows, two in flight — against the real server serving the production build, first on PostgreSQL (a fresh database on this machine), then on the embedded PGlite, in one run.${ratio}`,
    '',
    '| Engine | Read, map and validate | Import (click to "Import done") | Rows/s | Goal (100 000 rows < 60 s on PostgreSQL) | Page\'s last word | Same file again | Page\'s last word |',
    '| --- | --- | --- | --- | --- | --- | --- | --- |',
    ...runs.map(
      (run) =>
        `| ${run.engine} | ${seconds(run.prepareMs)} | **${seconds(run.importMs)}** | ${rate(run)} | ${run.engine === 'PostgreSQL' ? (run.importMs + run.prepareMs < GOAL_MS ? 'met (end to end)' : 'missed') : ''} | ${cell(run.outcome)} | ${seconds(run.reimportMs)} | ${cell(run.reimportOutcome)} |`,
    ),
    '',
  ].join('\n');
}

const browser = await launchChromium();
const runs: ImportRun[] = [];
try {
  for (const engine of ENGINES) {
    const run = await measureImport(browser, engine, ROWS);
    console.log(`${engine}: prepare ${seconds(run.prepareMs)}, import ${seconds(run.importMs)} (${rate(run)}) — ${run.outcome}; again ${seconds(run.reimportMs)} — ${run.reimportOutcome}`);
    runs.push(run);
  }
} finally {
  await browser.close();
}
console.log(`wrote the "## import" section of ${writeBenchmarkSection('## import', section(runs))}`);

// Shared by the web benchmarks: the machine line, medians, and writing one "## name" section of
// docs/benchmarks.md while leaving the others alone.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const BENCHMARKS = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../docs/benchmarks.md');

/** The median of `values` (0 for none). */
export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? (sorted[middle] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

/** The machine a benchmark ran on, for its section's first line. */
export function machine(): string {
  const cpus = os.cpus();
  return `${os.type()} ${os.arch()}, ${cpus.length} × ${cpus[0]?.model.trim() ?? 'unknown CPU'}, ${Math.round(os.totalmem() / 2 ** 30)} GB, Node ${process.version}`;
}

/** Replaces (or appends) the section whose heading is `heading` (e.g. "## web") in docs/benchmarks.md; returns the file's path. */
export function writeBenchmarkSection(heading: string, text: string): string {
  const current = existsSync(BENCHMARKS) ? readFileSync(BENCHMARKS, 'utf8') : '# Benchmarks\n';
  const start = current.indexOf(`\n${heading}\n`);
  if (start < 0) {
    writeFileSync(BENCHMARKS, `${current.trimEnd()}\n\n${text}`);
    return BENCHMARKS;
  }
  const rest = current.slice(start + 1);
  const next = rest.indexOf('\n## ', 1);
  const after = next < 0 ? '' : rest.slice(next + 1);
  writeFileSync(BENCHMARKS, `${current.slice(0, start + 1)}${text}${after === '' ? '' : `\n${after}`}`);
  return BENCHMARKS;
}

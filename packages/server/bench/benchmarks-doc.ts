// docs/benchmarks.md is shared by every bench: each one rewrites only its own `## ` section.
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The benchmarks page of the repository. */
export const BENCHMARKS_DOC = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../docs/benchmarks.md');

/** Replaces the section under `heading` (or appends it) with `body`, leaving the other sections as they are. */
export async function writeBenchmarkSection(heading: string, body: string, doc = BENCHMARKS_DOC): Promise<void> {
  const text = await readFile(doc, 'utf8').catch(() => '# Benchmarks\n');
  const lines = text.split('\n');
  const start = lines.findIndex((l) => l.trim() === heading);
  const section = `${heading}\n\n${body.trim()}\n`;
  if (start < 0) {
    await writeFile(doc, `${text.trimEnd()}\n\n${section}`);
    return;
  }
  let end = lines.findIndex((l, i) => i > start && l.startsWith('## '));
  if (end < 0) end = lines.length;
  await writeFile(doc, [...lines.slice(0, start), ...section.split('\n'), ...(end < lines.length ? ['', ...lines.slice(end)] : [])].join('\n'));
}

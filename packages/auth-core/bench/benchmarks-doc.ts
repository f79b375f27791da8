// Shared by the benches: describe the machine and replace one "## ..." section of docs/benchmarks.md.
import { readFileSync, writeFileSync, existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';

const docPath = fileURLToPath(new URL('../../../docs/benchmarks.md', import.meta.url));

/** One line naming the machine: cores, CPU model, Node version and date. */
export function machineDescription(): string {
  let cpu = 'unknown CPU';
  try {
    cpu = /^model name\s*:\s*(.+)$/m.exec(readFileSync('/proc/cpuinfo', 'utf8'))?.[1]?.trim() ?? cpu;
  } catch {
    // Not Linux: keep "unknown CPU".
  }
  const date = new Date().toISOString().slice(0, 10);
  return `Machine: ${availableParallelism()} cores (nproc), ${cpu}, Node ${process.version}, ${date}.`;
}

/** Replaces the section under `heading` (up to the next "## " heading) in docs/benchmarks.md, keeping the others. */
export function writeSection(heading: string, body: string): string {
  const current = existsSync(docPath) ? readFileSync(docPath, 'utf8') : '# Benchmarks\n\nMeasured by `pnpm bench`; each section is rewritten by its bench.\n';
  const section = `${heading}\n\n${body.trim()}\n`;
  const lines = current.split('\n');
  const start = lines.findIndex((line) => line.trim() === heading);
  let next: string;
  if (start < 0) {
    next = `${current.trimEnd()}\n\n${section}`;
  } else {
    let end = lines.findIndex((line, i) => i > start && line.startsWith('## '));
    if (end < 0) end = lines.length;
    const before = lines.slice(0, start).join('\n').trimEnd();
    const after = lines.slice(end).join('\n').trim();
    next = `${before}\n\n${section}${after === '' ? '' : `\n${after}\n`}`;
  }
  writeFileSync(docPath, next.endsWith('\n') ? next : `${next}\n`);
  return docPath;
}

// Removing entries from a tar archive (ustar, with pax or GNU long-name records), without
// extracting it: PGlite's dumpDataDir archives its whole folder, which also holds Steward's own
// files (the folder lock, the backup socket) that must not travel into a restored folder.

const BLOCK = 512;

function text(header: Uint8Array, offset: number, length: number): string {
  const field = header.subarray(offset, offset + length);
  const end = field.indexOf(0);
  return new TextDecoder().decode(end < 0 ? field : field.subarray(0, end));
}

/** The size field: octal text, or base-256 when its first byte has the high bit set. */
function entrySize(header: Uint8Array): number {
  const first = header[124] ?? 0;
  if ((first & 0x80) !== 0) {
    let size = 0;
    for (let i = 125; i < 136; i++) size = size * 256 + (header[i] ?? 0);
    return size;
  }
  const octal = text(header, 124, 12).trim();
  return octal === '' ? 0 : Number.parseInt(octal, 8);
}

function isZeroBlock(block: Uint8Array): boolean {
  return block.every((byte) => byte === 0);
}

/** The path of a pax `path=` record, if the extended header holds one. */
function paxPath(data: Uint8Array): string | undefined {
  const records = new TextDecoder().decode(data);
  const match = /(?:^|\n)\d+ path=([^\n]*)\n/.exec(records);
  return match?.[1];
}

/** An archive path without leading `./` or `/`, as entries are named relative to the archive's root. */
export function normalizedEntryName(name: string): string {
  return name.replace(/^(\.\/|\/)+/, '');
}

/** One entry of an archive: its name and the blocks it spans (meta records, header, data). */
interface Entry {
  readonly name: string;
  readonly start: number;
  readonly end: number;
}

/** The entries of a tar archive, in order. Throws on a truncated archive. */
export function tarEntries(tar: Uint8Array): Entry[] {
  const entries: Entry[] = [];
  let offset = 0;
  let start = 0;
  let longName: string | undefined;
  while (offset + BLOCK <= tar.length) {
    const header = tar.subarray(offset, offset + BLOCK);
    if (isZeroBlock(header)) break;
    const size = entrySize(header);
    const dataStart = offset + BLOCK;
    const next = dataStart + Math.ceil(size / BLOCK) * BLOCK;
    if (next > tar.length) throw new Error('The archive is truncated.');
    const type = String.fromCharCode(header[156] ?? 0);
    if (type === 'x' || type === 'L') {
      // A record about the next entry: its long name. It belongs to that entry's span.
      const data = tar.subarray(dataStart, dataStart + size);
      longName = type === 'L' ? text(data, 0, data.length) : (paxPath(data) ?? longName);
    } else if (type === 'g') {
      // A global pax header: no entry of its own, kept as it is.
      entries.push({ name: '', start, end: next });
      start = next;
    } else {
      const prefix = text(header, 345, 155);
      const name = longName ?? (prefix === '' ? text(header, 0, 100) : `${prefix}/${text(header, 0, 100)}`);
      entries.push({ name: normalizedEntryName(name), start, end: next });
      start = next;
      longName = undefined;
    }
    offset = next;
  }
  return entries;
}

/** The archive without the entries `drop` names (by path relative to the archive's root), ended by two zero blocks. */
export function dropTarEntries(tar: Uint8Array, drop: (name: string) => boolean): Uint8Array<ArrayBuffer> {
  const kept = tarEntries(tar).filter((entry) => entry.name === '' || !drop(entry.name));
  const size = kept.reduce((total, entry) => total + entry.end - entry.start, 0) + 2 * BLOCK;
  const out = new Uint8Array(size);
  let at = 0;
  for (const entry of kept) {
    out.set(tar.subarray(entry.start, entry.end), at);
    at += entry.end - entry.start;
  }
  return out;
}

import { execFileSync } from 'node:child_process';
import { mkdtemp, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dropTarEntries, normalizedEntryName, tarEntries } from './tar-entries.js';

// Archives written by GNU tar in each of its formats, read back by GNU tar after filtering.
describe('tar entry filter', () => {
  let dir: string;
  const longName = `${'deep/'.repeat(25)}file-with-a-long-path.txt`;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'steward-tar-'));
    await mkdir(path.join(dir, 'root', path.dirname(longName)), { recursive: true });
    await writeFile(path.join(dir, 'root', 'PG_VERSION'), '17\n');
    await writeFile(path.join(dir, 'root', 'steward.lock'), '{"pid":1}\n');
    await writeFile(path.join(dir, 'root', 'big.bin'), Buffer.alloc(5000, 7));
    await writeFile(path.join(dir, 'root', longName), 'deep\n');
  });
  afterAll(async () => rm(dir, { recursive: true, force: true }));

  it.each(['gnu', 'ustar', 'pax'])('drops the named entries of a %s archive and keeps the rest byte for byte', async (format) => {
    const archive = path.join(dir, `${format}.tar`);
    execFileSync('tar', [`--format=${format}`, '-cf', archive, '-C', path.join(dir, 'root'), '.']);
    const tar = new Uint8Array(await readFile(archive));
    const names = tarEntries(tar).map((e) => e.name);
    expect(names).toEqual(expect.arrayContaining(['PG_VERSION', 'steward.lock', 'big.bin', longName]));

    const filtered = path.join(dir, `${format}-filtered.tar`);
    await writeFile(filtered, dropTarEntries(tar, (name) => name === 'steward.lock'));
    const listed = execFileSync('tar', ['-tf', filtered], { encoding: 'utf8' }).split('\n').map(normalizedEntryName);
    expect(listed).not.toContain('steward.lock');
    expect(listed).toEqual(expect.arrayContaining(['PG_VERSION', 'big.bin', longName]));
    const out = path.join(dir, `${format}-out`);
    await mkdir(out);
    execFileSync('tar', ['-xf', filtered, '-C', out]);
    expect(await readFile(path.join(out, 'big.bin'))).toEqual(Buffer.alloc(5000, 7));
    expect(await readFile(path.join(out, longName), 'utf8')).toBe('deep\n');
  });

  it('refuses a truncated archive', async () => {
    const archive = path.join(dir, 'cut.tar');
    execFileSync('tar', ['-cf', archive, '-C', path.join(dir, 'root'), 'big.bin']);
    const tar = new Uint8Array(await readFile(archive));
    expect(() => tarEntries(tar.subarray(0, 1024))).toThrow('The archive is truncated.');
  });
});

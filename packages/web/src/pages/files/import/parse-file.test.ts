import { describe, expect, it } from 'vitest';
import { xlsxWorkbook } from '../../../testing/xlsx-workbook';
import { cellText, parseCsv, parseXlsx, sha256Hex, sourceOf } from './parse-file';
import type { FileSource } from './parse-file';

async function parse(text: string, chunkBytes?: number): Promise<{ headers: string[]; source: FileSource | null; rows: string[][]; total: number; chunks: number }> {
  const seen = { headers: [] as string[], source: null as FileSource | null, rows: [] as string[][], total: -1, chunks: 0 };
  await parseCsv(new Blob([text], { type: 'text/csv' }), {
    headers: (headers, source) => {
      seen.headers = headers;
      seen.source = source;
    },
    rows: (rows) => {
      seen.chunks++;
      seen.rows.push(...rows);
    },
    done: (total) => (seen.total = total),
  }, chunkBytes);
  return seen;
}

describe('parseCsv', () => {
  it('reads the header row, then the data rows with quoted commas and line breaks', async () => {
    const seen = await parse('\uFEFFFile No,Name,Balance\r\nF-1,"Smith, Jo","1,234.56"\r\nF-2,"two\nlines",5\r\n');
    expect(seen.headers).toEqual(['File No', 'Name', 'Balance']);
    expect(seen.source).toBe('csv');
    expect(seen.rows).toEqual([
      ['F-1', 'Smith, Jo', '1,234.56'],
      ['F-2', 'two\nlines', '5'],
    ]);
    expect(seen.total).toBe(2);
  });

  it('skips blank lines and names blank or repeated headers apart', async () => {
    const seen = await parse('A,,A\n1,2,3\n\n , , \n4,5,6\n');
    expect(seen.headers).toEqual(['A', 'Column 2', 'A (2)']);
    expect(seen.rows).toEqual([
      ['1', '2', '3'],
      ['4', '5', '6'],
    ]);
  });

  it('streams a large file in more than one chunk without losing a row', async () => {
    const lines = ['Client No,File No,Balance'];
    for (let i = 0; i < 30_000; i++) lines.push(`C1,F-${i},"1,000.00"`);
    const seen = await parse(lines.join('\n'), 64 * 1024);
    expect(seen.chunks).toBeGreaterThan(5);
    expect(seen.total).toBe(30_000);
    expect(seen.rows).toHaveLength(30_000);
    expect(seen.rows.at(-1)).toEqual(['C1', 'F-29999', '1,000.00']);
  });

  it('reports no headers for an empty file', async () => {
    expect(await parse('')).toMatchObject({ headers: [], total: 0 });
  });
});

describe('sourceOf and cellText', () => {
  it('treats .xlsx as a spreadsheet and everything else as CSV', () => {
    expect(sourceOf('Accounts.XLSX')).toBe('xlsx');
    expect(sourceOf('accounts.csv')).toBe('csv');
    expect(sourceOf('accounts.txt')).toBe('csv');
  });

  it('writes spreadsheet dates as YYYY-MM-DD and numbers as printed', () => {
    expect(cellText(new Date(Date.UTC(2024, 1, 29)))).toBe('2024-02-29');
    expect(cellText(1234.5)).toBe('1234.5');
    expect(cellText(null)).toBe('');
    expect(cellText(true)).toBe('true');
  });
});

describe('sha256Hex', () => {
  it('gives the standard SHA-256 of the bytes as hex', async () => {
    expect(await sha256Hex(new TextEncoder().encode('abc').buffer)).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });
});

describe('parseXlsx', () => {
  it('reads the first sheet: headers, text, numbers as printed and date cells as YYYY-MM-DD', async () => {
    const bytes = xlsxWorkbook([
      ['Client No', 'File No', 'Balance', 'Listed'],
      ['C-1001', 'F-1', 1234.56, new Date(Date.UTC(2024, 0, 15))],
      ['C-1001', 'F-2', 250, null],
    ]);
    const seen: { headers: string[]; source: FileSource | null; rows: string[][]; total: number } = { headers: [], source: null, rows: [], total: -1 };
    await parseXlsx(bytes.slice().buffer, {
      headers: (headers, source) => {
        seen.headers = headers;
        seen.source = source;
      },
      rows: (rows) => seen.rows.push(...rows),
      done: (total) => (seen.total = total),
    });
    expect(seen).toEqual({
      headers: ['Client No', 'File No', 'Balance', 'Listed'],
      source: 'xlsx',
      rows: [
        ['C-1001', 'F-1', '1234.56', '2024-01-15'],
        ['C-1001', 'F-2', '250', ''],
      ],
      total: 2,
    });
  });
});

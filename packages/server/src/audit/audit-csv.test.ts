import { describe, expect, it } from 'vitest';
import { csvCell, csvLine } from './audit-csv.js';

describe('audit CSV', () => {
  // Threat: CSV injection — a value an attacker typed (a username, a note, a user agent) that a
  // spreadsheet opening the export runs as a formula (=HYPERLINK(…), +cmd|…, @SUM…).
  it('prefixes a cell a spreadsheet would read as a formula with a quote', () => {
    for (const start of ['=', '+', '-', '@', '\t', '\r']) expect(csvCell(`${start}HYPERLINK("http://evil")`).replace(/^"/, '').startsWith(`'${start}`)).toBe(true);
    expect(csvCell('=1+2')).toBe("'=1+2");
    expect(csvCell('-5')).toBe("'-5");
    expect(csvCell('dana')).toBe('dana');
  });

  it('quotes commas, quotes and line breaks, and writes objects as JSON', () => {
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell({ a: { before: 1, after: 2 } })).toBe('"{""a"":{""before"":1,""after"":2}}"');
    expect(csvCell(undefined)).toBe('');
    expect(csvLine(['x', null, '=y'])).toBe("x,,'=y\r\n");
  });
});

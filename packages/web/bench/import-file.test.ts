import { describe, expect, it } from 'vitest';
import { IMPORT_BENCH_HEADERS, accountsCsv, moneyText } from './import-file';

describe('the import benchmark file', () => {
  it('has a header line and one line per account with unique file numbers', () => {
    const lines = accountsCsv(1000).trimEnd().split('\r\n');
    expect(lines[0]).toBe(IMPORT_BENCH_HEADERS.join(','));
    expect(lines).toHaveLength(1001);
    const files = new Set(lines.slice(1).map((line) => line.split(',')[1]));
    expect(files.size).toBe(1000);
  });

  it('is the same on every run', () => {
    expect(accountsCsv(50)).toBe(accountsCsv(50));
  });

  it('writes money with thousands separators and exact cents', () => {
    expect(moneyText(123_456_789)).toBe('1,234,567.89');
    expect(moneyText(5)).toBe('0.05');
  });
});

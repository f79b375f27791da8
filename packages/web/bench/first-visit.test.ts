import { describe, expect, it } from 'vitest';
import { summarise } from './first-visit';

describe('summarise', () => {
  it('lists every download largest first and adds them all, a file fetched twice counting twice', () => {
    const visit = summarise([
      { file: 'b.js', gzip: 10 },
      { file: 'a.js', gzip: 30 },
      { file: 'b.js', gzip: 10 },
    ]);
    expect(visit.files.map((entry) => entry.file)).toEqual(['a.js', 'b.js', 'b.js']);
    expect(visit.totalGzip).toBe(50);
  });
});

import { describe, expect, it } from 'vitest';
import { IMPORT_TARGETS } from './import-targets';
import { VALIDATION_SLICE, validateFile } from './validate-file';

const options = {
  spec: IMPORT_TARGETS.AccountMdl,
  headers: ['Client', 'File'],
  mapping: { Client: 'clientNumber', File: 'fileNumber' },
  allowedClients: new Set(['C1']),
};

describe('validateFile', () => {
  it('splits rows into valid records and refused rows with their cells, numbered from 1', async () => {
    const result = await validateFile(
      [
        ['C1', 'F-1'],
        ['C9', 'F-2'],
        ['C1', 'F-1'],
      ],
      options,
    );
    expect(result?.valid.map((row) => row.row)).toEqual([1]);
    expect(result?.invalid.map((row) => [row.row, row.cells, row.errors.map((error) => error.field)])).toEqual([
      [2, ['C9', 'F-2'], ['clientNumber']],
      [3, ['C1', 'F-1'], ['fileNumber']],
    ]);
    expect(result?.errors).toHaveLength(2);
  });

  it('checks a large file in slices, reporting progress, and stops when a newer pass starts', async () => {
    const rows = Array.from({ length: VALIDATION_SLICE * 3 }, (_, index) => ['C1', `F-${index}`]);
    const progress: number[] = [];
    const full = await validateFile(rows, options, { progress: (checked) => progress.push(checked) });
    expect(full?.valid).toHaveLength(rows.length);
    expect(progress).toEqual([VALIDATION_SLICE, VALIDATION_SLICE * 2, VALIDATION_SLICE * 3]);
    let stale = false;
    const stopped = await validateFile(rows, options, { progress: () => (stale = true), stale: () => stale });
    expect(stopped).toBeNull();
  });
});

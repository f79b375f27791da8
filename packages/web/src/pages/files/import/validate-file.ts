// Validates a whole parsed file in slices, handing the thread back between slices so a 100 000-row
// file never freezes the page; a newer pass (another mapping) makes an older one stop.
import type { ErrorRow } from './error-csv';
import { createRowValidator } from './validate-rows';
import type { RowError, ValidRow, ValidatorOptions } from './validate-rows';

/** The outcome of validating every row of a file. */
export interface FileValidation {
  totalRows: number;
  valid: ValidRow[];
  invalid: ErrorRow[];
  errors: RowError[];
}

/** Rows checked between two yields. */
export const VALIDATION_SLICE = 5000;

const nextTask = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 0));

/** Validates `rows` (data rows in file order); resolves null when `stale()` turns true on the way. */
export async function validateFile(
  rows: readonly (readonly string[])[],
  options: ValidatorOptions,
  hooks: { stale?: () => boolean; progress?: (checked: number) => void } = {},
): Promise<FileValidation | null> {
  const validator = createRowValidator(options);
  const result: FileValidation = { totalRows: rows.length, valid: [], invalid: [], errors: [] };
  for (let start = 0; start < rows.length; start += VALIDATION_SLICE) {
    const end = Math.min(start + VALIDATION_SLICE, rows.length);
    for (let index = start; index < end; index++) {
      const cells = rows[index] ?? [];
      const checked = validator.validate(cells, index + 1);
      if (checked.ok) {
        result.valid.push(checked);
      } else {
        result.invalid.push({ row: checked.row, cells, errors: checked.errors });
        for (const error of checked.errors) result.errors.push(error);
      }
    }
    hooks.progress?.(end);
    if (end < rows.length) {
      await nextTask();
      if (hooks.stale?.() === true) return null;
    }
  }
  return hooks.stale?.() === true ? null : result;
}

// The check step: how many rows are ready and which row's field is wrong, with the errors as a CSV
// to fix and upload again.
import { Button } from '../../../ui/Button';
import type { ErrorRow } from './error-csv';
import { countOf, formatCount } from '../../entities/format';
import { labelOfField } from './import-targets';
import type { EntitySpec } from './import-targets';
import type { FileValidation } from './validate-file';

/** Rows of the error table shown on the page (the CSV has them all). */
export const SHOWN_ERROR_ROWS = 100;

/** Props of the validation report. */
export interface ValidationReportProps {
  spec: EntitySpec;
  validation: FileValidation | null;
  /** Rows checked so far while the check runs. */
  checked: number;
  /** Rows in the file once read (null while reading). */
  totalRows: number | null;
  /** Refused rows: validation's and the server's. */
  errorRows: readonly ErrorRow[];
  onDownload: () => void;
}


/** Counts, the per-row error table and the error CSV download. */
export function ValidationReport({ spec, validation, checked, totalRows, errorRows, onDownload }: ValidationReportProps) {
  const shown = errorRows.slice(0, SHOWN_ERROR_ROWS);
  return (
    <div className="import__check">
      <h3>Check</h3>
      <p role="status" aria-live="polite">
        {validation === null
          ? totalRows === null
            ? 'Waiting for the whole file…'
            : `Checking rows… ${formatCount(checked)} of ${formatCount(totalRows)}.`
          : // Rows the server refused count as errors too: ready and with errors always add up to the file.
            `${countOf(validation.totalRows, 'row')}: ${countOf(validation.totalRows - errorRows.length, 'row')} ready to import, ${countOf(errorRows.length, 'row')} with errors.`}
      </p>
      {validation !== null && errorRows.length > 0 ? (
        <>
          <div className="row">
            <Button variant="secondary" onClick={onDownload}>
              Download errors (CSV)
            </Button>
            {errorRows.length > SHOWN_ERROR_ROWS ? <span className="muted">The first {SHOWN_ERROR_ROWS} rows with errors are shown; the CSV has them all.</span> : null}
          </div>
          <div className="table-wrap" tabIndex={0} role="group" aria-label="Errors table">
            <table className="table">
              <caption className="visually-hidden">Rows with errors</caption>
              <thead>
                <tr>
                  <th scope="col">Row</th>
                  <th scope="col">Field</th>
                  <th scope="col">Problem</th>
                </tr>
              </thead>
              <tbody>
                {shown.flatMap((row) =>
                  row.errors.map((error, index) => (
                    <tr key={`${row.row}-${index}`}>
                      <td>{row.row}</td>
                      <td>{labelOfField(spec, error.field)}</td>
                      <td className="import__problem">{error.message}</td>
                    </tr>
                  )),
                )}
              </tbody>
            </table>
          </div>
        </>
      ) : null}
    </div>
  );
}

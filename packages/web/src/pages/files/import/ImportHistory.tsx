// The import history: every ImportMdl record, newest first — who, when, which file and mapping,
// the counts and the first errors.
import { useEffect, useState } from 'react';
import { useServices } from '../../../app/ports-context';
import { LiveRegion } from '../../../ui/LiveRegion';
import { describeDataError } from '../../entities/data-errors';
import type { EntityRow } from '../../entities/entity-access';
import { loadImportHistory } from './import-data';
import { storedErrorsOf } from './import-runner';
import { IMPORT_TARGETS, isImportEntity, withFieldLabels } from './import-targets';
import { formatCount, formatDateTime } from '../../entities/format';

const num = (value: unknown): string => (typeof value === 'number' ? formatCount(value) : '');
const text = (value: unknown): string => (typeof value === 'string' ? value : '');
const when = (value: unknown): string => (typeof value === 'string' && value !== '' ? formatDateTime(value) : '');

/** The newest imports; `reloadKey` reloads them. */
export function ImportHistory({ reloadKey }: { reloadKey: number }) {
  const { data } = useServices();
  const [rows, setRows] = useState<EntityRow[] | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    loadImportHistory(data)
      .then((found) => {
        if (live) setRows(found);
      })
      .catch((failure: unknown) => {
        if (live) setProblem(describeDataError(failure).message);
      });
    return () => {
      live = false;
    };
  }, [data, reloadKey]);

  return (
    <section className="import-history" aria-labelledby="import-history-title">
      <h2 id="import-history-title">Import history</h2>
      <LiveRegion message={problem} />
      <div className="table-wrap" tabIndex={0} role="group" aria-label="Imports table">
        <table className="table import-history__table">
          <caption className="visually-hidden">Imports, newest first</caption>
          <thead>
            <tr>
              <th scope="col">Started</th>
              <th scope="col">File</th>
              <th scope="col">Into</th>
              <th scope="col">Mapping</th>
              <th scope="col">By</th>
              <th scope="col">Status</th>
              <th scope="col" className="num">
                Rows
              </th>
              <th scope="col" className="num">
                Created
              </th>
              <th scope="col" className="num">
                Updated
              </th>
              <th scope="col" className="num">
                Errors
              </th>
              <th scope="col">First errors</th>
            </tr>
          </thead>
          <tbody>
            {rows === null ? (
              <tr>
                <td className="table__empty" colSpan={11}>
                  Loading imports…
                </td>
              </tr>
            ) : rows.length === 0 ? (
              <tr>
                <td className="table__empty" colSpan={11}>
                  No imports yet.
                </td>
              </tr>
            ) : (
              rows.map((row) => {
                const errors = storedErrorsOf(row.errors);
                return (
                  <tr key={row.id}>
                    <td>{when(row.startedAt ?? row.createdAt)}</td>
                    <td>{text(row.fileName)}</td>
                    <td>{isImportEntity(row.entityName) ? IMPORT_TARGETS[row.entityName].label : text(row.entityName)}</td>
                    <td>{text(row.mapName)}</td>
                    <td>{text(row.importedBy)}</td>
                    <td>
                      <span className={row.status === 'done' ? 'badge badge--good' : row.status === 'failed' ? 'badge badge--bad' : 'badge'}>{text(row.status)}</span>
                    </td>
                    <td className="num">
                      {num(row.rowsDone)} / {num(row.totalRows)}
                    </td>
                    <td className="num">{num(row.createdCount)}</td>
                    <td className="num">{num(row.updatedCount)}</td>
                    <td className="num">{num(row.errorRows)}</td>
                    <td className="import__problem">
                      {errors
                        .slice(0, 3)
                        .map((error) => `Row ${error.row}: ${isImportEntity(row.entityName) ? withFieldLabels(IMPORT_TARGETS[row.entityName], error.message) : error.message}`)
                        .join(' ')}
                    </td>
                  </tr>
                );
              })
            )}
          </tbody>
        </table>
      </div>
    </section>
  );
}

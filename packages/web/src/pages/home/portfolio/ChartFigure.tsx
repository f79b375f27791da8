// One dashboard chart with its table view: the toggle is a button (aria-pressed) so keyboard and
// screen-reader users reach the same numbers as a table with headers.
import { Suspense, lazy, useId, useState } from 'react';
import { Spinner } from '../../../ui/Spinner';
import type { ChartSpec } from './portfolio-data';

const ChartCanvas = lazy(() => import('./ChartCanvas').then((m) => ({ default: m.ChartCanvas })));

/** A chart or, on request, its table. */
export function ChartFigure({ spec, initiallyTable = false }: { spec: ChartSpec; initiallyTable?: boolean }) {
  const [asTable, setAsTable] = useState(initiallyTable);
  const titleId = useId();
  const empty = spec.labels.length === 0;
  return (
    <figure className="card chart" aria-labelledby={titleId}>
      <div className="chart__header">
        <h2 className="card__title" id={titleId}>
          {spec.title}
        </h2>
        <button type="button" className="button button--secondary chart__toggle" aria-pressed={asTable} onClick={() => setAsTable((v) => !v)}>
          <span>{asTable ? 'Show chart' : 'Show table'}</span>
        </button>
      </div>
      <p className="chart__summary">{spec.summary}</p>
      {empty ? (
        <p className="desk__muted">Nothing in this period yet.</p>
      ) : asTable ? (
        <div className="table-wrap" tabIndex={0} role="region" aria-label={`${spec.title} as a table`}>
          <table className="table">
            <caption className="visually-hidden">{spec.title}</caption>
            <thead>
              <tr>
                {spec.table.columns.map((column, index) => (
                  <th key={column} scope="col" className={index === 0 ? undefined : 'num'}>
                    {column}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {spec.table.rows.map((row) => (
                <tr key={row[0]}>
                  {row.map((cell, index) =>
                    index === 0 ? (
                      <th key={index} scope="row">
                        {cell}
                      </th>
                    ) : (
                      <td key={index} className="num">
                        {cell}
                      </td>
                    ),
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : (
        <Suspense fallback={<Spinner label={`Loading the chart ${spec.title}`} />}>
          <ChartCanvas spec={spec} />
        </Suspense>
      )}
    </figure>
  );
}

import { useCallback, useEffect, useId, useRef, useState } from 'react';
import type { FormEvent, ReactNode } from 'react';
import type { EntityName } from '@steward/data-client';
import { Link, useSearchParams } from 'react-router-dom';
import { useServices } from '../../app/ports-context';
import { useLoadingStore } from '../../stores/loading-store';
import { Button } from '../../ui/Button';
import { LiveRegion } from '../../ui/LiveRegion';
import { TextField } from '../../ui/TextField';
import { describeDataError } from './data-errors';
import { buildFilter, entityAccess } from './entity-access';
import type { EntityRow, FilterField, RowFilter } from './entity-access';
import { formatValue } from './format';

/** One column of the table. */
export interface Column {
  key: string;
  label: string;
  kind?: 'text' | 'money' | 'date' | 'datetime' | 'boolean';
  render?: (row: EntityRow) => ReactNode;
}

/** Props of a list page's table. */
export interface EntityListProps {
  entity: EntityName;
  /** What one row is called ("account"), for counts and empty text. */
  noun: string;
  columns: readonly Column[];
  filters?: readonly FilterField[];
  /** A filter always applied (the user's own client number). */
  baseFilter?: RowFilter;
  pageSize?: number;
  /** Where a row's first cell links to. */
  detailPath?: (row: EntityRow) => string;
  /** Bumping this reloads the first page (after a create or delete). */
  reloadKey?: number;
  /** Extra cells at the end of each row (actions). */
  rowActions?: (row: EntityRow) => ReactNode;
}

function combine(base: RowFilter | undefined, chosen: RowFilter | undefined): RowFilter | undefined {
  if (base === undefined) return chosen;
  if (chosen === undefined) return base;
  return { and: [base, chosen] };
}

/** A filterable, paged table of one entity, read through data-client (keyset pages with nextToken). */
export function EntityList({ entity, noun, columns, filters = [], baseFilter, pageSize = 25, detailPath, reloadKey = 0, rowActions }: EntityListProps) {
  const { data } = useServices();
  const track = useLoadingStore((state) => state.track);
  const [searchParams, setSearchParams] = useSearchParams();
  // Filters live in the address too (?status=Open), so a filtered list can be linked and reloaded.
  const [values, setValues] = useState<Record<string, string>>(() => Object.fromEntries(filters.map((f) => [f.key, searchParams.get(f.key) ?? ''])));
  const [applied, setApplied] = useState<RowFilter | undefined>(() => buildFilter(filters, values));
  // Tokens of the pages before the current one: "Previous" pops, "Next" pushes.
  const [tokens, setTokens] = useState<(string | null)[]>([null]);
  const [page, setPage] = useState<{ items: EntityRow[]; nextToken: string | null } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [detail, setDetail] = useState<string | null>(null);
  const baseKey = JSON.stringify(baseFilter ?? null);
  const request = useRef(0);
  const captionId = useId();

  const load = useCallback(
    async (nextToken: string | null, filter: RowFilter | undefined) => {
      const mine = ++request.current;
      setError(null);
      try {
        const result = await track(entityAccess(data, entity).list({ filter: combine(baseKey === 'null' ? undefined : (JSON.parse(baseKey) as RowFilter), filter), limit: pageSize, nextToken }));
        if (mine === request.current) setPage(result);
      } catch (failure) {
        if (mine !== request.current) return;
        const described = describeDataError(failure);
        setError(described.message);
        setDetail(described.detail ?? null);
        setPage({ items: [], nextToken: null });
      }
    },
    [data, entity, pageSize, track, baseKey],
  );

  useEffect(() => {
    setTokens([null]);
    void load(null, applied);
  }, [load, applied, reloadKey]);

  const applyValues = (chosen: Record<string, string>): void => {
    setApplied(buildFilter(filters, chosen));
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const field of filters) {
          const value = (chosen[field.key] ?? '').trim();
          if (value === '') next.delete(field.key);
          else next.set(field.key, value);
        }
        return next;
      },
      { replace: true },
    );
  };

  const submit = (event: FormEvent): void => {
    event.preventDefault();
    applyValues(values);
  };

  const next = (): void => {
    if (page?.nextToken === null || page === null) return;
    setTokens((current) => [...current, page.nextToken]);
    void load(page.nextToken, applied);
  };

  const previous = (): void => {
    if (tokens.length <= 1) return;
    const earlier = tokens.slice(0, -1);
    setTokens(earlier);
    void load(earlier[earlier.length - 1] ?? null, applied);
  };

  const pageNumber = tokens.length;
  return (
    <div className="entity-list">
      {filters.length === 0 ? null : (
        <form className="filters" onSubmit={submit} aria-label={`Filter ${noun}s`}>
          {filters.map((field) =>
            field.options === undefined ? (
              <TextField key={field.key} label={field.label} name={field.key} value={values[field.key] ?? ''} onChange={(event) => setValues((current) => ({ ...current, [field.key]: event.target.value }))} />
            ) : (
              <div className="field" key={field.key}>
                <label className="field__label" htmlFor={`${captionId}-${field.key}`}>
                  {field.label}
                </label>
                <select
                  id={`${captionId}-${field.key}`}
                  className="select"
                  value={values[field.key] ?? ''}
                  onChange={(event) => setValues((current) => ({ ...current, [field.key]: event.target.value }))}
                >
                  <option value="">Any</option>
                  {field.options.map((option) => (
                    <option key={option} value={option}>
                      {option}
                    </option>
                  ))}
                </select>
              </div>
            ),
          )}
          <Button type="submit">Apply filters</Button>
          <Button
            variant="secondary"
            onClick={() => {
              setValues({});
              applyValues({});
            }}
          >
            Clear
          </Button>
        </form>
      )}
      <LiveRegion message={error} detail={detail} />
      <div className="table-wrap">
        <table className="table" aria-describedby={captionId}>
          <caption id={captionId} className="visually-hidden">
            {`${noun[0]?.toUpperCase() ?? ''}${noun.slice(1)}s, page ${pageNumber}`}
          </caption>
          <thead>
            <tr>
              {columns.map((column) => (
                <th key={column.key} scope="col">
                  {column.label}
                </th>
              ))}
              {rowActions === undefined ? null : <th scope="col"><span className="visually-hidden">Actions</span></th>}
            </tr>
          </thead>
          <tbody>
            {page === null ? (
              <tr>
                <td className="table__empty" colSpan={columns.length + (rowActions === undefined ? 0 : 1)}>
                  Loading…
                </td>
              </tr>
            ) : page.items.length === 0 ? (
              <tr>
                <td className="table__empty" colSpan={columns.length + (rowActions === undefined ? 0 : 1)}>
                  {error === null ? `No ${noun}s found.` : `The ${noun}s could not be loaded.`}
                </td>
              </tr>
            ) : (
              page.items.map((row) => (
                <tr key={row.id}>
                  {columns.map((column, index) => {
                    const content = column.render === undefined ? formatValue(row[column.key], column.kind) : column.render(row);
                    return <td key={column.key}>{index === 0 && detailPath !== undefined ? <Link to={detailPath(row)}>{content}</Link> : content}</td>;
                  })}
                  {rowActions === undefined ? null : <td>{rowActions(row)}</td>}
                </tr>
              ))
            )}
          </tbody>
        </table>
      </div>
      <nav className="pager" aria-label={`Pages of ${noun}s`}>
        <span>
          Page {pageNumber}
          {page === null ? '' : ` · ${page.items.length} ${noun}${page.items.length === 1 ? '' : 's'}`}
        </span>
        <Button variant="secondary" onClick={previous} disabled={pageNumber <= 1}>
          Previous
        </Button>
        <Button variant="secondary" onClick={next} disabled={page === null || page.nextToken === null}>
          Next
        </Button>
      </nav>
    </div>
  );
}

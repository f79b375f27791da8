import { useCallback, useEffect, useId, useRef, useState } from 'react';
import type { FormEvent, ReactNode } from 'react';
import type { EntityName } from '@steward/data-client';
import { useSearchParams } from 'react-router-dom';
import { useServices } from '../../app/ports-context';
import { useLoadingStore } from '../../stores/loading-store';
import { Button } from '../../ui/Button';
import { LiveRegion } from '../../ui/LiveRegion';
import { TextField } from '../../ui/TextField';
import { describeDataError } from './data-errors';
import { DataTable } from './DataTable';
import type { Column, ColumnSort } from './DataTable';
import { buildFilter, entityAccess } from './entity-access';
import type { EntityRow, FilterField, RowFilter, RowPage } from './entity-access';
import { optionsOf } from './code-tables';
import { useCurrency } from './use-currency';
import { countOf } from './format';

export type { Column, ColumnSort } from './DataTable';

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
  /** The order before the reader picks one (its column needs a sortQuery). */
  defaultSort?: ColumnSort;
}

/** The sort in the address (?sort=listedDate&order=desc), if it names a server-sortable column. */
function sortFromAddress(params: URLSearchParams, columns: readonly Column[], fallback: ColumnSort | undefined): ColumnSort | null {
  const key = params.get('sort');
  if (key !== null && columns.some((c) => c.key === key && c.sortQuery !== undefined)) return { key, direction: params.get('order') === 'desc' ? 'desc' : 'asc' };
  return fallback ?? null;
}

const serverSortable = (column: Column): boolean => column.sortQuery !== undefined;

const NO_ROWS: readonly EntityRow[] = [];

function combine(base: RowFilter | undefined, chosen: RowFilter | undefined): RowFilter | undefined {
  if (base === undefined) return chosen;
  if (chosen === undefined) return base;
  return { and: [base, chosen] };
}

/** A filterable, paged table of one entity, read through data-client (keyset pages with nextToken). */
export function EntityList({ entity, noun, columns, filters = [], baseFilter, pageSize = 25, detailPath, reloadKey = 0, rowActions, defaultSort }: EntityListProps) {
  const { data } = useServices();
  const track = useLoadingStore((state) => state.track);
  const [searchParams, setSearchParams] = useSearchParams();
  // Filters live in the address too (?status=Open), so a filtered list can be linked and reloaded.
  const [values, setValues] = useState<Record<string, string>>(() => Object.fromEntries(filters.map((f) => [f.key, searchParams.get(f.key) ?? ''])));
  const [applied, setApplied] = useState<RowFilter | undefined>(() => buildFilter(filters, values));
  // Tokens of the pages before the current one: "Previous" pops, "Next" pushes.
  const [tokens, setTokens] = useState<(string | null)[]>([null]);
  const [page, setPage] = useState<RowPage | null>(null);
  // Sorting is the server's (a sorted index query): sorting one page in the browser would be wrong across pages.
  const [sort, setSort] = useState<ColumnSort | null>(() => sortFromAddress(searchParams, columns, defaultSort));
  const currency = useCurrency();
  const [error, setError] = useState<string | null>(null);
  const [detail, setDetail] = useState<string | null>(null);
  const baseKey = JSON.stringify(baseFilter ?? null);
  const request = useRef(0);
  const captionId = useId();

  const sortQuery = sort === null ? undefined : columns.find((c) => c.key === sort.key)?.sortQuery;
  const sortDirection = sort?.direction === 'desc' ? 'DESC' : 'ASC';
  const load = useCallback(
    async (nextToken: string | null, filter: RowFilter | undefined) => {
      const mine = ++request.current;
      setError(null);
      try {
        const access = entityAccess(data, entity);
        const combined = combine(baseKey === 'null' ? undefined : (JSON.parse(baseKey) as RowFilter), filter);
        const options = { ...(combined === undefined ? {} : { filter: combined }), limit: pageSize, nextToken };
        const result = await track(sortQuery === undefined ? access.list(options) : access.listByIndex(sortQuery, { ...options, sortDirection }));
        if (mine === request.current) setPage(result);
      } catch (failure) {
        if (mine !== request.current) return;
        const described = describeDataError(failure);
        setError(described.message);
        setDetail(described.detail ?? null);
        setPage({ items: [], nextToken: null });
      }
    },
    [data, entity, pageSize, track, baseKey, sortQuery, sortDirection],
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

  const changeSort = (next: ColumnSort | null): void => {
    setSort(next);
    setSearchParams(
      (current) => {
        const params = new URLSearchParams(current);
        if (next === null) {
          params.delete('sort');
          params.delete('order');
        } else {
          params.set('sort', next.key);
          params.set('order', next.direction);
        }
        return params;
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
            field.codes === undefined && field.options === undefined ? (
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
                  {(field.codes === undefined ? (field.options ?? []).map((value) => ({ value, label: value })) : optionsOf(field.codes)).map((option) => (
                    <option key={option.value} value={option.value}>
                      {option.label}
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
      <DataTable
        rows={page?.items ?? NO_ROWS}
        columns={columns}
        caption={`${noun[0]?.toUpperCase() ?? ''}${noun.slice(1)}s, page ${pageNumber}${sort === null ? '' : `, sorted by ${columns.find((c) => c.key === sort.key)?.label ?? sort.key} ${sort.direction === 'asc' ? 'ascending' : 'descending'}`}`}
        sort={sort}
        onSortChange={changeSort}
        mode="server"
        sortable={serverSortable}
        message={
          page === null
            ? 'Loading…'
            : error !== null
              ? `The ${noun}s could not be loaded.`
              : page.items.length === 0
                ? applied === undefined
                  ? `No ${noun}s found.`
                  : `No ${noun}s match these filters.`
                : null
        }
        currency={currency}
        detailPath={detailPath}
        rowActions={rowActions}
      />
      <nav className="pager" aria-label={`Pages of ${noun}s`}>
        <span>
          Page {pageNumber}
          {page === null ? '' : ` · ${countOf(page.items.length, noun)}`}
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

import { useMemo } from 'react';
import type { ReactNode } from 'react';
import {
  columnFilteringFeature,
  createFilteredRowModel,
  createSortedRowModel,
  filterFn_includesString,
  globalFilteringFeature,
  rowSortingFeature,
  sortFn_alphanumeric,
  sortFn_basic,
  tableFeatures,
  useTable,
} from '@tanstack/react-table';
import type { ColumnDef, SortingState } from '@tanstack/react-table';
import { Link } from 'react-router-dom';
import type { CodeTable } from './code-tables';
import { labelOf } from './code-tables';
import type { EntityRow } from './entity-access';
import { formatValue } from './format';
import type { ValueKind } from './format';

/** One column of a list table. */
export interface Column {
  key: string;
  label: string;
  kind?: ValueKind;
  /** The code table of a coded field: cells show labels, not codes. */
  codes?: CodeTable;
  render?: (row: EntityRow) => ReactNode;
  /** The data API's sorted index query ordering by this column: the column sorts on the server, across pages. */
  sortQuery?: string;
}

/** A column's sort: its key and direction. */
export interface ColumnSort {
  key: string;
  direction: 'asc' | 'desc';
}

// Headless table (docs/decisions.md): sorting and the case-insensitive search of in-memory lists
// come from TanStack Table; the markup, formatting and accessibility stay ours.
const features = tableFeatures({
  rowSortingFeature,
  columnFilteringFeature,
  globalFilteringFeature,
  filteredRowModel: createFilteredRowModel(),
  sortedRowModel: createSortedRowModel(),
  sortFns: { alphanumeric: sortFn_alphanumeric, basic: sortFn_basic },
  filterFns: { includesString: filterFn_includesString },
});

type Features = typeof features;

/** Props of DataTable. */
export interface DataTableProps {
  /** The rows to show; keep the array stable between renders. */
  rows: readonly EntityRow[];
  columns: readonly Column[];
  caption: string;
  sort: ColumnSort | null;
  onSortChange: (sort: ColumnSort | null) => void;
  /** `server`: rows arrive sorted (a paged list); `client`: every row is here and the table sorts and searches them. */
  mode: 'server' | 'client';
  /** Whether a column offers sorting (server mode: only columns with an index query). */
  sortable: (column: Column) => boolean;
  /** Case-insensitive search over the text of every column (client mode). */
  search?: string;
  /** Shown in one row instead of the records (loading, empty, error); null shows the records. */
  message: string | null;
  /** Shown when the search leaves no row (client mode). */
  noMatch?: string;
  currency: string;
  detailPath?: ((row: EntityRow) => string) | undefined;
  rowActions?: ((row: EntityRow) => ReactNode) | undefined;
}

function ariaSort(direction: false | 'asc' | 'desc'): 'ascending' | 'descending' | 'none' {
  return direction === 'asc' ? 'ascending' : direction === 'desc' ? 'descending' : 'none';
}

/** A table of records with sortable headers (buttons with aria-sort), labels for codes, right-aligned money and localized dates. */
export function DataTable({ rows, columns, caption, sort, onSortChange, mode, sortable, search = '', message, noMatch = 'Nothing matches the search.', currency, detailPath, rowActions }: DataTableProps) {
  const definitions = useMemo<ColumnDef<Features, EntityRow>[]>(
    () =>
      columns.map((column) => ({
        id: column.key,
        // Coded values sort and search by their label, the text people see.
        accessorFn: (row: EntityRow) => {
          const value = row[column.key];
          if (column.codes !== undefined) return typeof value === 'string' ? labelOf(column.codes, value) : undefined;
          return typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' ? value : undefined;
        },
        header: column.label,
        enableSorting: sortable(column),
        enableGlobalFilter: column.render === undefined,
        sortFn: column.kind === 'money' || column.kind === 'boolean' ? 'basic' : 'alphanumeric',
        sortUndefined: 'last',
      })),
    [columns, sortable],
  );
  const sorting = useMemo<SortingState>(() => (sort === null ? [] : [{ id: sort.key, desc: sort.direction === 'desc' }]), [sort]);
  const data = rows as EntityRow[];
  const table = useTable({
    features,
    columns: definitions,
    data,
    getRowId: (row) => row.id,
    state: { sorting, globalFilter: search },
    onSortingChange: (updater) => {
      const next = typeof updater === 'function' ? updater(sorting) : updater;
      const first = next[0];
      onSortChange(first === undefined ? null : { key: first.id, direction: first.desc ? 'desc' : 'asc' });
    },
    onGlobalFilterChange: () => undefined,
    globalFilterFn: 'includesString',
    manualSorting: mode === 'server',
    manualFiltering: mode === 'server',
    enableMultiSort: false,
    // Every column starts ascending: TanStack would start numbers descending, which surprises.
    sortDescFirst: false,
  });
  const byKey = new Map(columns.map((column) => [column.key, column]));
  const width = columns.length + (rowActions === undefined ? 0 : 1);
  const shown = message === null ? table.getRowModel().rows : [];
  const status = message ?? (shown.length === 0 ? noMatch : null);
  return (
    <div className="table-wrap">
      <table className="table">
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            {table.getHeaderGroups()[0]?.headers.map((header) => {
              const column = byKey.get(header.column.id);
              if (column === undefined) return null;
              const numeric = column.kind === 'money';
              if (!header.column.getCanSort()) {
                return (
                  <th key={header.id} scope="col" className={numeric ? 'num' : undefined}>
                    {column.label}
                  </th>
                );
              }
              const direction = header.column.getIsSorted();
              return (
                <th key={header.id} scope="col" className={numeric ? 'num' : undefined} aria-sort={ariaSort(direction)}>
                  <button type="button" className="sort-button" onClick={header.column.getToggleSortingHandler()}>
                    {column.label}
                    <span className="sort-button__icon" aria-hidden="true">
                      {direction === 'asc' ? '▲' : direction === 'desc' ? '▼' : '↕'}
                    </span>
                  </button>
                </th>
              );
            })}
            {rowActions === undefined ? null : (
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            )}
          </tr>
        </thead>
        <tbody>
          {status !== null ? (
            <tr>
              <td className="table__empty" colSpan={width}>
                {status}
              </td>
            </tr>
          ) : (
            shown.map((row) => (
              <tr key={row.id}>
                {columns.map((column, index) => {
                  const record = row.original;
                  const content = column.render === undefined ? formatValue(record[column.key], column.kind, { currency, ...(column.codes === undefined ? {} : { codes: column.codes }) }) : column.render(record);
                  return (
                    <td key={column.key} className={column.kind === 'money' ? 'num' : undefined}>
                      {index === 0 && detailPath !== undefined ? <Link to={detailPath(record)}>{content}</Link> : content}
                    </td>
                  );
                })}
                {rowActions === undefined ? null : <td>{rowActions(row.original)}</td>}
              </tr>
            ))
          )}
        </tbody>
      </table>
    </div>
  );
}

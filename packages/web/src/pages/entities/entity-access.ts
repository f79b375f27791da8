// One loosely typed view of data-client's typed entity operations, so a single list component can
// page through any entity the pages name.
import type { EntityName, SortDirection } from '@steward/data-client';
import type { DataPort } from '../../app/ports';
import type { CodeTable } from './code-tables';

/** A record as the generic screens read it. */
export type EntityRow = Record<string, unknown> & { id: string };

/** A list filter in Amplify's shape. */
export type RowFilter = Record<string, unknown>;

/** One page of records. */
export interface RowPage {
  items: EntityRow[];
  nextToken: string | null;
}

/** Arguments of a sorted index query (data-client's `listByIndex`). */
export interface IndexListOptions {
  sortDirection: SortDirection;
  partition?: string;
  /** Restricts the sort key (data-client's KeyCondition): `{ eq: '2026-12-03' }` reads one day of a plan. */
  keyCondition?: Record<string, unknown>;
  filter?: RowFilter;
  limit?: number;
  nextToken?: string | null;
}

/** The operations the generic screens use. */
export interface EntityAccess {
  list: (options: { filter?: RowFilter; limit?: number; nextToken?: string | null }) => Promise<RowPage>;
  /** One page of the data API's sorted index query `query` (e.g. accountMdlsByListedDate). */
  listByIndex: (query: string, options: IndexListOptions) => Promise<RowPage>;
  get: (id: string) => Promise<EntityRow | null>;
  create: (input: Record<string, unknown>) => Promise<EntityRow>;
  /** updateX; send the `_version` the record was read at (ConflictError when it changed since). */
  update: (input: Record<string, unknown> & { id: string; _version?: number | undefined }) => Promise<EntityRow>;
  delete: (input: { id: string; _version?: number | undefined }) => Promise<EntityRow>;
  /** appendToX: one item added to a list field on the server (entities with list fields only, e.g. TicketMdl comments). */
  append: (input: { id: string; field: string; item: Record<string, unknown> }) => Promise<EntityRow>;
}

/** The operations of `entity` on the data port. */
export function entityAccess(data: DataPort, entity: EntityName): EntityAccess {
  // Each entity's operations are typed by its own fields; the generic screens build filters and
  // inputs from field names chosen by the pages, so they meet the API untyped here, once.
  const ops = async (): Promise<Omit<EntityAccess, 'append'> & Partial<Pick<EntityAccess, 'append'>>> => (await data.models())[entity] as unknown as EntityAccess;
  return {
    list: async (options) => (await ops()).list(options),
    listByIndex: async (query, options) => (await ops()).listByIndex(query, options),
    get: async (id) => (await ops()).get(id),
    create: async (input) => (await ops()).create(input),
    update: async (input) => (await ops()).update(input),
    delete: async (input) => (await ops()).delete(input),
    append: async (input) => {
      const operations = await ops();
      if (operations.append === undefined) throw new Error(`${entity} has no list fields to append to`);
      return operations.append(input);
    },
  };
}

/** How a filter field compares. */
export type FilterOperator = 'eq' | 'contains' | 'beginsWith';

/** One filter input of a list page. */
export interface FilterField {
  key: string;
  label: string;
  operator: FilterOperator;
  /** A choice list instead of free text: the code table the field's data holds (codes as values, labels as text). */
  codes?: CodeTable;
  /** A choice list whose values are stored as shown (prefer `codes`, which keeps labels apart from codes). */
  options?: readonly string[];
}

/** The Amplify filter for the filled-in filter values (empty values are left out), or undefined when none. */
export function buildFilter(fields: readonly FilterField[], values: Readonly<Record<string, string>>): RowFilter | undefined {
  const conditions = fields
    .map((field) => ({ field, value: (values[field.key] ?? '').trim() }))
    .filter(({ value }) => value !== '')
    .map(({ field, value }) => ({ [field.key]: { [field.operator]: value } }));
  if (conditions.length === 0) return undefined;
  if (conditions.length === 1) return conditions[0];
  return { and: conditions };
}

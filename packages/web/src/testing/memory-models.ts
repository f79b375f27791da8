// An in-memory stand-in for data-client's entity operations in component tests: Amplify-style
// filters (eq, contains, beginsWith, and), limit, an opaque nextToken, and the sorted index queries
// (records without the sort key left out, ties by id, as the data API does).
import { ConflictError, indexDefinition } from '@steward/data-client';
import type { EntityName } from '@steward/data-client';
import type { EntityAccess, EntityRow, RowFilter } from '../pages/entities/entity-access';
import type { DataPort } from '../app/ports';

type Condition = { eq?: unknown; contains?: string; beginsWith?: string; ne?: unknown };

function matches(row: EntityRow, filter: RowFilter | undefined): boolean {
  if (filter === undefined) return true;
  return Object.entries(filter).every(([key, condition]) => {
    if (key === 'and') return (condition as RowFilter[]).every((part) => matches(row, part));
    if (key === 'or') return (condition as RowFilter[]).some((part) => matches(row, part));
    const value = row[key];
    const c = condition as Condition;
    if (c.eq !== undefined && value !== c.eq) return false;
    if (c.ne !== undefined && value === c.ne) return false;
    if (c.contains !== undefined && !(typeof value === 'string' && value.includes(c.contains))) return false;
    if (c.beginsWith !== undefined && !(typeof value === 'string' && value.startsWith(c.beginsWith))) return false;
    return true;
  });
}

/** In-memory tables keyed by entity name; every call is recorded in `calls`. */
export function memoryModels(tables: Record<string, EntityRow[]>): { models: DataPort['models']; calls: { entity: string; operation: string; args: unknown }[] } {
  const calls: { entity: string; operation: string; args: unknown }[] = [];
  const access = (entity: string): EntityAccess => {
    const rows = (tables[entity] ??= []);
    return {
      async list({ filter, limit = 100, nextToken = null } = {}) {
        calls.push({ entity, operation: 'list', args: { filter, limit, nextToken } });
        const all = rows.filter((row) => matches(row, filter));
        const start = nextToken === null ? 0 : Number(nextToken);
        const items = all.slice(start, start + limit);
        return { items, nextToken: start + limit < all.length ? String(start + limit) : null };
      },
      async listByIndex(query, { sortDirection, partition, filter, limit = 100, nextToken = null }) {
        calls.push({ entity, operation: 'listByIndex', args: { query, sortDirection, partition, filter, limit, nextToken } });
        const index = indexDefinition(entity as EntityName, query);
        if (index === undefined) throw new Error(`${entity} has no index query ${query}`);
        const key = (row: EntityRow): string | number => row[index.sortKey] as string | number;
        const all = rows
          .filter((row) => row[index.sortKey] !== null && row[index.sortKey] !== undefined)
          .filter((row) => index.partitionKey === undefined || row[index.partitionKey] === partition)
          .filter((row) => matches(row, filter))
          .sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : a.id < b.id ? -1 : 1));
        if (sortDirection === 'DESC') all.reverse();
        const start = nextToken === null ? 0 : Number(nextToken);
        const items = all.slice(start, start + limit);
        return { items, nextToken: start + limit < all.length ? String(start + limit) : null };
      },
      async get(id) {
        calls.push({ entity, operation: 'get', args: id });
        return rows.find((row) => row.id === id) ?? null;
      },
      async create(input) {
        calls.push({ entity, operation: 'create', args: input });
        const row: EntityRow = { id: `${entity}-${rows.length + 1}`, createdAt: new Date().toISOString(), updatedAt: new Date().toISOString(), _version: 1, ...input };
        rows.push(row);
        return row;
      },
      async update(input) {
        calls.push({ entity, operation: 'update', args: input });
        const index = rows.findIndex((row) => row.id === input.id);
        if (index < 0) throw new Error('not found');
        const stored = rows[index];
        const version = typeof stored._version === 'number' ? stored._version : 1;
        // As the data API: a version sent that is no longer the record's is a conflict, and nothing is written.
        if (input._version !== undefined && input._version !== version) {
          throw new ConflictError(200, [{ errorType: 'ConflictUnhandled', message: 'changed by someone else', errorInfo: { current: stored } }]);
        }
        const updated = { ...stored, ...input, _version: version + 1 } as EntityRow;
        rows[index] = updated;
        return updated;
      },
      async append({ id, field, item }) {
        calls.push({ entity, operation: 'append', args: { id, field, item } });
        const index = rows.findIndex((row) => row.id === id);
        const stored = rows[index];
        if (stored === undefined) throw new Error('not found');
        const list: unknown = typeof stored[field] === 'string' ? JSON.parse(stored[field]) : [];
        const items: unknown[] = Array.isArray(list) ? (list as unknown[]) : [];
        const updated = { ...stored, [field]: JSON.stringify([...items, { ...item, at: new Date().toISOString(), by: 'Memory User' }]), _version: (typeof stored._version === 'number' ? stored._version : 1) + 1 };
        rows[index] = updated;
        return updated;
      },
      async delete(input) {
        calls.push({ entity, operation: 'delete', args: input });
        const index = rows.findIndex((row) => row.id === input.id);
        const [removed] = rows.splice(index, 1);
        if (removed === undefined) throw new Error('not found');
        return removed;
      },
    };
  };
  const client = new Proxy({}, { get: (_target, entity) => access(String(entity)) }) as Awaited<ReturnType<DataPort['models']>>;
  const models = async (): Promise<typeof client> => client;
  return { models, calls };
}

import {
  entityAppendableFields,
  entityFields,
  entityNames,
  entityNaturalKeys,
  entityPlurals,
  selectionOf,
  type AppendableEntity,
  type AppendableField,
  type BatchUpsertItem,
  type CreateInput,
  type EntityName,
  type EntityRecord,
  type ModelFilter,
  type NaturalKeyEntity,
  type UpdateInput,
} from './entity-fields.js';
import type { GraphqlTransport } from './graphql-transport.js';
import { indexQueryDocument, type IndexQueryName, type IndexQueryOptions } from './entity-indexes.js';

/** Arguments of a list call. */
export interface ListOptions<N extends EntityName> {
  filter?: ModelFilter<N>;
  limit?: number;
  nextToken?: string | null;
}

/** One page: Amplify's `{ items, nextToken }`. */
export interface PageOf<N extends EntityName> {
  items: EntityRecord<N>[];
  nextToken: string | null;
}

/** What a batch upsert did: items that made a record, changed one, or matched one exactly. */
export interface BatchUpsertCounts {
  created: number;
  updated: number;
  unchanged: number;
}

/** The batch operation of an entity with a natural key. */
export interface BatchUpsertOperation<N extends NaturalKeyEntity> {
  /**
   * Creates or updates records by natural key in one transaction (batchUpsertXs): all items or none.
   * At most the server's maxBatchItems (1000 by default) per call; bad items reject the call with
   * BatchItemsInvalidError listing them, so a caller can drop or fix those and send the rest again.
   */
  batchUpsert(items: readonly BatchUpsertItem<N>[]): Promise<BatchUpsertCounts>;
}

/** appendToX's input: the record, which list, the item (a JSON object) and optionally the version read. */
export interface AppendInput<N extends AppendableEntity> {
  id: string;
  field: AppendableField<N>;
  /** The entry; the server sets its `at`, `by` and `byUserId`. */
  item: Readonly<Record<string, unknown>>;
  _version?: number;
}

/** The append operation of an entity with list fields. */
export interface AppendOperation<N extends AppendableEntity> {
  /**
   * Adds one item to a list field on the server (appendToX): concurrent appends all land, and the
   * server stamps the author and time. With `_version`, a record changed since rejects with ConflictError.
   */
  append(input: AppendInput<N>): Promise<EntityRecord<N>>;
}

/** The typed operations of one entity: batchUpsert only on entities with a natural key, append only on those with list fields. */
export type EntityOperations<N extends EntityName> = EntityCrudOperations<N> &
  (N extends NaturalKeyEntity ? BatchUpsertOperation<N> : unknown) &
  (N extends AppendableEntity ? AppendOperation<N> : unknown);

/** The operations every entity has. */
export interface EntityCrudOperations<N extends EntityName> {
  get(id: string): Promise<EntityRecord<N> | null>;
  list(options?: ListOptions<N>): Promise<PageOf<N>>;
  /**
   * One page of a sorted index query (`accountMdlsByListedDate`, AppSync's `sortDirection`); the
   * nextToken only resumes the same query with the same partition, key condition, order and filter.
   */
  listByIndex<Q extends IndexQueryName<N>>(query: Q, options: ListOptions<N> & IndexQueryOptions<N, Q>): Promise<PageOf<N>>;
  create(input: CreateInput<N>): Promise<EntityRecord<N>>;
  /** updateX; with `input._version` the write is refused with ConflictError when the record changed since it was read. */
  update(input: UpdateInput<N>, condition?: ModelFilter<N>): Promise<EntityRecord<N>>;
  /** deleteX; with `_version`, refused with ConflictError when the record changed since it was read. */
  delete(input: { id: string; _version?: number }, condition?: ModelFilter<N>): Promise<EntityRecord<N>>;
  /** Pages of the list, following nextToken until the last (or `maxPages`). */
  pages(options?: ListOptions<N> & { maxPages?: number }): AsyncGenerator<PageOf<N>, void, undefined>;
  /** Records of every page, one by one. */
  items(options?: ListOptions<N> & { maxPages?: number }): AsyncGenerator<EntityRecord<N>, void, undefined>;
}

/** Typed operations for every entity, keyed by entity name. */
export type ModelClient = { readonly [N in EntityName]: EntityOperations<N> };

// The batch operation is attached only to entities with a natural key; ModelClient types which have it.
function operationsOf<N extends EntityName>(
  transport: GraphqlTransport,
  name: N,
): EntityCrudOperations<N> & Partial<BatchUpsertOperation<NaturalKeyEntity>> & Partial<AppendOperation<AppendableEntity>> {
  const sel = selectionOf(name);
  const list = `list${entityPlurals[name]}`;
  const docs = {
    get: `query Get${name}($id: ID!) { get${name}(id: $id) { ${sel} } }`,
    list: `query List${entityPlurals[name]}($filter: Model${name}FilterInput, $limit: Int, $nextToken: String) { ${list}(filter: $filter, limit: $limit, nextToken: $nextToken) { items { ${sel} } nextToken } }`,
    create: `mutation Create${name}($input: Create${name}Input!) { create${name}(input: $input) { ${sel} } }`,
    update: `mutation Update${name}($input: Update${name}Input!, $condition: Model${name}ConditionInput) { update${name}(input: $input, condition: $condition) { ${sel} } }`,
    delete: `mutation Delete${name}($input: Delete${name}Input!, $condition: Model${name}ConditionInput) { delete${name}(input: $input, condition: $condition) { ${sel} } }`,
  };
  const ops: EntityCrudOperations<N> = {
    async get(id) {
      return (await transport.request<Record<string, EntityRecord<N> | null>>(docs.get, { id }))[`get${name}`] ?? null;
    },
    async list(options = {}) {
      const data = await transport.request<Record<string, PageOf<N>>>(docs.list, { filter: options.filter, limit: options.limit, nextToken: options.nextToken ?? null });
      return data[list] ?? { items: [], nextToken: null };
    },
    async listByIndex(query, options) {
      const { document } = indexQueryDocument(name, query, sel);
      const variables = {
        partition: options.partition,
        keyCondition: options.keyCondition,
        sortDirection: options.sortDirection ?? 'ASC',
        filter: options.filter,
        limit: options.limit,
        nextToken: options.nextToken ?? null,
      };
      const data = await transport.request<Record<string, PageOf<N>>>(document, variables);
      return data[query] ?? { items: [], nextToken: null };
    },
    async create(input) {
      return (await transport.request<Record<string, EntityRecord<N>>>(docs.create, { input }))[`create${name}`];
    },
    async update(input, condition) {
      return (await transport.request<Record<string, EntityRecord<N>>>(docs.update, { input, condition }))[`update${name}`];
    },
    async delete(input, condition) {
      const remove = input._version === undefined ? { id: input.id } : { id: input.id, _version: input._version };
      return (await transport.request<Record<string, EntityRecord<N>>>(docs.delete, { input: remove, condition }))[`delete${name}`];
    },
    async *pages(options = {}) {
      let nextToken = options.nextToken ?? null;
      for (let page = 0; options.maxPages === undefined || page < options.maxPages; page++) {
        const result = await ops.list({ ...options, nextToken });
        yield result;
        nextToken = result.nextToken;
        if (nextToken === null) return;
      }
    },
    async *items(options = {}) {
      for await (const page of ops.pages(options)) yield* page.items;
    },
  };
  const withAppend = name in entityAppendableFields ? { ...ops, ...appendOperation(transport, name as AppendableEntity, sel) } : ops;
  if (!(name in entityNaturalKeys)) return withAppend;
  const batch = `batchUpsert${entityPlurals[name]}`;
  const batchDocument = `mutation BatchUpsert${entityPlurals[name]}($input: [Create${name}Input!]!) { ${batch}(input: $input) { created updated unchanged } }`;
  const withBatch: EntityCrudOperations<N> & BatchUpsertOperation<NaturalKeyEntity> = {
    ...withAppend,
    async batchUpsert(items) {
      return (await transport.request<Record<string, BatchUpsertCounts>>(batchDocument, { input: items }))[batch];
    },
  };
  return withBatch;
}

function appendOperation<N extends AppendableEntity>(transport: GraphqlTransport, name: N, sel: string): AppendOperation<N> {
  const field = `appendTo${name}`;
  const document = `mutation AppendTo${name}($input: AppendTo${name}Input!) { ${field}(input: $input) { ${sel} } }`;
  return {
    async append(input) {
      const variables = { input: { id: input.id, field: input.field, item: JSON.stringify(input.item), ...(input._version === undefined ? {} : { _version: input._version }) } };
      return (await transport.request<Record<string, EntityRecord<N>>>(document, variables))[field];
    },
  };
}

/** Creates typed operations for every entity over a transport. */
export function createModelClient(transport: GraphqlTransport): ModelClient {
  const client: Partial<Record<EntityName, unknown>> = {};
  for (const name of entityNames) client[name] = operationsOf(transport, name);
  return client as ModelClient;
}

/** The field table, for tests and code generators. */
export { entityFields };

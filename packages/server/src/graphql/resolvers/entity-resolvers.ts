import { getArgumentValues, isObjectType, type FieldNode, type GraphQLField, type GraphQLFieldResolver, type GraphQLResolveInfo } from '../execution/graphql-js.js';
import type { ModelEntity, ModelField } from '../model/resolved-model.js';
import type { BelongsToRelation, HasManyRelation, SortedIndex } from '../model/model-types.js';
import type { DataModel } from '../model/resolved-model.js';
import { canonicalJson } from '../pagination/next-token.js';
import type { FilterInput } from '../sql/filter-sql.js';
import type { DataApiContext } from './data-api-context.js';
import type { AppendInput, ConnectionPrefetch, IndexQueryArgs, ListArgs, Page, Row } from './entity-store.js';
import { selectedRecordFields, subFields, subFieldsByResponseKey } from './field-selection.js';

type Resolver<TArgs> = GraphQLFieldResolver<unknown, DataApiContext, TArgs>;

/**
 * Per-selection caches. graphql-jit hands every run of a compiled operation the same `fieldNodes`
 * array, and what a selection reads (its columns, its connections' shapes) follows from the
 * document alone (@skip/@include are ignored, see field-selection.ts), so it is worked out once per
 * compiled field instead of once per request (or per record). Keyed weakly: a document dropped
 * from the executor's cache takes its entries with it. The store is checked because two APIs in one
 * process resolve their own model.
 */
const columnCache = new WeakMap<readonly FieldNode[], { readonly store: DataApiContext['store']; readonly columns: readonly ModelField[] }>();

function columns(ctx: DataApiContext, entity: ModelEntity, info: GraphQLResolveInfo, connection: boolean): readonly ModelField[] {
  const hit = columnCache.get(info.fieldNodes);
  if (hit !== undefined && hit.store === ctx.store) return hit.columns;
  const cols = ctx.store.columnsFor(entity, selectedRecordFields(info.fieldNodes, info.fragments, connection));
  columnCache.set(info.fieldNodes, { store: ctx.store, columns: cols });
  return cols;
}

/** The batch key of a connection field: same relation, arguments and columns share one query. */
function connectionKey(parent: ModelEntity, relation: string, args: ListArgs, cols: readonly ModelField[]): string {
  return `${parent.name}.${relation}|${canonicalJson(args)}|${cols.map((c) => c.name).join(',')}`;
}

const MAX_PREFETCHED_CONNECTIONS = 8;

/** A hasMany connection selected on the records, as far as the document decides it (arguments aside). */
interface PrefetchShape {
  readonly relation: string;
  readonly node: FieldNode;
  readonly definition: GraphQLField<unknown, unknown>;
  readonly fields: readonly ModelField[];
}

const prefetchCache = new WeakMap<readonly FieldNode[], { readonly store: DataApiContext['store']; readonly shapes: readonly PrefetchShape[] }>();

function prefetchShapes(ctx: DataApiContext, entity: ModelEntity, recordNodes: readonly FieldNode[], info: GraphQLResolveInfo): PrefetchShape[] {
  const type = info.schema.getType(entity.name);
  if (type === undefined || !isObjectType(type)) return [];
  const shapes: PrefetchShape[] = [];
  for (const nodes of subFieldsByResponseKey(recordNodes, info.fragments).values()) {
    const node = nodes[0];
    const relation = node === undefined ? undefined : entity.relations.get(node.name.value);
    const definition = node === undefined ? undefined : type.getFields()[node.name.value];
    if (node === undefined || relation?.kind !== 'hasMany' || definition === undefined || shapes.length >= MAX_PREFETCHED_CONNECTIONS) continue;
    const target = ctx.store.entity(relation.target);
    shapes.push({ relation: node.name.value, node, definition, fields: ctx.store.columnsFor(target, selectedRecordFields(nodes, info.fragments, true)) });
  }
  return shapes;
}

/**
 * The hasMany connections selected on the records of this field (the record of a get, the items
 * of a list when `connection`), with the arguments and columns their resolvers will use: read in
 * the same statement as the records. Anything unusual (arguments that do not coerce) is left to
 * the resolvers.
 */
function connectionPrefetches(ctx: DataApiContext, entity: ModelEntity, info: GraphQLResolveInfo, connection: boolean): ConnectionPrefetch[] {
  let hit = prefetchCache.get(info.fieldNodes);
  if (hit === undefined || hit.store !== ctx.store) {
    const recordNodes = connection ? (subFields(info.fieldNodes, info.fragments).get('items') ?? []) : info.fieldNodes;
    hit = { store: ctx.store, shapes: prefetchShapes(ctx, entity, recordNodes, info) };
    prefetchCache.set(info.fieldNodes, hit);
  }
  const prefetches: ConnectionPrefetch[] = [];
  for (const shape of hit.shapes) {
    let args: ListArgs;
    try {
      args = getArgumentValues(shape.definition, shape.node, info.variableValues);
    } catch {
      continue;
    }
    prefetches.push({ relation: shape.relation, args, fields: shape.fields, key: connectionKey(entity, shape.relation, args, shape.fields) });
  }
  return prefetches;
}

/** getX(id): one record, with its selected connections in the same statement. */
export function getResolver(entity: ModelEntity): Resolver<{ id: string }> {
  return (_root, args, ctx, info) =>
    ctx.store.get(entity, args.id, ctx.caller, columns(ctx, entity, info, false), { field: info.fieldName, type: 'Query' }, connectionPrefetches(ctx, entity, info, false), ctx.batches.prime);
}

/** listXs(filter, limit, nextToken): one page, with its records' selected connections in the same statement. */
export function listResolver(entity: ModelEntity): Resolver<ListArgs> {
  return (_root, args, ctx, info) => {
    return ctx.store.list(entity, args, ctx.caller, columns(ctx, entity, info, true), { field: info.fieldName, type: 'Query' }, connectionPrefetches(ctx, entity, info, true), ctx.batches.prime);
  };
}

/** An index query (`accountMdlsByListedDate(…, sortDirection)`): one page in sort-key order. */
export function indexQueryResolver(entity: ModelEntity, index: SortedIndex): Resolver<ListArgs & Record<string, unknown>> {
  return (_root, args, ctx, info) => {
    const indexArgs: IndexQueryArgs = {
      filter: args.filter ?? null,
      limit: args.limit ?? null,
      nextToken: args.nextToken ?? null,
      partition: index.partitionKey === undefined ? undefined : args[index.partitionKey],
      keyCondition: (args[index.sortKey] as FilterInput | null | undefined) ?? null,
      sortDirection: args.sortDirection === 'DESC' ? 'DESC' : 'ASC',
    };
    return ctx.store.listByIndex(entity, index, indexArgs, ctx.caller, columns(ctx, entity, info, true), { field: info.fieldName, type: 'Query' }, connectionPrefetches(ctx, entity, info, true), ctx.batches.prime);
  };
}

/** createX(input). */
export function createResolver(entity: ModelEntity): Resolver<{ input: Record<string, unknown> }> {
  return (_root, args, ctx, info) => ctx.store.create(entity, args.input, ctx.caller, { field: info.fieldName, type: 'Mutation' });
}

/** updateX(input, condition). */
export function updateResolver(entity: ModelEntity): Resolver<{ input: Record<string, unknown>; condition?: FilterInput | null }> {
  return (_root, args, ctx, info) => ctx.store.update(entity, args.input, args.condition, ctx.caller, { field: info.fieldName, type: 'Mutation' });
}

/** appendToX(input): one item added to a list field on the server. */
export function appendResolver(entity: ModelEntity): Resolver<{ input: AppendInput }> {
  return (_root, args, ctx, info) => ctx.store.append(entity, args.input, ctx.caller, { field: info.fieldName, type: 'Mutation' });
}

/** batchUpsertXs(input): many creates or updates by natural key, all or none. */
export function batchUpsertResolver(entity: ModelEntity): Resolver<{ input: readonly Record<string, unknown>[] }> {
  return (_root, args, ctx, info) => ctx.store.batchUpsert(entity, args.input, ctx.caller, { field: info.fieldName, type: 'Mutation' });
}

/** deleteX(input, condition). */
export function deleteResolver(entity: ModelEntity): Resolver<{ input: Record<string, unknown>; condition?: FilterInput | null }> {
  return (_root, args, ctx, info) => ctx.store.delete(entity, args.input, args.condition, ctx.caller, { field: info.fieldName, type: 'Mutation' });
}

/** A hasMany connection field, batched over all parents of the same page. */
export function hasManyResolver(model: DataModel, parent: ModelEntity, name: string, relation: HasManyRelation): GraphQLFieldResolver<unknown, DataApiContext, ListArgs> {
  const target = model.entity(relation.target);
  return (parentRow, args, ctx, info): Page | Promise<Page> => {
    const row = parentRow as Row;
    const cols = columns(ctx, target, info, true);
    const key = connectionKey(parent, name, args, cols);
    const primed = ctx.batches.primed<Page>(row, key);
    if (primed !== undefined) return primed instanceof Error ? Promise.reject(primed) : primed;
    return ctx.batches.load<Page>(key, String(row.id), (ids) => ctx.store.hasMany(parent, name, ids, args, ctx.caller, cols));
  };
}

/** A belongsTo field, batched over all records of the same page. */
export function belongsToResolver(model: DataModel, parent: ModelEntity, name: string, relation: BelongsToRelation): GraphQLFieldResolver<unknown, DataApiContext> {
  const target = model.entity(relation.target);
  return (parentRow, _args, ctx, info): Promise<Row | null> | null => {
    const row = parentRow as Row;
    const fk = row[relation.foreignKey];
    if (typeof fk !== 'string') return null;
    const cols = columns(ctx, target, info, false);
    const key = `${parent.name}.${name}|${cols.map((c) => c.name).join(',')}`;
    return ctx.batches.load<Row | null>(key, fk, (ids) => ctx.store.belongsTo(target, ids, ctx.caller, cols, { field: name, type: parent.name }));
  };
}

import type { GraphQLFieldResolver, GraphQLResolveInfo } from 'graphql';
import type { ModelEntity } from '../model/resolved-model.js';
import type { BelongsToRelation, HasManyRelation } from '../model/model-types.js';
import type { DataModel } from '../model/resolved-model.js';
import type { FilterInput } from '../sql/filter-sql.js';
import type { DataApiContext } from './data-api-context.js';
import type { ListArgs, Page, Row } from './entity-store.js';
import { selectedRecordFields } from './field-selection.js';

type Resolver<TArgs> = GraphQLFieldResolver<unknown, DataApiContext, TArgs>;

function columns(ctx: DataApiContext, entity: ModelEntity, info: GraphQLResolveInfo, connection: boolean) {
  return ctx.store.columnsFor(entity, selectedRecordFields(info.fieldNodes, info.fragments, connection));
}

/** getX(id): one record. */
export function getResolver(entity: ModelEntity): Resolver<{ id: string }> {
  return (_root, args, ctx, info) => ctx.store.get(entity, args.id, ctx.caller, columns(ctx, entity, info, false), { field: info.fieldName, type: 'Query' });
}

/** listXs(filter, limit, nextToken): one page. */
export function listResolver(entity: ModelEntity): Resolver<ListArgs> {
  return (_root, args, ctx, info) => ctx.store.list(entity, args, ctx.caller, columns(ctx, entity, info, true), { field: info.fieldName, type: 'Query' });
}

/** createX(input). */
export function createResolver(entity: ModelEntity): Resolver<{ input: Record<string, unknown> }> {
  return (_root, args, ctx, info) => ctx.store.create(entity, args.input, ctx.caller, { field: info.fieldName, type: 'Mutation' });
}

/** updateX(input, condition). */
export function updateResolver(entity: ModelEntity): Resolver<{ input: Record<string, unknown>; condition?: FilterInput | null }> {
  return (_root, args, ctx, info) => ctx.store.update(entity, args.input, args.condition, ctx.caller, { field: info.fieldName, type: 'Mutation' });
}

/** deleteX(input, condition). */
export function deleteResolver(entity: ModelEntity): Resolver<{ input: Record<string, unknown>; condition?: FilterInput | null }> {
  return (_root, args, ctx, info) => ctx.store.delete(entity, args.input, args.condition, ctx.caller, { field: info.fieldName, type: 'Mutation' });
}

/** A hasMany connection field, batched over all parents of the same page. */
export function hasManyResolver(model: DataModel, parent: ModelEntity, name: string, relation: HasManyRelation): GraphQLFieldResolver<unknown, DataApiContext, ListArgs> {
  const target = model.entity(relation.target);
  return (parentRow, args, ctx, info): Promise<Page> => {
    const row = parentRow as Row;
    const cols = columns(ctx, target, info, true);
    const key = `${parent.name}.${name}|${JSON.stringify(args)}|${cols.map((c) => c.name).join(',')}`;
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

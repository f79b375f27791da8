import {
  GraphQLBoolean,
  GraphQLEnumType,
  GraphQLFloat,
  GraphQLID,
  GraphQLInputObjectType,
  GraphQLInt,
  GraphQLList,
  GraphQLNonNull,
  GraphQLObjectType,
  GraphQLSchema,
  GraphQLString,
  type GraphQLFieldConfigMap,
  type GraphQLInputFieldConfigMap,
  type GraphQLInputType,
  type GraphQLOutputType,
  type GraphQLScalarType,
} from '../execution/graphql-js.js';
import { VERSION_FIELD, type DataModel, type ModelEntity, type ModelField } from '../model/resolved-model.js';
import type { ScalarKind } from '../model/model-types.js';
import type { DataApiContext } from '../resolvers/data-api-context.js';
import {
  appendResolver,
  batchUpsertResolver,
  belongsToResolver,
  createResolver,
  deleteResolver,
  getResolver,
  hasManyResolver,
  indexQueryResolver,
  listResolver,
  updateResolver,
} from '../resolvers/entity-resolvers.js';
import { AWSDate, AWSDateTime, AWSJSON, AWSTimestamp } from './aws-scalars.js';

const SCALARS: Readonly<Record<ScalarKind, GraphQLScalarType>> = {
  ID: GraphQLID,
  String: GraphQLString,
  Int: GraphQLInt,
  Float: GraphQLFloat,
  Boolean: GraphQLBoolean,
  AWSJSON,
  AWSDate,
  AWSDateTime,
  AWSTimestamp,
};

function operatorInput(name: string, operand: GraphQLInputType, ops: readonly string[]): GraphQLInputObjectType {
  const fields: GraphQLInputFieldConfigMap = {};
  for (const op of ops) {
    if (op === 'between') fields[op] = { type: new GraphQLList(operand) };
    else if (op === 'attributeExists') fields[op] = { type: GraphQLBoolean };
    else fields[op] = { type: operand };
  }
  return new GraphQLInputObjectType({ name, fields });
}

const TEXT_OPS = ['ne', 'eq', 'le', 'lt', 'ge', 'gt', 'contains', 'notContains', 'between', 'beginsWith', 'attributeExists'];
const NUMBER_OPS = ['ne', 'eq', 'le', 'lt', 'ge', 'gt', 'between', 'attributeExists'];

/** Amplify's per-scalar filter inputs. */
const FILTER_INPUTS = {
  ModelStringInput: operatorInput('ModelStringInput', GraphQLString, TEXT_OPS),
  ModelIDInput: operatorInput('ModelIDInput', GraphQLID, TEXT_OPS),
  ModelIntInput: operatorInput('ModelIntInput', GraphQLInt, NUMBER_OPS),
  ModelFloatInput: operatorInput('ModelFloatInput', GraphQLFloat, NUMBER_OPS),
  ModelBooleanInput: operatorInput('ModelBooleanInput', GraphQLBoolean, ['ne', 'eq', 'attributeExists']),
};

function filterInputFor(kind: ScalarKind): GraphQLInputObjectType {
  switch (kind) {
    case 'ID':
      return FILTER_INPUTS.ModelIDInput;
    case 'Int':
    case 'AWSTimestamp':
      return FILTER_INPUTS.ModelIntInput;
    case 'Float':
      return FILTER_INPUTS.ModelFloatInput;
    case 'Boolean':
      return FILTER_INPUTS.ModelBooleanInput;
    default:
      return FILTER_INPUTS.ModelStringInput;
  }
}

/** AppSync's sort order of index queries. */
const SORT_DIRECTION = new GraphQLEnumType({ name: 'ModelSortDirection', values: { ASC: { value: 'ASC' }, DESC: { value: 'DESC' } } });

const KEY_TEXT_OPS = ['eq', 'le', 'lt', 'ge', 'gt', 'between', 'beginsWith'];
const KEY_NUMBER_OPS = ['eq', 'le', 'lt', 'ge', 'gt', 'between'];

/** AppSync's key condition inputs: what a sort key may be restricted to. */
const KEY_CONDITION_INPUTS = {
  ModelStringKeyConditionInput: operatorInput('ModelStringKeyConditionInput', GraphQLString, KEY_TEXT_OPS),
  ModelIDKeyConditionInput: operatorInput('ModelIDKeyConditionInput', GraphQLID, KEY_TEXT_OPS),
  ModelIntKeyConditionInput: operatorInput('ModelIntKeyConditionInput', GraphQLInt, KEY_NUMBER_OPS),
  ModelFloatKeyConditionInput: operatorInput('ModelFloatKeyConditionInput', GraphQLFloat, KEY_NUMBER_OPS),
};

function keyConditionInputFor(kind: ScalarKind): GraphQLInputObjectType {
  switch (kind) {
    case 'ID':
      return KEY_CONDITION_INPUTS.ModelIDKeyConditionInput;
    case 'Int':
    case 'AWSTimestamp':
      return KEY_CONDITION_INPUTS.ModelIntKeyConditionInput;
    case 'Float':
      return KEY_CONDITION_INPUTS.ModelFloatKeyConditionInput;
    default:
      return KEY_CONDITION_INPUTS.ModelStringKeyConditionInput;
  }
}

function outputType(field: ModelField): GraphQLOutputType {
  const scalar = SCALARS[field.kind];
  return field.required ? new GraphQLNonNull(scalar) : scalar;
}

interface EntityTypes {
  object: GraphQLObjectType;
  connection: GraphQLObjectType;
  filter: GraphQLInputObjectType;
  condition: GraphQLInputObjectType;
  create: GraphQLInputObjectType;
  update: GraphQLInputObjectType;
  remove: GraphQLInputObjectType;
}

function conditionInput(name: string, entity: ModelEntity, withId: boolean): GraphQLInputObjectType {
  const self: GraphQLInputObjectType = new GraphQLInputObjectType({
    name,
    fields: () => {
      const fields: GraphQLInputFieldConfigMap = {};
      for (const f of entity.fields) if (withId || f.name !== 'id') fields[f.name] = { type: filterInputFor(f.kind) };
      fields.and = { type: new GraphQLList(self) };
      fields.or = { type: new GraphQLList(self) };
      fields.not = { type: self };
      return fields;
    },
  });
  return self;
}

/** The optional `_version` of update, delete and append inputs: when sent, the write happens only if the record is still at it. */
const VERSION_INPUT = { type: GraphQLInt, description: 'The _version read with the record: the write is refused (ConflictUnhandled) when the record has changed since.' };

const listArgs = (filter: GraphQLInputObjectType) => ({
  filter: { type: filter },
  limit: { type: GraphQLInt, description: 'Page size, 1 to the server maximum (default 100).' },
  nextToken: { type: GraphQLString, description: 'The nextToken of the previous page, unchanged.' },
});

/** Fields a domain module adds beside the generated ones (e.g. campaigns' planCampaign). */
export interface SchemaFields {
  readonly query?: GraphQLFieldConfigMap<unknown, DataApiContext>;
  readonly mutation?: GraphQLFieldConfigMap<unknown, DataApiContext>;
}

/** A domain module's contribution to the schema; it gets the generated entity object types to return records. */
export type SchemaExtension = (types: { readonly entityType: (entityName: string) => GraphQLObjectType }) => SchemaFields;

function addFields(target: GraphQLFieldConfigMap<unknown, DataApiContext>, added: GraphQLFieldConfigMap<unknown, DataApiContext> | undefined, typeName: string): void {
  for (const [name, field] of Object.entries(added ?? {})) {
    // A module must not silently replace a generated operation (or another module's).
    if (name in target) throw new Error(`schema extension redefines ${typeName}.${name}`);
    target[name] = field;
  }
}

/**
 * Builds the whole GraphQL schema from the model, Amplify style: per entity an object type with
 * its connections, getX/listXs queries, createX/updateX/deleteX mutations, and the filter,
 * condition and input types; then the fields of `extensions`.
 */
export function buildDataApiSchema(model: DataModel, extensions: readonly SchemaExtension[] = []): GraphQLSchema {
  const types = new Map<string, EntityTypes>();
  const typesOf = (name: string): EntityTypes => {
    const t = types.get(name);
    if (t === undefined) throw new Error(`no types for ${name}`);
    return t;
  };
  for (const entity of model.entities) {
    const object: GraphQLObjectType = new GraphQLObjectType<unknown, DataApiContext>({
      name: entity.name,
      description: entity.description,
      fields: () => {
        const fields: GraphQLFieldConfigMap<unknown, DataApiContext> = {};
        for (const f of entity.fields) fields[f.name] = { type: outputType(f) };
        for (const [name, relation] of entity.relations) {
          const target = typesOf(relation.target);
          fields[name] =
            relation.kind === 'hasMany'
              ? { type: target.connection, args: listArgs(target.filter), resolve: hasManyResolver(model, entity, name, relation) }
              : { type: target.object, resolve: belongsToResolver(model, entity, name, relation) };
        }
        return fields;
      },
    });
    const connection = new GraphQLObjectType({
      name: `Model${entity.name}Connection`,
      fields: { items: { type: new GraphQLNonNull(new GraphQLList(object)) }, nextToken: { type: GraphQLString } },
    });
    const writable = (forCreate: boolean): GraphQLInputFieldConfigMap => {
      const fields: GraphQLInputFieldConfigMap = { id: { type: forCreate ? GraphQLID : new GraphQLNonNull(GraphQLID) } };
      for (const f of entity.writableFields) {
        const scalar = SCALARS[f.kind];
        fields[f.name] = { type: forCreate && f.required ? new GraphQLNonNull(scalar) : scalar };
      }
      if (!forCreate) fields[VERSION_FIELD] = VERSION_INPUT;
      return fields;
    };
    types.set(entity.name, {
      object,
      connection,
      filter: conditionInput(`Model${entity.name}FilterInput`, entity, true),
      condition: conditionInput(`Model${entity.name}ConditionInput`, entity, false),
      create: new GraphQLInputObjectType({ name: `Create${entity.name}Input`, fields: writable(true) }),
      update: new GraphQLInputObjectType({ name: `Update${entity.name}Input`, fields: writable(false) }),
      remove: new GraphQLInputObjectType({ name: `Delete${entity.name}Input`, fields: { id: { type: new GraphQLNonNull(GraphQLID) }, [VERSION_FIELD]: VERSION_INPUT } }),
    });
  }
  const query: GraphQLFieldConfigMap<unknown, DataApiContext> = {};
  const mutation: GraphQLFieldConfigMap<unknown, DataApiContext> = {};
  for (const entity of model.entities) {
    const t = typesOf(entity.name);
    const ops = entity.operations;
    query[ops.get] = { type: t.object, args: { id: { type: new GraphQLNonNull(GraphQLID) } }, resolve: getResolver(entity) };
    query[ops.list] = { type: t.connection, args: listArgs(t.filter), resolve: listResolver(entity) };
    for (const index of entity.sortedIndexes) {
      const sortField = entity.fieldByName.get(index.sortKey);
      const partitionField = index.partitionKey === undefined ? undefined : entity.fieldByName.get(index.partitionKey);
      if (sortField === undefined) throw new Error(`${entity.name}: no field ${index.sortKey}`);
      query[index.queryField] = {
        type: t.connection,
        description: `${entity.plural} in ${index.sortKey} order${index.partitionKey === undefined ? '' : ` within one ${index.partitionKey}`} (records without ${index.sortKey} are not in the index).`,
        args: {
          ...(partitionField === undefined ? {} : { [partitionField.name]: { type: new GraphQLNonNull(SCALARS[partitionField.kind]) } }),
          [sortField.name]: { type: keyConditionInputFor(sortField.kind) },
          sortDirection: { type: SORT_DIRECTION, description: 'ASC (default) or DESC.' },
          ...listArgs(t.filter),
        },
        resolve: indexQueryResolver(entity, index),
      };
    }
    mutation[ops.create] = { type: t.object, args: { input: { type: new GraphQLNonNull(t.create) } }, resolve: createResolver(entity) };
    mutation[ops.update] = { type: t.object, args: { input: { type: new GraphQLNonNull(t.update) }, condition: { type: t.condition } }, resolve: updateResolver(entity) };
    mutation[ops.delete] = { type: t.object, args: { input: { type: new GraphQLNonNull(t.remove) }, condition: { type: t.condition } }, resolve: deleteResolver(entity) };
    if (entity.appendableFields.length > 0) {
      const listField = new GraphQLEnumType({
        name: `${entity.name}AppendableField`,
        description: `The list fields of ${entity.name} that ${ops.append} adds to.`,
        values: Object.fromEntries(entity.appendableFields.map((f) => [f.name, { value: f.name }])),
      });
      const input = new GraphQLInputObjectType({
        name: `AppendTo${entity.name}Input`,
        fields: {
          id: { type: new GraphQLNonNull(GraphQLID) },
          field: { type: new GraphQLNonNull(listField) },
          item: { type: new GraphQLNonNull(AWSJSON), description: 'A JSON object; the server sets its at, by and byUserId.' },
          [VERSION_FIELD]: VERSION_INPUT,
        },
      });
      mutation[ops.append] = {
        type: t.object,
        description: `Adds one item to a list field of a ${entity.name} on the server (concurrent appends all land), stamped with the caller and the server time.`,
        args: { input: { type: new GraphQLNonNull(input) } },
        resolve: appendResolver(entity),
      };
    }
    if (entity.naturalKey.length > 0) {
      const count = { type: new GraphQLNonNull(GraphQLInt) };
      const result = new GraphQLObjectType({
        name: `BatchUpsert${entity.name}Result`,
        description: 'Items that created a record, changed one, or matched one exactly.',
        fields: { created: count, updated: count, unchanged: count },
      });
      mutation[`batchUpsert${entity.plural}`] = {
        type: new GraphQLNonNull(result),
        description: `Creates or updates ${entity.plural} by natural key (${entity.naturalKey.join(', ')}) in one transaction: all items or none.`,
        args: { input: { type: new GraphQLNonNull(new GraphQLList(new GraphQLNonNull(t.create))) } },
        resolve: batchUpsertResolver(entity),
      };
    }
  }
  for (const extend of extensions) {
    const added = extend({ entityType: (name) => typesOf(name).object });
    addFields(query, added.query, 'Query');
    addFields(mutation, added.mutation, 'Mutation');
  }
  return new GraphQLSchema({
    query: new GraphQLObjectType({ name: 'Query', fields: query }),
    mutation: new GraphQLObjectType({ name: 'Mutation', fields: mutation }),
  });
}

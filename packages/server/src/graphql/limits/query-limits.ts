import {
  Kind,
  OperationTypeNode,
  SchemaMetaFieldDef,
  TypeMetaFieldDef,
  TypeNameMetaFieldDef,
  getNamedType,
  isObjectType,
  type FragmentDefinitionNode,
  type GraphQLField,
  type GraphQLObjectType,
  type GraphQLSchema,
  type OperationDefinitionNode,
  type SelectionSetNode,
  type ValueNode,
} from '../execution/graphql-js.js';
import { DataApiError } from '../errors/data-api-errors.js';

/** The limits that keep one request from costing the server too much. */
export interface QueryLimits {
  /** Largest request body, bytes. */
  readonly maxBodyBytes: number;
  /** Longest query text, characters. */
  readonly maxQueryLength: number;
  /** Most lexical tokens in a query (graphql-js stops parsing beyond). */
  readonly maxTokens: number;
  /** Deepest field nesting. */
  readonly maxDepth: number;
  /**
   * Deepest nesting under `__schema` or `__type`, counted the same way. The standard introspection
   * query (graphql-js's getIntrospectionQuery, used by GraphiQL and code generators) nests 15: its
   * type references follow `ofType` nine times.
   */
  readonly maxIntrospectionDepth: number;
  /** Most field selections once fragments are expanded (guards alias and fragment fan-out). */
  readonly maxFields: number;
  /** Most records a query may ask for: every connection's limit times the records above it. */
  readonly maxCost: number;
  /** Deepest nesting of the variables JSON. */
  readonly maxVariablesDepth: number;
  /** Page size when a list or connection gets no limit (Amplify: 100). */
  readonly defaultPageSize: number;
  /** Largest allowed limit. */
  readonly maxPageSize: number;
  /** Most conditions in one filter. */
  readonly maxFilterConditions: number;
  /**
   * Longest id, ID field or indexed text field (and filter operand on one), in UTF-16 code units.
   * An index row holds up to three such values (two fields and the id); at 3 UTF-8 bytes per
   * unit, three of 256 stay under PostgreSQL's btree row limit (2704 bytes).
   */
  readonly maxKeyLength: number;
  /** Longest value of a free-text (not indexed) String field, in UTF-16 code units. */
  readonly maxTextLength: number;
  /** Longest AWSJSON value, in UTF-16 code units of its JSON text. */
  readonly maxJsonLength: number;
  /** Most items one batch mutation (batchUpsertXs) takes: one transaction, one statement. */
  readonly maxBatchItems: number;
}

/** The limits used unless the caller of registerGraphqlApi overrides them. */
export const defaultQueryLimits: QueryLimits = {
  maxBodyBytes: 1024 * 1024,
  maxQueryLength: 32 * 1024,
  maxTokens: 4000,
  maxDepth: 10,
  maxIntrospectionDepth: 15,
  maxFields: 1000,
  maxCost: 20_000,
  maxVariablesDepth: 24,
  defaultPageSize: 100,
  maxPageSize: 1000,
  maxFilterConditions: 100,
  maxKeyLength: 256,
  maxTextLength: 32 * 1024,
  maxJsonLength: 256 * 1024,
  maxBatchItems: 1000,
};

/** What an operation would cost, measured before it runs. */
export interface OperationCost {
  readonly depth: number;
  readonly fields: number;
  readonly cost: number;
  /** True when a list limit came from a variable: the same operation may measure otherwise with other variables. */
  readonly dependsOnVariables: boolean;
}

function limitArgument(args: readonly { name: { value: string }; value: ValueNode }[] | undefined, variables: Readonly<Record<string, unknown>>, limits: QueryLimits): number {
  const arg = args?.find((a) => a.name.value === 'limit');
  let value: unknown;
  if (arg?.value.kind === Kind.INT) value = Number(arg.value.value);
  else if (arg?.value.kind === Kind.VARIABLE) value = variables[arg.value.name.value];
  // Out-of-range limits are refused by the resolver; here they only must not hide the cost.
  if (typeof value !== 'number' || !Number.isFinite(value) || value < 1) return limits.defaultPageSize;
  return Math.min(Math.floor(value), limits.maxPageSize);
}

/** The definition of field `name` of `parent`, introspection's meta fields included. */
function fieldDefinition(schema: GraphQLSchema, parent: GraphQLObjectType, name: string): GraphQLField<unknown, unknown> | undefined {
  if (name === TypeNameMetaFieldDef.name) return TypeNameMetaFieldDef;
  if (parent === schema.getQueryType()) {
    if (name === SchemaMetaFieldDef.name) return SchemaMetaFieldDef;
    if (name === TypeMetaFieldDef.name) return TypeMetaFieldDef;
  }
  return parent.getFields()[name];
}

/**
 * Measures depth, field count and record cost of `operation`, following fragments, with list
 * limits taken from literals or variables. Every selected field counts, aliases, `__typename` and
 * introspection included; fields under `__schema` or `__type` are held to maxIntrospectionDepth.
 */
export function measureOperation(
  schema: GraphQLSchema,
  operation: OperationDefinitionNode,
  fragments: Readonly<Record<string, FragmentDefinitionNode>>,
  variables: Readonly<Record<string, unknown>>,
  limits: QueryLimits,
): OperationCost {
  const root = operation.operation === OperationTypeNode.MUTATION ? schema.getMutationType() : schema.getQueryType();
  let fields = 0;
  let cost = 0;
  let maxDepth = 0;
  let dependsOnVariables = false;
  const walk = (set: SelectionSetNode, parent: GraphQLObjectType, multiplier: number, depth: number, introspecting: boolean, visiting: Set<string>): void => {
    for (const selection of set.selections) {
      if (selection.kind === Kind.INLINE_FRAGMENT) {
        walk(selection.selectionSet, parent, multiplier, depth, introspecting, visiting);
        continue;
      }
      if (selection.kind === Kind.FRAGMENT_SPREAD) {
        const name = selection.name.value;
        const fragment = fragments[name];
        if (fragment === undefined || visiting.has(name)) continue;
        visiting.add(name);
        walk(fragment.selectionSet, parent, multiplier, depth, introspecting, visiting);
        visiting.delete(name);
        continue;
      }
      const name = selection.name.value;
      fields += 1;
      if (fields > limits.maxFields) throw new DataApiError('QueryLimitExceededException', `The query selects more than ${limits.maxFields} fields.`);
      const def = fieldDefinition(schema, parent, name);
      const inIntrospection = introspecting || def === SchemaMetaFieldDef || def === TypeMetaFieldDef;
      const level = depth + 1;
      maxDepth = Math.max(maxDepth, level);
      if (inIntrospection && level > limits.maxIntrospectionDepth) {
        throw new DataApiError('QueryLimitExceededException', `The introspection query is nested deeper than ${limits.maxIntrospectionDepth} levels.`);
      }
      if (!inIntrospection && level > limits.maxDepth) throw new DataApiError('QueryLimitExceededException', `The query is nested deeper than ${limits.maxDepth} levels.`);
      if (def === undefined || selection.selectionSet === undefined) continue;
      const type = getNamedType(def.type);
      if (!isObjectType(type)) continue;
      let childMultiplier = multiplier;
      if (type.name.startsWith('Model') && type.name.endsWith('Connection')) {
        if (selection.arguments?.some((a) => a.name.value === 'limit' && a.value.kind === Kind.VARIABLE) === true) dependsOnVariables = true;
        childMultiplier = multiplier * limitArgument(selection.arguments, variables, limits);
        cost += childMultiplier;
      } else if (parent.name.endsWith('Connection')) {
        // `items` of a connection: already counted by the connection.
      } else {
        cost += multiplier;
      }
      if (cost > limits.maxCost) {
        throw new DataApiError('QueryLimitExceededException', `The query may return more than ${limits.maxCost} records; lower the limits of its lists.`);
      }
      walk(selection.selectionSet, type, childMultiplier, level, inIntrospection, visiting);
    }
  };
  if (root !== null && root !== undefined) walk(operation.selectionSet, root, 1, 0, false, new Set());
  return { depth: maxDepth, fields, cost, dependsOnVariables };
}

/** Depth of a JSON value (objects and arrays); stops counting past `max`. */
export function jsonDepth(value: unknown, max: number, depth = 0): number {
  if (depth > max || value === null || typeof value !== 'object') return depth;
  let deepest = depth + 1;
  for (const child of Array.isArray(value) ? (value as unknown[]) : Object.values(value)) {
    deepest = Math.max(deepest, jsonDepth(child, max, depth + 1));
    if (deepest > max) return deepest;
  }
  return deepest;
}

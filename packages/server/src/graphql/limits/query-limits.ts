import {
  Kind,
  OperationTypeNode,
  getNamedType,
  isObjectType,
  type FragmentDefinitionNode,
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
}

/** The limits used unless the caller of registerGraphqlApi overrides them. */
export const defaultQueryLimits: QueryLimits = {
  maxBodyBytes: 1024 * 1024,
  maxQueryLength: 32 * 1024,
  maxTokens: 4000,
  maxDepth: 10,
  maxFields: 1000,
  maxCost: 20_000,
  maxVariablesDepth: 24,
  defaultPageSize: 100,
  maxPageSize: 1000,
  maxFilterConditions: 100,
};

/** What an operation would cost, measured before it runs. */
export interface OperationCost {
  readonly depth: number;
  readonly fields: number;
  readonly cost: number;
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

/**
 * Measures depth, field count and record cost of `operation`, following fragments, with list
 * limits taken from literals or variables. Introspection fields are not counted.
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
  const walk = (set: SelectionSetNode, parent: GraphQLObjectType, multiplier: number, depth: number, visiting: Set<string>): void => {
    for (const selection of set.selections) {
      if (selection.kind === Kind.INLINE_FRAGMENT) {
        walk(selection.selectionSet, parent, multiplier, depth, visiting);
        continue;
      }
      if (selection.kind === Kind.FRAGMENT_SPREAD) {
        const name = selection.name.value;
        const fragment = fragments[name];
        if (fragment === undefined || visiting.has(name)) continue;
        visiting.add(name);
        walk(fragment.selectionSet, parent, multiplier, depth, visiting);
        visiting.delete(name);
        continue;
      }
      const name = selection.name.value;
      if (name.startsWith('__')) continue;
      fields += 1;
      if (fields > limits.maxFields) throw new DataApiError('QueryLimitExceededException', `The query selects more than ${limits.maxFields} fields.`);
      maxDepth = Math.max(maxDepth, depth + 1);
      if (maxDepth > limits.maxDepth) throw new DataApiError('QueryLimitExceededException', `The query is nested deeper than ${limits.maxDepth} levels.`);
      const def = parent.getFields()[name];
      if (def === undefined || selection.selectionSet === undefined) continue;
      const type = getNamedType(def.type);
      if (!isObjectType(type)) continue;
      let childMultiplier = multiplier;
      if (type.name.startsWith('Model') && type.name.endsWith('Connection')) {
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
      walk(selection.selectionSet, type, childMultiplier, depth + 1, visiting);
    }
  };
  if (root !== null && root !== undefined) walk(operation.selectionSet, root, 1, 0, new Set());
  return { depth: maxDepth, fields, cost };
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

import {
  execute,
  parse,
  validate,
  GraphQLError,
  Kind,
  type DocumentNode,
  type FragmentDefinitionNode,
  type GraphQLSchema,
  getNamedType,
  isInputObjectType,
  NoSchemaIntrospectionCustomRule,
  specifiedRules,
  type GraphQLInputObjectType,
  type OperationDefinitionNode,
  type SelectionSetNode,
  type ValidationRule,
} from './graphql-js.js';
import { compileQuery, isCompiledQuery, type CompiledQuery } from 'graphql-jit';
import { DataApiError } from '../errors/data-api-errors.js';
import { formatGraphqlError, requestErrorBody, toAppSyncBody, withoutSuggestions, type AppSyncBody } from '../errors/to-appsync-error.js';
import { jsonDepth, measureOperation, type QueryLimits } from '../limits/query-limits.js';
import type { DataApiContext } from '../resolvers/data-api-context.js';

/** Options of GraphqlExecutor. */
export interface GraphqlExecutorOptions {
  /** Answer `__schema` and `__type`; true unless set. Off, they fail validation (ValidationError). */
  readonly introspection?: boolean;
  /** Keep graphql-js's "Did you mean …?" hints, which name schema members; true unless set. */
  readonly fieldSuggestions?: boolean;
  /** Parsed and validated documents kept, by query text. */
  readonly maxCachedDocuments?: number;
  /** Runs with graphql-js before an operation is compiled. */
  readonly compileAfterRuns?: number;
}

/** A GraphQL request body, once its shape is checked. */
export interface GraphqlRequest {
  readonly query: string;
  readonly variables: Readonly<Record<string, unknown>>;
  readonly operationName: string | null;
}

/** The HTTP status and body to answer with. */
export interface GraphqlResponse {
  readonly status: number;
  readonly body: AppSyncBody;
  /** The one root field of the operation run (a field of the schema: it passed validation); undefined for several, or when none ran. */
  readonly rootField?: string;
}

/** The schema field an operation selects at its root when it selects exactly one field (aliases aside). */
export function rootFieldOf(operation: OperationDefinitionNode): string | undefined {
  const [only, ...rest] = operation.selectionSet.selections;
  return only?.kind === Kind.FIELD && rest.length === 0 ? only.name.value : undefined;
}

interface PreparedDocument {
  readonly document: DocumentNode;
  readonly operations: ReadonlyMap<string | null, OperationDefinitionNode>;
  readonly fragments: Readonly<Record<string, FragmentDefinitionNode>>;
  /** Compiled operations by name (graphql-jit), from their second run; null when one cannot be compiled. */
  readonly compiled: Map<string | null, CompiledQuery | null>;
  /** Runs so far of operations not compiled yet. */
  readonly runs: Map<string | null, number>;
}

/**
 * Names of the input types from which a cycle of input types can be reached (the and/or/not of
 * filter and condition inputs). graphql-jit compiles the parsing of a variable of such a type
 * forever (graphql-jit issue #81), so operations with such variables run on graphql-js.
 */
function recursiveInputTypes(schema: GraphQLSchema): Set<string> {
  const recursive = new Set<string>();
  const done = new Set<string>();
  const visit = (type: GraphQLInputObjectType, path: Set<string>): boolean => {
    if (path.has(type.name)) return true;
    if (done.has(type.name)) return recursive.has(type.name);
    path.add(type.name);
    let reaches = false;
    for (const field of Object.values(type.getFields())) {
      const named = getNamedType(field.type);
      if (isInputObjectType(named) && visit(named, path)) reaches = true;
    }
    path.delete(type.name);
    done.add(type.name);
    if (reaches) recursive.add(type.name);
    return reaches;
  };
  for (const type of Object.values(schema.getTypeMap())) if (isInputObjectType(type)) visit(type, new Set());
  return recursive;
}

/** True when the root selection (fragments followed) asks for `__schema` or `__type`. */
function selectsIntrospection(set: SelectionSetNode, fragments: Readonly<Record<string, FragmentDefinitionNode>>, seen: Set<string>): boolean {
  return set.selections.some((selection) => {
    if (selection.kind === Kind.FIELD) return selection.name.value === '__schema' || selection.name.value === '__type';
    if (selection.kind === Kind.INLINE_FRAGMENT) return selectsIntrospection(selection.selectionSet, fragments, seen);
    const fragment = fragments[selection.name.value];
    if (fragment === undefined || seen.has(selection.name.value)) return false;
    seen.add(selection.name.value);
    return selectsIntrospection(fragment.selectionSet, fragments, seen);
  });
}

/** Checks the request body's shape: `{ query: string, variables?: object, operationName?: string }`. */
export function readGraphqlRequest(body: unknown): GraphqlRequest {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) {
    throw new DataApiError('MalformedHttpRequestException', 'The body must be a JSON object with a query.');
  }
  const { query, variables, operationName } = body as Record<string, unknown>;
  if (typeof query !== 'string' || query.trim() === '') throw new DataApiError('MalformedHttpRequestException', 'The body has no query string.');
  if (variables !== undefined && variables !== null && (typeof variables !== 'object' || Array.isArray(variables))) {
    throw new DataApiError('MalformedHttpRequestException', 'variables must be a JSON object.');
  }
  if (operationName !== undefined && operationName !== null && typeof operationName !== 'string') {
    throw new DataApiError('MalformedHttpRequestException', 'operationName must be a string.');
  }
  return { query, variables: (variables ?? {}) as Record<string, unknown>, operationName: operationName ?? null };
}

/**
 * Parses, validates, measures and executes GraphQL requests. Parsed and validated documents are
 * cached by query text, so repeated queries (all of a client's) skip both steps; from its second
 * run an operation is compiled to JavaScript by graphql-jit, which executes it several times faster
 * than graphql-js's interpreter (same results: a test runs every kind of query both ways).
 */
export class GraphqlExecutor {
  private readonly cache = new Map<string, PreparedDocument>();
  /** Operations whose measurement passed and reads no variable: it passes again for any variables. */
  private readonly withinLimits = new WeakSet<OperationDefinitionNode>();
  private readonly recursiveInputs: ReadonlySet<string>;
  private readonly rules: readonly ValidationRule[];
  private readonly suggestions: boolean;
  private readonly maxCachedDocuments: number;
  private readonly compileAfterRuns: number;

  constructor(
    private readonly schema: GraphQLSchema,
    private readonly limits: QueryLimits,
    private readonly log: (error: unknown) => void,
    options: GraphqlExecutorOptions = {},
  ) {
    this.recursiveInputs = recursiveInputTypes(schema);
    this.rules = options.introspection === false ? [...specifiedRules, NoSchemaIntrospectionCustomRule] : specifiedRules;
    this.suggestions = options.fieldSuggestions ?? true;
    this.maxCachedDocuments = options.maxCachedDocuments ?? 1000;
    this.compileAfterRuns = options.compileAfterRuns ?? 1;
  }

  /** False for operations graphql-jit must not compile: introspection, variables of recursive input types. */
  private compilable(operation: OperationDefinitionNode, fragments: Readonly<Record<string, FragmentDefinitionNode>>): boolean {
    // graphql-jit mis-resolves some introspection fields (`__type { fields }` comes back null).
    if (selectsIntrospection(operation.selectionSet, fragments, new Set())) return false;
    return (operation.variableDefinitions ?? []).every((variable) => {
      let type = variable.type;
      while (type.kind !== Kind.NAMED_TYPE) type = type.type;
      return !this.recursiveInputs.has(type.name.value);
    });
  }

  private prepare(query: string): PreparedDocument | GraphqlResponse {
    const cached = this.cache.get(query);
    if (cached !== undefined) return cached;
    if (query.length > this.limits.maxQueryLength) {
      return { status: 400, body: requestErrorBody(new DataApiError('QueryLimitExceededException', `The query is longer than ${this.limits.maxQueryLength} characters.`)) };
    }
    let document: DocumentNode;
    try {
      document = parse(query, { maxTokens: this.limits.maxTokens, noLocation: false });
    } catch (error) {
      const e = error instanceof GraphQLError ? error : new GraphQLError(String(error));
      // graphql-js words it "contains more that N tokens".
      const tooBig = /contains more th\w+ \d+ tokens/.test(e.message);
      const type = tooBig ? 'QueryLimitExceededException' : 'ValidationError';
      return { status: 400, body: { data: null, errors: [formatGraphqlError(e, type)] } };
    }
    const errors = validate(this.schema, document, this.rules, { maxErrors: 10 });
    if (errors.length > 0) return { status: 400, body: { data: null, errors: errors.map((e) => formatGraphqlError(e, 'ValidationError')) } };
    const operations = new Map<string | null, OperationDefinitionNode>();
    const fragments: Record<string, FragmentDefinitionNode> = {};
    for (const def of document.definitions) {
      if (def.kind === Kind.OPERATION_DEFINITION) operations.set(def.name?.value ?? null, def);
      else if (def.kind === Kind.FRAGMENT_DEFINITION) fragments[def.name.value] = def;
    }
    const prepared: PreparedDocument = { document, operations, fragments, compiled: new Map(), runs: new Map() };
    if (this.cache.size >= this.maxCachedDocuments) this.cache.delete(this.cache.keys().next().value as string);
    this.cache.set(query, prepared);
    return prepared;
  }

  /**
   * The compiled form of an operation, or null to run it with graphql-js. An operation is compiled
   * on its second run (as Mercurius does): a client's queries repeat, while a flood of one-off
   * queries should not cost a compilation each on top of parsing and validation.
   */
  private compiled(prepared: PreparedDocument, operation: OperationDefinitionNode, operationName: string | null, log: (error: unknown) => void): CompiledQuery | null {
    let compiled = prepared.compiled.get(operationName);
    if (compiled === undefined) {
      const runs = prepared.runs.get(operationName) ?? 0;
      if (runs < this.compileAfterRuns) {
        prepared.runs.set(operationName, runs + 1);
        return null;
      }
      const result = this.compilable(operation, prepared.fragments)
        ? compileQuery(this.schema, prepared.document, operationName ?? undefined, { disablingCapturingStackErrors: true })
        : null;
      compiled = result !== null && isCompiledQuery(result) ? result : null;
      // Not an error for the caller (graphql-js answers), but every query here should compile.
      if (result !== null && compiled === null) log(new Error(`graphql-jit could not compile an operation: ${JSON.stringify(result)}`));
      prepared.compiled.set(operationName, compiled);
    }
    return compiled;
  }

  /** Runs one request for an authenticated caller; `log` (default: the executor's) records internal failures. Never throws: every failure is a response. */
  async run(request: GraphqlRequest, context: DataApiContext, log: (error: unknown) => void = this.log): Promise<GraphqlResponse> {
    const response = await this.answer(request, context, log);
    return this.suggestions ? response : { ...response, body: withoutSuggestions(response.body) };
  }

  private async answer(request: GraphqlRequest, context: DataApiContext, log: (error: unknown) => void): Promise<GraphqlResponse> {
    try {
      const prepared = this.prepare(request.query);
      if ('status' in prepared) return prepared;
      const operation =
        request.operationName === null
          ? prepared.operations.size === 1
            ? prepared.operations.values().next().value
            : undefined
          : prepared.operations.get(request.operationName);
      if (operation === undefined) {
        const message = request.operationName === null ? 'Name the operation to run: the query holds several.' : `Unknown operation named "${request.operationName}".`;
        return { status: 400, body: requestErrorBody(new DataApiError('ValidationError', message)) };
      }
      const rootField = rootFieldOf(operation);
      if (jsonDepth(request.variables, this.limits.maxVariablesDepth) > this.limits.maxVariablesDepth) {
        return { status: 400, body: requestErrorBody(new DataApiError('QueryLimitExceededException', `variables are nested deeper than ${this.limits.maxVariablesDepth} levels.`)), rootField };
      }
      if (!this.withinLimits.has(operation)) {
        const measured = measureOperation(this.schema, operation, prepared.fragments, request.variables, this.limits);
        if (!measured.dependsOnVariables) this.withinLimits.add(operation);
      }
      const compiled = this.compiled(prepared, operation, request.operationName, log);
      const result =
        compiled === null
          ? await execute({ schema: this.schema, document: prepared.document, contextValue: context, variableValues: request.variables, operationName: request.operationName })
          : await compiled.query(undefined, context, request.variables);
      if (result.data === undefined || result.data === null) {
        // No data at all: the variables did not fit the operation (a request error, as validation).
        if (result.errors !== undefined && result.errors.every((e) => e.path === undefined)) {
          return { status: 400, body: { data: null, errors: result.errors.map((e) => formatGraphqlError(e, 'ValidationError', log)) }, rootField };
        }
      }
      return { status: 200, body: toAppSyncBody(result, log), rootField };
    } catch (error) {
      if (error instanceof DataApiError) return { status: error.status, body: requestErrorBody(error) };
      log(error);
      const failure = new DataApiError('InternalFailure');
      return { status: failure.status, body: requestErrorBody(failure) };
    }
  }
}

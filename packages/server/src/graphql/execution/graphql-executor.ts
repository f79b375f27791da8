import {
  execute,
  parse,
  validate,
  GraphQLError,
  Kind,
  type DocumentNode,
  type FragmentDefinitionNode,
  type GraphQLSchema,
  type OperationDefinitionNode,
} from 'graphql';
import { DataApiError } from '../errors/data-api-errors.js';
import { formatGraphqlError, requestErrorBody, toAppSyncBody, type AppSyncBody } from '../errors/to-appsync-error.js';
import { jsonDepth, measureOperation, type QueryLimits } from '../limits/query-limits.js';
import type { DataApiContext } from '../resolvers/data-api-context.js';

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
}

interface PreparedDocument {
  readonly document: DocumentNode;
  readonly operations: ReadonlyMap<string | null, OperationDefinitionNode>;
  readonly fragments: Readonly<Record<string, FragmentDefinitionNode>>;
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
 * cached by query text, so repeated queries (all of a client's) skip both steps.
 */
export class GraphqlExecutor {
  private readonly cache = new Map<string, PreparedDocument>();

  constructor(
    private readonly schema: GraphQLSchema,
    private readonly limits: QueryLimits,
    private readonly log: (error: unknown) => void,
    private readonly maxCachedDocuments = 1000,
  ) {}

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
    const errors = validate(this.schema, document, undefined, { maxErrors: 10 });
    if (errors.length > 0) return { status: 400, body: { data: null, errors: errors.map((e) => formatGraphqlError(e, 'ValidationError')) } };
    const operations = new Map<string | null, OperationDefinitionNode>();
    const fragments: Record<string, FragmentDefinitionNode> = {};
    for (const def of document.definitions) {
      if (def.kind === Kind.OPERATION_DEFINITION) operations.set(def.name?.value ?? null, def);
      else if (def.kind === Kind.FRAGMENT_DEFINITION) fragments[def.name.value] = def;
    }
    const prepared = { document, operations, fragments };
    if (this.cache.size >= this.maxCachedDocuments) this.cache.delete(this.cache.keys().next().value as string);
    this.cache.set(query, prepared);
    return prepared;
  }

  /** Runs one request for an authenticated caller. Never throws: every failure is a response. */
  async run(request: GraphqlRequest, context: DataApiContext): Promise<GraphqlResponse> {
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
      if (jsonDepth(request.variables, this.limits.maxVariablesDepth) > this.limits.maxVariablesDepth) {
        return { status: 400, body: requestErrorBody(new DataApiError('QueryLimitExceededException', `variables are nested deeper than ${this.limits.maxVariablesDepth} levels.`)) };
      }
      measureOperation(this.schema, operation, prepared.fragments, request.variables, this.limits);
      const result = await execute({
        schema: this.schema,
        document: prepared.document,
        contextValue: context,
        variableValues: request.variables,
        operationName: request.operationName,
      });
      if (result.data === undefined || result.data === null) {
        // No data at all: the variables did not fit the operation (a request error, as validation).
        if (result.errors !== undefined && result.errors.every((e) => e.path === undefined)) {
          return { status: 400, body: { data: null, errors: result.errors.map((e) => formatGraphqlError(e, 'ValidationError', this.log)) } };
        }
      }
      return { status: 200, body: toAppSyncBody(result, this.log) };
    } catch (error) {
      if (error instanceof DataApiError) return { status: error.status, body: requestErrorBody(error) };
      this.log(error);
      const failure = new DataApiError('InternalFailure');
      return { status: failure.status, body: requestErrorBody(failure) };
    }
  }
}

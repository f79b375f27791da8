import { fetchAuthSession } from '@steward/auth-core';
import { BatchItemsInvalidError, ConflictError, DataApiRequestError, DataClientError, type GraphqlErrorEntry } from '../errors/data-client-errors.js';

/** Supplies the access token for each request (undefined when signed out). */
export type TokenSource = () => Promise<string | undefined>;

/** The default token source: auth-core's fetchAuthSession (refreshing expired tokens first). */
export const authCoreTokenSource: TokenSource = async () => {
  const session = await fetchAuthSession();
  return session.tokens?.accessToken.toString();
};

/** Sends GraphQL operations to the data API. */
export interface GraphqlTransport {
  /** Runs one operation and returns its data; throws DataApiRequestError on any GraphQL error. */
  request<TData>(query: string, variables?: Record<string, unknown>): Promise<TData>;
}

/** What a transport needs: the endpoint, and injectable fetch and token source. */
export interface GraphqlTransportOptions {
  readonly endpoint: string;
  readonly fetch?: typeof globalThis.fetch;
  readonly tokenSource?: TokenSource;
}

interface ResponseBody {
  data?: unknown;
  errors?: GraphqlErrorEntry[];
}

/** A GraphQL-over-fetch transport sending `Authorization: <access token>` as AppSync expects. */
export function createGraphqlTransport(options: GraphqlTransportOptions): GraphqlTransport {
  const doFetch = options.fetch ?? globalThis.fetch.bind(globalThis);
  const tokenSource = options.tokenSource ?? authCoreTokenSource;
  return {
    async request<TData>(query: string, variables: Record<string, unknown> = {}): Promise<TData> {
      const token = await tokenSource();
      const headers: Record<string, string> = { 'content-type': 'application/json' };
      if (token !== undefined) headers.authorization = token;
      let response: Response;
      try {
        response = await doFetch(options.endpoint, { method: 'POST', headers, body: JSON.stringify({ query, variables }) });
      } catch (error) {
        throw new DataClientError('DataApiNetworkError', { cause: error });
      }
      let body: ResponseBody;
      try {
        body = (await response.json()) as ResponseBody;
      } catch (error) {
        throw new DataApiRequestError(response.status, [{ message: `Unreadable response (HTTP ${response.status})` }], error);
      }
      if (body.errors !== undefined && body.errors.some((e) => e.errorType === 'BatchItemsInvalid')) throw new BatchItemsInvalidError(response.status, body.errors, body.data ?? null);
      if (body.errors !== undefined && body.errors.some((e) => e.errorType === 'ConflictUnhandled')) throw new ConflictError(response.status, body.errors, body.data ?? null);
      if (body.errors !== undefined && body.errors.length > 0) throw new DataApiRequestError(response.status, body.errors, body.data ?? null);
      if (!response.ok || body.data === undefined || body.data === null) throw new DataApiRequestError(response.status, [], body.data ?? null);
      return body.data as TData;
    },
  };
}

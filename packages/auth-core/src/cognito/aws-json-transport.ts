import { CognitoServiceError, NetworkError } from '../errors/auth-errors.js';
import type { AuthErrorMetadata } from '../errors/auth-error.js';
import type { CognitoService } from '../errors/auth-errors.js';

/** The fetch function auth-core calls (the global fetch by default; injected in tests). */
export type FetchLike = typeof globalThis.fetch;

/** One AWS JSON 1.1 call. */
export interface AwsJsonCall {
  fetch: FetchLike;
  endpoint: string;
  /** The X-Amz-Target service prefix, e.g. AWSCognitoIdentityProviderService. */
  targetPrefix: string;
  operation: string;
  service: CognitoService;
  body: unknown;
}

/** Headers every call sends; no-store because responses carry tokens. */
export function awsJsonHeaders(targetPrefix: string, operation: string): Record<string, string> {
  return {
    'Content-Type': 'application/x-amz-json-1.1',
    'X-Amz-Target': `${targetPrefix}.${operation}`,
    'Cache-Control': 'no-store',
  };
}

/**
 * The provider's error name from `__type` (or `code`, or the x-amzn-errortype header), without
 * a namespace prefix (`…#Name`) or a suffix (`Name:http://…`).
 */
export function cleanErrorName(raw: string): string {
  const afterHash = raw.slice(raw.lastIndexOf('#') + 1);
  const colon = afterHash.indexOf(':');
  return (colon >= 0 ? afterHash.slice(0, colon) : afterHash).trim();
}

function stringField(body: Record<string, unknown>, ...fields: string[]): string | undefined {
  for (const field of fields) {
    const value = body[field];
    if (typeof value === 'string' && value !== '') return value;
  }
  return undefined;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The request id headers and status of a response, as aws-amplify's errors carry them in `metadata`. */
export function responseMetadata(response: Response): AuthErrorMetadata {
  const header = (name: string): string | undefined => response.headers.get(name) ?? undefined;
  return {
    extendedRequestId: header('x-amz-id-2'),
    httpStatusCode: response.status,
    requestId: header('x-amzn-requestid') ?? header('x-amzn-request-id') ?? header('x-amz-request-id'),
  };
}

/**
 * POSTs one AWS JSON 1.1 request. Provider errors (`{__type, message}` or a non-2xx status)
 * become CognitoServiceError; an unreachable endpoint or a body that is not JSON becomes NetworkError.
 */
export async function postAwsJson(call: AwsJsonCall): Promise<Record<string, unknown>> {
  let response: Response;
  let text: string;
  try {
    response = await call.fetch(call.endpoint, {
      method: 'POST',
      headers: awsJsonHeaders(call.targetPrefix, call.operation),
      // Cache-Control travels as a header only: some runtimes (Workers) reject RequestInit.cache.
      body: JSON.stringify(call.body),
    });
    text = await response.text();
  } catch (error) {
    throw new NetworkError({ underlyingError: error });
  }

  let parsed: unknown = {};
  if (text.trim() !== '') {
    try {
      parsed = JSON.parse(text);
    } catch (error) {
      throw new NetworkError({
        message: `Network Error: ${call.operation} answered HTTP ${response.status} with a body that is not JSON`,
        underlyingError: error,
      });
    }
  }
  const body = isRecord(parsed) ? parsed : undefined;

  const rawType = response.headers.get('x-amzn-errortype') ?? (body && stringField(body, '__type', 'code'));
  if (!response.ok || rawType !== undefined) {
    const name = rawType !== undefined && rawType !== null ? cleanErrorName(rawType) : '';
    throw new CognitoServiceError({
      name: name === '' ? 'UnknownError' : name,
      message: body && stringField(body, 'message', 'Message'),
      httpStatusCode: response.status,
      service: call.service,
      operation: call.operation,
      metadata: responseMetadata(response),
    });
  }
  if (body === undefined) {
    throw new NetworkError({ message: `Network Error: ${call.operation} answered with JSON that is not an object` });
  }
  return body;
}

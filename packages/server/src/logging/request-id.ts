// The request id every log line about a request carries (as `reqId`) and every response echoes in
// X-Request-Id. A proxy's id (nginx's $request_id, a load balancer's trace id) is kept so one id
// follows a request through every tier; anything else a client sends there is replaced, because the
// id is written into every log line of the request and a long or odd value would bloat or forge them.
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

/** The header a request id arrives in and is echoed in. */
export const REQUEST_ID_HEADER = 'x-request-id';

/** The longest incoming request id kept. */
export const MAX_REQUEST_ID_LENGTH = 128;

// Letters, digits and the punctuation of common id formats (UUIDs, hex, AWS trace ids' `1-…-…`).
const WELL_FORMED = new RegExp(`^[A-Za-z0-9][A-Za-z0-9._:-]{0,${MAX_REQUEST_ID_LENGTH - 1}}$`);

/** The incoming id when it is one well-formed value of at most 128 characters; otherwise undefined. */
export function acceptedRequestId(header: string | readonly string[] | undefined): string | undefined {
  if (typeof header !== 'string') return undefined;
  return WELL_FORMED.test(header) ? header : undefined;
}

/** Fastify's genReqId: the incoming X-Request-Id when well-formed, else a new UUID. */
export function requestIdOf(request: IncomingMessage): string {
  return acceptedRequestId(request.headers[REQUEST_ID_HEADER]) ?? randomUUID();
}

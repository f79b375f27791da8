// The duration of every answered request, labelled by the route pattern Fastify matched (never the
// raw URL, which may hold ids or codes), and for the two APIs that share one route by what was
// called: the Cognito operation of X-Amz-Target (a registered name, else "unknown") or the
// GraphQL root field the data API ran (a field of its schema, else "other").
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { OperationRegistry } from '../user-pool/operations/registry.js';
import { httpMethodLabel } from './metric-labels.js';
import type { Metrics, RequestListener } from './metrics.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The operation label a route noted for the request metrics (noteRequestOperation); "" until then. */
    metricsOperation: string;
  }
}

/** Routes of no pattern (the not-found handler). */
const UNMATCHED = 'unmatched';

/** What the GraphQL route ran, as its operation label: a root field of the schema, or "other" (several fields, or none validated). */
export function noteRequestOperation(request: FastifyRequest, rootField: string | undefined): void {
  request.metricsOperation = rootField ?? 'other';
}

/** The operation label of an X-Amz-Target header: the operation's name when the registry has it, else "unknown". */
export function cognitoOperationLabel(registry: OperationRegistry, target: unknown): string {
  return typeof target === 'string' ? (registry.byTargetHeader(target)?.name ?? 'unknown') : 'unknown';
}

/**
 * Observes every response of `app` (nothing at all when the metrics are off). `operationOf` gives
 * the operation label of requests that noted none (the JSON 1.1 endpoint's, from its header).
 */
export function registerRequestMetrics(app: FastifyInstance, metrics: Metrics, listener: RequestListener, operationOf?: (request: FastifyRequest, route: string) => string): void {
  if (!metrics.enabled) return;
  app.decorateRequest('metricsOperation', '');
  app.addHook('onResponse', (request, reply, done) => {
    const route = request.routeOptions.url ?? UNMATCHED;
    const operation = request.metricsOperation !== '' ? request.metricsOperation : (operationOf?.(request, route) ?? '');
    metrics.request({ listener, method: httpMethodLabel(request.method), route, operation, status: reply.statusCode, seconds: reply.elapsedTime / 1000 });
    done();
  });
}

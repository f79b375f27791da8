// The logging of both HTTP servers (the app and managed login): one JSON object per line (pino),
// a request id on every line about a request, and nothing secret. What keeps secrets out: request
// bodies and headers are never logged (the `req` serializer keeps method, URL with secret
// parameters replaced, host and address), errors are logged from an allow-list of fields
// (error-serializer.ts), and Fastify's own error lines say what failed without quoting the error's
// message (which may quote the body). docs/operations.md, "Logs", describes the format.
import { LogController, type FastifyInstance, type FastifyReply, type FastifyRequest, type FastifyServerOptions } from 'fastify';
import type { Config } from '../config/config.js';
import { serializeError } from './error-serializer.js';
import { REQUEST_ID_HEADER, requestIdOf } from './request-id.js';
import { serializeRequest } from './request-serializer.js';

/** Where log lines go (default stdout); tests capture them. */
export interface LogStream {
  write(line: string): void;
}

/** Fastify's request-lifecycle lines, with error lines that never repeat the error's message as theirs. */
class RedactingLogController extends LogController {
  override defaultErrorLog(error: Error, request: FastifyRequest, reply: FastifyReply): void {
    if (this.isLogDisabled(request)) return;
    if (reply.statusCode >= 500) reply.log.error({ req: request, res: reply, err: error }, 'request failed');
    else reply.log.info({ res: reply, err: error }, 'request refused');
  }

  override routeNotFound(request: FastifyRequest): void {
    if (this.isLogDisabled(request)) return;
    request.log.info({ req: request }, 'route not found');
  }

  override writeHeadError(error: Error, request: FastifyRequest, reply: FastifyReply): void {
    if (this.isLogDisabled(request)) return;
    reply.log.warn({ req: request, res: reply, err: error }, 'could not write the response head');
  }
}

/**
 * The Fastify options of a server's logging: JSON lines at LOG_LEVEL, `name` telling the two
 * servers apart, request ids from X-Request-Id (when well-formed) or new UUIDs, the redacting
 * serializers and error lines.
 */
export function serverLoggingOptions(config: Pick<Config, 'logLevel'>, name: 'app' | 'managed-login', stream?: LogStream): Pick<FastifyServerOptions, 'logger' | 'genReqId' | 'requestIdHeader' | 'logController'> {
  return {
    logger: {
      level: config.logLevel,
      name,
      // Defence in depth: no serializer logs headers, but a future log call might pass a request's.
      redact: { paths: ['req.headers.authorization', 'req.headers.cookie', 'headers.authorization', 'headers.cookie', 'res.headers["set-cookie"]'], censor: '[redacted]' },
      serializers: { req: serializeRequest, err: serializeError },
      ...(stream !== undefined ? { stream } : {}),
    },
    requestIdHeader: false,
    genReqId: requestIdOf,
    logController: new RedactingLogController(),
  };
}

/** Echoes the request id in every response's X-Request-Id (registered first, so early answers carry it too). */
export function registerRequestIdHeader(app: FastifyInstance): void {
  app.addHook('onRequest', async (request, reply) => {
    void reply.header(REQUEST_ID_HEADER, request.id);
  });
}


// The AWS JSON 1.1 endpoint: POST / with X-Amz-Target "<Service>.<Operation>" for both the user
// pool (AWSCognitoIdentityProviderService) and the identity pool (AWSCognitoIdentityService).
// Every answer, including malformed input, has Cognito's shape: {"__type", "message"}.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { fail, isServiceError, type ServiceError } from '../../errors/catalogue.js';
import { toWireError } from '../../errors/wire-error.js';
import { fromPino } from '../operations/logger.js';
import type { Caller, OperationContext, ServerServices } from '../operations/operation-context.js';
import { StepFailure } from '../operations/operation.js';
import type { OperationRegistry } from '../operations/registry.js';
import { admitPublicRequest, KnownClients } from './known-clients.js';
import { verifySigV4 } from './sigv4.js';

/** Content type of requests and responses. */
export const AMZ_JSON = 'application/x-amz-json-1.1';
const ACCEPTED_TYPES = new Set(['application/x-amz-json-1.1', 'application/x-amz-json-1.0', 'application/json']);

// encodeURIComponent throws on these: a message must never turn an error answer into a crash.
const UNPAIRED_SURROGATES = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/** Sends a Cognito-shaped error. */
export function sendWireError(reply: FastifyReply, error: unknown): FastifyReply {
  const wire = toWireError(error);
  return reply
    .status(wire.status)
    .header('content-type', AMZ_JSON)
    .header('x-amzn-errortype', wire.body.__type)
    .header('x-amzn-errormessage', encodeURIComponent(wire.body.message.replace(UNPAIRED_SURROGATES, '\ufffd')))
    .send(Buffer.from(JSON.stringify(wire.body), 'utf8'));
}

/** Maps Fastify's own request errors (body too large, bad content length…) to Cognito errors. */
export function fastifyErrorToServiceError(error: unknown): ServiceError | undefined {
  if (isServiceError(error)) return error;
  const code = typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined;
  if (code === 'FST_ERR_CTP_BODY_TOO_LARGE') return fail('InvalidParameterException', 'Request body is too large.');
  if (typeof code === 'string' && code.startsWith('FST_ERR_CTP_')) return fail('SerializationException', 'The request body could not be read.');
  const status = typeof error === 'object' && error !== null ? (error as { statusCode?: unknown }).statusCode : undefined;
  if (typeof status === 'number' && status >= 400 && status < 500) return fail('InvalidParameterException', 'The request could not be read.');
  return undefined;
}

function parseBody(raw: unknown): unknown {
  const text = typeof raw === 'string' ? raw : '';
  if (text.trim() === '') return {};
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw fail('SerializationException', 'The request body is not valid JSON.');
  }
}

/** Registers `POST /` on `app` (in its own encapsulated scope, with a raw-string body parser). */
export async function registerJsonProtocolRoutes(app: FastifyInstance, services: ServerServices, registry: OperationRegistry): Promise<void> {
  const knownClients = new KnownClients(services);
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'string' }, (_request, body, done) => done(null, body));

    scope.setErrorHandler((error, request, reply) => {
      const mapped = fastifyErrorToServiceError(error);
      if (mapped === undefined) request.log.error({ err: error }, 'unexpected error on the JSON endpoint');
      return sendWireError(reply, mapped ?? error);
    });

    scope.post('/', async (request: FastifyRequest, reply: FastifyReply) => {
      // One id for the request everywhere: the log's reqId, X-Request-Id and Cognito's x-amzn-requestid.
      const requestId = request.id;
      void reply.header('x-amzn-requestid', requestId);
      try {
        const contentType = (request.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
        if (!ACCEPTED_TYPES.has(contentType)) throw fail('SerializationException', `Unsupported Content-Type "${contentType}"; use ${AMZ_JSON}.`);
        const target = request.headers['x-amz-target'];
        if (typeof target !== 'string' || target === '') throw fail('UnknownOperationException', 'Missing X-Amz-Target header.');
        const operation = registry.byTargetHeader(target);
        if (operation === undefined) throw fail('UnknownOperationException', `Unknown operation ${target.slice(0, 200)}.`);
        const rawBody = typeof request.body === 'string' ? request.body : '';
        const body = parseBody(rawBody);

        let caller: Caller = { kind: 'public' };
        let admit: ((input: Readonly<Record<string, unknown>>) => Promise<void>) | undefined;
        if (operation.access === 'admin') {
          const { adminAccessKeyId, adminSecretAccessKey } = services.config;
          if (adminAccessKeyId === undefined || adminSecretAccessKey === undefined) {
            throw fail('AccessDeniedException', 'Admin operations are disabled on this endpoint; use the admin API, the CLI, or set ADMIN_ACCESS_KEY_ID.');
          }
          const accessKeyId = verifySigV4(
            { method: request.method, url: request.url, headers: request.headers, body: rawBody },
            { accessKeyId: adminAccessKeyId, secretAccessKey: adminSecretAccessKey },
            // Signature freshness is about the caller's wall clock, not the pool's (test) clock.
            new Date(),
          );
          caller = { kind: 'admin-credential', accessKeyId };
        } else {
          admit = admitPublicRequest(services.limits, knownClients, request.ip);
        }

        const userAgent = request.headers['user-agent'];
        const origin = request.headers.origin;
        const baseUrl = services.config.publicUrlIsExplicit || request.headers.host === undefined ? services.config.publicUrl : `${request.protocol}://${request.headers.host}`;
        const ctx: OperationContext = {
          ...services,
          log: fromPino(request.log),
          caller,
          request: { requestId, ip: request.ip, baseUrl, ...(userAgent !== undefined ? { userAgent } : {}), ...(origin !== undefined ? { origin } : {}) },
        };
        const result = await operation.invoke(ctx, body, admit);
        return reply.status(200).header('content-type', AMZ_JSON).send(Buffer.from(JSON.stringify(result), 'utf8'));
      } catch (error) {
        if (!isServiceError(error)) {
          const detail = error instanceof StepFailure ? { operation: error.operation, step: error.step, err: error.cause } : { err: error };
          request.log.error(detail, 'operation failed unexpectedly');
        }
        return sendWireError(reply, error);
      }
    });
  });
}

// The request a line is logged about, for services built once per process (message delivery, the
// opt-out routes' dependencies) that log through the process-wide logger: while a request is being
// answered, their lines go through that request's logger and so carry its request id. The request's
// logger is kept in an AsyncLocalStorage from onRequest on; a request stream's events run in the
// context of whatever emits them, so preValidation (after the body is read) re-enters the request's
// context before the handler runs, as @fastify/request-context does.
import { AsyncLocalStorage, AsyncResource } from 'node:async_hooks';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { fromPino, type Logger } from '../user-pool/operations/logger.js';

type PinoLike = Parameters<typeof fromPino>[0];

const current = new AsyncLocalStorage<PinoLike>();
const contexts = new WeakMap<FastifyRequest, AsyncResource>();

/** Makes the request's logger the current one for everything its hooks and handler run. */
export function registerRequestLogContext(app: FastifyInstance): void {
  app.addHook('onRequest', (request, _reply, done) => {
    current.run(request.log, () => {
      contexts.set(request, new AsyncResource('steward-request-log'));
      done();
    });
  });
  app.addHook('preValidation', (request, _reply, done) => {
    const context = contexts.get(request);
    if (context === undefined) done();
    else context.runInAsyncScope(done, request.raw);
  });
}

/** A Logger writing through the current request's logger when there is one, else through `base`. */
export function requestAwareLogger(base: PinoLike): Logger {
  const pick = (): Logger => fromPino(current.getStore() ?? base);
  return {
    debug: (message, fields) => pick().debug(message, fields),
    info: (message, fields) => pick().info(message, fields),
    warn: (message, fields) => pick().warn(message, fields),
    error: (message, fields) => pick().error(message, fields),
  };
}

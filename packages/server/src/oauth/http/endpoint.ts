// A managed-login endpoint is, like a user-pool operation (user-pool/operations/operation.ts), a
// short readable list of named steps:
//
//   app.post('/oauth2/revoke', defineEndpoint('revoke')
//     .step('params', (ctx) => formParameters(ctx.request, ['token', 'token_type_hint', 'client_id', 'client_secret']))
//     .step('client', (ctx, s) => authenticateClient(ctx.steward, ctx.request, s.params))
//     .do('revoke the sign-in', (ctx, s) => …)
//     .respond((ctx) => ctx.reply.send()));
//
// `.step(key, fn)` keeps fn's result as `state[key]` (typed); `.do(description, fn)` runs an action.
// A step ends the request by throwing an EndpointError (an OAuth JSON error, an error page, an
// error redirect), which answers as it says. Anything else thrown is a bug: logged with the
// endpoint and step name (never the request's parameters) and answered by `onUnexpected`.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { StewardHandle } from '../../app.js';
import { fromPino } from '../../user-pool/operations/logger.js';
import { runStepList, StepList, type StepListOutcome } from './step-list.js';

/** What a step may use: the server's services and the request being answered. */
export interface EndpointContext {
  readonly steward: StewardHandle;
  readonly request: FastifyRequest;
  readonly reply: FastifyReply;
}

/** An expected way for a request to end early; it knows how to answer. */
export abstract class EndpointError extends Error {
  /** Sends the answer. */
  abstract send(reply: FastifyReply): FastifyReply;
}

/** How an endpoint answers an unexpected failure (a bug). */
export type UnexpectedResponder = (reply: FastifyReply) => FastifyReply;

/** Answers a bug as the OAuth JSON endpoints do: 500 server_error. */
export const jsonServerError: UnexpectedResponder = (reply) =>
  reply.status(500).header('cache-control', 'no-store').send({ error: 'server_error', error_description: 'An internal error occurred.' });

/** A finished endpoint: the Fastify route handler. */
export type EndpointHandler = (request: FastifyRequest, reply: FastifyReply) => Promise<FastifyReply>;

/** Builder of an endpoint's step list (see step-list.ts). */
export type EndpointBuilder<S extends object> = StepList<EndpointContext, S, FastifyReply, EndpointHandler>;

/** Starts an endpoint; `onUnexpected` answers bugs (default: the OAuth JSON `server_error`); `onOutcome` sees how each request ended (metrics). */
export function defineEndpoint(name: string, options: { onUnexpected?: UnexpectedResponder; onOutcome?: (ctx: EndpointContext, outcome: StepListOutcome) => void } = {}): EndpointBuilder<object> {
  const onUnexpected = options.onUnexpected ?? jsonServerError;
  return new StepList<EndpointContext, object, FastifyReply, EndpointHandler>((steps) => async (request, reply) => {
    // The request's logger, so what the steps log carries its request id.
    const ctx: EndpointContext = { steward: { ...request.server.steward, log: fromPino(request.log) }, request, reply };
    const outcome = await runStepList(steps, ctx);
    options.onOutcome?.(ctx, outcome);
    if (outcome.ok) return outcome.value as FastifyReply;
    if (outcome.error instanceof EndpointError) return outcome.error.send(reply);
    request.log.error({ endpoint: name, step: outcome.step, err: outcome.error }, 'managed-login endpoint failed unexpectedly');
    return onUnexpected(reply);
  });
}

// The hosted page's own sign-in session: a cookie naming a server-side row, so a second authorize
// from any app client of the pool skips the form until the session ends (logout, expiry, prompt=login).
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ServerServices } from '../../user-pool/operations/operation-context.js';
import type { HostedSignIn } from '../authorize/authorization-response.js';

/** The live hosted session of this browser for the pool, or undefined. */
export async function readHostedSession(steward: ServerServices, request: FastifyRequest, poolId: string): Promise<HostedSignIn | undefined> {
  void steward;
  void request;
  void poolId;
  throw new Error('not implemented yet');
}

/** Ends this browser's hosted sessions (the /logout endpoint) and clears the cookie. */
export async function endHostedSession(steward: ServerServices, request: FastifyRequest, reply: FastifyReply): Promise<void> {
  void steward;
  void request;
  void reply;
  throw new Error('not implemented yet');
}

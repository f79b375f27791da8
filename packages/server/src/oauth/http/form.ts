// The form body of the token and revocation endpoints: application/x-www-form-urlencoded only
// (RFC 6749 §3.2, RFC 7009 §2.1), parameters read as RFC 6749 §3.1 says.
import type { FastifyRequest } from 'fastify';
import { oauthError } from './oauth-error.js';
import { describeProblem, readParameters } from './parameters.js';

/** The form parameters `limits` names; invalid_request for another content type or a bad parameter. */
export function formParameters<N extends string>(request: FastifyRequest, limits: { readonly [P in N]: number }): { readonly [P in N]?: string } {
  const type = (request.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase();
  if (type !== 'application/x-www-form-urlencoded') throw oauthError('invalid_request', 'The body must be application/x-www-form-urlencoded.');
  const { values, problem } = readParameters(request.body, limits);
  if (problem !== undefined) throw oauthError('invalid_request', describeProblem(problem));
  return values;
}

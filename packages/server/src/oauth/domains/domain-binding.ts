// User-pool domains on the managed-login origin: the Host of a request names a pool when it is
// `<prefix>.<MANAGED_LOGIN_DOMAIN_SUFFIX>` for a pool's prefix domain, or a pool's custom domain.
// Such a request serves that pool only (its discovery document, only its app clients); any other
// Host keeps the default behaviour, where the client id names the pool.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Queryable } from '../../db/database.js';
import { findDomain } from '../../user-pool/pools/domain-repository.js';

const bound = new WeakMap<FastifyRequest, { readonly poolId: string; readonly managedLoginVersion: number }>();

/** The host name of a Host header, lower case, without the port; undefined for an IP literal in brackets or nothing. */
export function hostName(host: string | undefined): string | undefined {
  if (host === undefined || host === '' || host.startsWith('[')) return undefined;
  return host.replace(/:\d+$/, '').replace(/\.$/, '').toLowerCase();
}

/**
 * What a host name means: `{ poolId, managedLoginVersion }` for a pool's domain, `{ unknownPrefix: true }`
 * for a name under the suffix that no pool has, undefined for any other host (the default behaviour).
 */
export async function poolOfHost(
  q: Queryable,
  host: string | undefined,
  suffix: string | undefined,
): Promise<{ poolId: string; managedLoginVersion: number } | { unknownPrefix: true } | undefined> {
  if (host === undefined) return undefined;
  if (suffix !== undefined && host.endsWith(`.${suffix}`)) {
    const prefix = host.slice(0, -suffix.length - 1);
    const domain = prefix.includes('.') ? undefined : await findDomain(q, prefix);
    return domain !== undefined && !domain.custom ? { poolId: domain.poolId, managedLoginVersion: domain.managedLoginVersion } : { unknownPrefix: true };
  }
  const custom = await findDomain(q, host);
  return custom?.custom === true ? { poolId: custom.poolId, managedLoginVersion: custom.managedLoginVersion } : undefined;
}

/** Whether a host can be no pool's domain: an IP address, localhost, or managed login's own public host (no lookup for them). */
function plainHost(host: string | undefined, ownHost: string): boolean {
  return host === undefined || host === ownHost || host === 'localhost' || /^[\d.]+$/.test(host);
}

/** Registers the hook that binds each request to the pool its Host names (404 for an unknown prefix domain). */
export function registerDomainBinding(app: FastifyInstance, db: Queryable, suffix: string | undefined, publicUrl: string): void {
  const ownHost = new URL(publicUrl).hostname.toLowerCase();
  app.addHook('onRequest', async (request, reply) => {
    const host = hostName(request.headers.host);
    if (plainHost(host, ownHost)) return;
    const found = await poolOfHost(db, host, suffix);
    if (found === undefined) return;
    if ('unknownPrefix' in found) return reply.status(404).send({ error: 'not_found', error_description: 'No user pool has this domain.' });
    bound.set(request, found);
  });
}

/** The pool the request's domain is bound to, or undefined (no pool domain: the default behaviour). */
export function domainPoolOf(request: FastifyRequest): string | undefined {
  return bound.get(request)?.poolId;
}

/** The ManagedLoginVersion of the domain the request came through (1 classic, 2 managed login), or undefined (no pool domain). */
export function domainVersionOf(request: FastifyRequest): number | undefined {
  return bound.get(request)?.managedLoginVersion;
}

/** Whether a client of `poolId` may be used on this request's domain. */
export function servesPool(request: FastifyRequest, poolId: string): boolean {
  const bound = domainPoolOf(request);
  return bound === undefined || bound === poolId;
}

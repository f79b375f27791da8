// Client authentication at /oauth2/token and /oauth2/revoke (RFC 6749 §2.3): a client with a secret
// sends it by HTTP Basic (client_secret_basic: URL-encoded id and secret) or in the form body
// (client_secret_post), exactly one of the two; a public client sends its client_id only ("none").
// The secret is compared as SHA-256 digests in constant time, so neither content nor length shows;
// during a rotation (AddUserPoolClientSecret) either active secret authenticates the client.
import type { FastifyRequest } from 'fastify';
import { isActiveSecret } from '../../user-pool/auth/sign-in/app-client-checks.js';
import type { ServerServices } from '../../user-pool/operations/operation-context.js';
import { findClient, type ClientRecord } from '../../user-pool/pools/pool-repository.js';
import { servesPool } from '../domains/domain-binding.js';
import { OAuthError } from '../http/oauth-error.js';

/** How a client authenticated. */
export type ClientAuthenticationMethod = 'client_secret_basic' | 'client_secret_post' | 'none';

/** An authenticated (or, for public clients, identified) app client. */
export interface AuthenticatedClient {
  readonly client: ClientRecord;
  readonly method: ClientAuthenticationMethod;
}

/** The form parameters client authentication reads. */
export interface ClientParameters {
  readonly client_id?: string;
  readonly client_secret?: string;
}

const CLIENT_ID = /^[\w+]+$/;

/** invalid_client: 401 with a Basic challenge when the client tried HTTP Basic (RFC 6749 §5.2), else 400. */
function invalidClient(description: string, triedBasic: boolean): OAuthError {
  return new OAuthError('invalid_client', description, triedBasic ? { status: 401, headers: { 'www-authenticate': 'Basic realm="oauth2"' } } : {});
}

/** application/x-www-form-urlencoded decoding of one Basic credential half (RFC 6749 §2.3.1). */
function formDecode(text: string): string | undefined {
  try {
    return decodeURIComponent(text.replace(/\+/g, ' '));
  } catch {
    return undefined;
  }
}

/** The id and secret of an `Authorization: Basic` header; undefined without the header. */
function basicCredentials(header: string | undefined): { id: string; secret: string } | undefined {
  if (header === undefined) return undefined;
  const match = /^Basic ([A-Za-z0-9+/]+=*)$/i.exec(header.trim());
  if (match?.[1] === undefined) throw invalidClient('The Authorization header must be HTTP Basic with the URL-encoded client id and secret.', true);
  const decoded = Buffer.from(match[1], 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  const id = colon < 0 ? undefined : formDecode(decoded.slice(0, colon));
  const secret = colon < 0 ? undefined : formDecode(decoded.slice(colon + 1));
  if (id === undefined || secret === undefined || id === '') throw invalidClient('The HTTP Basic credentials are malformed.', true);
  return { id, secret };
}

/** Authenticates the client of a token or revocation request; throws invalid_client / invalid_request. */
export async function authenticateClient(services: Pick<ServerServices, 'db' | 'secrets'>, request: FastifyRequest, parameters: ClientParameters): Promise<AuthenticatedClient> {
  const basic = basicCredentials(request.headers.authorization);
  const triedBasic = basic !== undefined;
  if (basic !== undefined && parameters.client_secret !== undefined) {
    throw new OAuthError('invalid_request', 'Authenticate the client with one method only: HTTP Basic or client_secret in the body.');
  }
  if (basic !== undefined && parameters.client_id !== undefined && parameters.client_id !== basic.id) {
    throw invalidClient('The client_id does not match the HTTP Basic credentials.', true);
  }
  const clientId = basic?.id ?? parameters.client_id;
  if (clientId === undefined) throw invalidClient('The client is not identified: send client_id, or HTTP Basic credentials.', triedBasic);
  const client = clientId.length <= 128 && CLIENT_ID.test(clientId) ? await findClient(services, clientId) : undefined;
  // On a pool's domain, another pool's client is unknown.
  if (client === undefined || !servesPool(request, client.poolId)) throw invalidClient('Client authentication failed: unknown client.', triedBasic);

  const secret = basic?.secret ?? parameters.client_secret;
  if (client.secret === null) {
    if (secret !== undefined && secret !== '') throw invalidClient('Client authentication failed: the client has no secret.', triedBasic);
    return { client, method: 'none' };
  }
  if (secret === undefined || secret === '') throw invalidClient(`Client authentication failed: client ${client.id} is configured with a secret but none was received.`, triedBasic);
  if (!isActiveSecret(client, secret)) throw invalidClient('Client authentication failed: the client secret is wrong.', triedBasic);
  return { client, method: triedBasic ? 'client_secret_basic' : 'client_secret_post' };
}

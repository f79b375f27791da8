// The WebAuthn relying party of a pool: its id (a domain), name, the user-verification policy, and
// which origins may use it. An origin must be https (or http on localhost) and its host the RP id
// or a subdomain of it — what browsers enforce for the credential, checked again here so a
// ceremony relayed through another site is refused. Which origins beyond that depends on who runs
// the ceremony: the pool's apps (the `origins` list), or the hosted login page, whose ceremonies
// run on the managed-login origin and nowhere else.
import { isIP } from 'node:net';
import { fail } from '../../../errors/catalogue.js';
import type { OperationContext } from '../../operations/operation-context.js';
import type { PoolRecord } from '../../pools/pool-repository.js';

/** The pool's relying party. */
export interface RelyingParty {
  readonly id: string;
  readonly name: string;
  readonly userVerification: 'required' | 'preferred';
  /** Explicit allow-list of origins (the pool setting `origins`, or the hosted login page's own origin); empty: any origin within the RP id. */
  readonly origins: readonly string[];
}

const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/** Loopback and any-interface addresses (the development defaults of HOST). */
const LOOPBACK_OR_ANY = /^(127\.\d+\.\d+\.\d+|0\.0\.0\.0|::1?)$/;

/**
 * The relying party from the pool's webauthn_configuration ({relyingPartyId, userVerification,
 * origins}), defaulting to the host of PUBLIC_URL and user verification "preferred", as the caller
 * may use it: the hosted login page (caller kind 'managed-login') only on its own origin, whatever
 * the pool lists for its apps; anyone else on the pool's `origins` (empty: any within the RP id).
 */
export function relyingParty(ctx: Pick<OperationContext, 'config' | 'caller'>, pool: PoolRecord): RelyingParty {
  const settings = pool.webauthnConfiguration as { relyingPartyId?: unknown; userVerification?: unknown; origins?: unknown };
  const id = typeof settings.relyingPartyId === 'string' && settings.relyingPartyId !== '' ? settings.relyingPartyId : defaultRelyingPartyId(ctx.config.publicUrl);
  const poolOrigins = Array.isArray(settings.origins) ? settings.origins.filter((o): o is string => typeof o === 'string') : [];
  return {
    id,
    name: pool.name,
    userVerification: settings.userVerification === 'required' ? 'required' : 'preferred',
    origins: ctx.caller.kind === 'managed-login' ? managedLoginOrigins(ctx.caller.origin) : poolOrigins,
  };
}

/**
 * The origins a ceremony of the hosted login page may run on: the managed-login origin and, when
 * that is a loopback or any-interface address (which browsers refuse as a passkey's host), the same
 * scheme and port on localhost — where defaultRelyingPartyId sends such a server's passkeys.
 */
export function managedLoginOrigins(publicUrl: string): string[] {
  const url = new URL(publicUrl);
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  if (isIP(host) === 0 || !LOOPBACK_OR_ANY.test(host)) return [url.origin];
  return [url.origin, `${url.protocol}//localhost${url.port === '' ? '' : `:${url.port}`}`];
}

/**
 * The RP id PUBLIC_URL implies. Browsers refuse an IP address as RP id, so a server on the loopback
 * or on every interface (the development defaults, HOST=127.0.0.1 or 0.0.0.0) is used as http://localhost.
 */
export function defaultRelyingPartyId(publicUrl: string): string {
  const host = new URL(publicUrl).hostname.replace(/^\[(.*)\]$/, '$1');
  return isIP(host) !== 0 && LOOPBACK_OR_ANY.test(host) ? 'localhost' : host;
}

/** The origin a ceremony ran on (from its clientDataJSON), or undefined when unreadable. */
export function ceremonyOrigin(clientDataJSON: unknown): string | undefined {
  if (typeof clientDataJSON !== 'string') return undefined;
  try {
    const data = JSON.parse(Buffer.from(clientDataJSON, 'base64url').toString('utf8')) as { origin?: unknown };
    return typeof data.origin === 'string' ? data.origin : undefined;
  } catch {
    return undefined;
  }
}

/** The origin to verify a ceremony against; WebAuthnOriginNotAllowedException when it may not use this relying party. */
export function allowedOrigin(rp: RelyingParty, origin: string | undefined): string {
  if (origin === undefined) throw fail('WebAuthnOriginNotAllowedException', 'The passkey response does not name its origin.');
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    throw fail('WebAuthnOriginNotAllowedException', 'The passkey origin is not a URL.');
  }
  const secure = url.protocol === 'https:' || (url.protocol === 'http:' && LOCAL_HOSTS.has(url.hostname));
  const withinRp = url.hostname === rp.id || url.hostname.endsWith(`.${rp.id}`);
  const listed = rp.origins.length === 0 || rp.origins.includes(url.origin);
  if (!secure || !withinRp || !listed || url.origin !== origin) throw fail('WebAuthnOriginNotAllowedException', `The origin ${origin.slice(0, 200)} may not use this relying party.`);
  return origin;
}

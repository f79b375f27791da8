// Where a trigger request may go (SSRF guard). The URL comes from a pool's LambdaConfig, which an
// admin sets; still, a URL is attacker-shaped input the moment an admin credential leaks or an
// admin is tricked, and the request carries user data and a valid signature. So:
// - never to this process's own listeners (the JSON API, managed login, metrics): a request there
//   would be the server calling itself with its own signature, e.g. to reach admin-only routes
//   that trust loopback, or to loop until it exhausts itself;
// - never to unspecified (0.0.0.0, ::), link-local (169.254/16 — cloud metadata — and fe80::/10),
//   multicast or broadcast addresses;
// - plain http only to loopback (the contract's URL rule), checked on the resolved address too, so
//   `http://localhost` that resolves elsewhere is refused;
// - the address checked is the one connected to: the check runs in the socket's own DNS lookup,
//   so a name that resolves differently a second time (DNS rebinding) cannot slip past it;
// - redirects are never followed (a 3xx is a failed invocation), so a permitted host cannot
//   bounce the request somewhere the guard would refuse.
import dns from 'node:dns';
import { isIP, type LookupFunction, type Server } from 'node:net';
import { networkInterfaces } from 'node:os';

const ownPorts = new Map<number, number>();

/** Registers a listener of this process: while it listens, trigger requests to its port on a local address are refused. */
export function guardOwnListener(server: Server): void {
  let port: number | undefined;
  server.on('listening', () => {
    const address = server.address();
    if (typeof address !== 'object' || address === null) return;
    port = address.port;
    ownPorts.set(port, (ownPorts.get(port) ?? 0) + 1);
  });
  server.on('close', () => {
    if (port === undefined) return;
    const count = (ownPorts.get(port) ?? 1) - 1;
    if (count <= 0) ownPorts.delete(port);
    else ownPorts.set(port, count);
    port = undefined;
  });
}

/** True for a loopback address (127/8, ::1, and IPv4-mapped 127/8). */
export function isLoopbackAddress(address: string): boolean {
  const v4 = address.startsWith('::ffff:') ? address.slice(7) : address;
  return address === '::1' || (isIP(v4) === 4 && v4.startsWith('127.'));
}

/** True for an address of one of this machine's interfaces (a listener on 0.0.0.0 answers there too). */
function isOwnInterfaceAddress(address: string): boolean {
  return Object.values(networkInterfaces()).some((list) => (list ?? []).some((i) => i.address.toLowerCase() === address.toLowerCase()));
}

/** Why a resolved address may not be called for this URL, or undefined when it may. */
export function refusalOf(address: string, port: number, protocol: string): string | undefined {
  const v4 = address.startsWith('::ffff:') ? address.slice(7) : address;
  const lower = v4.toLowerCase();
  if (lower === '0.0.0.0' || lower === '::') return 'an unspecified address';
  if (isIP(v4) === 4) {
    const [a = 0, b = 0] = v4.split('.').map(Number);
    if (a === 169 && b === 254) return 'a link-local address';
    if (a >= 224) return 'a multicast or reserved address';
  } else if (/^fe[89ab]/.test(lower)) return 'a link-local address';
  else if (lower.startsWith('ff')) return 'a multicast address';
  const loopback = isLoopbackAddress(address);
  if (protocol === 'http:' && !loopback) return 'plain http to a non-loopback address';
  if (ownPorts.has(port) && (loopback || isOwnInterfaceAddress(v4))) return "the server's own port";
  return undefined;
}

/** Thrown when the guard refuses a destination. */
export class EgressRefused extends Error {
  override readonly name = 'EgressRefused';
}

/** A socket lookup that resolves `hostname` and refuses addresses the guard does not allow. */
export function guardedLookup(port: number, protocol: string): LookupFunction {
  return (hostname, options, callback) => {
    dns.lookup(hostname, { all: true, family: options.family ?? 0 }, (error, addresses) => {
      if (error !== null) {
        callback(error, '', 0);
        return;
      }
      for (const { address } of addresses) {
        const refusal = refusalOf(address, port, protocol);
        if (refusal !== undefined) {
          callback(new EgressRefused(`trigger URL resolves to ${refusal}`), '', 0);
          return;
        }
      }
      if (options.all === true) (callback as unknown as (e: null, a: dns.LookupAddress[]) => void)(null, addresses);
      else callback(null, addresses[0]?.address ?? '', addresses[0]?.family ?? 4);
    });
  };
}

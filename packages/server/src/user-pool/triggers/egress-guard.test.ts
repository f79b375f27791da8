// Threat: SSRF — a trigger URL (admin-written, or planted with a leaked admin credential) that makes
// the server call itself, cloud metadata or other addresses no webhook lives at.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { guardOwnListener, refusalOf } from './egress-guard.js';

describe('trigger egress guard', () => {
  it('refuses unspecified, link-local (cloud metadata) and multicast addresses', () => {
    for (const address of ['0.0.0.0', '::', '169.254.169.254', 'fe80::1', '224.0.0.1', 'ff02::1', '::ffff:169.254.169.254']) {
      expect(refusalOf(address, 443, 'https:'), address).toBeDefined();
    }
  });

  it('allows https anywhere else, plain http only to loopback', () => {
    expect(refusalOf('93.184.216.34', 443, 'https:')).toBeUndefined();
    expect(refusalOf('10.0.0.7', 8443, 'https:')).toBeUndefined();
    expect(refusalOf('127.0.0.1', 8080, 'http:')).toBeUndefined();
    expect(refusalOf('::1', 8080, 'http:')).toBeUndefined();
    expect(refusalOf('10.0.0.7', 8080, 'http:')).toBe('plain http to a non-loopback address');
  });

  it("refuses this process's own listening ports while they listen, and only then", async () => {
    const server = http.createServer();
    guardOwnListener(server);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    expect(refusalOf('127.0.0.1', port, 'http:')).toBe("the server's own port");
    expect(refusalOf('::ffff:127.0.0.1', port, 'https:')).toBe("the server's own port");
    await new Promise<void>((resolve) => server.close(() => resolve()));
    expect(refusalOf('127.0.0.1', port, 'http:')).toBeUndefined();
  });
});

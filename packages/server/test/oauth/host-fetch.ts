// Requests to managed login as if through a user-pool domain: the listener's address, any Host.
import http from 'node:http';
import type { TestServer } from '../harness.js';

/**
 * A fetch that sends every request to the managed-login listener whatever the URL's host, with the
 * URL's host as the Host header: what DNS pointing `*.auth.steward.test` at the server would do.
 */
export function fetchVia(server: TestServer): (url: string, init?: RequestInit) => Promise<Response> {
  const port = Number(new URL(server.managedLoginUrl).port);
  return (url: string, init: RequestInit = {}): Promise<Response> => {
    const target = new URL(url);
    const headers: Record<string, string> = { host: target.host };
    new Headers(init.headers).forEach((value, name) => (headers[name] = value));
    const body = typeof init.body === 'string' ? init.body : undefined;
    if (body !== undefined) headers['content-length'] = String(Buffer.byteLength(body));
    return new Promise((resolve, reject) => {
      const request = http.request({ host: '127.0.0.1', port, method: init.method ?? 'GET', path: `${target.pathname}${target.search}`, headers }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          const out = new Headers();
          for (const [name, value] of Object.entries(response.headers)) {
            for (const v of Array.isArray(value) ? value : value === undefined ? [] : [value]) out.append(name, v);
          }
          const status = response.statusCode ?? 500;
          resolve(new Response([204, 304].includes(status) ? null : Buffer.concat(chunks), { status, headers: out }));
        });
      });
      request.on('error', reject);
      if (body !== undefined) request.write(body);
      request.end();
    });
  };
}

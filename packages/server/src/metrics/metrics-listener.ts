// GET /metrics on a listener of its own (METRICS_HOST:METRICS_PORT), apart from the app's port, so
// that the proxy in front of the app never exposes it and a firewall can keep it to Prometheus. A
// bare node:http server: it has one route, and scraping must not show up in the app's own metrics.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Metrics } from './metrics.js';
import { guardOwnListener } from '../user-pool/triggers/egress-guard.js';

/** A listening metrics endpoint. */
export interface MetricsListener {
  /** Where /metrics is served, e.g. http://127.0.0.1:9464 (the real port when METRICS_PORT=0). */
  readonly url: string;
  close(): Promise<void>;
}

/** Where to listen. */
export interface MetricsListenerOptions {
  readonly host: string;
  readonly port: number;
}

function answer(metrics: Metrics, request: http.IncomingMessage, response: http.ServerResponse): void {
  const path = (request.url ?? '/').split('?')[0];
  if (path !== '/metrics') {
    response.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('Not found: the metrics are at /metrics\n');
    return;
  }
  if (request.method !== 'GET' && request.method !== 'HEAD') {
    response.writeHead(405, { allow: 'GET, HEAD', 'content-type': 'text/plain; charset=utf-8' }).end('Method not allowed\n');
    return;
  }
  metrics.exposition().then(
    ({ contentType, text }) => {
      response.writeHead(200, { 'content-type': contentType, 'cache-control': 'no-store' }).end(request.method === 'HEAD' ? undefined : text);
    },
    () => {
      response.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' }).end('The metrics could not be collected\n');
    },
  );
}

/** Starts serving `metrics` at http://host:port/metrics. */
export async function startMetricsListener(metrics: Metrics, options: MetricsListenerOptions): Promise<MetricsListener> {
  const server = http.createServer((request, response) => answer(metrics, request, response));
  // Trigger webhooks may never be this listener (SSRF guard, user-pool/triggers/egress-guard.ts).
  guardOwnListener(server);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  const host = options.host.includes(':') ? `[${options.host}]` : options.host;
  return {
    url: `http://${host}:${port}`,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error === undefined ? resolve() : reject(error)));
        // Prometheus keeps its connection open between scrapes: closing must not wait for it.
        server.closeAllConnections();
      }),
  };
}

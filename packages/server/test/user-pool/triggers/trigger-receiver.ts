// A real webhook receiver for the trigger tests: node:http on 127.0.0.1, an ephemeral port. Each
// path answers with a handler the test sets (default: the event back, as a Lambda that changes
// nothing); every request is recorded with its raw body and signature header.
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** A recorded request. */
export interface ReceivedRequest {
  readonly path: string;
  readonly body: string;
  readonly signature: string;
  readonly event: Record<string, unknown> & { request: Record<string, unknown>; response: Record<string, unknown> };
}

/** What a handler answers: the returned event (status 200), or an explicit status/body, after an optional delay. */
export type HandlerReply = { readonly status?: number; readonly body?: unknown; readonly rawBody?: string; readonly delayMs?: number; readonly headers?: Record<string, string> };

/** A handler of one path. */
export type Handler = (event: ReceivedRequest['event']) => HandlerReply | Promise<HandlerReply>;

/** The receiver. */
export interface Receiver {
  readonly url: string;
  readonly requests: ReceivedRequest[];
  /** Sets the handler of `path` (e.g. "/pre-sign-up"). */
  on(path: string, handler: Handler): void;
  /** Requests to `path`. */
  to(path: string): ReceivedRequest[];
  close(): Promise<void>;
}

/** Starts a receiver. */
export async function startReceiver(): Promise<Receiver> {
  const handlers = new Map<string, Handler>();
  const requests: ReceivedRequest[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const path = (req.url ?? '/').split('?')[0] ?? '/';
      const event = JSON.parse(body) as ReceivedRequest['event'];
      const received = { path, body, signature: String(req.headers['x-steward-signature'] ?? ''), event };
      requests.push(received);
      const handler: Handler = handlers.get(path) ?? ((e) => ({ body: e }));
      void Promise.resolve(handler(event)).then(async (reply: HandlerReply) => {
        if (reply.delayMs !== undefined) await new Promise((r) => setTimeout(r, reply.delayMs));
        if (res.destroyed) return;
        res.writeHead(reply.status ?? 200, { 'content-type': 'application/json', ...reply.headers });
        res.end(reply.rawBody ?? JSON.stringify(reply.body ?? event));
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    on: (path, handler) => handlers.set(path, handler),
    to: (path) => requests.filter((r) => r.path === path),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

// Drains one HTTP(S) server for a graceful stop: the listener stops accepting, requests in flight
// run to their end, every response from then on says `Connection: close` (so the client opens its
// next connection elsewhere, or is refused), and keep-alive connections with no request are closed
// once they have been quiet for a moment. Node's own http.Server.close() (Node >= 19) destroys every
// idle keep-alive connection at once instead, which races a client writing its next request on it:
// the client sees a reset on a request the server never read, the unclean failure this avoids.
import type { IncomingMessage, Server as HttpServer, ServerResponse } from 'node:http';
import { Server as NetServer, type Socket } from 'node:net';
import { performance } from 'node:perf_hooks';
import { Server as TlsServer } from 'node:tls';

/** How long a connection with no request must have been quiet before the drain closes it. */
export const DEFAULT_IDLE_GRACE_MS = 1000;
const SWEEP_INTERVAL_MS = 100;

interface Exchange {
  readonly method: string;
  readonly path: string;
  readonly startedAt: number;
}

interface Connection {
  readonly socket: Socket;
  readonly exchanges: Map<ServerResponse, Exchange>;
  /** When the connection last finished a response (or opened). */
  quietSince: number;
}

/** Tuning of a drain (tests shorten the grace). */
export interface HttpDrainOptions {
  readonly idleGraceMs?: number;
}

/** Tracks a server's connections from its start and drains them on request. */
export class HttpDrain {
  private readonly connections = new Map<Socket, Connection>();
  private readonly idleGraceMs: number;
  private draining = false;
  private sweep: NodeJS.Timeout | undefined;
  private settled: (() => void) | undefined;
  private readonly drained: Promise<void>;

  /** Attach before the server listens, so every connection is seen. */
  constructor(
    private readonly server: HttpServer,
    options: HttpDrainOptions = {},
  ) {
    this.idleGraceMs = options.idleGraceMs ?? DEFAULT_IDLE_GRACE_MS;
    this.drained = new Promise((resolve) => (this.settled = resolve));
    // An HTTPS server's requests arrive on the TLS socket, known once its handshake is done.
    server.on(server instanceof TlsServer ? 'secureConnection' : 'connection', (socket: Socket) => this.track(socket));
    // First among the request listeners, so the header is set before the app can answer.
    server.prependListener('request', (request: IncomingMessage, response: ServerResponse) => this.onRequest(request, response));
  }

  /** True once begin() was called. */
  get started(): boolean {
    return this.draining;
  }

  /** Open connections (tests, logs). */
  get openConnections(): number {
    return this.connections.size;
  }

  /** Stops accepting connections and starts closing the open ones as they fall quiet. */
  begin(): void {
    if (this.draining) return;
    this.draining = true;
    // net.Server's close, not http.Server's: only the listener closes, open connections are ours to end.
    if (this.server.listening) NetServer.prototype.close.call(this.server);
    for (const connection of this.connections.values()) {
      for (const response of connection.exchanges.keys()) if (!response.headersSent) response.setHeader('connection', 'close');
    }
    this.sweep = setInterval(() => this.closeQuietConnections(), SWEEP_INTERVAL_MS);
    this.closeQuietConnections();
  }

  /** Resolves once begin() was called and every connection has closed. */
  done(): Promise<void> {
    return this.drained;
  }

  /** The requests still in flight and the connections still open, described for a log line. */
  describeOpen(): string[] {
    const now = performance.now();
    const lines: string[] = [];
    for (const connection of this.connections.values()) {
      if (connection.exchanges.size === 0) lines.push(`an idle connection from ${connection.socket.remoteAddress ?? '?'}`);
      for (const exchange of connection.exchanges.values()) lines.push(`${exchange.method} ${exchange.path}, in flight ${((now - exchange.startedAt) / 1000).toFixed(1)} s`);
    }
    return lines;
  }

  /** Destroys every connection still open (a stop past its bound); returns what was cut, described. */
  forceClose(): string[] {
    const cut = this.describeOpen();
    for (const connection of this.connections.values()) connection.socket.destroy();
    return cut;
  }

  private track(socket: Socket): Connection {
    const existing = this.connections.get(socket);
    if (existing !== undefined) return existing;
    const connection: Connection = { socket, exchanges: new Map(), quietSince: performance.now() };
    this.connections.set(socket, connection);
    socket.once('close', () => {
      this.connections.delete(socket);
      this.settleIfDrained();
    });
    return connection;
  }

  private onRequest(request: IncomingMessage, response: ServerResponse): void {
    const connection = this.track(request.socket);
    // The path only: query strings may carry codes.
    connection.exchanges.set(response, { method: request.method ?? '?', path: (request.url ?? '').split('?')[0] ?? '', startedAt: performance.now() });
    if (this.draining) response.setHeader('connection', 'close');
    response.once('close', () => {
      connection.exchanges.delete(response);
      connection.quietSince = performance.now();
    });
  }

  private closeQuietConnections(): void {
    const now = performance.now();
    for (const connection of this.connections.values()) {
      if (connection.exchanges.size === 0 && now - connection.quietSince >= this.idleGraceMs) connection.socket.destroy();
    }
    this.settleIfDrained();
  }

  private settleIfDrained(): void {
    if (!this.draining || this.connections.size > 0) return;
    if (this.sweep !== undefined) clearInterval(this.sweep);
    this.sweep = undefined;
    this.settled?.();
  }
}

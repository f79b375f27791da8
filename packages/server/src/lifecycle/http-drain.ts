// Drains one HTTP(S) server for a graceful stop: the listener stops accepting, requests in flight
// run to their end, every response from then on says `Connection: close` (so the client opens its
// next connection elsewhere, or is refused), and keep-alive connections with no request are closed
// once they have been quiet for the advertised keep-alive timeout. Each step avoids a way a client sees a reset on a request
// the server never read (an unclean failure, where a refused connection would have been clean):
// - Node's http.Server.close() (Node >= 19) destroys every idle keep-alive connection at once, racing
//   a client writing its next request on it: here only the listener closes, and a connection is
//   closed once it has been quiet for the keep-alive timeout the server advertises (clients stop
//   reusing it before that) and is still quiet after one more I/O poll (an event loop stalled by
//   PGlite's synchronous queries would otherwise take a request the kernel already holds for silence);
// - closing a listener resets the connections the kernel has accepted but the process has not taken
//   yet, and under load (PGlite, a busy machine) connections were measured waiting there for seconds
//   (libuv takes one per turn of the event loop). So the drain first connects to its own listener: the
//   kernel queues connections in order, so when the process takes that sentinel, it has taken every
//   connection queued before it. If none was, the queue is empty and the listener closes right then;
//   otherwise the queue was busy and another sentinel goes after what queued behind. Responses ask
//   clients to reconnect (Connection: close) only once the listener is closed.
import type { IncomingMessage, Server as HttpServer, ServerResponse } from 'node:http';
import { connect, Server as NetServer, type Socket } from 'node:net';
import { performance } from 'node:perf_hooks';
import { Server as TlsServer } from 'node:tls';

/** The idle grace of a server without a keep-alive timeout. */
const FALLBACK_IDLE_GRACE_MS = 5000;
const SWEEP_INTERVAL_MS = 100;
/** How long the sentinels may take before the listener closes anyway. */
const SENTINEL_TIMEOUT_MS = 5000;

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
  /** A close is already waiting for the next I/O poll. */
  closePending: boolean;
}

/** Tuning of a drain (tests shorten the grace). */
export interface HttpDrainOptions {
  /**
   * How long a connection with no request must have been quiet before the drain closes it: by
   * default the server's keep-alive timeout, which clients are told (Keep-Alive: timeout=N) and so
   * stop reusing a connection before it; closing sooner would race a client sending on it.
   */
  readonly idleGraceMs?: number;
}

/** Tracks a server's connections from its start and drains them on request. */
export class HttpDrain {
  private readonly connections = new Map<Socket, Connection>();
  private readonly idleGraceMs: number;
  private draining = false;
  private listenerClosed = false;
  private sentinel: Socket | undefined;
  /** Connections taken since the current sentinel was sent: they were queued ahead of it. */
  private acceptedAheadOfSentinel = 0;
  private sentinelTimer: NodeJS.Timeout | undefined;
  private sweep: NodeJS.Timeout | undefined;
  private settled: (() => void) | undefined;
  private readonly drained: Promise<void>;

  /** Attach before the server listens, so every connection is seen. */
  constructor(
    private readonly server: HttpServer,
    options: HttpDrainOptions = {},
  ) {
    this.idleGraceMs = options.idleGraceMs ?? (server.keepAliveTimeout > 0 ? server.keepAliveTimeout : FALLBACK_IDLE_GRACE_MS);
    this.drained = new Promise((resolve) => (this.settled = resolve));
    // An HTTPS server's requests arrive on the TLS socket, known once its handshake is done.
    server.on(server instanceof TlsServer ? 'secureConnection' : 'connection', (socket: Socket) => this.track(socket));
    // TCP accepts, before any TLS handshake: where the sentinel shows up.
    server.on('connection', (socket: Socket) => this.onAccept(socket));
    // First among the request listeners, so the header is set before the app can answer.
    server.prependListener('request', (request: IncomingMessage, response: ServerResponse) => this.onRequest(request, response));
  }

  /** Open connections (tests, logs). */
  get openConnections(): number {
    return this.connections.size;
  }

  /** Stops accepting connections (once those already queued are taken) and closes the open ones as they fall quiet. */
  begin(): void {
    if (this.draining) return;
    this.draining = true;
    this.sentinelTimer = setTimeout(() => this.closeListener(), SENTINEL_TIMEOUT_MS);
    this.sendSentinel();
  }

  private sendSentinel(): void {
    const address = this.server.address();
    if (!this.server.listening || address === null || typeof address === 'string') {
      this.closeListener();
      return;
    }
    const host = address.address === '0.0.0.0' ? '127.0.0.1' : address.address === '::' ? '::1' : address.address;
    const sentinel = connect({ host, port: address.port });
    this.sentinel = sentinel;
    this.acceptedAheadOfSentinel = 0;
    // Refused or unreachable (a firewall, an address it cannot reach itself on): close without it.
    sentinel.on('error', () => {
      if (this.sentinel === sentinel) this.closeListener();
    });
  }

  private onAccept(socket: Socket): void {
    const sentinel = this.sentinel;
    if (!this.draining || this.listenerClosed || sentinel === undefined) return;
    if (socket.remotePort !== sentinel.localPort || socket.remoteAddress !== sentinel.localAddress) {
      this.acceptedAheadOfSentinel += 1;
      return;
    }
    socket.destroy();
    sentinel.destroy();
    this.sentinel = undefined;
    // Every connection queued before the sentinel has been taken. None: the queue is empty, close before another queues.
    if (this.acceptedAheadOfSentinel === 0) this.closeListener();
    else this.sendSentinel();
  }

  private closeListener(): void {
    if (this.listenerClosed) return;
    clearTimeout(this.sentinelTimer);
    this.sentinel?.destroy();
    this.sentinel = undefined;
    // net.Server's close, not http.Server's: only the listener closes, open connections are ours to end.
    if (this.server.listening) NetServer.prototype.close.call(this.server);
    this.listenerClosed = true;
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
    if (!this.listenerClosed) this.closeListener();
    const cut = this.describeOpen();
    for (const connection of this.connections.values()) connection.socket.destroy();
    return cut;
  }

  private track(socket: Socket): Connection {
    const existing = this.connections.get(socket);
    if (existing !== undefined) return existing;
    const connection: Connection = { socket, exchanges: new Map(), quietSince: performance.now(), closePending: false };
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
    if (this.listenerClosed) response.setHeader('connection', 'close');
    response.once('close', () => {
      connection.exchanges.delete(response);
      connection.quietSince = performance.now();
    });
  }

  private closeQuietConnections(): void {
    const now = performance.now();
    for (const connection of this.connections.values()) {
      if (connection.closePending || connection.exchanges.size > 0 || now - connection.quietSince < this.idleGraceMs) continue;
      connection.closePending = true;
      const bytesRead = connection.socket.bytesRead;
      // Sweeps run among the timers; the poll for I/O comes next and reads what the kernel holds, so
      // a request sent during a stall is seen (as an exchange, or as bytes read) before the close.
      setImmediate(() => {
        connection.closePending = false;
        if (connection.exchanges.size === 0 && connection.socket.bytesRead === bytesRead) connection.socket.destroy();
      });
    }
    this.settleIfDrained();
  }

  private settleIfDrained(): void {
    if (!this.listenerClosed || this.connections.size > 0) return;
    if (this.sweep !== undefined) clearInterval(this.sweep);
    this.sweep = undefined;
    this.settled?.();
  }
}

// HttpDrain on a real node:http server and real client sockets: what a client sees of a drain.
import { once } from 'node:events';
import http from 'node:http';
import net from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { HttpDrain } from './http-drain.js';

interface Served {
  readonly server: http.Server;
  readonly drain: HttpDrain;
  readonly port: number;
  /** Resolves the handler of every request waiting on `/slow`. */
  readonly release: () => void;
}

const servers: http.Server[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    if (server.listening) await new Promise((resolve) => server.close(resolve));
  }
});

async function serve(idleGraceMs: number): Promise<Served> {
  let waiting: (() => void)[] = [];
  const server = http.createServer((request, response) => {
    request.resume();
    const answer = (): void => void response.setHeader('content-type', 'text/plain').end(`done ${request.url ?? ''}`);
    if (request.url === '/slow') waiting.push(answer);
    else if (!(request.url ?? '').startsWith('/never')) answer();
  });
  const drain = new HttpDrain(server, { idleGraceMs });
  servers.push(server);
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('no port');
  return {
    server,
    drain,
    port: address.port,
    release: () => {
      for (const answer of waiting) answer();
      waiting = [];
    },
  };
}

/** A raw keep-alive client connection: sends requests, collects everything the server sends and how the connection ended. */
async function rawClient(port: number): Promise<{ socket: net.Socket; received: () => string; ended: Promise<string> }> {
  const socket = net.connect(port, '127.0.0.1');
  await once(socket, 'connect');
  let text = '';
  socket.on('data', (chunk: Buffer) => (text += chunk.toString()));
  const ended = new Promise<string>((resolve) => {
    socket.once('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message));
    socket.once('close', () => resolve('closed'));
  });
  return { socket, received: () => text, ended };
}

const request = (path: string): string => `GET ${path} HTTP/1.1\r\nHost: test\r\nConnection: keep-alive\r\n\r\n`;

async function until(condition: () => boolean, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

async function refused(port: number): Promise<boolean> {
  const socket = net.connect(port, '127.0.0.1');
  return new Promise((resolve) => {
    socket.once('connect', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', (error: NodeJS.ErrnoException) => resolve(error.code === 'ECONNREFUSED'));
  });
}

describe('HttpDrain', () => {
  it('lets the request in flight finish with Connection: close, refuses new connections, then settles', async () => {
    const { server, drain, port, release } = await serve(1000);
    const client = await rawClient(port);
    client.socket.write(request('/slow'));
    await until(() => drain.describeOpen().some((line) => line.startsWith('GET /slow, in flight')));
    drain.begin();
    await until(() => !server.listening);
    expect(await refused(port)).toBe(true);
    release();
    expect(await client.ended).toBe('closed');
    expect(client.received()).toMatch(/^HTTP\/1\.1 200 OK\r\n/);
    expect(client.received()).toMatch(/\r\nConnection: close\r\n/i);
    expect(client.received()).toMatch(/done \/slow$/);
    await drain.done();
    expect(drain.openConnections).toBe(0);
  });

  it('serves a request sent on an idle keep-alive connection during the drain, with Connection: close, instead of cutting it', async () => {
    const { server, drain, port } = await serve(5000);
    const client = await rawClient(port);
    client.socket.write(request('/first'));
    await until(() => client.received().includes('done /first'));
    expect(client.received()).not.toMatch(/Connection: close/i);
    drain.begin();
    await until(() => !server.listening);
    client.socket.write(request('/second'));
    expect(await client.ended).toBe('closed');
    expect(client.received()).toMatch(/done \/first[\s\S]*Connection: close[\s\S]*done \/second$/i);
    await drain.done();
  });

  it('closes a quiet keep-alive connection once the grace has passed, so it cannot hold the stop open', async () => {
    const { drain, port } = await serve(100);
    const client = await rawClient(port);
    client.socket.write(request('/first'));
    await until(() => client.received().includes('done /first'));
    const began = Date.now();
    drain.begin();
    await drain.done();
    expect(await client.ended).toBe('closed');
    expect(Date.now() - began).toBeLessThan(3000);
  });

  it('reads a request that reached the kernel while the event loop was stalled past the grace, and serves it', async () => {
    const { server, drain, port } = await serve(300);
    const client = await rawClient(port);
    client.socket.write(request('/first'));
    await until(() => client.received().includes('done /first'));
    drain.begin();
    await until(() => !server.listening);
    await new Promise((resolve) => setTimeout(resolve, 100));
    // The request goes out (small writes reach the kernel at once), then the loop stalls beyond the
    // grace, in the check phase: the next turn runs the timers (the drain's sweep) before it polls for I/O.
    setImmediate(() => {
      client.socket.write(request('/second'));
      const stalledUntil = Date.now() + 500;
      while (Date.now() < stalledUntil) {
        // Busy: as under a long synchronous query.
      }
    });
    expect(await client.ended).toBe('closed');
    expect(client.received()).toMatch(/done \/second$/);
    await drain.done();
  });

  it('takes and serves a connection the kernel accepted while the loop was busy, rather than resetting it with the listener', async () => {
    const { drain, port } = await serve(1000);
    let received = '';
    const ended = new Promise<string>((resolve) => {
      // In the check phase, as a busy loop would: the client connects (the kernel completes the
      // handshake at once on loopback; the process has not taken the connection yet), then the drain begins.
      setImmediate(() => {
        const socket = net.connect(port, '127.0.0.1');
        socket.on('data', (chunk: Buffer) => (received += chunk.toString()));
        socket.once('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message));
        socket.once('close', () => resolve('closed'));
        socket.write(request('/late'));
        // After net.connect's own next tick, which issues the connect.
        process.nextTick(() => {
          const busyUntil = Date.now() + 50;
          while (Date.now() < busyUntil) {
            // Busy.
          }
          drain.begin();
        });
      });
    });
    expect(await ended).toBe('closed');
    expect(received).toMatch(/^HTTP\/1\.1 200 OK[\s\S]*done \/late$/);
    await drain.done();
  });

  it('cuts what is still open when forced, naming the requests in flight', async () => {
    const { drain, port } = await serve(1000);
    const client = await rawClient(port);
    client.socket.write(request('/never?code=123456'));
    await until(() => drain.openConnections === 1 && drain.describeOpen()[0]?.startsWith('GET /never') === true);
    drain.begin();
    const cut = drain.forceClose();
    // The path only: a query string may carry a code.
    expect(cut).toEqual([expect.stringMatching(/^GET \/never, in flight \d+\.\d s$/)]);
    expect(await client.ended).not.toBe('');
    await drain.done();
    expect(drain.openConnections).toBe(0);
  });
});

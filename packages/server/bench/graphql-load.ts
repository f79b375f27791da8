// A closed-loop load generator: N virtual clients, each sending its next request as soon as the
// previous answer arrives, for a fixed time; records every latency.
import http from 'node:http';

/** Latency percentiles and throughput of one scenario. */
export interface LoadResult {
  readonly requests: number;
  readonly errors: number;
  readonly seconds: number;
  readonly rps: number;
  readonly p50: number;
  readonly p95: number;
  readonly p99: number;
}

/** One virtual client's next operation: resolves true when the answer was correct. */
export type Operation = (client: number) => Promise<boolean>;

function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

/** Runs `operation` from `clients` loops for `warmupSeconds` (not recorded) then `seconds`. */
export async function runLoad(operation: Operation, clients: number, seconds: number, warmupSeconds: number): Promise<LoadResult> {
  const warmEnd = performance.now() + warmupSeconds * 1000;
  const end = warmEnd + seconds * 1000;
  const latencies: number[] = [];
  let errors = 0;
  await Promise.all(
    Array.from({ length: clients }, async (_, client) => {
      for (;;) {
        const start = performance.now();
        if (start >= end) return;
        const ok = await operation(client).catch(() => false);
        const stop = performance.now();
        if (start >= warmEnd) {
          latencies.push(stop - start);
          if (!ok) errors += 1;
        }
      }
    }),
  );
  latencies.sort((a, b) => a - b);
  return { requests: latencies.length, errors, seconds, rps: latencies.length / seconds, p50: percentile(latencies, 50), p95: percentile(latencies, 95), p99: percentile(latencies, 99) };
}

const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });

/** Responses postJson has read so far, and their body bytes (what the load generator parses). */
const received = { responses: 0, bytes: 0 };

/** How many responses postJson has read so far and how many body bytes they held. */
export function receivedTotals(): { readonly responses: number; readonly bytes: number } {
  return { ...received };
}

/** POSTs a JSON body to a local server over a keep-alive connection; resolves the parsed answer. */
export function postJson(port: number, path: string, headers: Record<string, string>, body: string): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, path, method: 'POST', agent, headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), ...headers } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const body = Buffer.concat(chunks);
        received.responses += 1;
        received.bytes += body.length;
        try {
          resolve(JSON.parse(body.toString('utf8')));
        } catch (error) {
          reject(error instanceof Error ? error : new Error(String(error)));
        }
      });
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(body);
  });
}

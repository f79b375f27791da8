import { once } from 'node:events';
import http from 'node:http';
import { describe, expect, it } from 'vitest';
import { silentLogger } from '../user-pool/operations/logger.js';
import { forcePointMs, stopGracefully } from './graceful-stop.js';
import { HttpDrain } from './http-drain.js';

describe('forcePointMs', () => {
  it('keeps a quarter of the bound, at most 5 s, for closing', () => {
    expect(forcePointMs(30_000)).toBe(25_000);
    expect(forcePointMs(8_000)).toBe(6_000);
    expect(forcePointMs(1_000)).toBe(750);
  });
});

describe('stopGracefully', () => {
  it('turns readiness first, cuts a request that outlives the force point and names it, then closes the parts in order within the bound', async () => {
    const server = http.createServer(() => {
      // Never answers.
    });
    const drain = new HttpDrain(server, { idleGraceMs: 50 });
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    const address = server.address();
    if (address === null || typeof address === 'string') throw new Error('no port');
    const steps: string[] = [];
    const hanging = fetch(`http://127.0.0.1:${address.port}/hangs?token=secret`, { method: 'POST', body: '{}' }).then(
      () => 'answered',
      () => 'cut',
    );
    while (drain.openConnections === 0 || drain.describeOpen()[0]?.startsWith('POST') !== true) await new Promise((resolve) => setTimeout(resolve, 10));

    const report = await stopGracefully(
      {
        health: { markStopping: () => void steps.push('readiness 503') },
        drains: [drain],
        jobs: undefined,
        closers: [async () => void steps.push('apps closed'), async () => Promise.reject(new Error('database would not close')), async () => void steps.push('last part closed')],
        log: silentLogger,
      },
      1000,
    );
    expect(await hanging).toBe('cut');
    expect(report.forced).toEqual([expect.stringMatching(/^POST \/hangs, in flight \d+\.\d s$/)]);
    expect(report.closeErrors).toEqual(['database would not close']);
    expect(steps).toEqual(['readiness 503', 'apps closed', 'last part closed']);
    expect(report.elapsedMs).toBeGreaterThanOrEqual(740);
    expect(report.elapsedMs).toBeLessThan(1000);
    server.close();
  });
});

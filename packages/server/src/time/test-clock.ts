// A clock end-to-end tests can move: the wall clock plus an offset, changed over HTTP through
// `POST /dev/clock`. It exists only when the server runs in development mode with
// STEWARD_TEST_CLOCK=on (main.ts); production never builds it, and the route is never registered
// without it, so no request can move a production server's time.
import type { FastifyInstance } from 'fastify';
import type { Clock } from './clock.js';

/** The wall clock shifted by an offset that only moves forward. */
export class ShiftableClock implements Clock {
  private offsetMs = 0;
  constructor(private readonly wall: () => number = Date.now) {}
  /** The shifted instant. */
  now(): Date {
    return new Date(this.wall() + this.offsetMs);
  }
  /** Moves the clock to `instant`; time never goes back (tokens and jobs assume it does not). */
  moveTo(instant: Date): void {
    const target = instant.getTime() - this.wall();
    if (target < this.offsetMs) throw new RangeError('The test clock only moves forward.');
    this.offsetMs = target;
  }
}

/** True when the configuration and environment ask for the test clock (development mode only). */
export function testClockWanted(mode: string, env: NodeJS.ProcessEnv = process.env): boolean {
  return mode === 'development' && env.STEWARD_TEST_CLOCK === 'on';
}

/** Registers `GET /dev/clock` (the server's now) and `POST /dev/clock {"to": ISO instant}` (move forward). */
export function registerTestClockRoutes(app: FastifyInstance, clock: ShiftableClock): void {
  app.get('/dev/clock', async (_request, reply) => reply.header('cache-control', 'no-store').send({ now: clock.now().toISOString() }));
  app.post('/dev/clock', async (request, reply) => {
    const body = request.body as Record<string, unknown> | null;
    const to = typeof body?.to === 'string' ? new Date(body.to) : null;
    if (to === null || Number.isNaN(to.getTime())) return reply.code(400).send({ message: 'Send {"to": "<ISO instant>"}.' });
    try {
      clock.moveTo(to);
    } catch (error) {
      return reply.code(400).send({ message: error instanceof Error ? error.message : String(error) });
    }
    return reply.header('cache-control', 'no-store').send({ now: clock.now().toISOString() });
  });
}

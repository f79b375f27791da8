// Threat: a request moving a production server's clock would expire every session and token, run
// scheduled jobs early and break promises before their time. The test clock exists only in
// development mode with STEWARD_TEST_CLOCK=on, and only moves forward.
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { ShiftableClock, registerTestClockRoutes, testClockWanted } from './test-clock.js';

describe('the e2e test clock', () => {
  it('is never wanted outside development mode, nor without STEWARD_TEST_CLOCK=on', () => {
    expect(testClockWanted('production', { STEWARD_TEST_CLOCK: 'on' })).toBe(false);
    expect(testClockWanted('development', {})).toBe(false);
    expect(testClockWanted('development', { STEWARD_TEST_CLOCK: '1' })).toBe(false);
    expect(testClockWanted('development', { STEWARD_TEST_CLOCK: 'on' })).toBe(true);
  });

  it('follows the wall clock plus an offset that only moves forward', () => {
    let wall = Date.parse('2026-12-01T12:00:00Z');
    const clock = new ShiftableClock(() => wall);
    clock.moveTo(new Date('2026-12-03T04:30:00Z'));
    expect(clock.now().toISOString()).toBe('2026-12-03T04:30:00.000Z');
    wall += 60_000;
    expect(clock.now().toISOString()).toBe('2026-12-03T04:31:00.000Z');
    expect(() => clock.moveTo(new Date('2026-12-02T00:00:00Z'))).toThrow(RangeError);
  });

  it('answers POST /dev/clock with the new time and refuses a bad or earlier instant with 400', async () => {
    const app = Fastify();
    const clock = new ShiftableClock(() => Date.parse('2026-12-01T12:00:00Z'));
    registerTestClockRoutes(app, clock);
    const moved = await app.inject({ method: 'POST', url: '/dev/clock', payload: { to: '2026-12-05T00:00:00Z' } });
    expect(moved.statusCode).toBe(200);
    expect(moved.json()).toEqual({ now: '2026-12-05T00:00:00.000Z' });
    expect((await app.inject({ method: 'POST', url: '/dev/clock', payload: { to: 'soon' } })).statusCode).toBe(400);
    expect((await app.inject({ method: 'POST', url: '/dev/clock', payload: { to: '2026-12-04T00:00:00Z' } })).statusCode).toBe(400);
    expect((await app.inject({ method: 'GET', url: '/dev/clock' })).json()).toEqual({ now: '2026-12-05T00:00:00.000Z' });
    await app.close();
  });
});

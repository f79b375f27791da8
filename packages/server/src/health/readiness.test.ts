import { describe, expect, it } from 'vitest';
import { readinessReport } from './readiness.js';

describe('readinessReport', () => {
  it('is ok only in the ready phase with every check ok or off', () => {
    expect(readinessReport('ready', { database: 'ok', migrations: 'ok', signingKeys: 'ok', jobRunner: 'off' })).toEqual({
      status: 'ok',
      phase: 'ready',
      checks: { database: 'ok', migrations: 'ok', signingKeys: 'ok', jobRunner: 'off' },
      failing: [],
    });
  });

  it('names every failing check, and counts a check that gave no answer as failing', () => {
    const report = readinessReport('ready', { database: 'failing', migrations: 'ok', jobRunner: 'failing' });
    expect(report.status).toBe('unavailable');
    expect(report.failing).toEqual(['database', 'signingKeys', 'jobRunner']);
  });

  it('is unavailable while starting or stopping, naming the lifecycle, whatever the checks say', () => {
    for (const phase of ['starting', 'stopping'] as const) {
      expect(readinessReport(phase, { database: 'ok', migrations: 'ok', signingKeys: 'ok', jobRunner: 'ok' })).toEqual({ status: 'unavailable', phase, checks: {}, failing: ['lifecycle'] });
    }
  });
});

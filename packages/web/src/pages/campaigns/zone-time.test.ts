import { describe, expect, it } from 'vitest';
import { timeInZone, zonePlace } from './zone-time';

describe('timeInZone', () => {
  it('shows an instant as 24-hour wall-clock time with the zone short name', () => {
    expect(timeInZone('2026-12-03T16:30:00.000Z', 'America/Denver')).toBe('09:30 MST');
    expect(timeInZone('2026-12-03T16:30:00.000Z', 'America/New_York')).toBe('11:30 EST');
  });

  it('follows the daylight-saving change inside one day', () => {
    // 8 March 2026: New York moves from EST to EDT at 02:00.
    expect(timeInZone('2026-03-08T06:30:00Z', 'America/New_York')).toBe('01:30 EST');
    expect(timeInZone('2026-03-08T07:30:00Z', 'America/New_York')).toBe('03:30 EDT');
    // Phoenix keeps standard time all year.
    expect(timeInZone('2026-07-01T16:00:00Z', 'America/Phoenix')).toBe('09:00 MST');
  });

  it('shows a dash for a missing or unreadable instant or zone', () => {
    expect(timeInZone(null, 'America/Denver')).toBe('–');
    expect(timeInZone('not a time', 'America/Denver')).toBe('–');
    expect(timeInZone('2026-12-03T16:30:00Z', 'Mars/Olympus')).toBe('–');
  });

  it('names a zone by its place', () => {
    expect(zonePlace('America/Los_Angeles')).toBe('Los Angeles');
  });
});

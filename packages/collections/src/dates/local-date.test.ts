import { describe, expect, it } from 'vitest';
import { LocalDateError } from '../errors/rule-errors.js';
import { addLocalDays, daysBetween, isLocalDate, localDateOf, startOfLocalDay } from './local-date.js';

describe('local dates', () => {
  it('reads the calendar date an instant has in the debtor zone', () => {
    const instant = new Date('2026-11-28T03:30:00Z');
    expect(localDateOf(instant, 'America/New_York')).toBe('2026-11-27');
    expect(localDateOf(instant, 'Europe/London')).toBe('2026-11-28');
    expect(localDateOf(instant, 'Pacific/Kiritimati')).toBe('2026-11-28');
  });

  it('adds days across month, year and leap-day boundaries', () => {
    expect(addLocalDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addLocalDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addLocalDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(daysBetween('2026-01-01', '2027-01-01')).toBe(365);
  });

  it('accepts only real calendar dates', () => {
    expect(isLocalDate('2026-02-28')).toBe(true);
    expect(isLocalDate('2026-02-29')).toBe(false);
    expect(isLocalDate('2026-2-1')).toBe(false);
    expect(() => addLocalDays('2026-02-30', 1)).toThrow(LocalDateError);
  });

  it('refuses an unknown time zone with a typed error', () => {
    expect(() => localDateOf(new Date(0), 'Mars/Olympus_Mons')).toThrow(expect.objectContaining({ name: 'LocalDateError', code: 'INVALID_TIME_ZONE' }) as Error);
  });
});

describe('startOfLocalDay', () => {
  it('is local midnight on an ordinary day', () => {
    expect(startOfLocalDay('2026-11-27', 'America/New_York').toISOString()).toBe('2026-11-27T05:00:00.000Z');
    expect(startOfLocalDay('2026-07-01', 'America/New_York').toISOString()).toBe('2026-07-01T04:00:00.000Z');
  });

  it('is midnight on the days US clocks change at 02:00 (the 23- and 25-hour days)', () => {
    expect(startOfLocalDay('2026-03-08', 'America/New_York').toISOString()).toBe('2026-03-08T05:00:00.000Z');
    expect(startOfLocalDay('2026-03-09', 'America/New_York').toISOString()).toBe('2026-03-09T04:00:00.000Z');
    expect(startOfLocalDay('2026-11-01', 'America/Los_Angeles').toISOString()).toBe('2026-11-01T07:00:00.000Z');
    expect(startOfLocalDay('2026-11-02', 'America/Los_Angeles').toISOString()).toBe('2026-11-02T08:00:00.000Z');
  });

  it('is 01:00 where the clocks spring forward at midnight and the day has no midnight', () => {
    // Chile moves from -04 to -03 at 00:00 on the first Sunday of September; Cuba at 00:00 in March.
    expect(startOfLocalDay('2026-09-06', 'America/Santiago').toISOString()).toBe('2026-09-06T04:00:00.000Z');
    expect(startOfLocalDay('2026-03-08', 'America/Havana').toISOString()).toBe('2026-03-08T05:00:00.000Z');
  });

  it('works far east and west of UTC', () => {
    expect(startOfLocalDay('2026-11-27', 'Pacific/Kiritimati').toISOString()).toBe('2026-11-26T10:00:00.000Z');
    expect(startOfLocalDay('2026-11-27', 'Etc/GMT+12').toISOString()).toBe('2026-11-27T12:00:00.000Z');
  });
});

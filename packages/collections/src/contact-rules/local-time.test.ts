import { describe, expect, it } from 'vitest';
import type { Interval } from './intervals.js';
import {
  HOUR_MS,
  canonicalTimeZone,
  formatZonedTime,
  instantsInLocalWindows,
  offsetAt,
  offsetSegments,
  parseLocalDate,
  parseTimeOfDay,
  weekdayOf,
  zonedTime,
} from './local-time.js';

const at = (iso: string): number => Date.parse(iso);
const iso = (intervals: Interval[]): string[][] => intervals.map((i) => [new Date(i.start).toISOString(), new Date(i.end).toISOString()]);
const local = (iso: string, zone: string): string => formatZonedTime(zonedTime(at(iso), zone));
const day = (date: string): number => parseLocalDate(date) ?? Number.NaN;
const contactHours = [{ start: 8 * 60, end: 21 * 60 }];

describe('local time in IANA zones', () => {
  it('moves New York from EST to EDT at 02:00 local on 2025-03-09, skipping the 02:00-03:00 wall-clock hour', () => {
    expect(offsetAt(at('2025-03-09T06:59:59.999Z'), 'America/New_York')).toBe(-5 * HOUR_MS);
    expect(offsetAt(at('2025-03-09T07:00:00.000Z'), 'America/New_York')).toBe(-4 * HOUR_MS);
    expect(local('2025-03-09T06:59:00Z', 'America/New_York')).toBe('2025-03-09 01:59');
    expect(local('2025-03-09T07:00:00Z', 'America/New_York')).toBe('2025-03-09 03:00');
  });

  it('shows the same New York wall time twice on the fall-back night of 2025-11-02', () => {
    expect(local('2025-11-02T05:30:00Z', 'America/New_York')).toBe('2025-11-02 01:30');
    expect(local('2025-11-02T06:30:00Z', 'America/New_York')).toBe('2025-11-02 01:30');
  });

  it('keeps Phoenix on UTC-7 all year while Denver observes daylight-saving time', () => {
    for (const date of ['2025-01-15T12:00:00Z', '2025-07-15T12:00:00Z']) expect(offsetAt(at(date), 'America/Phoenix')).toBe(-7 * HOUR_MS);
    expect(offsetAt(at('2025-01-15T12:00:00Z'), 'America/Denver')).toBe(-7 * HOUR_MS);
    expect(offsetAt(at('2025-07-15T12:00:00Z'), 'America/Denver')).toBe(-6 * HOUR_MS);
    expect(offsetSegments('America/Denver', at('2025-03-09T00:00:00Z'), at('2025-03-10T00:00:00Z'))).toEqual([
      { start: at('2025-03-09T00:00:00Z'), end: at('2025-03-09T09:00:00Z'), offset: -7 * HOUR_MS },
      { start: at('2025-03-09T09:00:00Z'), end: at('2025-03-10T00:00:00Z'), offset: -6 * HOUR_MS },
    ]);
    expect(offsetSegments('America/Phoenix', at('2025-03-09T00:00:00Z'), at('2025-03-10T00:00:00Z'))).toHaveLength(1);
  });

  it('puts 08:00-21:00 of a spring-forward day at EDT instants in New York and MDT instants in Denver, and MST ones in Phoenix', () => {
    const on = (zone: string): string[][] =>
      iso(instantsInLocalWindows(zone, at('2025-03-08T12:00:00Z'), at('2025-03-11T12:00:00Z'), (d) => (d === day('2025-03-09') ? contactHours : [])));
    expect(on('America/New_York')).toEqual([['2025-03-09T12:00:00.000Z', '2025-03-10T01:00:00.000Z']]);
    expect(on('America/Denver')).toEqual([['2025-03-09T14:00:00.000Z', '2025-03-10T03:00:00.000Z']]);
    expect(on('America/Phoenix')).toEqual([['2025-03-09T15:00:00.000Z', '2025-03-10T04:00:00.000Z']]);
  });

  it('puts 08:00-21:00 of a fall-back day at EST instants in New York, a 13-hour day as on any other', () => {
    const hours = instantsInLocalWindows('America/New_York', at('2025-11-01T00:00:00Z'), at('2025-11-04T00:00:00Z'), (d) => (d === day('2025-11-02') ? contactHours : []));
    expect(iso(hours)).toEqual([['2025-11-02T13:00:00.000Z', '2025-11-03T02:00:00.000Z']]);
  });

  it('shortens a window across the spring-forward gap to the wall-clock time that exists: 01:30-03:30 is one real hour', () => {
    const gap = instantsInLocalWindows('America/New_York', at('2025-03-09T00:00:00Z'), at('2025-03-10T00:00:00Z'), () => [{ start: 90, end: 210 }]);
    expect(iso(gap)).toEqual([['2025-03-09T06:30:00.000Z', '2025-03-09T07:30:00.000Z']]);
  });

  it('gives a window across the fall-back overlap both passes of the repeated hour: 01:00-02:00 is two real hours', () => {
    const overlap = instantsInLocalWindows('America/New_York', at('2025-11-02T00:00:00Z'), at('2025-11-03T00:00:00Z'), () => [{ start: 60, end: 120 }]);
    expect(iso(overlap)).toEqual([['2025-11-02T05:00:00.000Z', '2025-11-02T07:00:00.000Z']]);
  });

  it('leaves out of a fall-back window the second pass of wall times it does not cover: 01:30-03:00 skips 01:00-01:30 EST', () => {
    const window = instantsInLocalWindows('America/New_York', at('2025-11-02T00:00:00Z'), at('2025-11-03T00:00:00Z'), () => [{ start: 90, end: 180 }]);
    expect(iso(window)).toEqual([
      ['2025-11-02T05:30:00.000Z', '2025-11-02T06:00:00.000Z'],
      ['2025-11-02T06:30:00.000Z', '2025-11-02T08:00:00.000Z'],
    ]);
  });

  it('numbers local dates so weekdays and consecutive days are integer arithmetic', () => {
    expect(weekdayOf(day('2026-04-01'))).toBe(3);
    expect(weekdayOf(day('1969-12-28'))).toBe(0);
    expect(day('2026-04-08') - day('2026-04-01')).toBe(7);
    expect(zonedTime(at('2026-04-02T00:30:00Z'), 'America/New_York').dayNumber).toBe(day('2026-04-01'));
  });

  it('refuses dates and times that do not exist', () => {
    expect(parseLocalDate('2025-02-29')).toBeNull();
    expect(parseLocalDate('2024-02-29')).not.toBeNull();
    expect(parseLocalDate('2025-3-1')).toBeNull();
    expect(parseTimeOfDay('24:00')).toBe(1440);
    expect(parseTimeOfDay('24:01')).toBeNull();
    expect(parseTimeOfDay('08:60')).toBeNull();
    expect(parseTimeOfDay('8:00')).toBeNull();
  });

  it('canonicalizes zone names and aliases and rejects unknown ones', () => {
    expect(canonicalTimeZone('US/Eastern')).toBe('America/New_York');
    expect(canonicalTimeZone('america/chicago')).toBe('America/Chicago');
    expect(canonicalTimeZone('Nowhere/Special')).toBeNull();
    expect(canonicalTimeZone('')).toBeNull();
  });
});

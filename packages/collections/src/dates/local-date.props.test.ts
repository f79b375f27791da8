// Local dates against oracles written apart from the module: Intl's en-CA date string for the date of
// an instant, Date's own month arithmetic for adding days, and a coarse-then-fine scan of the clock
// for the start of a day, in zones with daylight-saving changes at 02:00, at midnight and none.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { propertyRuns } from '../../test/properties.js';
import { addLocalDays, localDateOf, startOfLocalDay } from './local-date.js';

const ZONES = ['America/New_York', 'America/Chicago', 'America/Denver', 'America/Phoenix', 'America/Los_Angeles', 'America/Anchorage', 'Pacific/Honolulu', 'America/Puerto_Rico', 'America/Santiago', 'America/Havana', 'Europe/London', 'Australia/Lord_Howe', 'Asia/Kolkata', 'Pacific/Kiritimati', 'Pacific/Chatham', 'UTC'];
const MINUTE = 60_000;
const DAY = 86_400_000;

const oracleFormats = new Map<string, Intl.DateTimeFormat>();
function oracleDate(t: number, zone: string): string {
  let format = oracleFormats.get(zone);
  if (format === undefined) {
    format = new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' });
    oracleFormats.set(zone, format);
  }
  return format.format(t);
}

/** The first minute of `date` in `zone`, by stepping the clock 15 minutes at a time and then one minute at a time. */
function oracleStartOfDay(date: string, zone: string): number {
  let t = Date.parse(`${date}T00:00:00Z`) - 15 * 60 * MINUTE;
  while (oracleDate(t, zone) < date) t += 15 * MINUTE;
  while (oracleDate(t - MINUTE, zone) >= date) t -= MINUTE;
  return t;
}

const dayArb = fc.integer({ min: Date.UTC(2000, 0, 1) / DAY, max: Date.UTC(2037, 11, 31) / DAY });
const dateArb = dayArb.map((d) => new Date(d * DAY).toISOString().slice(0, 10));

describe('local dates (property)', () => {
  it('reads the same local date of an instant as Intl en-CA does', () => {
    fc.assert(
      fc.property(fc.integer({ min: Date.UTC(2000, 0, 1), max: Date.UTC(2038, 0, 1) }), fc.constantFrom(...ZONES), (t, zone) => {
        expect(localDateOf(new Date(t), zone)).toBe(oracleDate(t, zone));
      }),
      propertyRuns(500),
    );
  });

  it("adds days as Date's own calendar arithmetic does", () => {
    fc.assert(
      fc.property(dateArb, fc.integer({ min: -3000, max: 3000 }), (date, days) => {
        const d = new Date(`${date}T12:00:00Z`);
        d.setUTCDate(d.getUTCDate() + days);
        expect(addLocalDays(date, days)).toBe(d.toISOString().slice(0, 10));
      }),
      propertyRuns(500),
    );
  });

  it('starts each local day at the first minute the clock scan finds on it, the instant before being the day before', () => {
    // Around the daylight-saving changes of the sampled years as well as on any day.
    const changeDays = ['03-08', '03-09', '03-28', '03-29', '04-05', '09-06', '09-07', '09-27', '10-04', '10-25', '10-31', '11-01', '11-02'];
    const nearChange = fc.tuple(fc.integer({ min: 2020, max: 2030 }), fc.constantFrom(...changeDays)).map(([y, md]) => `${y}-${md}`);
    fc.assert(
      fc.property(fc.oneof(dateArb, nearChange), fc.constantFrom(...ZONES), (date, zone) => {
        const start = startOfLocalDay(date, zone).getTime();
        expect(start).toBe(oracleStartOfDay(date, zone));
        expect(oracleDate(start, zone)).toBe(date);
        expect(oracleDate(start - 1, zone) < date).toBe(true);
      }),
      propertyRuns(200),
    );
  });
});

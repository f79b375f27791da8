import { describe, expect, it } from 'vitest';
import type { LocationFacts } from '@steward/collections';
import { resolveContactLocation as resolveWith } from '@steward/collections';
import { serverLocationData } from './location-data.js';
import { allUsTimeZones } from './zip-time-zones.js';

/** The engine's resolution over the server's datasets. */
const resolveContactLocation = (facts: LocationFacts) => resolveWith(facts, serverLocationData);

describe('resolveContactLocation', () => {
  it('takes a known IANA zone alone when nothing else is known', () => {
    expect(resolveContactLocation({ timeZone: 'US/Central' })).toEqual({ timeZones: ['America/Chicago'], states: null, basis: 'time-zone' });
    expect(resolveContactLocation({ timeZone: 'America/New_York', zipCode: '10001' })).toEqual({ timeZones: ['America/New_York'], states: ['NY'], basis: 'time-zone' });
  });

  it('keeps the zones of an address and a phone that disagree with the stated zone: the consumer may be at any of them (issue 21)', () => {
    expect(resolveContactLocation({ timeZone: 'US/Central', zipCode: '10001' })).toEqual({ timeZones: ['America/Chicago', 'America/New_York'], states: ['NY'], basis: 'combined' });
    // The consumer: zone Pacific/Honolulu, state IL, ZIP 10004 (Manhattan), a Los Angeles mobile number.
    expect(resolveContactLocation({ timeZone: 'Pacific/Honolulu', state: 'IL', zipCode: '10004', phone: '+1 213 555 0100' })).toEqual({
      timeZones: ['America/Chicago', 'America/Los_Angeles', 'America/New_York', 'Pacific/Honolulu'],
      states: ['IL', 'NY'],
      basis: 'combined',
    });
  });

  it('takes the area code of a phone number as a place the consumer may be', () => {
    expect(resolveContactLocation({ phone: '(808) 555-0100' })).toEqual({ timeZones: ['Pacific/Honolulu'], states: null, basis: 'phone' });
    expect(resolveContactLocation({ phone: '+15555550100' })).toEqual({ timeZones: allUsTimeZones(), states: null, basis: 'unknown' });
  });

  it('ignores a zone name it does not know and falls back to the ZIP code', () => {
    expect(resolveContactLocation({ timeZone: 'Eastern', zipCode: '10001' })).toEqual({ timeZones: ['America/New_York'], states: ['NY'], basis: 'zip' });
  });

  it('gives a ZIP code in a split state every zone it may be in', () => {
    expect(resolveContactLocation({ zipCode: '32321' })).toEqual({ timeZones: ['America/Chicago', 'America/New_York'], states: ['FL'], basis: 'zip' });
  });

  it('gives a state alone every zone of the state', () => {
    expect(resolveContactLocation({ state: 'tx' })).toEqual({ timeZones: ['America/Chicago', 'America/Denver'], states: ['TX'], basis: 'state' });
  });

  it('takes the zones of both when the address state and the ZIP code disagree', () => {
    expect(resolveContactLocation({ zipCode: '10001', state: 'CA' })).toEqual({
      timeZones: ['America/Los_Angeles', 'America/New_York'],
      states: ['CA', 'NY'],
      basis: 'zip-and-state',
    });
  });

  it('widens to every US zone and every state when nothing usable is known', () => {
    for (const facts of [{}, { zipCode: 'n/a' }, { zipCode: '00000', state: 'Texas' }]) {
      expect(resolveContactLocation(facts)).toEqual({ timeZones: allUsTimeZones(), states: null, basis: 'unknown' });
    }
  });

  it('widens a state the datasets do not place (a territory given alone) to every US zone', () => {
    expect(resolveContactLocation({ state: 'PR' })).toEqual({ timeZones: allUsTimeZones(), states: ['PR'], basis: 'state' });
  });
});

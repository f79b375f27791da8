// Where the consumer may be, as the set of time zones (and states) the engine must respect. Regulation F
// comment 6(b)(1)(i)-2: with conflicting or ambiguous information about the consumer's location, a time
// is convenient only if it is convenient in every location the information points to. So the answer is
// never one guess but every zone the facts leave open, a stated zone included (issue 21).

import { canonicalTimeZone } from './local-time.js';

/** How a ZIP code's zones were found by the data behind LocationData. */
export type ZipZonesBasis = 'zip-neighbourhood' | 'zip' | 'zip-area';

/** A ZIP code's zones and how they were found. */
export interface ZipZones {
  readonly zones: readonly string[];
  readonly basis: ZipZonesBasis;
}

/**
 * The geographic data the engine looks places up in: ZIP codes, states and area codes to time zones.
 * The server implements it over its datasets (docs/collections.md, "Location data"); a caller that
 * already holds a resolved ContactLocation (the web app, from the server) needs none.
 */
export interface LocationData {
  /** Every zone a consumer at this five-digit ZIP code may be in, or null when nothing is known of it. */
  zonesOfZip(zip: string): ZipZones | null;
  /** The two-letter state of a five-digit ZIP code, or null. */
  stateOfZip(zip: string): string | null;
  /** Every zone of a state (two-letter code), or null for one the data does not place. */
  zonesOfState(state: string): readonly string[] | null;
  /** The zones a phone number's area code rings in, or null when it says nothing. */
  zonesOfPhone(phone: string | null | undefined): readonly string[] | null;
  /** Every US zone: where a consumer of unknown location may be. */
  allUsTimeZones(): readonly string[];
  /** The five digits of a US ZIP code ('12345', '12345-6789'), or null. */
  normalizeZip(text: string): string | null;
}

/** Location facts that need geographic data, but no LocationData was given. */
export class LocationDataMissingError extends Error {
  override readonly name = 'LocationDataMissingError';
  constructor(readonly facts: string) {
    super(`Resolving ${facts} needs LocationData; pass it in the engine's deps, or give the consumer a resolved location.`);
  }
}

/** What is known of where the consumer is. */
export interface LocationFacts {
  readonly timeZone?: string | null;
  readonly zipCode?: string | null;
  readonly state?: string | null;
  /** The number a call or text goes to: its area code is one more place the consumer may be. */
  readonly phone?: string | null;
}

/** What the zones were found from. */
export type LocationBasis =
  /** The consumer's own IANA zone, and nothing else pointed elsewhere. */
  | 'time-zone'
  /** The ZIP code and its neighbourhood (or, for a code without coordinates, its own zone). */
  | 'zip'
  /** A ZIP code neither dataset lists: every zone of its three-digit area. */
  | 'zip-area'
  /** The state alone: every zone of the state. */
  | 'state'
  /** ZIP code and state disagree, or the ZIP code is unknown and a state is given: the zones of both. */
  | 'zip-and-state'
  /** The phone number's area code alone. */
  | 'phone'
  /** Several facts (zone, address, area code) point to different zones: all of them. */
  | 'combined'
  /** Nothing usable: every US zone. */
  | 'unknown';

/** Every zone and state the consumer may be in. */
export interface ContactLocation {
  /** Canonical IANA names, sorted; a contact must suit all of them. */
  readonly timeZones: readonly string[];
  /** Two-letter codes; null when unknown, so every state's rule applies. */
  readonly states: readonly string[] | null;
  readonly basis: LocationBasis;
}

const isGiven = (value: string | null | undefined): value is string => value !== null && value !== undefined && value.trim() !== '';
const sortedUnique = (values: Iterable<string>): string[] => [...new Set(values)].sort();

function normalizeState(state: string | null | undefined): string | null {
  const code = state?.trim().toUpperCase();
  return code !== undefined && /^[A-Z]{2}$/.test(code) ? code : null;
}

/** The zones the postal address (ZIP code and state) points to, or null when it gives nothing usable. */
function addressZones(data: LocationData, zip: string | null, givenState: string | null, conflicting: boolean): { zones: readonly string[]; basis: LocationBasis } | null {
  const stateZones = givenState === null ? null : (data.zonesOfState(givenState) ?? data.allUsTimeZones());
  const zipZones = zip === null ? null : data.zonesOfZip(zip);
  if (zipZones !== null) {
    // The address's state and the ZIP code's disagree, or the code is unknown (a typo may point
    // anywhere): the consumer may be in either place.
    if ((conflicting || zipZones.basis === 'zip-area') && stateZones !== null) return { zones: sortedUnique([...zipZones.zones, ...stateZones]), basis: 'zip-and-state' };
    return { zones: zipZones.zones, basis: zipZones.basis === 'zip-area' ? 'zip-area' : 'zip' };
  }
  if (stateZones !== null) return { zones: sortedUnique(stateZones), basis: 'state' };
  return null;
}

/**
 * Every time zone and state the consumer may be in: the union of the zones each fact points to (the
 * stated zone, the ZIP code and its neighbourhood, the state, the phone's area code). A stated zone does
 * not override an address that disagrees with it: the consumer may be at either (Regulation F comment
 * 6(b)(1)(i)-2). Nothing usable gives every US zone. The lookups come from `data`; facts that
 * need none (a known zone alone) resolve without it, others throw LocationDataMissingError.
 */
export function resolveContactLocation(facts: LocationFacts, data?: LocationData): ContactLocation {
  const lookups = data ?? missingData(facts);
  const zip = isGiven(facts.zipCode) ? lookups.normalizeZip(facts.zipCode) : null;
  const givenState = normalizeState(facts.state);
  const zipState = zip === null ? null : lookups.stateOfZip(zip);
  const knownStates = sortedUnique([givenState, zipState].filter((s): s is string => s !== null));
  const states = knownStates.length === 0 ? null : knownStates;
  const conflicting = givenState !== null && zipState !== null && givenState !== zipState;

  const zone = facts.timeZone === null || facts.timeZone === undefined ? null : canonicalTimeZone(facts.timeZone);
  const found: { zones: readonly string[]; basis: LocationBasis }[] = [];
  if (zone !== null) found.push({ zones: [zone], basis: 'time-zone' });
  const address = addressZones(lookups, zip, givenState, conflicting);
  if (address !== null) found.push(address);
  const phoneZones = isGiven(facts.phone) ? lookups.zonesOfPhone(facts.phone) : null;
  if (phoneZones !== null) found.push({ zones: phoneZones, basis: 'phone' });

  if (found.length === 0) return { timeZones: [...lookups.allUsTimeZones()], states, basis: 'unknown' };
  const timeZones = sortedUnique(found.flatMap((f) => f.zones));
  // One fact, or several that agree with the first: that fact's basis; else the union is 'combined'.
  const [first] = found;
  const agree = first !== undefined && timeZones.length === first.zones.length;
  return { timeZones, states, basis: agree ? first.basis : 'combined' };
}

/**
 * Stands in for absent LocationData: a known zone alone resolves without lookups; any lookup the facts
 * need (an address, a phone, or no usable zone at all) throws LocationDataMissingError.
 */
function missingData(facts: LocationFacts): LocationData {
  const fail = (): never => {
    const given = (['timeZone', 'zipCode', 'state', 'phone'] as const).filter((key) => isGiven(facts[key]));
    throw new LocationDataMissingError(given.length === 0 ? 'an unknown location' : given.join(', '));
  };
  return { zonesOfZip: fail, stateOfZip: fail, zonesOfState: fail, zonesOfPhone: fail, allUsTimeZones: fail, normalizeZip: fail };
}

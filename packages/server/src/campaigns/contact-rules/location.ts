// Where the consumer may be, as the set of time zones (and states) the engine must respect. Regulation F
// comment 6(b)(1)(i)-2: with conflicting or ambiguous information about the consumer's location, a time
// is convenient only if it is convenient in every location the information points to. So the answer is
// never one guess but every zone the facts leave open.

import { canonicalTimeZone } from './local-time.js';
import { allUsTimeZones, normalizeZip, stateOfZip, zonesOfState, zonesOfZip } from './zip-time-zones.js';

/** What is known of where the consumer is. */
export interface LocationFacts {
  readonly timeZone?: string | null;
  readonly zipCode?: string | null;
  readonly state?: string | null;
}

/** What the zones were found from. */
export type LocationBasis =
  /** The consumer's own IANA zone. */
  | 'time-zone'
  /** The ZIP code and its neighbourhood (or, for a code without coordinates, its own zone). */
  | 'zip'
  /** A ZIP code neither dataset lists: every zone of its three-digit area. */
  | 'zip-area'
  /** The state alone: every zone of the state. */
  | 'state'
  /** ZIP code and state disagree, or the ZIP code is unknown and a state is given: the zones of both. */
  | 'zip-and-state'
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

const sortedUnique = (values: Iterable<string>): string[] => [...new Set(values)].sort();

function normalizeState(state: string | null | undefined): string | null {
  const code = state?.trim().toUpperCase();
  return code !== undefined && /^[A-Z]{2}$/.test(code) ? code : null;
}

/** Every time zone and state the consumer may be in, from the most precise fact available; anything unknown or conflicting widens the set. */
export function resolveContactLocation(facts: LocationFacts): ContactLocation {
  const zip = facts.zipCode === null || facts.zipCode === undefined ? null : normalizeZip(facts.zipCode);
  const givenState = normalizeState(facts.state);
  const zipState = zip === null ? null : stateOfZip(zip);
  const knownStates = sortedUnique([givenState, zipState].filter((s): s is string => s !== null));
  const states = knownStates.length === 0 ? null : knownStates;
  const conflicting = givenState !== null && zipState !== null && givenState !== zipState;

  const zone = facts.timeZone === null || facts.timeZone === undefined ? null : canonicalTimeZone(facts.timeZone);
  if (zone !== null) return { timeZones: [zone], states, basis: 'time-zone' };

  const stateZones = givenState === null ? null : (zonesOfState(givenState) ?? allUsTimeZones());
  const zipZones = zip === null ? null : zonesOfZip(zip);
  if (zipZones !== null) {
    // The address's state and the ZIP code's disagree, or the code is unknown (a typo may point
    // anywhere): the consumer may be in either place.
    if ((conflicting || zipZones.basis === 'zip-area') && stateZones !== null) return { timeZones: sortedUnique([...zipZones.zones, ...stateZones]), states, basis: 'zip-and-state' };
    return { timeZones: [...zipZones.zones], states, basis: zipZones.basis === 'zip-area' ? 'zip-area' : 'zip' };
  }
  if (stateZones !== null) return { timeZones: sortedUnique(stateZones), states, basis: 'state' };
  return { timeZones: allUsTimeZones(), states, basis: 'unknown' };
}

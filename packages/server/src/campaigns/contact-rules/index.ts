// The geographic data behind the contact-rule engine (the engine itself is @steward/collections):
// ZIP codes and area codes to time zones and states, as the engine's LocationData.
export { serverLocationData } from './location-data.js';
export { ZIP_NEIGHBOURHOOD_KM, allUsTimeZones, datasetZoneOfZip, normalizeZip, stateOfZip, zonesOfState, zonesOfZip } from './zip-time-zones.js';
export { nanpDigits, zonesOfPhone } from './phone-time-zones.js';

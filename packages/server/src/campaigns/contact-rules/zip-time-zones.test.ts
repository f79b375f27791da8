import { describe, expect, it } from 'vitest';
import { allUsTimeZones, datasetZoneOfZip, normalizeZip, stateOfZip, zonesOfState, zonesOfZip } from './zip-time-zones.js';

describe('ZIP codes to time zones', () => {
  it('reads five-digit ZIP codes and ZIP+4, and nothing else', () => {
    expect(normalizeZip('10001')).toBe('10001');
    expect(normalizeZip(' 10001-1234 ')).toBe('10001');
    expect(normalizeZip('100011234')).toBe('10001');
    expect(normalizeZip('1000')).toBeNull();
    expect(normalizeZip('ABCDE')).toBeNull();
  });

  it('places a ZIP code far from any zone line in its one zone', () => {
    expect(zonesOfZip('10001')).toEqual({ zones: ['America/New_York'], basis: 'zip-neighbourhood' });
    expect(zonesOfZip('85001')?.zones).toEqual(['America/Phoenix']);
    expect(stateOfZip('10001')).toBe('NY');
  });

  it('gives a ZIP code near a zone line in a split state the zones on both sides (Florida panhandle)', () => {
    // Bristol, FL is on Eastern time; Blountstown, a few miles west across the Apalachicola, on Central.
    expect(datasetZoneOfZip('32321')).toBe('America/New_York');
    expect(zonesOfZip('32321')?.zones).toEqual(['America/Chicago', 'America/New_York']);
    expect(zonesOfZip('32424')?.zones).toEqual(['America/Chicago', 'America/New_York']);
  });

  it('gives the Navajo Nation (daylight-saving time inside Arizona) both Denver and Phoenix time', () => {
    expect(datasetZoneOfZip('86045')).toBe('America/Denver');
    expect(zonesOfZip('86045')?.zones).toEqual(['America/Denver', 'America/Phoenix']);
  });

  it('keeps island ZIP codes in their own zone however their three-digit areas are shared', () => {
    expect(zonesOfZip('96801')?.zones).toEqual(['Pacific/Honolulu']);
    expect(zonesOfZip('96910')?.zones).toEqual(['Pacific/Guam']);
    expect(zonesOfZip('00601')?.zones).toEqual(['America/Puerto_Rico']);
  });

  it('falls back to the zones of its three-digit area for a code neither dataset lists', () => {
    expect(datasetZoneOfZip('46299')).toBeNull();
    expect(zonesOfZip('46299')).toEqual({ zones: ['America/Indiana/Indianapolis'], basis: 'zip-area' });
    expect(zonesOfZip('00000')).toBeNull();
  });

  it('knows every zone of a split state and that territories are not in the state data', () => {
    expect(zonesOfState('TX')).toEqual(['America/Chicago', 'America/Denver']);
    expect(zonesOfState('fl')).toEqual(['America/Chicago', 'America/New_York']);
    expect(zonesOfState('AZ')).toEqual(['America/Denver', 'America/Phoenix']);
    expect(zonesOfState('IN')).toEqual(expect.arrayContaining(['America/Chicago', 'America/Indiana/Indianapolis', 'America/New_York']));
    expect(zonesOfState('PR')).toBeNull();
  });

  it('lists every US zone, Hawaii, Alaska and the territories included, for a consumer of unknown location', () => {
    expect(allUsTimeZones()).toEqual(
      expect.arrayContaining(['America/New_York', 'America/Los_Angeles', 'America/Anchorage', 'America/Adak', 'Pacific/Honolulu', 'America/Puerto_Rico', 'Pacific/Guam', 'Pacific/Pago_Pago']),
    );
  });
});

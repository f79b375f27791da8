import { describe, expect, it } from 'vitest';
import { nanpDigits, zonesOfPhone } from './phone-time-zones.js';

describe('zonesOfPhone', () => {
  it('places an area code in its zone, and a split one in each of its zones', () => {
    expect(zonesOfPhone('+1 212 555 0100')).toEqual(['America/New_York']);
    expect(zonesOfPhone('(808) 555-0100')).toEqual(['Pacific/Honolulu']);
    expect(zonesOfPhone('+12085550100')).toEqual(['America/Boise', 'America/Los_Angeles']);
  });

  it('knows nothing of numbers outside North America, malformed ones and unassigned area codes', () => {
    for (const phone of ['+44 20 7946 0958', '555-0100', '+15555550100', 'call me', '', null, undefined]) expect(zonesOfPhone(phone)).toBeNull();
  });

  it('reads ten digits as a North American number and eleven only with the leading 1', () => {
    expect(nanpDigits('212-555-0100')).toBe('12125550100');
    expect(nanpDigits('1 212 555 0100')).toBe('12125550100');
    expect(nanpDigits('+33 1 23 45 67 89')).toBeNull();
  });
});

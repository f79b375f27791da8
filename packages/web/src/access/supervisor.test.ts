import { describe, expect, it } from 'vitest';
import { isSupervisor } from './supervisor';

describe('isSupervisor', () => {
  it('is true for Admins and the Supervisors group, as the server decides, and false for other staff', () => {
    expect(isSupervisor(['Admins'])).toBe(true);
    expect(isSupervisor(['Supervisors'])).toBe(true);
    expect(isSupervisor(['Staff'])).toBe(false);
    expect(isSupervisor([])).toBe(false);
    expect(isSupervisor(['supervisors'])).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import type { AccountWorkspace, WorkspaceDebtor } from '@steward/data-client';
import { debtorCallability, doNotContactOf } from './debtor-callable';

const DEBTOR: WorkspaceDebtor = {
  id: 'deb-1',
  seq: 1,
  firstName: 'Dana',
  lastName: 'Day',
  phone: '+13035550142',
  email: null,
  streetAddress: null,
  city: 'Denver',
  state: 'CO',
  zipCode: '80202',
  timeZone: 'America/Denver',
  doNotContact: null,
  location: { timeZones: ['America/Denver'], states: ['CO'], basis: 'zip' },
  callHistory: [],
  callableNow: true,
  nextCallableAt: null,
  refusals: [],
};

function workspace(overrides: { disputed?: boolean; debtor?: Partial<WorkspaceDebtor>; contactRules?: unknown } = {}): AccountWorkspace {
  const debtor = { ...DEBTOR, ...overrides.debtor };
  return {
    account: { id: 'acc-1', clientNumber: '1001', clientName: null, fileNumber: 'F-1', accountStatus: 'ACTIVE', originalCents: 0, paidCents: 0, balanceCents: 0, delinquencyDate: null, daysPastDue: 0, agingBucket: '0-30', disputed: overrides.disputed ?? false, assignedTo: null, assignedToName: null, lastContactAt: null, _version: 1 },
    debtors: [debtor],
    activity: [],
    ledger: [],
    promises: [],
    followUps: [],
    contactRules: overrides.contactRules === undefined ? {} : overrides.contactRules,
  };
}

// 21:30 and 10:00 in Denver (MST, UTC-7) on 2026-12-01 and the day after.
const EVENING = new Date('2026-12-02T04:30:00Z');
const MORNING = new Date('2026-12-02T17:00:00Z');

describe("a debtor's callable now, decided in the browser", () => {
  it('refuses a call at 21:30 in the debtor’s zone and names 08:00 the next morning', () => {
    const ws = workspace();
    const answer = debtorCallability(ws, ws.debtors[0], EVENING);
    expect(answer.decidedBy).toBe('browser');
    expect(answer.callableNow).toBe(false);
    expect(answer.nextAllowedAt?.toISOString()).toBe('2026-12-02T15:00:00.000Z');
    expect(answer.reasons.join(' ')).toMatch(/21:30/);
  });

  it('allows it at 10:00, whatever the server said when the page loaded', () => {
    const ws = workspace({ debtor: { callableNow: false, nextCallableAt: '2026-12-02T15:00:00.000Z' } });
    expect(debtorCallability(ws, ws.debtors[0], MORNING)).toMatchObject({ callableNow: true, decidedBy: 'browser' });
  });

  it('never allows a call on a disputed account or to a debtor who asked for no calls', () => {
    const disputed = workspace({ disputed: true });
    expect(debtorCallability(disputed, disputed.debtors[0], MORNING)).toMatchObject({ callableNow: false, nextAllowedAt: null });
    const ceased = workspace({ debtor: { doNotContact: { channels: ['call'] } } });
    expect(debtorCallability(ceased, ceased.debtors[0], MORNING)).toMatchObject({ callableNow: false, nextAllowedAt: null });
  });

  it('counts a conversation in the call history (the cooldown after it)', () => {
    const ws = workspace({ debtor: { callHistory: [{ at: '2026-12-01T18:00:00.000Z', channel: 'call', direction: 'outbound', conversation: true, accountId: 'acc-1' }] } });
    expect(debtorCallability(ws, ws.debtors[0], MORNING).callableNow).toBe(false);
  });

  it('falls back to the server’s verdict when the location is not readable, callable once its time has come', () => {
    const ws = workspace({ debtor: { location: 'somewhere', callableNow: false, nextCallableAt: '2026-12-02T15:00:00.000Z', refusals: [{ code: 'OUTSIDE_CONTACT_HOURS', message: 'Too late.' }] } });
    expect(debtorCallability(ws, ws.debtors[0], EVENING)).toMatchObject({ callableNow: false, reasons: ['Too late.'], decidedBy: 'server' });
    expect(debtorCallability(ws, ws.debtors[0], MORNING)).toMatchObject({ callableNow: true, decidedBy: 'server' });
  });

  it('reads the stored do-not-contact flags as the engine expects', () => {
    expect(doNotContactOf(true)).toEqual({ all: true });
    expect(doNotContactOf({ channels: ['sms', 'all'] })).toEqual({ all: true, channels: ['sms'] });
    expect(doNotContactOf(null)).toBeUndefined();
  });
});

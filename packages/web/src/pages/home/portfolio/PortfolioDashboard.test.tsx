import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { CollectionsDashboard } from '@steward/data-client';
import { deskTransport } from '../../../testing/desk-transport';
import { memoryModels } from '../../../testing/memory-models';
import { renderApp, resetStores } from '../../../testing/render-app';
import { signedInServices, userRecord } from '../../../testing/signed-in';
import { chartSpecs } from './portfolio-data';

const DASHBOARD: CollectionsDashboard = {
  collectionsByDay: [
    { date: '2026-11-26', cents: 12_345, previousCents: 10_000 },
    { date: '2026-11-27', cents: 5, previousCents: 0 },
  ],
  collectionsByMonth: [{ month: '2026-11', cents: 12_350, previousCents: 9_000 }],
  liquidationByClient: [{ clientNumber: '1001', clientName: 'Acme Lending', placedCents: 1_000_000, collectedCents: 125_000, rate: 0.125 }],
  promises: { dueCount: 5, keptCount: 2, brokenCount: 1, pendingCount: 2, dueCents: 50_000, keptCents: 20_000, brokenCents: 10_000 },
  contactsByOutcome: [
    { date: '2026-11-26', outcome: 'right_party', count: 3 },
    { date: '2026-11-26', outcome: 'no_answer', count: 2 },
    { date: '2026-11-27', outcome: 'right_party', count: 1 },
  ],
  agingBuckets: [
    { bucket: '0-30', accounts: 4, balanceCents: 400_000 },
    { bucket: '180+', accounts: 1, balanceCents: 9_007_199_254_740_991 },
  ],
};

describe('the portfolio charts', () => {
  it('words whole-cent sums exactly and states each chart in one sentence', () => {
    const specs = chartSpecs(DASHBOARD);
    const byDay = specs.find((s) => s.id === 'collections-by-day');
    expect(byDay?.summary).toBe('Collected $123.50 in the period against $100.00 in the period before.');
    expect(byDay?.table.rows).toEqual([
      ['2026-11-26', '$123.45', '$100.00'],
      ['2026-11-27', '$0.05', '$0.00'],
    ]);
    expect(specs.find((s) => s.id === 'liquidation-by-client')?.table.rows[0]).toEqual(['Acme Lending', '$10,000.00', '$1,250.00', '12.5 %']);
    const contacts = specs.find((s) => s.id === 'contacts-by-outcome');
    expect(contacts?.table.columns).toEqual(['Day', 'No answer', 'Right party contact']);
    expect(contacts?.table.rows).toEqual([
      ['2026-11-26', '2', '3'],
      ['2026-11-27', '0', '1'],
    ]);
    expect(specs.find((s) => s.id === 'aging')?.table.rows[1]).toEqual(['180+ days', '1', '$90,071,992,547,409.91']);
  });
});

describe('the staff dashboard', () => {
  beforeEach(() => resetStores());

  it('shows every chart with a table view the keyboard can open', async () => {
    const services = signedInServices(userRecord());
    services.data.models.mockImplementation(memoryModels({ TicketMdl: [] }).models);
    const { transport, sent } = deskTransport({ collectionsDashboard: () => DASHBOARD });
    services.data.transport.mockResolvedValue(transport);
    await renderApp(services, '/');
    await screen.findByRole('heading', { level: 1, name: 'Dashboard' });
    const figure = await screen.findByRole('figure', { name: 'Collections per day' });
    for (const title of ['Collections per month', 'Liquidation rate by client', 'Promises due, kept and broken', 'Contacts by outcome per day', 'Balance by days past due']) {
      expect(screen.getByRole('figure', { name: title })).toBeTruthy();
    }
    expect(screen.getByText('The accounts assigned to you.')).toBeTruthy();
    const toggle = within(figure).getByRole('button', { name: 'Show table' });
    expect(toggle.getAttribute('aria-pressed')).toBe('false');
    const user = userEvent.setup();
    toggle.focus();
    await user.keyboard('{Enter}');
    const table = within(figure).getByRole('table', { name: 'Collections per day' });
    expect(within(table).getAllByRole('row')).toHaveLength(3);
    expect(within(figure).getByRole('button', { name: 'Show chart' }).getAttribute('aria-pressed')).toBe('true');
    // The period asked for is the last 30 days up to the reader's today.
    const period = sent.find((r) => r.operation === 'collectionsDashboard')?.variables;
    expect(period?.clientNumber).toBeNull();
    await waitFor(() => expect(typeof period?.from).toBe('string'));
  });
});

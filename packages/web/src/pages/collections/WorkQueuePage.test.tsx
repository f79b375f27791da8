import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { WorkQueueItem } from '@steward/data-client';
import { deskTransport } from '../../testing/desk-transport';
import { memoryModels } from '../../testing/memory-models';
import { renderApp, resetStores } from '../../testing/render-app';
import { signedInServices, userRecord } from '../../testing/signed-in';

function item(n: number, overrides: Partial<WorkQueueItem> = {}): WorkQueueItem {
  return {
    accountId: `acc-${n}`,
    clientNumber: '1001',
    clientName: 'Acme Lending',
    fileNumber: `F-${n}`,
    accountStatus: 'ACTIVE',
    debtorId: `deb-${n}`,
    debtorName: `Debtor ${n}`,
    debtorTimeZone: 'America/Denver',
    balanceCents: 100_000 - n,
    daysPastDue: 40,
    agingBucket: '31-60',
    tier: 4,
    reason: 'past_due',
    callableNow: true,
    nextCallableAt: null,
    callRefusal: null,
    lastContactAt: null,
    promiseDueDate: null,
    brokenPromiseAt: null,
    followUpAt: null,
    assignedTo: 'sub-123',
    ...overrides,
  };
}

const QUEUE = [
  item(1, { reason: 'promise_due', tier: 1, callableNow: false, nextCallableAt: '2099-12-02T17:00:00.000Z', callRefusal: 'Calls are allowed only 08:00–21:00 in the consumer’s local time.' }),
  item(2, { reason: 'broken_promise', tier: 2 }),
  item(3),
];

async function openQueue(groups: readonly string[] = []) {
  const services = signedInServices(userRecord(), groups);
  services.data.models.mockImplementation(memoryModels({ ClientMdl: [{ id: 'cl-1', clientName: 'Acme Lending', clientNumber: '1001' }] }).models);
  const { transport, sent } = deskTransport({
    workQueue: () => ({ items: QUEUE, nextToken: null, total: QUEUE.length }),
    collectors: () => [
      { sub: 'sub-123', username: 'staff', name: 'Sam Staff', assigned: 3 },
      { sub: 'sub-456', username: 'casey', name: 'Casey Collector', assigned: 0 },
    ],
    assignAccounts: (variables) => (variables.accountIds as string[]).length,
  });
  services.data.transport.mockResolvedValue(transport);
  const rendered = await renderApp(services, '/collections/queue');
  await screen.findByRole('heading', { level: 1, name: 'Work queue' });
  const table = await screen.findByRole('table', { name: /Work queue, in priority order/ });
  return { ...rendered, sent, table };
}

describe('the work queue', () => {
  beforeEach(() => resetStores());

  it('lists the queue in the server’s order with reason, balance and when a call is allowed', async () => {
    const { table } = await openQueue();
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getByRole('link').textContent)).toEqual(['F-1', 'F-2', 'F-3']);
    expect(rows[0]?.textContent).toContain('Promise due');
    expect(rows[0]?.textContent).toContain('$999.99');
    expect(rows[0]?.textContent).toContain('Next allowed at');
    expect(rows[1]?.textContent).toContain('Broken promise');
    expect(rows[1]?.textContent).toContain('Callable now');
    expect(screen.getByText(/Arrow Down or j and Arrow Up or k move/)).toBeTruthy();
  });

  it('moves with the arrows and j/k, and opens the selected account with Enter', async () => {
    const { table, router } = await openQueue();
    const user = userEvent.setup();
    const rows = within(table).getAllByRole('row').slice(1);
    act(() => rows[0]?.focus());
    await user.keyboard('{ArrowDown}');
    expect(document.activeElement).toBe(rows[1]);
    await user.keyboard('j');
    expect(document.activeElement).toBe(rows[2]);
    await user.keyboard('j');
    expect(document.activeElement).toBe(rows[2]);
    await user.keyboard('k');
    expect(document.activeElement).toBe(rows[1]);
    expect(rows[1]?.getAttribute('aria-current')).toBe('true');
    await user.keyboard('{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/collections/account'));
    expect(router.state.location.search).toBe('?id=acc-2');
  });

  it('opens the first account callable now with n, skipping one that may not be called yet', async () => {
    const { table, router } = await openQueue();
    const user = userEvent.setup();
    act(() => within(table).getAllByRole('row')[1]?.focus());
    await user.keyboard('n');
    await waitFor(() => expect(router.state.location.search).toBe('?id=acc-2'));
  });

  it('offers no collector choice or assignment to a collector who is not a supervisor', async () => {
    const { sent } = await openQueue();
    expect(screen.queryByLabelText('Collector')).toBeNull();
    expect(screen.queryByRole('button', { name: /Assign/ })).toBeNull();
    expect(sent.some((request) => request.operation === 'collectors')).toBe(false);
  });

  it('lets a supervisor assign the selected accounts to another collector in one request', async () => {
    const { sent } = await openQueue(['Supervisors']);
    const user = userEvent.setup();
    await screen.findByRole('option', { name: 'Casey Collector' });
    await user.click(screen.getByRole('checkbox', { name: 'Select F-1' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select F-3' }));
    await user.selectOptions(screen.getByLabelText('Assign selected to'), 'sub-456');
    await user.click(screen.getByRole('button', { name: 'Assign 2 selected' }));
    await screen.findByText('2 accounts assigned to Casey Collector.');
    expect(sent.filter((r) => r.operation === 'assignAccounts').map((r) => r.variables)).toEqual([{ accountIds: ['acc-1', 'acc-3'], collector: 'sub-456' }]);
  });

  it('asks the server for another collector’s queue when a supervisor picks one', async () => {
    const { sent } = await openQueue(['Admins']);
    const user = userEvent.setup();
    await screen.findByRole('option', { name: 'Casey Collector (0)' });
    await user.selectOptions(screen.getByLabelText('Collector'), 'sub-456');
    await waitFor(() => expect(sent.filter((r) => r.operation === 'workQueue').at(-1)?.variables.collector).toBe('sub-456'));
  });
});

import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { memoryModels } from '../testing/memory-models';
import { renderApp, resetStores } from '../testing/render-app';
import { scriptedData } from '../testing/scripted-ports';
import { signedInServices } from '../testing/signed-in';
import { clearNotifications, loadNotifications, markNotificationsRead, NOTIFICATION_PANEL_LIMIT } from './use-notifications';

function dataWith(rows: Record<string, unknown>[]) {
  const data = scriptedData();
  const memory = memoryModels({ Notifications: rows as { id: string }[] });
  data.models.mockImplementation(memory.models);
  return { data, calls: memory.calls };
}

describe('the notification panel', () => {
  it("shows only the user's own notifications, newest first, asking for one panel's worth", async () => {
    const { data, calls } = dataWith([
      { id: 'n1', title: 'Old', message: 'first', usermdlID: 'u1', isRead: true, createdAt: '2026-11-01T10:00:00Z' },
      { id: 'n2', title: 'New', message: 'second', usermdlID: 'u1', isRead: false, createdAt: '2026-11-20T10:00:00Z' },
      { id: 'n3', title: 'Someone else', usermdlID: 'u2', createdAt: '2026-11-21T10:00:00Z' },
    ]);
    const items = await loadNotifications(data, 'u1');
    expect(items.map((n) => [n.id, n.title, n.body, n.read])).toEqual([
      ['n2', 'New', 'second', false],
      ['n1', 'Old', 'first', true],
    ]);
    expect(calls[0]?.args).toMatchObject({ filter: { usermdlID: { eq: 'u1' } }, limit: NOTIFICATION_PANEL_LIMIT });
  });

  it('asks nothing for a temporary profile or before the user is loaded', async () => {
    const { data, calls } = dataWith([{ id: 'n1', title: 'x', usermdlID: 'temp-sub' }]);
    expect(await loadNotifications(data, 'temp-sub')).toEqual([]);
    expect(await loadNotifications(data, null)).toEqual([]);
    expect(calls).toEqual([]);
  });

  it('shows an empty panel when the data API fails, instead of breaking the shell', async () => {
    const data = scriptedData();
    data.models.mockRejectedValue(new Error('Network Error'));
    expect(await loadNotifications(data, 'u1')).toEqual([]);
  });
});

describe('marking notifications read and clearing them', () => {
  it('saves isRead and readAt on each record', async () => {
    const { data, calls } = dataWith([{ id: 'n1', title: 'One', usermdlID: 'u1', isRead: false }]);
    const result = await markNotificationsRead(data, ['n1'], new Date('2026-11-26T12:00:00Z'));
    expect(result).toEqual({ done: ['n1'], failure: null });
    expect(calls.find((c) => c.operation === 'update')?.args).toEqual({ id: 'n1', isRead: true, readAt: '2026-11-26T12:00:00.000Z' });
  });

  it('deletes cleared notifications and reports the ones the store refused', async () => {
    const { data } = dataWith([{ id: 'n1', title: 'One', usermdlID: 'u1' }]);
    const result = await clearNotifications(data, ['n1', 'missing']);
    expect(result.done).toEqual(['n1']);
    expect(result.failure).toBeInstanceOf(Error);
    expect(await loadNotifications(data, 'u1')).toEqual([]);
  });
});

describe('the notification panel in the shell', () => {
  beforeEach(() => resetStores());

  async function openWith(rows: Record<string, unknown>[]) {
    const services = signedInServices();
    const memory = memoryModels({ Notifications: rows as { id: string }[] });
    services.data.models.mockImplementation(memory.models);
    await renderApp(services, '/mortgages/estimator');
    const panel = await screen.findByRole('complementary', { name: 'Session and notifications' });
    return { panel, memory, rows };
  }

  const rows = () => [
    { id: 'n1', title: 'Payment posted', usermdlID: 'u1', isRead: false, createdAt: '2026-11-20T10:00:00Z' },
    { id: 'n2', title: 'Ticket assigned', usermdlID: 'u1', isRead: false, createdAt: '2026-11-21T10:00:00Z' },
  ];

  const welcome = { id: 'w1', title: 'Welcome to Steward', message: 'Your account is ready. Set up an authenticator app under Settings > Profile.', usermdlID: 'u1', isRead: false, createdAt: '2026-11-20T10:00:00Z' };

  it('does not ask a user who already has an authenticator app to set one up', async () => {
    const services = signedInServices();
    services.account.fetchMFAPreference.mockResolvedValue({ enabled: ['TOTP'], preferred: 'TOTP' });
    services.data.models.mockImplementation(memoryModels({ Notifications: [welcome] }).models);
    await renderApp(services, '/mortgages/estimator');
    const panel = await screen.findByRole('complementary', { name: 'Session and notifications' });
    await within(panel).findByText('Your account is ready.');
    expect(within(panel).queryByText(/authenticator/)).toBeNull();
  });

  it('still asks a user without an authenticator app to set one up', async () => {
    const services = signedInServices();
    services.account.fetchMFAPreference.mockResolvedValue({ enabled: ['SMS'], preferred: 'SMS' });
    services.data.models.mockImplementation(memoryModels({ Notifications: [welcome] }).models);
    await renderApp(services, '/mortgages/estimator');
    const panel = await screen.findByRole('complementary', { name: 'Session and notifications' });
    await within(panel).findByText('Your account is ready. Set up an authenticator app under Settings > Profile.');
  });

  it('marks one notification read, lowering the bell count, and keeps it read in the store', async () => {
    const { panel, memory } = await openWith(rows());
    await within(panel).findByText('Payment posted');
    expect(screen.getByRole('button', { name: /Notifications, 2 unread/ })).toBeTruthy();
    await userEvent.setup().click(within(panel).getByRole('button', { name: /^Mark read\W+Payment posted$/ }));
    await waitFor(() => expect(screen.getByRole('button', { name: /Notifications, 1 unread/ })).toBeTruthy());
    expect(within(panel).queryByRole('button', { name: /^Mark read\W+Payment posted$/ })).toBeNull();
    expect(memory.calls.filter((c) => c.operation === 'update').map((c) => (c.args as { id: string }).id)).toEqual(['n1']);
  });

  it('marks all read and clears all, persisting both', async () => {
    const { panel, memory } = await openWith(rows());
    await within(panel).findByText('Ticket assigned');
    const user = userEvent.setup();
    await user.click(within(panel).getByRole('button', { name: 'Mark all read' }));
    await waitFor(() => expect(screen.getByRole('button', { name: /Notifications, 0 unread/ })).toBeTruthy());
    await user.click(within(panel).getByRole('button', { name: 'Clear all' }));
    expect(await within(panel).findByText('No notifications.')).toBeTruthy();
    expect(memory.calls.filter((c) => c.operation === 'delete').map((c) => (c.args as { id: string }).id).sort()).toEqual(['n1', 'n2']);
  });

  it('keeps a notification on screen when the store refuses to clear it', async () => {
    const services = signedInServices();
    const memory = memoryModels({ Notifications: rows() });
    services.data.models.mockImplementation(async () => {
      const client = await memory.models();
      return new Proxy(client, {
        get: (target, entity) =>
          entity === 'Notifications' ? { ...target.Notifications, delete: async () => Promise.reject(new TypeError('Failed to fetch')) } : (target as unknown as Record<string | symbol, unknown>)[entity],
      });
    });
    await renderApp(services, '/mortgages/estimator');
    const panel = await screen.findByRole('complementary', { name: 'Session and notifications' });
    await userEvent.setup().click(await within(panel).findByRole('button', { name: /^Clear\W+Payment posted$/ }));
    expect(await screen.findByText(/Could not clear the notification/)).toBeTruthy();
    expect(within(panel).getByText('Payment posted')).toBeTruthy();
  });
});

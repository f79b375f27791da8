import { describe, expect, it } from 'vitest';
import { memoryModels } from '../testing/memory-models';
import { scriptedData } from '../testing/scripted-ports';
import { loadNotifications, NOTIFICATION_PANEL_LIMIT } from './use-notifications';

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

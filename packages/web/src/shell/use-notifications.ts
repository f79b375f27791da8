// The signed-in user's newest notifications for the right sidebar and the bell's count, read through
// data-client. A failed read leaves the panel empty: notifications never block the shell.
import { useEffect, useState } from 'react';
import type { DataPort } from '../app/ports';
import { useServices } from '../app/ports-context';
import { useUserStore } from '../stores/user-store';
import type { NotificationItem } from './RightSidebar';

/** How many notifications the panel shows. */
export const NOTIFICATION_PANEL_LIMIT = 20;

/** Reads the notifications addressed to the UserMdl `userMdlId`, newest first; [] for a temporary profile or on failure. */
export async function loadNotifications(data: DataPort, userMdlId: string | null): Promise<NotificationItem[]> {
  if (userMdlId === null || userMdlId.startsWith('temp-')) return [];
  try {
    const page = await (await data.models()).Notifications.list({ filter: { usermdlID: { eq: userMdlId } }, limit: NOTIFICATION_PANEL_LIMIT });
    return page.items
      .map((n) => ({ id: n.id, title: n.title ?? 'Notification', body: n.message ?? null, createdAt: n.createdAt ?? null, read: n.isRead ?? null }))
      .sort((a, b) => String(b.createdAt ?? '').localeCompare(String(a.createdAt ?? '')));
  } catch {
    return [];
  }
}

/** The current user's notifications, loaded when the user changes. */
export function useNotifications(): NotificationItem[] {
  const { data } = useServices();
  const userMdlId = useUserStore((state) => state.user_id);
  const [items, setItems] = useState<NotificationItem[]>([]);
  useEffect(() => {
    let current = true;
    void loadNotifications(data, userMdlId).then((loaded) => {
      if (current) setItems(loaded);
    });
    return () => {
      current = false;
    };
  }, [data, userMdlId]);
  return items;
}

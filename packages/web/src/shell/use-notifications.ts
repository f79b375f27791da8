// The signed-in user's newest notifications for the right sidebar and the bell's count, read through
// data-client, and the user's actions on them (mark read, clear), persisted to the same records. A
// failed read leaves the panel empty: notifications never block the shell.
import { useCallback, useEffect, useState } from 'react';
import type { DataPort } from '../app/ports';
import { useServices } from '../app/ports-context';
import { useUserStore } from '../stores/user-store';
import { notify } from '../ui/notify';
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

const AUTHENTICATOR_ASK = /\s*Set up an authenticator app\b[^.]*\./i;

/**
 * The notifications as `hasAuthenticator` calls for: a user who already has an authenticator app is
 * not asked to set one up (the welcome notification is written once, before the user chose one), so
 * that sentence is left out of their copy.
 */
export function withoutStaleAuthenticatorAsk(items: readonly NotificationItem[], hasAuthenticator: boolean): NotificationItem[] {
  if (!hasAuthenticator) return [...items];
  return items.map((item) => (typeof item.body === 'string' && AUTHENTICATOR_ASK.test(item.body) ? { ...item, body: item.body.replace(AUTHENTICATOR_ASK, '').trim() || null } : item));
}

/** True when a notification asks the user to set up an authenticator app. */
export function asksForAuthenticator(item: NotificationItem): boolean {
  return typeof item.body === 'string' && AUTHENTICATOR_ASK.test(item.body);
}

/** Marks notifications read in the data store (isRead, readAt); resolves to the ids that were saved. */
export async function markNotificationsRead(data: DataPort, ids: readonly string[], now: Date = new Date()): Promise<{ done: string[]; failure: unknown }> {
  const models = await data.models();
  const results = await Promise.allSettled(ids.map((id) => models.Notifications.update({ id, isRead: true, readAt: now.toISOString() })));
  return settled(ids, results);
}

/** Deletes notifications from the data store (the addressee may); resolves to the ids that were removed. */
export async function clearNotifications(data: DataPort, ids: readonly string[]): Promise<{ done: string[]; failure: unknown }> {
  const models = await data.models();
  const results = await Promise.allSettled(ids.map((id) => models.Notifications.delete({ id })));
  return settled(ids, results);
}

// The wording of data failures lives beside data-client; loaded only when something failed, so the
// shell's chunk does not pull data-client in before its first use.
async function failureWords(failure: unknown): Promise<string> {
  const { describeDataError } = await import('../pages/entities/data-errors');
  return describeDataError(failure).message;
}

function settled(ids: readonly string[], results: readonly PromiseSettledResult<unknown>[]): { done: string[]; failure: unknown } {
  const done = ids.filter((_, i) => results[i]?.status === 'fulfilled');
  const rejected = results.find((result): result is PromiseRejectedResult => result.status === 'rejected');
  return { done, failure: rejected === undefined ? null : rejected.reason };
}

/** The notifications and what the user can do with them. */
export interface NotificationsState {
  items: NotificationItem[];
  markRead: (ids: readonly string[]) => Promise<void>;
  clear: (ids: readonly string[]) => Promise<void>;
}

/** The current user's notifications, loaded when the user changes, with mark-read and clear persisted. */
export function useNotifications(): NotificationsState {
  const { data, loadAccountPort } = useServices();
  const userMdlId = useUserStore((state) => state.user_id);
  const [items, setItems] = useState<NotificationItem[]>([]);
  useEffect(() => {
    let current = true;
    void loadNotifications(data, userMdlId).then(async (loaded) => {
      // Only a notification that asks for an authenticator costs a look at the user's MFA settings.
      let hasAuthenticator = false;
      if (loaded.some(asksForAuthenticator)) {
        hasAuthenticator = await loadAccountPort()
          .then((account) => account.fetchMFAPreference())
          .then((preference) => (preference.enabled ?? []).includes('TOTP'))
          .catch(() => false);
      }
      if (current) setItems(withoutStaleAuthenticatorAsk(loaded, hasAuthenticator));
    });
    return () => {
      current = false;
    };
  }, [data, userMdlId, loadAccountPort]);

  const markRead = useCallback(
    async (ids: readonly string[]) => {
      if (ids.length === 0) return;
      // Only what the store accepted changes on screen, so the panel never claims more than was saved.
      const { done, failure } = await markNotificationsRead(data, ids).catch((error: unknown) => ({ done: [] as string[], failure: error }));
      setItems((current) => current.map((item) => (done.includes(item.id) ? { ...item, read: true } : item)));
      if (failure !== null) void failureWords(failure).then((words) => notify.error(`Could not mark ${ids.length === 1 ? 'the notification' : 'every notification'} read: ${words}`));
    },
    [data],
  );

  const clear = useCallback(
    async (ids: readonly string[]) => {
      if (ids.length === 0) return;
      const { done, failure } = await clearNotifications(data, ids).catch((error: unknown) => ({ done: [] as string[], failure: error }));
      setItems((current) => current.filter((item) => !done.includes(item.id)));
      if (failure !== null) void failureWords(failure).then((words) => notify.error(`Could not clear ${ids.length === 1 ? 'the notification' : 'every notification'}: ${words}`));
    },
    [data],
  );

  return { items, markRead, clear };
}

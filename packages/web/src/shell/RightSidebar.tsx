import { useEffect, useState } from 'react';
import { Button } from '../ui/Button';
import './notifications.css';
import { useSessionStore } from '../stores/session-store';
import { Icon } from './icons';
import { useShellStore } from './shell-store';

/** The id the bell button points at (aria-controls). */
export const RIGHT_SIDEBAR_ID = 'right-sidebar';

/** A notification as the panel shows it. */
export interface NotificationItem {
  id: string;
  title: string;
  body?: string | null;
  createdAt?: string | null;
  read?: boolean | null;
}

function formatTime(epochSeconds: number | null): string {
  if (epochSeconds === null) return 'unknown';
  return new Date(epochSeconds * 1000).toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit' });
}

function formatRemaining(seconds: number): string {
  if (seconds <= 0) return 'ended';
  const minutes = Math.floor(seconds / 60);
  if (minutes >= 60) return `${Math.floor(minutes / 60)} h ${minutes % 60} min left`;
  if (minutes >= 1) return `${minutes} min left`;
  return 'less than a minute left';
}

function SessionPanel() {
  const session = useSessionStore((state) => state.sessionStore);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), 30_000);
    return () => window.clearInterval(timer);
  }, []);
  return (
    <section className="panel" aria-labelledby="session-panel-title">
      <h2 id="session-panel-title" className="panel__title">
        Session
      </h2>
      {session === null ? (
        <p className="panel__empty">No session record: you are signed in, but the session could not be recorded.</p>
      ) : (
        <dl className="panel__facts" data-testid="session-facts">
          <dt>Started</dt>
          <dd>{formatTime(session.sessionStart)}</dd>
          <dt>Ends</dt>
          <dd>
            {formatTime(session.sessionEnd)}
            {session.sessionEnd === null ? null : ` (${formatRemaining(session.sessionEnd - Math.floor(now / 1000))})`}
          </dd>
          <dt>Session id</dt>
          <dd className="panel__mono">{session.sessionId}</dd>
        </dl>
      )}
    </section>
  );
}

/** The right sidebar: the session and the user's notifications (mark read, clear); collapsible. */
export function RightSidebar({
  notifications,
  onMarkRead,
  onClear,
}: {
  notifications: readonly NotificationItem[];
  onMarkRead?: (ids: readonly string[]) => Promise<void>;
  onClear?: (ids: readonly string[]) => Promise<void>;
}) {
  const open = useShellStore((state) => state.rightSidebarOpen);
  const toggle = useShellStore((state) => state.toggleRightSidebar);
  const [busy, setBusy] = useState(false);
  if (!open) return null;
  const unread = notifications.filter((item) => item.read !== true).map((item) => item.id);
  // One action at a time: a second click while the store is answering would send the same writes twice.
  const run = (action: ((ids: readonly string[]) => Promise<void>) | undefined, ids: readonly string[]) => {
    if (action === undefined || busy) return;
    setBusy(true);
    void action(ids).finally(() => setBusy(false));
  };
  return (
    <aside id={RIGHT_SIDEBAR_ID} className="right-sidebar" aria-label="Session and notifications">
      <div className="right-sidebar__header">
        <span>Activity</span>
        <button type="button" className="icon-button" aria-label="Hide the session and notifications panel" onClick={toggle}>
          <Icon name="close" size={18} />
        </button>
      </div>
      <SessionPanel />
      <section className="panel" aria-labelledby="notifications-panel-title" aria-busy={busy || undefined}>
        <h2 id="notifications-panel-title" className="panel__title">
          Notifications
        </h2>
        {notifications.length === 0 ? (
          <p className="panel__empty">No notifications.</p>
        ) : (
          <>
            <div className="notification__actions">
              {onMarkRead === undefined ? null : (
                <Button variant="link" disabled={busy || unread.length === 0} onClick={() => run(onMarkRead, unread)}>
                  Mark all read
                </Button>
              )}
              {onClear === undefined ? null : (
                <Button variant="link" disabled={busy} onClick={() => run(onClear, notifications.map((item) => item.id))}>
                  Clear all
                </Button>
              )}
            </div>
            <ul className="panel__list">
              {notifications.map((item) => (
                <li key={item.id} className={item.read === true ? 'notification' : 'notification notification--unread'}>
                  <strong>{item.title}</strong>
                  {item.read === true ? null : <span className="visually-hidden"> (unread)</span>}
                  {item.body === null || item.body === undefined ? null : <p>{item.body}</p>}
                  <div className="notification__actions">
                    {onMarkRead === undefined || item.read === true ? null : (
                      <Button variant="link" disabled={busy} onClick={() => run(onMarkRead, [item.id])}>
                        Mark read<span className="visually-hidden">: {item.title}</span>
                      </Button>
                    )}
                    {onClear === undefined ? null : (
                      <Button variant="link" disabled={busy} onClick={() => run(onClear, [item.id])}>
                        Clear<span className="visually-hidden">: {item.title}</span>
                      </Button>
                    )}
                  </div>
                </li>
              ))}
            </ul>
          </>
        )}
      </section>
    </aside>
  );
}

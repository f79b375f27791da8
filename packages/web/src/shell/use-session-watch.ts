import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router-dom';
import { useLifecycleDeps } from '../app/ports-context';
import { recheckSession } from '../app/session-lifecycle';
import { useSessionStore } from '../stores/session-store';

// Navigating re-checks the session at most this often, so a sign-in elsewhere is noticed soon
// without a data-store call per click.
const NAVIGATION_RECHECK_MS = 15_000;
// setTimeout cannot wait longer than this.
const MAX_TIMEOUT_MS = 2_147_483_647;

/**
 * Watches the session record while signed in: re-validates it when it reaches its end time, when
 * the tab becomes visible again, and on navigation (throttled); an ended session runs the expiry sequence.
 */
export function useSessionWatch(): void {
  const deps = useLifecycleDeps();
  const sessionEnd = useSessionStore((state) => state.sessionStore?.sessionEnd ?? null);
  const location = useLocation();
  const lastCheck = useRef(Date.now());

  useEffect(() => {
    if (sessionEnd === null) return;
    const delay = Math.min(MAX_TIMEOUT_MS, Math.max(0, sessionEnd * 1000 - Date.now()));
    const timer = window.setTimeout(() => void recheckSession(deps), delay);
    return () => window.clearTimeout(timer);
  }, [sessionEnd, deps]);

  useEffect(() => {
    const onVisible = (): void => {
      if (document.visibilityState !== 'visible') return;
      lastCheck.current = Date.now();
      void recheckSession(deps);
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => document.removeEventListener('visibilitychange', onVisible);
  }, [deps]);

  useEffect(() => {
    if (Date.now() - lastCheck.current < NAVIGATION_RECHECK_MS) return;
    lastCheck.current = Date.now();
    void recheckSession(deps);
  }, [location.pathname, deps]);
}

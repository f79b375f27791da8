import { Suspense, useEffect } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { useLoadingStore } from '../stores/loading-store';
import { RouteErrorBoundary } from '../app/RouteErrorBoundary';
import { TopProgressBar } from '../ui/ProgressBar';
import { Spinner } from '../ui/Spinner';
import { RightSidebar } from './RightSidebar';
import { useShellStore } from './shell-store';
import { SideMenu } from './SideMenu';
import { TopBar } from './TopBar';
import { MOBILE_QUERY, SIDE_MENU_COLLAPSE_QUERY, useMediaQuery } from './use-media-query';
import { useNotifications } from './use-notifications';
import { useSessionWatch } from './use-session-watch';
import './shell.css';
import '../ui/ui.css';
import '../pages/pages.css';
import '../ui/print.css';

/** The signed-in shell: top bar, side menu, content area with its progress bar, right sidebar. */
export function Shell() {
  const narrow = useMediaQuery(SIDE_MENU_COLLAPSE_QUERY);
  const mobile = useMediaQuery(MOBILE_QUERY);
  const pending = useLoadingStore((state) => state.pending);
  const closeOverlay = useShellStore((state) => state.closeOverlay);
  const menuExpanded = useShellStore((state) => state.menuExpanded);
  const rightOpen = useShellStore((state) => state.rightSidebarOpen);
  const closeRight = useShellStore((state) => state.closeRightSidebar);
  const location = useLocation();
  useSessionWatch();
  const notifications = useNotifications();
  const unread = notifications.items.filter((n) => n.read !== true).length;

  // A link chosen in the overlay menu closes it.
  useEffect(() => closeOverlay(), [location.pathname, closeOverlay]);
  // Narrowed past the layout breakpoint, the activity sidebar would cover the content: it closes
  // (the bell opens it again), as it starts closed on a narrow first load.
  useEffect(() => {
    if (narrow) closeRight();
  }, [narrow, closeRight]);

  const menuWidth = mobile ? 'none' : narrow || !menuExpanded ? 'rail' : 'wide';
  return (
    <div className="shell" data-menu={menuWidth} data-right={rightOpen ? 'open' : 'closed'}>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <TopBar narrow={narrow} notificationCount={unread} />
      <SideMenu narrow={narrow} mobile={mobile} />
      <div className="shell__body">
        <main id="main" className="shell__content" tabIndex={-1}>
          <TopProgressBar active={pending > 0} />
          {/* A page that fails to render shows the error page inside the shell. */}
          <RouteErrorBoundary>
            <Suspense
              fallback={
                <div className="page-loading">
                  <Spinner label="Loading the page" />
                </div>
              }
            >
              <Outlet />
            </Suspense>
          </RouteErrorBoundary>
        </main>
        <RightSidebar notifications={notifications.items} onMarkRead={notifications.markRead} onClear={notifications.clear} />
      </div>
    </div>
  );
}

import { Link } from 'react-router-dom';
import { Icon } from './icons';
import { SearchBox } from './SearchBox';
import { useShellStore } from './shell-store';
import { SIDE_MENU_ID } from './SideMenu';
import { RIGHT_SIDEBAR_ID } from './RightSidebar';
import { UserMenu } from './UserMenu';

/** The top bar: menu button, product name, search, notifications bell and the user menu. */
export function TopBar({ narrow, notificationCount }: { narrow: boolean; notificationCount: number }) {
  const menuExpanded = useShellStore((state) => state.menuExpanded);
  const overlayOpen = useShellStore((state) => state.menuOverlayOpen);
  const toggleMenu = useShellStore((state) => state.toggleMenu);
  const rightOpen = useShellStore((state) => state.rightSidebarOpen);
  const toggleRight = useShellStore((state) => state.toggleRightSidebar);
  const expanded = narrow ? overlayOpen : menuExpanded;
  return (
    <header className="top-bar">
      <button
        id="side-menu-toggle"
        type="button"
        className="icon-button"
        aria-controls={SIDE_MENU_ID}
        aria-expanded={expanded}
        aria-label={expanded ? 'Collapse the menu' : 'Expand the menu'}
        onClick={() => toggleMenu(narrow)}
      >
        <Icon name="menu" />
      </button>
      <Link to="/" className="top-bar__brand">
        Steward
      </Link>
      <SearchBox />
      <div className="top-bar__actions">
        <button
          type="button"
          className="icon-button top-bar__bell"
          aria-controls={RIGHT_SIDEBAR_ID}
          aria-expanded={rightOpen}
          aria-label={`Notifications, ${notificationCount} unread${rightOpen ? ': hide the panel' : ': show the panel'}`}
          onClick={toggleRight}
        >
          <Icon name="bell" />
          {notificationCount > 0 ? (
            <span className="top-bar__badge" aria-hidden="true">
              {notificationCount}
            </span>
          ) : null}
        </button>
        <UserMenu />
      </div>
    </header>
  );
}

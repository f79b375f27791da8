import { useEffect, useRef } from 'react';
import { NavLink, useLocation } from 'react-router-dom';
import { Icon } from './icons';
import { useRole } from '../access/use-role';
import { isActivePath, isMenuGroup, menuFor } from './menu';
import type { MenuGroup, MenuLink } from './menu';
import { useShellStore } from './shell-store';

/** The id the menu button points at (aria-controls). */
export const SIDE_MENU_ID = 'side-menu';

function MenuItemLink({ link, showLabel, nested = false }: { link: MenuLink; showLabel: boolean; nested?: boolean }) {
  return (
    <NavLink
      to={link.path}
      end={link.path === '/'}
      className={({ isActive }) => ['side-menu__link', nested ? 'side-menu__link--nested' : '', isActive ? 'side-menu__link--active' : ''].filter(Boolean).join(' ')}
      title={showLabel ? undefined : link.label}
      aria-label={showLabel ? undefined : link.label}
    >
      <Icon name={link.icon} />
      {showLabel ? <span className="side-menu__label">{link.label}</span> : null}
    </NavLink>
  );
}

function MenuGroupItem({ group, showLabel, onExpandRequest }: { group: MenuGroup; showLabel: boolean; onExpandRequest: () => void }) {
  const location = useLocation();
  const openGroups = useShellStore((state) => state.openGroups);
  const toggleGroup = useShellStore((state) => state.toggleGroup);
  const openGroup = useShellStore((state) => state.openGroup);
  const containsActive = group.children.some((child) => isActivePath(location.pathname, child.path));
  const open = openGroups.includes(group.label) || containsActive;
  const listId = `menu-group-${group.label.toLowerCase().replace(/\W+/g, '-')}`;
  return (
    <li className="side-menu__group">
      <button
        type="button"
        className={['side-menu__link', 'side-menu__group-button', containsActive ? 'side-menu__link--within' : ''].filter(Boolean).join(' ')}
        aria-expanded={showLabel ? open : false}
        aria-controls={showLabel ? listId : undefined}
        title={showLabel ? undefined : group.label}
        aria-label={showLabel ? undefined : group.label}
        onClick={() => {
          if (showLabel) {
            toggleGroup(group.label);
          } else {
            // A collapsed rail has no room for the children: open the menu with this group shown.
            openGroup(group.label);
            onExpandRequest();
          }
        }}
      >
        <Icon name={group.icon} />
        {showLabel ? (
          <>
            <span className="side-menu__label">{group.label}</span>
            <span className={open ? 'side-menu__chevron side-menu__chevron--open' : 'side-menu__chevron'}>
              <Icon name="chevron" size={16} />
            </span>
          </>
        ) : null}
      </button>
      {showLabel && open ? (
        <ul id={listId} className="side-menu__children" aria-label={group.label}>
          {group.children.map((child) => (
            <li key={child.path}>
              <MenuItemLink link={child} showLabel nested />
            </li>
          ))}
        </ul>
      ) : null}
    </li>
  );
}

/**
 * The side menu. Wide screens: a collapsed icon rail by default, expanded with the menu button.
 * 1024 px or less: always a collapsed rail, the button opens the full menu over the content.
 * 768 px or less: no rail; the button opens the menu as a lightbox.
 */
export function SideMenu({ narrow, mobile }: { narrow: boolean; mobile: boolean }) {
  const menuExpanded = useShellStore((state) => state.menuExpanded);
  const overlayOpen = useShellStore((state) => state.menuOverlayOpen);
  const toggleMenu = useShellStore((state) => state.toggleMenu);
  const closeOverlay = useShellStore((state) => state.closeOverlay);
  const navRef = useRef<HTMLElement>(null);
  const overlay = narrow && overlayOpen;
  const showLabels = narrow ? overlay : menuExpanded;
  const mode = overlay ? 'overlay' : mobile ? 'hidden' : showLabels ? 'expanded' : 'collapsed';
  const role = useRole();
  // Until the profile is in, offer only what every role may open.
  const entries = menuFor(role ?? 'pending');

  useEffect(() => {
    if (!overlay) return;
    navRef.current?.querySelector<HTMLElement>('a, button')?.focus();
    const onKey = (event: KeyboardEvent): void => {
      if (event.key !== 'Escape') return;
      closeOverlay();
      document.getElementById('side-menu-toggle')?.focus();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [overlay, closeOverlay]);

  return (
    <>
      {overlay ? <div className="side-menu__backdrop" onClick={closeOverlay} aria-hidden="true" /> : null}
      <nav
        ref={navRef}
        id={SIDE_MENU_ID}
        className={`side-menu side-menu--${mode}`}
        aria-label="Main"
        data-state={mode}
        data-collapsed={!showLabels}
        hidden={mode === 'hidden'}
        {...(overlay && mobile ? { role: 'dialog', 'aria-modal': true } : {})}
      >
        <ul className="side-menu__list">
          {entries.map((entry) =>
            isMenuGroup(entry) ? (
              <MenuGroupItem key={entry.label} group={entry} showLabel={showLabels} onExpandRequest={() => toggleMenu(narrow)} />
            ) : (
              <li key={entry.path}>
                <MenuItemLink link={entry} showLabel={showLabels} />
              </li>
            ),
          )}
        </ul>
      </nav>
    </>
  );
}

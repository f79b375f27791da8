// The side menu (spec section 2): Home, the Mortgages group, Files, and the other areas.
import { canOpen } from '../access/permissions';
import type { Role } from '../access/permissions';
import type { IconName } from './icons';

/** A link in the menu. */
export interface MenuLink {
  label: string;
  path: string;
  icon: IconName;
}

/** A titled group of links. */
export interface MenuGroup {
  label: string;
  icon: IconName;
  children: readonly MenuLink[];
}

/** One menu entry. */
export type MenuEntry = MenuLink | MenuGroup;

/** True for a group. */
export function isMenuGroup(entry: MenuEntry): entry is MenuGroup {
  return 'children' in entry;
}

/** The side menu's entries, in order. */
export const MENU: readonly MenuEntry[] = [
  { label: 'Home', path: '/', icon: 'home' },
  {
    label: 'Mortgages',
    icon: 'mortgage',
    children: [
      { label: 'Requests', path: '/mortgages/requests', icon: 'requests' },
      { label: 'Documents', path: '/mortgages/documents', icon: 'document' },
      { label: 'Estimator', path: '/mortgages/estimator', icon: 'estimator' },
    ],
  },
  { label: 'Files', path: '/files', icon: 'files' },
  { label: 'Helpdesk', path: '/apps/helpdesk/tickets', icon: 'helpdesk' },
  { label: 'Work queue', path: '/collections/queue', icon: 'queue' },
  { label: 'Campaigns', path: '/apps/campaigns/scheduler', icon: 'campaign' },
  { label: 'Modification documents', path: '/documents/modifications/options', icon: 'modification' },
  {
    label: 'Settings',
    icon: 'settings',
    children: [
      { label: 'Profile', path: '/settings/profile', icon: 'profile' },
      { label: 'User management', path: '/settings/user-management', icon: 'users' },
      { label: 'Audit trail', path: '/settings/audit', icon: 'audit' },
      { label: 'User pools', path: '/settings/pools', icon: 'database' },
      { label: 'Database', path: '/settings/database', icon: 'database' },
      { label: 'System', path: '/settings/system', icon: 'system' },
    ],
  },
];

/** The menu a role sees: only the links it may open, and groups only when a child is left. */
export function menuFor(role: Role, entries: readonly MenuEntry[] = MENU): MenuEntry[] {
  return entries.flatMap((entry): MenuEntry[] => {
    if (!isMenuGroup(entry)) return canOpen(role, entry.path) ? [entry] : [];
    const children = entry.children.filter((child) => canOpen(role, child.path));
    return children.length === 0 ? [] : [{ ...entry, children }];
  });
}

/** Every link of the menu, groups flattened (for the search box). */
export function menuLinks(entries: readonly MenuEntry[] = MENU): MenuLink[] {
  return entries.flatMap((entry) => (isMenuGroup(entry) ? entry.children.map((child) => ({ ...child, label: `${entry.label} › ${child.label}` })) : [entry]));
}

/** True when `pathname` is `path` or below it (Home matches only itself). */
export function isActivePath(pathname: string, path: string): boolean {
  if (path === '/') return pathname === '/';
  return pathname === path || pathname.startsWith(`${path}/`);
}

import { describe, expect, it } from 'vitest';
import { MENU, isMenuGroup, menuFor, menuLinks } from '../shell/menu';
import { PROTECTED_PATHS, ROUTE_ROLES, canOpen, groupsOfIdToken, roleOf } from './permissions';
import type { Role } from './permissions';

const facts = { groups: [] as string[], userType: null, clientNumber: null, isTemporary: false };

/** The routes each role may open, as the docs' permission table states them (docs/web.md "Roles"). */
const EXPECTED: Record<Role, readonly string[]> = {
  admin: PROTECTED_PATHS,
  staff: PROTECTED_PATHS.filter((path) => path !== '/settings/user-management' && path !== '/settings/audit' && path !== '/settings/pools'),
  client: ['/', '/mortgages/estimator', '/settings/profile', '/settings/system'],
  pending: ['/', '/mortgages/estimator', '/settings/profile', '/settings/system'],
};

describe('roleOf', () => {
  it('makes members of the Admins group admins whatever their profile says', () => {
    expect(roleOf({ ...facts, groups: ['Admins'], userType: 'client', clientNumber: 'C-1' })).toBe('admin');
    expect(roleOf({ ...facts, groups: ['Admins'], isTemporary: true })).toBe('admin');
  });

  it('makes userType staff or the Staff group staff, as the data API does', () => {
    expect(roleOf({ ...facts, userType: 'staff', clientNumber: 'C-1' })).toBe('staff');
    expect(roleOf({ ...facts, groups: ['Staff'], isTemporary: true })).toBe('staff');
  });

  it('makes a profile with a clientNumber a client user', () => {
    expect(roleOf({ ...facts, userType: 'client', clientNumber: 'C-1001' })).toBe('client');
    expect(roleOf({ ...facts, userType: 'user', clientNumber: 'C-1001' })).toBe('client');
  });

  it('leaves users without a profile or without a client pending', () => {
    expect(roleOf({ ...facts, isTemporary: true, userType: 'staff', clientNumber: 'C-1' })).toBe('pending');
    expect(roleOf({ ...facts, userType: 'client', clientNumber: '' })).toBe('pending');
    expect(roleOf({ ...facts, userType: 'user' })).toBe('pending');
  });
});

describe('the permission table', () => {
  it('covers every protected route with at least the admin role', () => {
    for (const path of PROTECTED_PATHS) expect(ROUTE_ROLES[path]).toContain('admin');
  });

  it.each(Object.entries(EXPECTED))('lets %s open exactly its routes', (role, allowed) => {
    const opened = PROTECTED_PATHS.filter((path) => canOpen(role as Role, path));
    expect(opened).toEqual([...allowed]);
  });

  it('checks a path with a trailing slash as the path itself and leaves unknown paths to the router', () => {
    expect(canOpen('client', '/files/')).toBe(false);
    expect(canOpen('client', '/no/such/page')).toBe(true);
  });
});

describe('menuFor', () => {
  it('offers each role exactly the menu links it may open', () => {
    for (const role of ['admin', 'staff', 'client', 'pending'] as const) {
      const paths = menuLinks(menuFor(role)).map((link) => link.path);
      const all = menuLinks(MENU).map((link) => link.path);
      expect(paths).toEqual(all.filter((path) => EXPECTED[role].includes(path)));
    }
  });

  it('drops a group whose children are all forbidden and keeps the allowed children of the others', () => {
    const client = menuFor('client');
    expect(client.map((entry) => entry.label)).toEqual(['Home', 'Mortgages', 'Settings']);
    const mortgages = client.find((entry) => entry.label === 'Mortgages');
    expect(mortgages !== undefined && isMenuGroup(mortgages) ? mortgages.children.map((child) => child.label) : []).toEqual(['Estimator']);
  });
});

describe('groupsOfIdToken', () => {
  const token = (payload: object): string => `e30.${btoa(JSON.stringify(payload)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_')}.sig`;

  it('reads the cognito:groups claim of an id token', () => {
    expect(groupsOfIdToken(token({ sub: 's', 'cognito:groups': ['Admins', 7] }))).toEqual(['Admins']);
  });

  it('gives no groups for a missing, opaque or malformed token', () => {
    expect(groupsOfIdToken(null)).toEqual([]);
    expect(groupsOfIdToken('id-token')).toEqual([]);
    expect(groupsOfIdToken('a.!!!.c')).toEqual([]);
    expect(groupsOfIdToken(token({ sub: 's' }))).toEqual([]);
  });
});

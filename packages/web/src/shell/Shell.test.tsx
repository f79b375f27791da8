import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { useSessionStore } from '../stores/session-store';
import { currentPath, renderApp, resetStores, setViewportWidth } from '../testing/render-app';
import { sessionRecord } from '../testing/scripted-ports';
import { signedInServices } from '../testing/signed-in';
import { useShellStore } from './shell-store';

async function openShell(width: number, path = '/mortgages/estimator') {
  setViewportWidth(width);
  resetStores();
  useShellStore.setState({ rightSidebarOpen: width > 1024 });
  const services = signedInServices();
  const rendered = await renderApp(services, path);
  await screen.findByRole('heading', { level: 1 });
  const nav = document.getElementById('side-menu');
  if (nav === null) throw new Error('no side menu');
  return { ...rendered, services, nav, toggle: () => screen.getByRole('button', { name: /the menu/ }) };
}

describe('the side menu', () => {
  beforeEach(() => resetStores());

  it('is collapsed by default on a wide screen and expands with the menu button', async () => {
    const { nav, toggle } = await openShell(1280);
    expect(nav.getAttribute('data-collapsed')).toBe('true');
    expect(toggle().getAttribute('aria-expanded')).toBe('false');
    expect(within(nav).getByRole('link', { name: 'Home' }).textContent).toBe('');

    await userEvent.setup().click(toggle());
    expect(nav.getAttribute('data-state')).toBe('expanded');
    expect(toggle().getAttribute('aria-expanded')).toBe('true');
    // The estimator is inside Mortgages: that group is open, with its three children.
    const group = within(nav).getByRole('list', { name: 'Mortgages' });
    expect(within(group).getAllByRole('link').map((link) => link.textContent)).toEqual(['Requests', 'Documents', 'Estimator']);
    expect(within(nav).getByRole('link', { name: 'Files' }).getAttribute('href')).toBe('/files');
    for (const entry of ['Helpdesk', 'Campaigns', 'Modification documents']) expect(within(nav).getByRole('link', { name: entry })).toBeTruthy();
    expect(within(nav).getByRole('button', { name: 'Settings' })).toBeTruthy();
  });

  it('stays collapsed at 1024 px; the button opens it over the content and Escape closes it', async () => {
    const { nav, toggle } = await openShell(1024);
    expect(nav.getAttribute('data-state')).toBe('collapsed');
    const user = userEvent.setup();
    await user.click(toggle());
    expect(nav.getAttribute('data-state')).toBe('overlay');
    expect(nav.contains(document.activeElement)).toBe(true);
    await user.keyboard('{Escape}');
    expect(nav.getAttribute('data-state')).toBe('collapsed');
    expect(document.activeElement).toBe(toggle());
  });

  it('is a lightbox at 768 px: hidden until opened, closed by choosing a page', async () => {
    const { nav, toggle, router } = await openShell(768);
    expect(nav.hidden).toBe(true);
    const user = userEvent.setup();
    await user.click(toggle());
    const dialog = screen.getByRole('dialog');
    expect(dialog).toBe(nav);
    await user.click(within(dialog).getByRole('link', { name: 'Files' }));
    await waitFor(() => expect(currentPath(router)).toBe('/files'));
    await waitFor(() => expect(nav.hidden).toBe(true));
  });

  it('opens a group from the collapsed rail by expanding the menu', async () => {
    const { nav } = await openShell(1280, '/files');
    await userEvent.setup().click(within(nav).getByRole('button', { name: 'Settings' }));
    expect(nav.getAttribute('data-state')).toBe('expanded');
    expect(within(within(nav).getByRole('list', { name: 'Settings' })).getByRole('link', { name: 'Database' })).toBeTruthy();
  });
});

describe('the top bar and right sidebar', () => {
  beforeEach(() => resetStores());

  it('shows the session in the right sidebar and collapses it', async () => {
    await openShell(1280);
    const aside = screen.getByRole('complementary', { name: 'Session and notifications' });
    expect(within(aside).getByTestId('session-facts').textContent).toContain(sessionRecord().sessionId);
    await userEvent.setup().click(within(aside).getByRole('button', { name: /Hide the session/ }));
    expect(screen.queryByRole('complementary', { name: 'Session and notifications' })).toBeNull();
    await userEvent.setup().click(screen.getByRole('button', { name: /Notifications/ }));
    expect(screen.getByRole('complementary', { name: 'Session and notifications' })).toBeTruthy();
  });

  it('finds a page with the search box', async () => {
    const { router } = await openShell(1280);
    const user = userEvent.setup();
    await user.type(screen.getByRole('combobox', { name: 'Search pages, accounts and tickets' }), 'helpdesk{Enter}');
    await waitFor(() => expect(currentPath(router)).toBe('/apps/helpdesk/tickets'));
  });

  it('signs out everywhere from the user menu, ending the session record', async () => {
    const { services, router } = await openShell(1280);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: /Sam Staff/ }));
    expect(screen.getByRole('link', { name: 'Profile' }).getAttribute('href')).toBe('/settings/profile');
    await user.click(screen.getByRole('button', { name: 'Sign out everywhere' }));
    await waitFor(() => expect(currentPath(router)).toBe('/login'));
    expect(services.auth.signOut).toHaveBeenCalledWith({ global: true });
    expect(services.data.deactivateSession).toHaveBeenCalledWith('s1');
    expect(useSessionStore.getState().status).toBe('unauthenticated');
  });

  it('closes the user menu with Escape and returns focus to its button', async () => {
    await openShell(1280);
    const user = userEvent.setup();
    const button = screen.getByRole('button', { name: /Sam Staff/ });
    await user.click(button);
    expect(screen.getByRole('button', { name: 'Sign out' })).toBeTruthy();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('button', { name: 'Sign out' })).toBeNull();
    expect(document.activeElement).toBe(button);
  });
});

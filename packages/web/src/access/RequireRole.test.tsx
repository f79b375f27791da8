import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { renderApp, resetStores } from '../testing/render-app';
import { signedInServices, userRecord } from '../testing/signed-in';
import { useShellStore } from '../shell/shell-store';

const FORBIDDEN = "You don't have access to this page";
const client = userRecord({ userType: 'client', clientNumber: 'C-1001', firstName: 'Cleo', lastName: 'Client' });
const selfRegistered = userRecord({ id: 'temp-sub-123', userType: 'user', clientNumber: null, email: 'new@example.com' });

/** The labels of the side menu's links, the menu expanded so groups show their children. */
async function menuLabels(): Promise<string[]> {
  const nav = await screen.findByRole('navigation', { name: 'Main' });
  return within(nav)
    .getAllByRole('link')
    .map((link) => link.textContent ?? '');
}

describe('the route guard', () => {
  beforeEach(() => {
    resetStores();
    // Expanded, with every group open, so every allowed link is in the page.
    useShellStore.setState({ menuExpanded: true, openGroups: ['Mortgages', 'Settings'] });
  });

  it('shows a client user the forbidden page on a staff route instead of the page', async () => {
    await renderApp(signedInServices(client), '/files');
    expect(await screen.findByRole('heading', { level: 1, name: FORBIDDEN })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Files' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Go to the home page' }).getAttribute('href')).toBe('/');
  });

  it('lists only the pages a client user may open in the menu', async () => {
    await renderApp(signedInServices(client), '/mortgages/estimator');
    await screen.findByRole('heading', { level: 1, name: 'Estimator' });
    expect(await menuLabels()).toEqual(['Home', 'Estimator', 'Profile', 'System']);
  });

  it('refuses user management to staff and leaves it out of their menu', async () => {
    await renderApp(signedInServices(userRecord({ userType: 'staff' })), '/settings/user-management');
    expect(await screen.findByRole('heading', { level: 1, name: FORBIDDEN })).toBeTruthy();
    expect(await menuLabels()).not.toContain('User management');
  });

  it('gives a self-registered user without a profile the welcome page, not a dashboard', async () => {
    await renderApp(signedInServices(selfRegistered), '/');
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome to Steward' })).toBeTruthy();
    expect(screen.getByText(/an administrator has to link your account/)).toBeTruthy();
    expect(screen.getByText(/new@example.com/)).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Dashboard' })).toBeNull();
  });

  it('keeps forbidden pages out of the search box', async () => {
    await renderApp(signedInServices(client), '/mortgages/estimator');
    await screen.findByRole('heading', { level: 1, name: 'Estimator' });
    const user = userEvent.setup();
    const box = screen.getByRole('combobox', { name: /^Search pages/ });
    await user.type(box, 'se');
    const list = await screen.findByRole('listbox', { name: 'Search results' });
    // "se" matches every Settings page: only the ones a client may open are offered.
    await within(list).findByRole('option', { name: /System/ });
    const offered = within(list)
      .getAllByRole('option')
      .map((option) => option.textContent ?? '');
    for (const forbidden of ['User management', 'Database']) expect(offered.some((text) => text.includes(forbidden))).toBe(false);
  });
});

describe('the route guard for admins', () => {
  beforeEach(() => resetStores());

  it('opens user management for a member of the Admins group', async () => {
    const services = signedInServices(userRecord({ userType: 'staff' }), ['Admins']);
    services.account.accessToken.mockResolvedValue('token-1');
    services.fetch = async () => new Response(JSON.stringify({ Users: [] }), { status: 200, headers: { 'content-type': 'application/json' } });
    await renderApp(services, '/settings/user-management');
    expect(await screen.findByRole('heading', { level: 1, name: 'User management' })).toBeTruthy();
  });
});

import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { memoryModels } from '../testing/memory-models';
import { currentPath, renderApp, resetStores } from '../testing/render-app';
import { signedInServices, userRecord } from '../testing/signed-in';
import { matchPages } from './SearchBox';
import { menuLinks } from './menu';

const tables = () => ({
  AccountMdl: [
    { id: 'a1', fileNumber: 'F-1001', clientName: 'Acme Lending', clientNumber: 'C-1' },
    { id: 'a2', fileNumber: 'F-2002', clientName: 'Birch Bank', clientNumber: 'C-2' },
  ],
  TicketMdl: [{ id: 't1', subject: 'Acme wants a payoff letter', status: 'Open' }],
  Notifications: [],
});

async function openSearch(user = userRecord()) {
  resetStores();
  const services = signedInServices(user);
  const memory = memoryModels(tables());
  services.data.models.mockImplementation(memory.models);
  const rendered = await renderApp(services, '/mortgages/estimator');
  await screen.findByRole('heading', { level: 1 });
  const box = screen.getByRole('combobox', { name: 'Search pages, accounts and tickets' });
  return { ...rendered, box, calls: memory.calls };
}

describe('the top-bar search', () => {
  beforeEach(() => resetStores());

  it('finds pages by name, best match first', () => {
    expect(matchPages(menuLinks(), 'estimator').map((r) => r.path)).toEqual(['/mortgages/estimator']);
    expect(matchPages(menuLinks(), '  ')).toEqual([]);
  });

  it('finds an account by client name and a ticket by subject, and opens the chosen one from the keyboard', async () => {
    const { box, router, calls } = await openSearch();
    const user = userEvent.setup();
    await user.type(box, 'acme');
    const list = await screen.findByRole('listbox', { name: 'Search results' });
    await within(list).findByRole('option', { name: /Account: F-1001/ });
    expect(within(list).getByRole('option', { name: /Ticket: Acme wants a payoff letter/ })).toBeTruthy();
    expect(within(list).queryByRole('option', { name: /F-2002/ })).toBeNull();
    expect(box.getAttribute('aria-expanded')).toBe('true');
    await user.keyboard('{ArrowDown}');
    const first = within(list).getAllByRole('option')[0];
    expect(box.getAttribute('aria-activedescendant')).toBe(first?.id);
    expect(first?.getAttribute('aria-selected')).toBe('true');
    await user.keyboard('{Enter}');
    await waitFor(() => expect(currentPath(router)).toBe('/mortgages/requests/option-builder?id=a1'));
    expect(calls.some((c) => c.entity === 'AccountMdl' && c.operation === 'list')).toBe(true);
  });

  it('finds an account by the start of its file number and a ticket further down with the arrows', async () => {
    const { box, router } = await openSearch();
    const user = userEvent.setup();
    await user.type(box, 'F-20');
    const list = await screen.findByRole('listbox', { name: 'Search results' });
    await within(list).findByRole('option', { name: /Account: F-2002/ });
    await user.clear(box);
    await user.type(box, 'payoff');
    await within(list).findByRole('option', { name: /Ticket: Acme wants a payoff letter/ });
    await user.keyboard('{ArrowUp}{Enter}');
    await waitFor(() => expect(currentPath(router)).toBe('/apps/helpdesk/tickets/ticket-view?id=t1'));
  });

  it('closes the list with Escape, then clears the box with a second Escape', async () => {
    const { box } = await openSearch();
    const user = userEvent.setup();
    await user.type(box, 'files');
    await screen.findByRole('option', { name: /Page: Files/ });
    await user.keyboard('{Escape}');
    expect(box.getAttribute('aria-expanded')).toBe('false');
    await user.keyboard('{Escape}');
    expect((box as HTMLInputElement).value).toBe('');
  });

  it('says so when nothing matches', async () => {
    const { box } = await openSearch();
    const user = userEvent.setup();
    await user.type(box, 'zzzz');
    await waitFor(() => expect(screen.getByText('Nothing matches “zzzz”.')).toBeTruthy());
  });

  it('does not search accounts or tickets for a client user, who may not open them', async () => {
    const { box, calls } = await openSearch(userRecord({ userType: 'client', clientNumber: 'C-1' }));
    const user = userEvent.setup();
    await user.type(box, 'acme');
    await waitFor(() => expect(screen.getByText('Nothing matches “acme”.')).toBeTruthy());
    expect(calls.filter((c) => c.entity === 'AccountMdl' || c.entity === 'TicketMdl')).toEqual([]);
  });
});

import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { currentPath, renderApp, resetStores } from '../../testing/render-app';
import { memoryModels } from '../../testing/memory-models';
import { signedInServices, userRecord } from '../../testing/signed-in';
import { ACCOUNT_STATUS, DOCUMENT_TYPE } from '../mortgages/mortgage-codes';
import { TICKET_PRIORITY, TICKET_STATUS } from '../helpdesk/ticket-codes';
import { centsText, formatDate, formatMoney } from './format';
import { currencyOfConfig } from './use-currency';
import type { EntityRow } from './entity-access';

// Codes as the seed data holds them (packages/server/src/seed/demo-business-data.ts).
const STATUSES = ['ACTIVE', 'PAYMENT_PLAN', 'DISPUTED', 'CLOSED'] as const;

const accounts = Array.from({ length: 30 }, (_, i) => ({
  id: `a${String(i + 1).padStart(2, '0')}`,
  fileNumber: `F-${String(1000 + i)}`,
  clientName: 'Acme Lending',
  clientNumber: 'C-1001',
  accountStatus: STATUSES[i % 4],
  currentUpb: 1000 * ((i * 7) % 30) + 0.5,
  listedDate: `2024-${String((i % 12) + 1).padStart(2, '0')}-${String((i % 27) + 1).padStart(2, '0')}`,
}));

function rowTexts(table: HTMLElement, column: number): string[] {
  return within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) => row.querySelectorAll('td')[column]?.textContent ?? '');
}

async function openRequests(path = '/mortgages/requests') {
  const services = signedInServices();
  const memory = memoryModels({ AccountMdl: accounts.map((a) => ({ ...a })) });
  services.data.models.mockImplementation(memory.models);
  const rendered = await renderApp(services, path);
  const table = await screen.findByRole('table');
  await within(table).findByText('F-1000');
  return { ...memory, ...rendered, table };
}

describe('money and dates', () => {
  it('rounds money to cents by its decimal digits, so 1.005 is 1.01 and 0.1 + 0.2 is 0.30', () => {
    expect(centsText(1.005)).toBe('1.01');
    expect(centsText(0.1 + 0.2)).toBe('0.30');
    expect(centsText(-2.675)).toBe('-2.68');
    expect(centsText(1234567.8)).toBe('1234567.80');
    expect(formatMoney(1.005)).toBe('$1.01');
    expect(formatMoney(1234567.8)).toBe('$1,234,567.80');
  });

  it('shows money in the currency of the user config and calendar dates without a time-zone shift', () => {
    expect(currencyOfConfig('{"currency":"EUR"}')).toBe('EUR');
    expect(currencyOfConfig('not json')).toBe('USD');
    expect(formatMoney(12.5, 'EUR')).toBe(new Intl.NumberFormat(undefined, { style: 'currency', currency: 'EUR' }).format(12.5));
    expect(formatDate('2024-03-01')).toBe(new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeZone: 'UTC' }).format(Date.UTC(2024, 2, 1)));
  });
});

describe('the requests list', () => {
  beforeEach(() => resetStores());

  it('offers the status codes the data holds and finds accounts by them', async () => {
    const { calls } = await openRequests();
    const select = screen.getByLabelText<HTMLSelectElement>('Status');
    expect([...select.options].map((o) => o.value)).toEqual(['', ...Object.keys(ACCOUNT_STATUS)]);
    const user = userEvent.setup();
    await user.selectOptions(select, 'Payment plan');
    await user.click(screen.getByRole('button', { name: 'Apply filters' }));
    await waitFor(() => expect(screen.getByText('Page 1 · 8 accounts')).toBeTruthy());
    expect(calls.at(-1)?.args).toMatchObject({ filter: { accountStatus: { eq: 'PAYMENT_PLAN' } } });
  });

  it('shows labels instead of codes, money right-aligned and formatted, dates localized', async () => {
    const { table } = await openRequests();
    const first = within(table).getAllByRole('row')[1];
    if (first === undefined) throw new Error('no row');
    expect(within(first).getByText('Active')).toBeTruthy();
    expect(within(table).queryByText('PAYMENT_PLAN')).toBeNull();
    expect(within(table).getAllByText('Payment plan').length).toBeGreaterThan(0);
    const money = within(first).getByText('$0.50');
    expect(money.className).toBe('num');
    expect(within(table).getByRole('columnheader', { name: /Balance/ }).className).toBe('num');
    expect(within(first).getByText(formatDate('2024-01-01'))).toBeTruthy();
    expect(within(table).queryByText('2024-01-01')).toBeNull();
  });

  it('sorts on the server through the index query, and the next page continues the order', async () => {
    const { calls, table, router } = await openRequests();
    const header = within(table).getByRole('columnheader', { name: /Listed/ });
    expect(header.getAttribute('aria-sort')).toBe('none');
    const user = userEvent.setup();
    await user.click(within(header).getByRole('button', { name: /Listed/ }));
    await waitFor(() => expect(header.getAttribute('aria-sort')).toBe('ascending'));
    const sorted = [...accounts].sort((a, b) => (a.listedDate < b.listedDate ? -1 : a.listedDate > b.listedDate ? 1 : a.id < b.id ? -1 : 1));
    await waitFor(() => expect(rowTexts(table, 5)).toEqual(sorted.slice(0, 25).map((a) => formatDate(a.listedDate))));
    expect(calls.at(-1)).toMatchObject({ operation: 'listByIndex', args: { query: 'accountMdlsByListedDate', sortDirection: 'ASC', nextToken: null } });
    expect(currentPath(router)).toBe('/mortgages/requests?sort=listedDate&order=asc');

    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(rowTexts(table, 5)).toEqual(sorted.slice(25).map((a) => formatDate(a.listedDate))));
    expect(calls.at(-1)).toMatchObject({ operation: 'listByIndex', args: { query: 'accountMdlsByListedDate', sortDirection: 'ASC', nextToken: '25' } });

    await user.click(within(header).getByRole('button', { name: /Listed/ }));
    await waitFor(() => expect(header.getAttribute('aria-sort')).toBe('descending'));
    await waitFor(() => expect(rowTexts(table, 5)[0]).toBe(formatDate(sorted[sorted.length - 1]?.listedDate ?? '')));
    expect(screen.getByText(/^Page 1/)).toBeTruthy();
  });

  it('sorts money as numbers from the keyboard', async () => {
    const { table } = await openRequests();
    const button = within(table).getByRole('button', { name: /Balance/ });
    button.focus();
    const user = userEvent.setup();
    await user.keyboard('{Enter}');
    const expected = [...accounts].sort((a, b) => a.currentUpb - b.currentUpb || (a.id < b.id ? -1 : 1)).slice(0, 25);
    await waitFor(() => expect(rowTexts(table, 4)).toEqual(expected.map((a) => formatMoney(a.currentUpb))));
    expect(within(table).getByRole('columnheader', { name: /Balance/ }).getAttribute('aria-sort')).toBe('ascending');
  });

  it('keeps a column without an index query as plain header text', async () => {
    const { table } = await openRequests();
    expect(within(within(table).getByRole('columnheader', { name: 'Client' })).queryByRole('button')).toBeNull();
    expect(within(table).getByRole('columnheader', { name: 'Client' }).hasAttribute('aria-sort')).toBe(false);
  });

  it('says when the filters leave nothing', async () => {
    await openRequests();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('File number starts with'), 'X-');
    await user.click(screen.getByRole('button', { name: 'Apply filters' }));
    expect(await screen.findByText('No accounts match these filters.')).toBeTruthy();
  });
});

describe('the documents list', () => {
  beforeEach(() => resetStores());

  const transactions = [
    { id: 't1', transactionType: 'PAYMENT', fileNumber: 'F-1', paymentAmount: 250, postedDate: '2025-01-05', accountmdlID: 'a1', description: 'Monthly payment' },
    { id: 't2', transactionType: 'FEE', fileNumber: 'F-2', paymentAmount: 35, postedDate: '2025-03-01', accountmdlID: 'a2', description: 'Late fee' },
    { id: 't3', transactionType: 'PAYMENT', fileNumber: 'F-3', paymentAmount: 1200.1, postedDate: '2025-02-10', accountmdlID: 'a3', description: 'Payment' },
  ];

  it('lists documents newest first, named by their type, each with its account’s options letter', async () => {
    const services = signedInServices();
    const { models, calls } = memoryModels({ TransactionMdl: transactions.map((t) => ({ ...t })) });
    services.data.models.mockImplementation(models);
    await renderApp(services, '/mortgages/documents');
    const table = await screen.findByRole('table');
    await within(table).findByText('Fee notice');
    expect(rowTexts(table, 0)).toEqual(['Fee notice', 'Payment receipt', 'Payment receipt']);
    expect(calls.at(-1)).toMatchObject({ operation: 'listByIndex', args: { query: 'transactionMdlsByPostedDate', sortDirection: 'DESC' } });
    expect(within(table).getByRole('columnheader', { name: /Dated/ }).getAttribute('aria-sort')).toBe('descending');
    expect(screen.getByRole('link', { name: 'Options letter for file F-2' }).getAttribute('href')).toBe('/mortgages/documents/generate-options-document?id=a2');
  });

  it('filters by a document type whose options are the stored transaction types', async () => {
    const services = signedInServices();
    const { models, calls } = memoryModels({ TransactionMdl: transactions.map((t) => ({ ...t })) });
    services.data.models.mockImplementation(models);
    await renderApp(services, '/mortgages/documents');
    await within(await screen.findByRole('table')).findByText('Fee notice');
    const select = screen.getByLabelText<HTMLSelectElement>('Document type');
    expect([...select.options].map((o) => o.value)).toEqual(['', ...Object.keys(DOCUMENT_TYPE)]);
    const user = userEvent.setup();
    await user.selectOptions(select, 'Payment receipt');
    await user.click(screen.getByRole('button', { name: 'Apply filters' }));
    await waitFor(() => expect(screen.getByText('Page 1 · 2 documents')).toBeTruthy());
    expect(calls.at(-1)?.args).toMatchObject({ filter: { transactionType: { eq: 'PAYMENT' } } });
  });
});

describe('the modification options list', () => {
  beforeEach(() => resetStores());

  it('starts newest due date first and filters by the stored status codes', async () => {
    const services = signedInServices();
    const contacts = [
      { id: 'c1', fileNumber: 'F-1', accountStatus: 'ACTIVE', dueDate: '2025-01-10', accountBalance: 100 },
      { id: 'c2', fileNumber: 'F-2', accountStatus: 'PAYMENT_PLAN', dueDate: '2025-04-01', accountBalance: 200 },
      { id: 'c3', fileNumber: 'F-3', accountStatus: 'PAYMENT_PLAN', dueDate: '2025-02-15', accountBalance: 300 },
    ];
    const { models, calls } = memoryModels({ ContactMdl: contacts });
    services.data.models.mockImplementation(models);
    await renderApp(services, '/documents/modifications/options');
    const table = await screen.findByRole('table');
    await within(table).findByText('F-2');
    expect(rowTexts(table, 0)).toEqual(['F-2', 'F-3', 'F-1']);
    expect(calls.at(-1)).toMatchObject({ operation: 'listByIndex', args: { query: 'contactMdlsByDueDate', sortDirection: 'DESC' } });
    const user = userEvent.setup();
    await user.selectOptions(screen.getByLabelText('Status'), 'Payment plan');
    await user.click(screen.getByRole('button', { name: 'Apply filters' }));
    await waitFor(() => expect(rowTexts(table, 0)).toEqual(['F-2', 'F-3']));
    expect(within(table).getAllByText('Payment plan')).toHaveLength(2);
  });
});

describe('the tickets list', () => {
  beforeEach(() => resetStores());

  it('shows status and priority labels, filters by their codes and creates tickets with codes', async () => {
    const services = signedInServices();
    const { models, calls } = memoryModels({
      TicketMdl: [
        { id: 'k1', subject: 'Printer', status: 'IN_PROGRESS', priority: 'HIGH' },
        { id: 'k2', subject: 'Login', status: 'OPEN', priority: 'LOW' },
      ],
    });
    services.data.models.mockImplementation(models);
    await renderApp(services, '/apps/helpdesk/tickets');
    const table = await screen.findByRole('table');
    await within(table).findByText('In progress');
    expect(within(table).getByText('High')).toBeTruthy();
    expect(within(table).queryByText('IN_PROGRESS')).toBeNull();
    const status = screen.getByLabelText<HTMLSelectElement>('Status');
    expect([...status.options].map((o) => o.value)).toEqual(['', ...Object.keys(TICKET_STATUS)]);
    const user = userEvent.setup();
    await user.selectOptions(status, 'In progress');
    await user.click(screen.getByRole('button', { name: 'Apply filters' }));
    await waitFor(() => expect(screen.getByText('Page 1 · 1 ticket')).toBeTruthy());

    const form = screen.getByRole('form', { name: 'New ticket' });
    await user.type(within(form).getByLabelText('Subject'), 'Scanner');
    expect([...within(form).getByLabelText<HTMLSelectElement>('Priority').options].map((o) => o.value)).toEqual(Object.keys(TICKET_PRIORITY));
    await user.click(within(form).getByRole('button', { name: 'Create ticket' }));
    await waitFor(() => expect(calls.some((c) => c.operation === 'create')).toBe(true));
    expect(calls.find((c) => c.operation === 'create')?.args).toMatchObject({ subject: 'Scanner', status: 'OPEN', priority: 'MEDIUM' });
  });
});

describe('the database page', () => {
  beforeEach(() => resetStores());

  const clients = [
    { id: 'cl1', clientName: 'Acme Lending', clientNumber: 'C-1001', createdAt: '2025-01-01T10:00:00.000Z' },
    { id: 'cl2', clientName: 'Birch Credit Union', clientNumber: 'C-2002', createdAt: '2025-01-02T10:00:00.000Z' },
  ];

  it('searches clients without regard to capitals', async () => {
    const services = signedInServices();
    const { models } = memoryModels({ ClientMdl: clients.map((c) => ({ ...c })) });
    services.data.models.mockImplementation(models);
    await renderApp(services, '/settings/database');
    const table = await screen.findByRole('table', { name: 'Clients' });
    await within(table).findAllByText('Birch Credit Union');
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Search clients'), 'ACME');
    await waitFor(() => expect(rowTexts(table, 0)).toEqual(['Acme Lending']));
    await user.clear(screen.getByLabelText('Search clients'));
    await user.type(screen.getByLabelText('Search clients'), 'c-2002');
    await waitFor(() => expect(rowTexts(table, 0)).toEqual(['Birch Credit Union']));
    await user.type(screen.getByLabelText('Search clients'), 'zz');
    expect(await within(table).findByText('No clients match “c-2002zz”.')).toBeTruthy();
  });

  it('sorts clients by a header and lets staff edit one through updateClientMdl', async () => {
    const services = signedInServices();
    const { models, calls } = memoryModels({ ClientMdl: clients.map((c) => ({ ...c })) });
    services.data.models.mockImplementation(models);
    await renderApp(services, '/settings/database');
    const table = await screen.findByRole('table', { name: 'Clients' });
    await waitFor(() => expect(rowTexts(table, 0)).toEqual(['Acme Lending', 'Birch Credit Union']));
    const user = userEvent.setup();
    expect(within(table).getByRole('columnheader', { name: /Client$/ }).getAttribute('aria-sort')).toBe('ascending');
    await user.click(within(table).getByRole('button', { name: /^Client$/ }));
    expect(rowTexts(table, 0)).toEqual(['Birch Credit Union', 'Acme Lending']);

    await user.click(within(table).getByRole('button', { name: 'Edit Acme Lending' }));
    const form = screen.getByRole('form', { name: 'Edit client Acme Lending' });
    await user.clear(within(form).getByLabelText('Client name'));
    await user.type(within(form).getByLabelText('Client name'), 'Acme Home Loans');
    await user.click(within(form).getByRole('button', { name: 'Save client' }));
    await waitFor(() => expect(rowTexts(table, 0)).toContain('Acme Home Loans'));
    expect(calls.find((c) => c.operation === 'update')).toMatchObject({ entity: 'ClientMdl', args: { id: 'cl1', clientName: 'Acme Home Loans', clientNumber: 'C-1001' } });
  });

  it('shows a save over a client someone changed since as a conflict: Reload shows theirs, Keep mine saves on top', async () => {
    const services = signedInServices();
    const rows: EntityRow[] = clients.map((c) => ({ ...c, _version: 1 }));
    const { models, calls } = memoryModels({ ClientMdl: rows });
    services.data.models.mockImplementation(models);
    await renderApp(services, '/settings/database');
    const table = await screen.findByRole('table', { name: 'Clients' });
    await within(table).findAllByText('Acme Lending');
    const user = userEvent.setup();
    await user.click(within(table).getByRole('button', { name: 'Edit Acme Lending' }));
    const form = screen.getByRole('form', { name: 'Edit client Acme Lending' });
    // Someone else saves the client while the form is open.
    rows[0] = { ...(rows[0]), clientName: 'Acme Mortgage', _version: 2 };
    await user.clear(within(form).getByLabelText('Client name'));
    await user.type(within(form).getByLabelText('Client name'), 'Acme Home Loans');
    await user.click(within(form).getByRole('button', { name: 'Save client' }));
    expect(await within(form).findByRole('heading', { name: 'This client was changed by someone else' })).toBeTruthy();
    expect(rows[0]?.clientName).toBe('Acme Mortgage');
    await user.click(within(form).getByRole('button', { name: 'Reload' }));
    await waitFor(() => expect(within(form).queryByRole('heading', { name: /changed by someone else/ })).toBeNull());
    expect(within(form).getByLabelText<HTMLInputElement>('Client name').value).toBe('Acme Mortgage');

    // Once more, and this time the user keeps their change: it is saved on top of the current version.
    rows[0] = { ...(rows[0]), clientNumber: 'C-1009', _version: 3 };
    await user.clear(within(form).getByLabelText('Client name'));
    await user.type(within(form).getByLabelText('Client name'), 'Acme Home Loans');
    await user.click(within(form).getByRole('button', { name: 'Save client' }));
    await user.click(await within(form).findByRole('button', { name: 'Keep mine' }));
    await waitFor(() => expect(rowTexts(table, 0)).toContain('Acme Home Loans'));
    expect(rows[0]).toMatchObject({ clientName: 'Acme Home Loans', _version: 4 });
    expect(calls.filter((c) => c.operation === 'update').map((c) => (c.args as { _version?: number })._version)).toEqual([1, 2, 3]);
  });

  it('offers no editing to a user the server would refuse', async () => {
    const services = signedInServices(userRecord({ userType: 'client', clientNumber: 'C-1001' }));
    const { models } = memoryModels({ ClientMdl: clients.map((c) => ({ ...c })) });
    services.data.models.mockImplementation(models);
    await renderApp(services, '/settings/database');
    // Client users may not open the page at all (route roles); if they could, there would be no Edit.
    await waitFor(() => expect(screen.queryByRole('button', { name: /^Edit/ })).toBeNull());
  });
});

import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { currentPath, renderApp, resetStores } from '../../testing/render-app';
import { memoryModels } from '../../testing/memory-models';
import { signedInServices } from '../../testing/signed-in';
import { buildFilter } from './entity-access';

const accounts = Array.from({ length: 30 }, (_, i) => ({
  id: `a${i + 1}`,
  fileNumber: `F-${String(1000 + i)}`,
  clientName: i % 2 === 0 ? 'Acme Lending' : 'Birch Bank',
  clientNumber: i % 2 === 0 ? 'C-1001' : 'C-2002',
  accountStatus: i % 3 === 0 ? 'PAYMENT_PLAN' : 'ACTIVE',
  currentUpb: 100_000 + i,
}));

describe('buildFilter', () => {
  it('leaves empty values out and joins several conditions with and', () => {
    const fields = [
      { key: 'fileNumber', label: 'File', operator: 'beginsWith' as const },
      { key: 'accountStatus', label: 'Status', operator: 'eq' as const },
    ];
    expect(buildFilter(fields, {})).toBeUndefined();
    expect(buildFilter(fields, { fileNumber: ' F-10 ', accountStatus: '' })).toEqual({ fileNumber: { beginsWith: 'F-10' } });
    expect(buildFilter(fields, { fileNumber: 'F', accountStatus: 'ACTIVE' })).toEqual({ and: [{ fileNumber: { beginsWith: 'F' } }, { accountStatus: { eq: 'ACTIVE' } }] });
  });
});

describe('the requests list', () => {
  beforeEach(() => resetStores());

  it('pages through accounts with nextToken and back', async () => {
    const services = signedInServices();
    const { models, calls } = memoryModels({ AccountMdl: accounts.map((a) => ({ ...a })) });
    services.data.models.mockImplementation(models);
    await renderApp(services, '/mortgages/requests');
    const table = await screen.findByRole('table');
    await within(table).findByText('F-1000');
    expect(within(table).getAllByRole('row')).toHaveLength(26);
    expect(screen.getByText('Page 1 · 25 accounts')).toBeTruthy();

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await within(table).findByText('F-1025');
    expect(screen.getByText('Page 2 · 5 accounts')).toBeTruthy();
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Next' }).disabled).toBe(true);
    expect(calls.filter((c) => c.entity === 'AccountMdl' && c.operation === 'list').map((c) => (c.args as { nextToken: unknown }).nextToken)).toEqual([null, '25']);

    await user.click(screen.getByRole('button', { name: 'Previous' }));
    await within(table).findByText('F-1000');
    expect(screen.getByText('Page 1 · 25 accounts')).toBeTruthy();
  });

  it('filters through data-client, links each row to its option builder, and keeps the filter in the address', async () => {
    const services = signedInServices();
    const { models, calls } = memoryModels({ AccountMdl: accounts.map((a) => ({ ...a })) });
    services.data.models.mockImplementation(models);
    const { router } = await renderApp(services, '/mortgages/requests');
    await screen.findByText('F-1000');
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('File number starts with'), 'F-101');
    await user.selectOptions(screen.getByLabelText('Status'), 'Payment plan');
    await user.click(screen.getByRole('button', { name: 'Apply filters' }));
    await waitFor(() => expect(screen.getByText('Page 1 · 3 accounts')).toBeTruthy());
    expect(calls.filter((c) => c.entity === 'AccountMdl').at(-1)?.args).toMatchObject({ filter: { and: [{ fileNumber: { beginsWith: 'F-101' } }, { accountStatus: { eq: 'PAYMENT_PLAN' } }] } });
    expect(currentPath(router)).toBe('/mortgages/requests?fileNumber=F-101&accountStatus=PAYMENT_PLAN');
    expect(screen.getByRole('link', { name: 'F-1012' }).getAttribute('href')).toBe('/mortgages/requests/option-builder?id=a13');
  });

  it('starts from the filter in the address', async () => {
    const services = signedInServices();
    const { models, calls } = memoryModels({ AccountMdl: accounts.map((a) => ({ ...a })) });
    services.data.models.mockImplementation(models);
    await renderApp(services, '/mortgages/requests?clientNumber=C-2002');
    await screen.findByText('F-1001');
    expect(calls.find((c) => c.entity === 'AccountMdl')?.args).toMatchObject({ filter: { clientNumber: { eq: 'C-2002' } } });
    expect(screen.getByLabelText<HTMLInputElement>('Client number').value).toBe('C-2002');
  });

  it('says in words when the data store refuses', async () => {
    const services = signedInServices();
    await renderApp(services, '/mortgages/requests');
    expect(await screen.findByText('The accounts could not be loaded.')).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toContain('Something went wrong while loading the data.');
  });
});

describe('the option builder', () => {
  beforeEach(() => resetStores());

  it('shows the account, its options, contacts and transactions', async () => {
    const services = signedInServices();
    const { models } = memoryModels({
      AccountMdl: [{ id: 'a1', fileNumber: 'F-1', clientName: 'Acme', currentUpb: 200_000, accountStatus: 'ACTIVE' }],
      ContactMdl: [{ id: 'c1', accountmdlID: 'a1', accountStatus: 'Active', paymentAmount: 500, createdDate: '2025-01-02', doneBy: 'Sam' }, { id: 'c2', accountmdlID: 'other' }],
      TransactionMdl: [{ id: 't1', accountmdlID: 'a1', transactionType: 'Payment', paymentAmount: 1200, paymentDate: '2025-02-01', postedBy: 'Ops' }],
    });
    services.data.models.mockImplementation(models);
    await renderApp(services, '/mortgages/requests/option-builder?id=a1');
    expect(await screen.findByText('Acme')).toBeTruthy();
    expect(screen.getByText('$200,000.00')).toBeTruthy();
    expect(screen.getByText('Term extension')).toBeTruthy();
    expect(await screen.findByText('Sam')).toBeTruthy();
    expect(screen.getByText('Ops')).toBeTruthy();
    expect(screen.getByText('Page 1 · 1 contact')).toBeTruthy();
  });

  it('says so when no account is chosen', async () => {
    await renderApp(signedInServices(), '/mortgages/requests/option-builder');
    expect(await screen.findByText('No account was chosen, or it no longer exists.')).toBeTruthy();
  });
});

import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { DataApiRequestError } from '@steward/data-client';
import type { AccountWorkspace } from '@steward/data-client';
import { deskTransport } from '../../testing/desk-transport';
import { renderApp, resetStores } from '../../testing/render-app';
import { signedInServices, userRecord } from '../../testing/signed-in';
import { readMoney } from './MoneyField';

const WORKSPACE: AccountWorkspace = {
  account: {
    id: 'acc-1',
    clientNumber: '1001',
    clientName: 'Acme Lending',
    fileNumber: 'F-1',
    accountStatus: 'ACTIVE',
    originalCents: 150_000,
    paidCents: 0,
    balanceCents: 150_000,
    delinquencyDate: '2026-09-01',
    daysPastDue: 92,
    agingBucket: '91-180',
    disputed: false,
    assignedTo: 'sub-123',
    assignedToName: 'Sam Staff',
    lastContactAt: null,
    _version: 3,
  },
  debtors: [
    {
      id: 'deb-1',
      seq: 1,
      firstName: 'Dana',
      lastName: 'Debtor',
      phone: '+13035550199',
      email: null,
      streetAddress: null,
      city: 'Denver',
      state: 'CO',
      zipCode: '80202',
      timeZone: 'America/Denver',
      doNotContact: null,
      location: null,
      callHistory: [],
      callableNow: true,
      nextCallableAt: null,
      refusals: [],
    },
  ],
  activity: [],
  ledger: [],
  promises: [],
  followUps: [],
  contactRules: null,
};

async function openWorkspace(handlers: Record<string, (variables: Record<string, unknown>) => unknown> = {}, groups: readonly string[] = []) {
  const services = signedInServices(userRecord(), groups);
  const { transport, sent } = deskTransport({ accountWorkspace: () => WORKSPACE, ...handlers });
  services.data.transport.mockResolvedValue(transport);
  const rendered = await renderApp(services, '/collections/account?id=acc-1');
  await screen.findByRole('heading', { level: 1, name: 'Account F-1' });
  return { ...rendered, sent };
}

const POSTING = { transactionId: 't-1', duplicate: false, account: { accountId: 'acc-1', originalCents: 150_000, paidCents: 123_450, balanceCents: 26_550, _version: 4 }, promises: [] };

describe('the money input', () => {
  it('reads dollars as integer cents without a float', () => {
    expect(readMoney('1,234.5')).toEqual({ cents: 123_450, error: null });
    expect(readMoney('$0.10')).toEqual({ cents: 10, error: null });
    expect(readMoney('')).toEqual({ cents: null, error: null });
    expect(readMoney('12.345').cents).toBeNull();
    expect(readMoney('abc').error).toMatch(/Enter an amount/);
    expect(readMoney('0', { positive: true }).error).toBe('Enter an amount above $0.00.');
  });
});

describe('the account workspace', () => {
  beforeEach(() => resetStores());

  it('posts a typed payment as integer cents, once for a double click, with a client reference', async () => {
    const { sent } = await openWorkspace({
      postPayment: () => POSTING,
    });
    const form = screen.getByRole('form', { name: 'Post a payment' });
    const user = userEvent.setup();
    await user.type(within(form).getByLabelText('Amount paid'), '1,234.5');
    const button = within(form).getByRole('button', { name: 'Post payment' });
    await user.click(button);
    await user.click(button);
    await screen.findByText('Payment of $1,234.50 posted.');
    const posts = sent.filter((r) => r.operation === 'postPayment').map((r) => r.variables.input as Record<string, unknown>);
    expect(posts).toHaveLength(1);
    expect(posts[0]?.amountCents).toBe(123_450);
    expect(typeof posts[0]?.clientReference).toBe('string');
    // After the success the workspace is read again.
    await waitFor(() => expect(sent.filter((r) => r.operation === 'accountWorkspace').length).toBe(2));
  });

  it('refuses an unreadable amount at the field and sends nothing', async () => {
    const { sent } = await openWorkspace({ postPayment: () => POSTING });
    const form = screen.getByRole('form', { name: 'Post a payment' });
    const user = userEvent.setup();
    await user.type(within(form).getByLabelText('Amount paid'), '12.345');
    await user.click(within(form).getByRole('button', { name: 'Post payment' }));
    expect(within(form).getByLabelText('Amount paid').getAttribute('aria-invalid')).toBe('true');
    expect(sent.some((r) => r.operation === 'postPayment')).toBe(false);
  });

  it('shows why a call is refused and when it is allowed; a supervisor may override with a reason', async () => {
    let calls = 0;
    const { sent } = await openWorkspace(
      {
        recordCall: (variables) => {
          calls += 1;
          const input = variables.input as Record<string, unknown>;
          if (input.overrideReason === undefined || input.overrideReason === null) {
            throw new DataApiRequestError(200, [
              { errorType: 'ContactNotAllowedException', message: 'refused', errorInfo: { reasons: [{ code: 'OUTSIDE_CONTACT_HOURS', message: 'Calls are allowed only 08:00–21:00 in the consumer’s local time; it is 21:30 in America/Denver.' }], nextAllowedAt: '2026-12-02T17:00:00.000Z' } },
            ]);
          }
          return { activityId: 'act-1', duplicate: false, account: WORKSPACE.account };
        },
      },
      ['Supervisors'],
    );
    const form = screen.getByRole('form', { name: 'Record a call' });
    const user = userEvent.setup();
    await user.click(within(form).getByRole('button', { name: 'Record call' }));
    const refusal = await within(form).findByText(/it is 21:30 in America\/Denver/);
    expect(refusal).toBeTruthy();
    expect(within(form).getByText(/A call is allowed from Dec 2, 2026/)).toBeTruthy();
    await user.click(within(form).getByRole('button', { name: 'Record with override' }));
    expect(within(form).getByText('Give the reason for calling although the rules refuse it.')).toBeTruthy();
    expect(calls).toBe(1);
    await user.type(within(form).getByLabelText('Override reason'), 'Debtor asked us to call back tonight');
    await user.click(within(form).getByRole('button', { name: 'Record with override' }));
    await screen.findByText('Call recorded: Right party contact.');
    const inputs = sent.filter((r) => r.operation === 'recordCall').map((r) => r.variables.input as Record<string, unknown>);
    expect(inputs.at(-1)?.overrideReason).toBe('Debtor asked us to call back tonight');
    // The same call, refused then overridden: one client reference.
    expect(inputs[0]?.clientReference).toBe(inputs.at(-1)?.clientReference);
  });

  it('offers no override to a collector who is not a supervisor', async () => {
    await openWorkspace({
      recordCall: () => {
        throw new DataApiRequestError(200, [{ errorType: 'ContactNotAllowedException', message: 'refused', errorInfo: { reasons: [{ code: 'ACCOUNT_DISPUTED', message: 'The debt is disputed.' }], nextAllowedAt: null } }]);
      },
    });
    const form = screen.getByRole('form', { name: 'Record a call' });
    await userEvent.setup().click(within(form).getByRole('button', { name: 'Record call' }));
    await within(form).findByText('The debt is disputed.');
    expect(within(form).getByText('No later time is allowed while this lasts.')).toBeTruthy();
    expect(within(form).queryByRole('button', { name: 'Record with override' })).toBeNull();
  });
});

import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderApp, resetStores } from '../../testing/render-app';
import { signedInServices, userRecord } from '../../testing/signed-in';
import { createPoolsApi } from './pools-api';

function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

function urlOf(input: RequestInfo | URL): string {
  return typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
}

describe('the user pools client', () => {
  it('reads every page with the access token, following NextToken', async () => {
    const fetchFn = vi.fn<typeof fetch>(async (input) =>
      new URL(urlOf(input)).searchParams.get('token') === 'p2'
        ? jsonResponse(200, { UserPools: [{ Id: 'us-east-1_Second', Name: 'second', CreationDate: 1_772_500_000 }] })
        : jsonResponse(200, { UserPools: [{ Id: 'us-east-1_First', Name: 'first' }], NextToken: 'p2' }),
    );
    const pools = await createPoolsApi(fetchFn, 'http://x/admin', async () => 'token-1').listAll();
    expect(pools).toEqual([
      { id: 'us-east-1_First', name: 'first', created: undefined },
      { id: 'us-east-1_Second', name: 'second', created: new Date(1_772_500_000_000).toISOString() },
    ]);
    expect(urlOf(fetchFn.mock.calls[0]?.[0] ?? '')).toBe('http://x/admin/listUserPools?limit=60');
    expect((fetchFn.mock.calls[0]?.[1]?.headers as Record<string, string>).authorization).toBe('token-1');
  });

  it('says who may list pools for a 403, and fails plainly otherwise', async () => {
    const forbidden = createPoolsApi(vi.fn<typeof fetch>(async () => jsonResponse(403, { __type: 'AccessDeniedException' })), 'http://x/admin', async () => 't');
    await expect(forbidden.listAll()).rejects.toMatchObject({ name: 'PoolsForbidden' });
    const broken = createPoolsApi(vi.fn<typeof fetch>(async () => jsonResponse(500, {})), 'http://x/admin', async () => 't');
    await expect(broken.listAll()).rejects.toMatchObject({ name: 'PoolsFailed' });
  });
});

describe('Settings › User pools', () => {
  beforeEach(() => resetStores());
  afterEach(() => vi.unstubAllGlobals());

  it("lists the server's pools and marks the app's own", async () => {
    const services = signedInServices(userRecord(), ['Admins']);
    services.account.accessToken.mockResolvedValue('token-1');
    services.fetch = vi.fn<typeof fetch>(async () =>
      jsonResponse(200, { UserPools: [{ Id: 'us-east-1_Test', Name: 'steward' }, { Id: 'us-east-1_Branch001', Name: 'branch office', CreationDate: 1_772_500_000 }] }),
    );
    await renderApp(services, '/settings/pools');
    expect(await screen.findByRole('heading', { level: 1, name: 'User pools' })).toBeTruthy();
    const table = await screen.findByRole('table', { name: 'User pools' });
    expect(within(table).getByRole('cell', { name: 'branch office' })).toBeTruthy();
    const own = within(table).getByText('us-east-1_Test').closest('tr');
    expect(own?.textContent).toContain('This app’s pool');
    expect(within(table).getByText('us-east-1_Branch001').closest('tr')?.textContent).not.toContain('This app’s pool');
  });

  it('shows the refusal when the server refuses the list', async () => {
    const services = signedInServices(userRecord(), ['Admins']);
    services.account.accessToken.mockResolvedValue('token-1');
    services.fetch = vi.fn<typeof fetch>(async () => jsonResponse(403, { __type: 'AccessDeniedException', message: 'no' }));
    await renderApp(services, '/settings/pools');
    expect(await screen.findByText('Only members of the Admins group of this app’s user pool can list the user pools.')).toBeTruthy();
    expect(screen.getByText('No user pools to show.')).toBeTruthy();
  });

  it('is not offered to staff', async () => {
    const services = signedInServices(userRecord(), ['Staff']);
    await renderApp(services, '/settings/pools');
    expect(await screen.findByRole('heading', { level: 1 })).toBeTruthy();
    expect(screen.queryByRole('heading', { level: 1, name: 'User pools' })).toBeNull();
  });

  /** A server with the app's pool and `others`: list, create and delete as the admin API does; `refuse` answers a delete. */
  function poolServer(others: { Id: string; Name: string }[], refuse?: { __type: string; message: string }) {
    let pools = [{ Id: 'us-east-1_Test', Name: 'steward' }, ...others];
    const bodies: Record<string, unknown>[] = [];
    // `refuse` holds until deletion protection is turned off.
    let refused = refuse !== undefined;
    const fetchFn = vi.fn<typeof fetch>(async (input, init) => {
      const url = new URL(urlOf(input));
      if (url.pathname.endsWith('/listUserPools')) return jsonResponse(200, { UserPools: pools });
      const body = JSON.parse(typeof init?.body === 'string' ? init.body : '{}') as Record<string, unknown>;
      bodies.push(body);
      if (url.pathname.endsWith('/createUserPool')) {
        const created = { Id: 'us-east-1_Created01', Name: String(body.name) };
        pools = [...pools, created];
        return jsonResponse(200, { UserPool: created });
      }
      if (url.pathname.endsWith('/setUserPoolDeletionProtection')) {
        refused = body.deletionProtection === true;
        return jsonResponse(200, { message: 'Deletion protection is off' });
      }
      if (url.pathname.endsWith('/deleteUserPool')) {
        if (refuse !== undefined && refused) return jsonResponse(400, refuse);
        pools = pools.filter((pool) => pool.Id !== body.poolId);
        return jsonResponse(200, { message: 'Deleted' });
      }
      return jsonResponse(404, {});
    });
    const services = signedInServices(userRecord(), ['Admins']);
    services.account.accessToken.mockResolvedValue('token-1');
    services.fetch = fetchFn;
    return { services, bodies };
  }

  it('creates a pool from the New pool form and lists it', async () => {
    const { services, bodies } = poolServer([]);
    await renderApp(services, '/settings/pools');
    const user = userEvent.setup();
    const form = await screen.findByRole('form', { name: 'New pool' });
    await user.type(within(form).getByLabelText('Pool name'), 'branch office');
    await user.selectOptions(within(form).getByLabelText('Multi-factor authentication'), 'OPTIONAL');
    const length = within(form).getByLabelText('Minimum password length');
    await user.clear(length);
    await user.type(length, '12');
    await user.click(within(form).getByRole('checkbox', { name: /Deletion protection/ }));
    await user.click(within(form).getByRole('button', { name: 'Create pool' }));
    const table = screen.getByRole('table', { name: 'User pools' });
    expect(await within(table).findByText('us-east-1_Created01')).toBeTruthy();
    expect(within(table).getByRole('cell', { name: 'branch office' })).toBeTruthy();
    expect(bodies).toEqual([{ name: 'branch office', mfa: 'OPTIONAL', minPasswordLength: 12, deletionProtection: true }]);
    expect(within(form).getByLabelText<HTMLInputElement>('Pool name').value).toBe('');
  });

  it('checks the form before sending: a name and a length from 6 to 99', async () => {
    const { services, bodies } = poolServer([]);
    await renderApp(services, '/settings/pools');
    const user = userEvent.setup();
    const form = await screen.findByRole('form', { name: 'New pool' });
    const length = within(form).getByLabelText('Minimum password length');
    await user.clear(length);
    await user.type(length, '5');
    await user.click(within(form).getByRole('button', { name: 'Create pool' }));
    expect(await within(form).findByText('Enter a name for the new pool.')).toBeTruthy();
    expect(within(form).getByText('Enter a whole number from 6 to 99.')).toBeTruthy();
    expect(bodies).toEqual([]);
  });

  it('deletes a pool after the confirmation and removes it from the list; cancelling sends nothing', async () => {
    const { services, bodies } = poolServer([{ Id: 'us-east-1_Branch001', Name: 'branch office' }]);
    const confirm = vi.spyOn(window, 'confirm').mockReturnValueOnce(false).mockReturnValueOnce(true);
    await renderApp(services, '/settings/pools');
    const user = userEvent.setup();
    const table = await screen.findByRole('table', { name: 'User pools' });
    await user.click(within(table).getByRole('button', { name: 'Delete branch office' }));
    expect(bodies).toEqual([]);
    await user.click(within(table).getByRole('button', { name: 'Delete branch office' }));
    expect(confirm).toHaveBeenLastCalledWith(expect.stringContaining('us-east-1_Branch001'));
    await waitFor(() => expect(within(table).queryByRole('cell', { name: 'branch office' })).toBeNull());
    expect(bodies).toEqual([{ poolId: 'us-east-1_Branch001' }]);
    // The app's own pool is not offered for deletion.
    expect(within(table).getByRole<HTMLButtonElement>('button', { name: /Delete steward/ }).disabled).toBe(true);
    confirm.mockRestore();
  });

  it("shows the server's refusal of a delete (deletion protection) in the pool's row and keeps the pool", async () => {
    const message = 'The user pool us-east-1_Branch001 has deletion protection activated. Deactivate it with UpdateUserPool before deleting the pool.';
    const { services } = poolServer([{ Id: 'us-east-1_Branch001', Name: 'branch office' }], { __type: 'InvalidParameterException', message });
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(true);
    await renderApp(services, '/settings/pools');
    const table = await screen.findByRole('table', { name: 'User pools' });
    await userEvent.setup().click(within(table).getByRole('button', { name: 'Delete branch office' }));
    expect((await screen.findByTestId('row-problem-us-east-1_Branch001')).textContent).toBe(message);
    expect(within(table).getByRole('cell', { name: 'branch office' })).toBeTruthy();
    confirm.mockRestore();
  });

  it('turns deletion protection off from the refused row, after which the pool can be deleted', async () => {
    const message = 'The user pool us-east-1_Branch001 has deletion protection activated. Deactivate it with UpdateUserPool before deleting the pool.';
    const { services, bodies } = poolServer([{ Id: 'us-east-1_Branch001', Name: 'branch office' }], { __type: 'InvalidParameterException', message });
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(true);
    await renderApp(services, '/settings/pools');
    const user = userEvent.setup();
    const table = await screen.findByRole('table', { name: 'User pools' });
    await user.click(within(table).getByRole('button', { name: 'Delete branch office' }));
    await user.click(await within(table).findByRole('button', { name: 'Turn off deletion protection of branch office' }));
    await waitFor(() => expect(within(table).queryByRole('button', { name: /Turn off deletion protection/ })).toBeNull());
    await user.click(within(table).getByRole('button', { name: 'Delete branch office' }));
    await waitFor(() => expect(within(table).queryByRole('cell', { name: 'branch office' })).toBeNull());
    expect(bodies).toEqual([{ poolId: 'us-east-1_Branch001' }, { poolId: 'us-east-1_Branch001', deletionProtection: false }, { poolId: 'us-east-1_Branch001' }]);
    confirm.mockRestore();
  });
});

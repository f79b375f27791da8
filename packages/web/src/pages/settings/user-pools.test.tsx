import { screen, within } from '@testing-library/react';
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
    expect(within(table).getByText('branch office')).toBeTruthy();
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
});

import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderApp, resetStores } from '../../testing/render-app';
import { signedInServices, userRecord } from '../../testing/signed-in';
import { auditQuery, createAuditApi, describeChanges, filtersProblem, NO_FILTERS } from './audit-api';
import type { AuditEventView } from './audit-api';
import { failureReason, signInHistoryUrl } from './sign-in-history';

function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

function urlOf(input: RequestInfo | URL): string {
  return typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
}

function event(seq: number, overrides: Partial<AuditEventView> = {}): AuditEventView {
  return {
    seq: String(seq),
    hash: 'ab'.repeat(32),
    at: new Date(Date.UTC(2026, 2, 3, 10, seq)).toISOString(),
    category: 'data',
    action: 'data.update',
    outcome: 'success',
    actor: { kind: 'user', sub: 'sub-staff', name: 'staff' },
    record: { type: 'AccountMdl', id: `acc-${seq}` },
    changes: { currentUpb: { before: 100, after: 90 } },
    source: { ip: '203.0.113.9' },
    ...overrides,
  };
}

describe('the audit trail client', () => {
  it('sends the filters that are set, the access token, and reads a page', async () => {
    const fetchFn = vi.fn<typeof fetch>(async () => jsonResponse(200, { events: [event(1)], nextToken: '1' }));
    const api = createAuditApi(fetchFn, 'http://x/admin', async () => 'token-1');
    const page = await api.search({ ...NO_FILTERS, user: ' dana ', from: '2026-03-01' }, { limit: 25, nextToken: '40' });
    expect(page).toEqual({ events: [event(1)], nextToken: '1' });
    const [url, init] = fetchFn.mock.calls[0] ?? [];
    expect(url).toBe('http://x/admin/audit/events?user=dana&from=2026-03-01&limit=25&nextToken=40');
    expect((init?.headers as Record<string, string>).authorization).toBe('token-1');
  });

  it('says Admins only for a 403 and keeps the server’s words for a refusal', async () => {
    const forbidden = createAuditApi(vi.fn<typeof fetch>(async () => jsonResponse(403, { __type: 'AccessDeniedException', message: 'no' })), 'http://x/admin', async () => 't');
    await expect(forbidden.search(NO_FILTERS)).rejects.toMatchObject({ name: 'AuditForbidden', message: 'Only members of the Admins group can read the audit trail.' });
    const refused = createAuditApi(vi.fn<typeof fetch>(async () => jsonResponse(400, { __type: 'InvalidParameterException', message: 'from must be a date' })), 'http://x/admin', async () => 't');
    await expect(refused.search(NO_FILTERS)).rejects.toMatchObject({ name: 'AuditRefused', message: 'from must be a date' });
  });

  it('describes changes and checks the time range before sending', () => {
    expect(describeChanges({ status: { before: 'open', after: 'closed' }, note: { before: null, after: 'x'.repeat(80) } })).toEqual(['status: open → closed', `note: (none) → ${'x'.repeat(57)}…`]);
    expect(filtersProblem({ ...NO_FILTERS, from: '2026-03-05', to: '2026-03-01' })).toBe('The end of the time range is before its start.');
    expect(filtersProblem({ ...NO_FILTERS, from: '2026-03-01', to: '2026-03-01' })).toBeNull();
    expect(auditQuery(NO_FILTERS)).toBe('');
  });
});

describe('Settings › Audit trail', () => {
  beforeEach(() => resetStores());
  afterEach(() => vi.unstubAllGlobals());

  it('lists events, searches by user, action, record and range, and pages with the next token', async () => {
    const services = signedInServices(userRecord(), ['Admins']);
    services.account.accessToken.mockResolvedValue('token-1');
    const fetchFn = vi.fn<typeof fetch>(async (input) => {
      const url = new URL(urlOf(input));
      if (url.searchParams.get('nextToken') === '7') return jsonResponse(200, { events: [event(6, { action: 'sign_in', category: 'security', outcome: 'failure', subject: { name: 'dana' }, details: { reason: 'NotAuthorizedException' } })], nextToken: null });
      return jsonResponse(200, { events: [event(8), event(7)], nextToken: '7' });
    });
    services.fetch = fetchFn;
    await renderApp(services, '/settings/audit');
    expect(await screen.findByRole('heading', { level: 1, name: 'Audit trail' })).toBeTruthy();
    const table = await screen.findByRole('table', { name: 'Audit trail events, newest first' });
    expect(within(table).getAllByText('data.update')).toHaveLength(2);
    expect(within(table).getAllByText('currentUpb: 100 → 90')).toHaveLength(2);
    expect(within(table).getByText('AccountMdl acc-8')).toBeTruthy();

    const user = userEvent.setup();
    await user.type(screen.getByLabelText('User'), 'dana');
    await user.type(screen.getByLabelText('Action'), 'sign_in');
    await user.type(screen.getByLabelText('Record'), 'acc-1');
    await user.selectOptions(screen.getByLabelText('Outcome'), 'failure');
    await user.type(screen.getByLabelText('From'), '2026-03-01');
    await user.type(screen.getByLabelText('To'), '2026-03-04');
    await user.click(within(screen.getByRole('form', { name: 'Search the audit trail' })).getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(fetchFn).toHaveBeenCalledTimes(2));
    expect(urlOf(fetchFn.mock.calls[1]?.[0] ?? '')).toBe('http://127.0.0.1:9/admin/audit/events?user=dana&action=sign_in&record=acc-1&outcome=failure&from=2026-03-01&to=2026-03-04&limit=25');

    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await within(table).findByText('sign_in')).toBeTruthy();
    expect(within(table).getByText('NotAuthorizedException')).toBeTruthy();
    expect(screen.getByText('Page 2')).toBeTruthy();
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Next' }).disabled).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Previous' }));
    expect(await within(table).findByText('AccountMdl acc-8')).toBeTruthy();
    expect(urlOf(fetchFn.mock.calls.at(-1)?.[0] ?? '')).not.toContain('nextToken');
  }, 30_000);

  it('refuses a range that ends before it starts at its field, sending nothing', async () => {
    const services = signedInServices(userRecord(), ['Admins']);
    services.account.accessToken.mockResolvedValue('token-1');
    const fetchFn = vi.fn<typeof fetch>(async () => jsonResponse(200, { events: [], nextToken: null }));
    services.fetch = fetchFn;
    await renderApp(services, '/settings/audit');
    expect(await screen.findByText('No events match.')).toBeTruthy();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('From'), '2026-03-05');
    await user.type(screen.getByLabelText('To'), '2026-03-01');
    await user.click(within(screen.getByRole('form', { name: 'Search the audit trail' })).getByRole('button', { name: 'Search' }));
    expect(await screen.findByText('The end of the time range is before its start.')).toBeTruthy();
    expect(screen.getByLabelText('To').getAttribute('aria-invalid')).toBe('true');
    expect(fetchFn).toHaveBeenCalledTimes(1);
  });

  it('exports the current search as a CSV file', async () => {
    const services = signedInServices(userRecord(), ['Admins']);
    services.account.accessToken.mockResolvedValue('token-1');
    const fetchFn = vi.fn<typeof fetch>(async (input) =>
      urlOf(input).includes('.csv') ? new Response('seq,at\r\n1,x\r\n', { status: 200, headers: { 'content-type': 'text/csv' } }) : jsonResponse(200, { events: [event(1)], nextToken: null }),
    );
    services.fetch = fetchFn;
    const created: Blob[] = [];
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: (blob: Blob) => (created.push(blob), 'blob:audit'), revokeObjectURL: () => undefined }));
    const clicked: string[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this.download);
    });
    await renderApp(services, '/settings/audit');
    await screen.findByRole('table', { name: 'Audit trail events, newest first' });
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('User'), 'dana');
    await user.click(within(screen.getByRole('form', { name: 'Search the audit trail' })).getByRole('button', { name: 'Search' }));
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(clicked).toHaveLength(1));
    expect(clicked[0]).toMatch(/^audit-trail-\d{4}-\d{2}-\d{2}\.csv$/);
    expect(await created[0]?.text()).toBe('seq,at\r\n1,x\r\n');
    expect(urlOf(fetchFn.mock.calls.at(-1)?.[0] ?? '')).toBe('http://127.0.0.1:9/admin/audit/events.csv?user=dana');
    click.mockRestore();
  });

  it('shows the Admins-only refusal the server gives', async () => {
    const services = signedInServices(userRecord(), ['Admins']);
    services.account.accessToken.mockResolvedValue('token-1');
    services.fetch = vi.fn<typeof fetch>(async () => jsonResponse(403, { __type: 'AccessDeniedException' }));
    await renderApp(services, '/settings/audit');
    expect(await screen.findByText('Only members of the Admins group can read the audit trail.')).toBeTruthy();
  });
});

describe('Profile › Sign-in history', () => {
  beforeEach(() => resetStores());

  /** A signed-in user whose profile page has what its other sections read. */
  function profileServices() {
    const services = signedInServices(userRecord());
    services.account.fetchUserAttributes.mockResolvedValue({ sub: 'sub-123', given_name: 'Sam', family_name: 'Staff', email: 'sam@example.com', email_verified: 'true' });
    services.account.fetchMFAPreference.mockResolvedValue({ enabled: ['TOTP'], preferred: 'TOTP' });
    services.account.fetchDevices.mockResolvedValue([]);
    services.account.listWebAuthnCredentials.mockResolvedValue({ credentials: [] });
    services.account.accessToken.mockResolvedValue('token-1');
    return services;
  }

  it("lists the user's own recent sign-ins from /account/sign-ins with their token", async () => {
    const services = profileServices();
    const fetchFn = vi.fn<typeof fetch>(async () =>
      jsonResponse(200, {
        signIns: [
          { at: '2026-03-03T10:05:00.000Z', outcome: 'success', ip: '203.0.113.9', userAgent: 'Mozilla/5.0', device: 'Chrome 126 on Windows', reason: null, method: 'USER_SRP_AUTH' },
          { at: '2026-03-03T10:00:00.000Z', outcome: 'failure', ip: '198.51.100.4', userAgent: null, device: null, reason: 'NotAuthorizedException', method: 'USER_SRP_AUTH' },
        ],
      }),
    );
    services.fetch = fetchFn;
    await renderApp(services, '/settings/profile');
    // The first render loads the profile page's chunk (QR codes and all): slow on a busy machine.
    const table = await screen.findByRole('table', { name: 'Your recent sign-ins, newest first' }, { timeout: 12_000 });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    expect(within(rows[0] ?? table).getByText('Signed in')).toBeTruthy();
    expect(within(rows[0] ?? table).getByText('Chrome 126 on Windows')).toBeTruthy();
    expect(within(rows[1] ?? table).getByText('Refused')).toBeTruthy();
    expect(within(rows[1] ?? table).getByText('Wrong password, or the account could not sign in')).toBeTruthy();
    expect(within(rows[1] ?? table).getByText('198.51.100.4')).toBeTruthy();
    const [url, init] = fetchFn.mock.calls[0] ?? [];
    expect(url).toBe('http://127.0.0.1:9/account/sign-ins?limit=20');
    expect((init?.headers as Record<string, string>).authorization).toBe('token-1');
  }, 30_000);

  it('says so when the list cannot be loaded, and still shows the rest of the page', async () => {
    const services = profileServices();
    services.fetch = vi.fn<typeof fetch>(async () => jsonResponse(500, {}));
    await renderApp(services, '/settings/profile');
    expect(await screen.findByText('Your recent sign-ins could not be loaded.', undefined, { timeout: 12_000 })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Remembered devices' })).toBeTruthy();
  });

  it('words failure reasons and builds the list address on the API origin', () => {
    expect(failureReason('CodeMismatchException')).toBe('Wrong or expired code');
    expect(failureReason(null)).toBe('Refused');
    expect(signInHistoryUrl('https://steward.example.com/admin', 5)).toBe('https://steward.example.com/account/sign-ins?limit=5');
  });
});

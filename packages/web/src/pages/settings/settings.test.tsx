import { AuthError, createTotpSetupDetails } from '@steward/auth-core';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { DataClientError } from '@steward/data-client';
import { useUserStore } from '../../stores/user-store';
import { renderApp, resetStores } from '../../testing/render-app';
import { signedInServices, userRecord } from '../../testing/signed-in';
import { createAdminApi } from './admin-api';
import { preferenceUpdate } from './ProfilePage';
import { parseSettingValue, settingsOf } from './SystemPage';

function bodyOf(init: RequestInit | undefined): unknown {
  return typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
}

function urlOf(input: RequestInfo | URL): string {
  return typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
}

function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

describe('the admin API client', () => {
  it('sends the access token and maps ListUsers', async () => {
    const fetchFn = vi.fn<typeof fetch>(async () =>
      jsonResponse(200, { Users: [{ Username: 'ada', Enabled: false, UserStatus: 'CONFIRMED', UserCreateDate: 1_700_000_000, Attributes: [{ Name: 'email', Value: 'ada@example.com' }] }], NextToken: 'n2' }),
    );
    const api = createAdminApi(fetchFn, 'http://x/admin', async () => 'token-1');
    expect(await api.listUsers({ limit: 5, token: 't1' })).toEqual({
      users: [{ username: 'ada', enabled: false, status: 'CONFIRMED', email: 'ada@example.com', created: new Date(1_700_000_000_000).toISOString() }],
      nextToken: 'n2',
    });
    const [url, init] = fetchFn.mock.calls[0] ?? [];
    expect(url).toBe('http://x/admin/listUsers?limit=5&token=t1');
    expect((init?.headers as Record<string, string>).authorization).toBe('token-1');
  });

  it('posts the new user with a verified email and turns 403 into the Admins-only error', async () => {
    const fetchFn = vi.fn<typeof fetch>().mockResolvedValueOnce(jsonResponse(200, {})).mockResolvedValueOnce(jsonResponse(403, { __type: 'AccessDeniedException', message: 'no' }));
    const api = createAdminApi(fetchFn, 'http://x/admin', async () => 'token-1');
    await api.createUser({ username: 'new', email: 'new@example.com' });
    expect(bodyOf(fetchFn.mock.calls[0]?.[1])).toEqual({ username: 'new', attributes: { email: 'new@example.com', email_verified: 'true' } });
    await expect(api.deleteUser('ada')).rejects.toMatchObject({ name: 'AdminApiForbidden', message: 'Only members of the Admins group can manage users.' });
  });

  it('keeps the server’s message for a refusal, and does not send the admin to the server logs for it', async () => {
    const api = createAdminApi(vi.fn<typeof fetch>(async () => jsonResponse(400, { __type: 'UsernameExistsException', message: 'User account already exists' })), 'http://x/admin', async () => 't');
    await expect(api.createUser({ username: 'a', email: 'a@b.c' })).rejects.toMatchObject({ name: 'AdminApiRefused', message: 'User account already exists', serverType: 'UsernameExistsException', recoverySuggestion: 'Correct what the message names, then try again.' });
  });
});

describe('user management', () => {
  beforeEach(() => resetStores());

  it('lists users, disables one and creates one through the admin API', async () => {
    const services = signedInServices(userRecord(), ['Admins']);
    services.account.accessToken.mockResolvedValue('token-1');
    const users = [{ Username: 'ada', Enabled: true, UserStatus: 'CONFIRMED', Attributes: [{ Name: 'email', Value: 'ada@example.com' }] }];
    const fetchFn = vi.fn<typeof fetch>(async (input, init) => {
      const url = urlOf(input);
      if (url.includes('/listUsers')) return jsonResponse(200, { Users: users });
      const body = bodyOf(init) as { username: string };
      const [first] = users;
      if (url.endsWith('/disableUser') && first !== undefined) users[0] = { ...first, Enabled: false };
      if (url.endsWith('/createUser')) users.push({ Username: body.username, Enabled: true, UserStatus: 'FORCE_CHANGE_PASSWORD', Attributes: [] });
      return jsonResponse(200, { message: 'ok' });
    });
    services.fetch = fetchFn;
    await renderApp(services, '/settings/user-management');
    const table = await screen.findByRole('table');
    expect(within(table).getByText('ada@example.com')).toBeTruthy();
    const user = userEvent.setup();
    await user.click(within(table).getByRole('button', { name: 'Disable ada' }));
    expect(await within(table).findByText('Disabled')).toBeTruthy();
    await user.type(screen.getByLabelText('Username'), 'newbie');
    await user.type(screen.getByLabelText('Email address'), 'newbie@example.com');
    await user.click(screen.getByRole('button', { name: 'Create user' }));
    expect(await within(table).findByText('Must change password')).toBeTruthy();
    expect(fetchFn.mock.calls.map(([url]) => urlOf(url).replace('http://127.0.0.1:9/admin', '')).filter((call) => !call.includes('Groups'))).toEqual(['/listUsers?limit=20', '/disableUser', '/listUsers?limit=20', '/createUser', '/listUsers?limit=20']);
  });

  it('tells a user the server no longer counts as an admin (token older than the group change) that only admins can manage users', async () => {
    const services = signedInServices(userRecord(), ['Admins']);
    services.account.accessToken.mockResolvedValue('token-1');
    services.fetch = vi.fn<typeof fetch>(async () => jsonResponse(403, { __type: 'AccessDeniedException', message: 'Only members of the Admins group may use the admin API.' }));
    await renderApp(services, '/settings/user-management');
    expect((await screen.findByRole('alert')).textContent).toContain('Only members of the Admins group can manage users.');
    expect(screen.queryByRole('table')).toBeNull();
  });
});

describe('system settings', () => {
  beforeEach(() => resetStores());

  it('reads settings from an object or the first element of an array', () => {
    expect(settingsOf('{"sessionLength":900}')).toEqual({ sessionLength: 900 });
    expect(settingsOf('[{"sessionLength":60},{"x":1}]')).toEqual({ sessionLength: 60 });
    expect(settingsOf('not json')).toEqual({});
    expect(parseSettingValue('42')).toBe(42);
    expect(parseSettingValue('dark')).toBe('dark');
  });

  it('saves sessionLength through data-client and shows the saved configuration', async () => {
    const services = signedInServices(userRecord({ userConfig: '{"theme":"dark"}' }));
    services.data.saveSetting.mockImplementation(async (current, key, value) => ({
      user: { ...userRecord(), userConfig: JSON.stringify({ theme: 'dark', [key]: value }) },
      config: current.config,
    }));
    await renderApp(services, '/settings/system');
    const field = await screen.findByLabelText('Session length (seconds)');
    expect((field as HTMLInputElement).value).toBe('3600');
    const user = userEvent.setup();
    await user.clear(field);
    await user.type(field, '30');
    await user.click(screen.getByRole('button', { name: 'Save session length' }));
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('Enter a session length from 60 to 86400 seconds (one minute to one day).')).toBeTruthy();
    await user.clear(field);
    await user.type(field, '900');
    await user.click(screen.getByRole('button', { name: 'Save session length' }));
    await waitFor(() => expect(screen.getByTestId('current-settings').textContent).toContain('sessionLength900'));
    expect(services.data.saveSetting).toHaveBeenCalledWith({ user: { id: 'u1', userId: 'sub-123', userConfig: '{"theme":"dark"}' }, config: null }, 'sessionLength', 900);
    expect(useUserStore.getState().userConfig).toBe('{"theme":"dark","sessionLength":900}');
  });

  it('shows data-client’s failure message', async () => {
    const services = signedInServices();
    services.data.saveSetting.mockRejectedValueOnce(new DataClientError('ConfigUpdateError'));
    await renderApp(services, '/settings/system');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Setting'), 'theme');
    await user.type(screen.getByLabelText('Value'), 'dark');
    await user.click(screen.getByRole('button', { name: 'Save setting' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Failed to update config');
  });
});

describe('profile', () => {
  beforeEach(() => resetStores());

  function profileServices() {
    const services = signedInServices();
    services.account.fetchUserAttributes.mockResolvedValue({ sub: 'sub-123', given_name: 'Sam', family_name: 'Staff', email: 'sam@example.com', email_verified: 'true', phone_number: '+15555550101', phone_number_verified: 'false' });
    services.account.fetchMFAPreference.mockResolvedValue({ enabled: ['TOTP'], preferred: 'TOTP' });
    services.account.fetchDevices.mockResolvedValue([{ id: 'dev-1', name: 'Laptop', attributes: { 'dev:device_remembered_status': 'remembered' }, lastAuthenticatedDate: new Date('2025-01-01T10:00:00Z') }]);
    services.account.listWebAuthnCredentials.mockResolvedValue({ credentials: [] });
    return services;
  }

  it('makes text messages the preferred check while keeping the app on', async () => {
    const services = profileServices();
    services.account.updateMFAPreference.mockResolvedValue(undefined);
    await renderApp(services, '/settings/profile');
    await userEvent.setup().click(await screen.findByRole('radio', { name: /Text message/ }));
    await waitFor(() => expect(services.account.updateMFAPreference).toHaveBeenCalledWith({ sms: 'PREFERRED', totp: 'ENABLED' }));
    expect(preferenceUpdate('EMAIL', ['SMS', 'TOTP'])).toEqual({ sms: 'ENABLED', totp: 'ENABLED', email: 'PREFERRED' });
  });

  it('sets up an authenticator app with the QR code and the first code', async () => {
    const services = profileServices();
    services.account.fetchMFAPreference.mockResolvedValue({ enabled: [], preferred: undefined });
    services.account.setUpTOTP.mockResolvedValueOnce(createTotpSetupDetails('JBSWY3DPEHPK3PXP', 'sam'));
    services.account.verifyTOTPSetup.mockResolvedValueOnce(undefined);
    services.account.updateMFAPreference.mockResolvedValueOnce(undefined);
    await renderApp(services, '/settings/profile');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Set up an authenticator app' }));
    expect(await screen.findByTitle('QR code for your authenticator app')).toBeTruthy();
    await user.type(screen.getByLabelText('Code from the app'), '123456');
    await user.click(screen.getByRole('button', { name: 'Verify and turn on' }));
    await waitFor(() => expect(services.account.updateMFAPreference).toHaveBeenCalledWith({ totp: 'PREFERRED' }));
    expect(services.account.verifyTOTPSetup).toHaveBeenCalledWith({ code: '123456', options: { friendlyDeviceName: 'Authenticator app' } });
  });

  it('checks the new password before changing it, and reports a wrong current password at that field', async () => {
    const services = profileServices();
    services.account.updatePassword.mockRejectedValueOnce(new AuthError({ name: 'NotAuthorizedException', message: 'Incorrect username or password.' }));
    await renderApp(services, '/settings/profile');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Current password'), 'wrong');
    await user.type(screen.getByLabelText('New password'), 'weak');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('This password does not meet the requirements below.', { selector: '.field__error' })).toBeTruthy();
    await user.clear(screen.getByLabelText('New password'));
    await user.type(screen.getByLabelText('New password'), 'N3w-Passw0rd!');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('Incorrect username or password.', { selector: '.field__error' })).toBeTruthy();
    expect(services.account.updatePassword).toHaveBeenCalledWith({ oldPassword: 'wrong', newPassword: 'N3w-Passw0rd!' });
  });

  it('verifies an unverified phone number with a code and forgets a device', async () => {
    const services = profileServices();
    services.account.confirmUserAttribute.mockResolvedValueOnce(undefined);
    services.account.forgetDevice.mockResolvedValueOnce(undefined);
    await renderApp(services, '/settings/profile');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Code to verify your phone number'), '777777');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(services.account.confirmUserAttribute).toHaveBeenCalledWith({ userAttributeKey: 'phone_number', confirmationCode: '777777' }));
    await user.click(screen.getByRole('button', { name: 'Forget Laptop' }));
    await waitFor(() => expect(services.account.forgetDevice).toHaveBeenCalledWith({ device: { id: 'dev-1' } }));
  });
});

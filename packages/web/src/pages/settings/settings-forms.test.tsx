// Issue 15 item 3: the settings forms keep what was typed on failure, validate at the field, and
// show the stored values.
import type { UpdateUserAttributesOutput } from '@steward/auth-core';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { DataClientError } from '@steward/data-client';
import { useUserStore } from '../../stores/user-store';
import { memoryModels } from '../../testing/memory-models';
import { resetStores, renderApp } from '../../testing/render-app';
import { signedInServices, userRecord } from '../../testing/signed-in';
import { effectiveSettings, sessionLengthProblem } from './SystemPage';

function describedBy(field: HTMLElement): string {
  return (field.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ');
}

describe('the system page', () => {
  beforeEach(() => resetStores());

  it('shows the session length sign-in really uses (the config record before the user record), not 3600', async () => {
    const services = signedInServices(userRecord({ userConfig: '{"sessionLength":900}' }));
    services.data.loadUser.mockResolvedValue({ user: userRecord({ userConfig: '{"sessionLength":900}' }), config: { id: 'c1', config: '[{"sessionLength":1800}]', configJson: null } });
    await renderApp(services, '/settings/system');
    expect((await screen.findByLabelText<HTMLInputElement>('Session length (seconds)')).value).toBe('1800');
    expect(screen.getByTestId('current-settings').textContent).toContain('sessionLength1800');
  });

  it('reads the session length from configJson when config is empty', () => {
    expect(effectiveSettings({ config: '', configJson: '{"sessionLength":7200}' }, '{"sessionLength":60,"theme":"dark"}')).toEqual({ sessionLength: 7200, theme: 'dark' });
  });

  it('explains a bad session length at the field, in plain words', async () => {
    expect(sessionLengthProblem('')).toBe('Enter the session length in seconds.');
    expect(sessionLengthProblem('-5')).toBe('Enter the session length as a whole number of seconds, like 3600 for one hour.');
    expect(sessionLengthProblem('100000')).toBe('Enter a session length from 60 to 86400 seconds (one minute to one day).');
    expect(sessionLengthProblem('900')).toBeNull();
    const services = signedInServices();
    await renderApp(services, '/settings/system');
    const field = await screen.findByLabelText('Session length (seconds)');
    const user = userEvent.setup();
    await user.clear(field);
    await user.type(field, 'abc');
    await user.click(screen.getByRole('button', { name: 'Save session length' }));
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(describedBy(field)).toContain('Enter the session length as a whole number of seconds, like 3600 for one hour.');
    expect(services.data.saveSetting).not.toHaveBeenCalled();
  });

  it('keeps the typed session length and setting when saving fails', async () => {
    const services = signedInServices();
    services.data.saveSetting.mockRejectedValue(new DataClientError('ConfigUpdateError'));
    await renderApp(services, '/settings/system');
    const user = userEvent.setup();
    const field = await screen.findByLabelText('Session length (seconds)');
    await user.clear(field);
    await user.type(field, '1200');
    await user.click(screen.getByRole('button', { name: 'Save session length' }));
    expect(await screen.findByText('Failed to update config')).toBeTruthy();
    expect((field as HTMLInputElement).value).toBe('1200');
    await user.type(screen.getByLabelText('Setting'), 'theme');
    await user.type(screen.getByLabelText('Value'), 'dark');
    await user.click(screen.getByRole('button', { name: 'Save setting' }));
    await waitFor(() => expect(services.data.saveSetting).toHaveBeenCalledTimes(2));
    expect(screen.getByLabelText<HTMLInputElement>('Setting').value).toBe('theme');
    expect(screen.getByLabelText<HTMLInputElement>('Value').value).toBe('dark');
  });

  it('asks for the name of a setting at its field', async () => {
    const services = signedInServices();
    await renderApp(services, '/settings/system');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Save setting' }));
    const name = screen.getByLabelText('Setting');
    expect(name.getAttribute('aria-invalid')).toBe('true');
    expect(describedBy(name)).toContain('Enter the name of the setting.');
  });
});

function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

function urlOf(input: RequestInfo | URL): string {
  return typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
}

describe('user management forms', () => {
  beforeEach(() => resetStores());

  const listed = [
    { Username: 'sam', Enabled: true, UserStatus: 'CONFIRMED', Attributes: [{ Name: 'sub', Value: 'sub-123' }, { Name: 'email', Value: 'staff@steward.example.com' }] },
    { Username: 'ada', Enabled: true, UserStatus: 'CONFIRMED', Attributes: [{ Name: 'sub', Value: 'sub-ada' }, { Name: 'email', Value: 'ada@example.com' }] },
  ];

  function adminServices(answer: (url: string) => Response, users: readonly unknown[] = listed) {
    const services = signedInServices(userRecord(), ['Admins']);
    services.account.accessToken.mockResolvedValue('token-1');
    const fetchFn = vi.fn<typeof fetch>(async (input) => {
      const url = urlOf(input);
      if (url.includes('/listUsers')) return jsonResponse(200, { Users: users });
      return answer(url);
    });
    services.fetch = fetchFn;
    return { services, fetchFn };
  }

  it('keeps everything typed when creating a user fails, and says "already exists" at the username', async () => {
    const { services } = adminServices(() => jsonResponse(400, { __type: 'UsernameExistsException', message: 'User account already exists' }));
    await renderApp(services, '/settings/user-management');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Username'), 'ada');
    await user.type(screen.getByLabelText('Email address'), 'ada2@example.com');
    await user.type(screen.getByLabelText('Temporary password (optional)'), 'Temp-Passw0rd!');
    await user.click(screen.getByRole('button', { name: 'Create user' }));
    const username = screen.getByLabelText('Username');
    await waitFor(() => expect(username.getAttribute('aria-invalid')).toBe('true'));
    expect(describedBy(username)).toContain('User account already exists');
    expect((username as HTMLInputElement).value).toBe('ada');
    expect(screen.getByLabelText<HTMLInputElement>('Email address').value).toBe('ada2@example.com');
    expect(screen.getByLabelText<HTMLInputElement>('Temporary password (optional)').value).toBe('Temp-Passw0rd!');
  });

  it('checks the new user at each field before sending anything', async () => {
    const { services, fetchFn } = adminServices(() => jsonResponse(200, {}));
    await renderApp(services, '/settings/user-management');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Email address'), 'not-an-address');
    await user.type(screen.getByLabelText('Temporary password (optional)'), 'weak');
    await user.click(screen.getByRole('button', { name: 'Create user' }));
    expect(describedBy(screen.getByLabelText('Username'))).toContain('Enter a username for the new user.');
    expect(describedBy(screen.getByLabelText('Email address'))).toContain('Enter an email address like name@example.com.');
    expect(describedBy(screen.getByLabelText('Temporary password (optional)'))).toContain('Use at least 8 characters');
    expect(fetchFn.mock.calls.some(([url]) => urlOf(url).endsWith('/createUser'))).toBe(false);
  });

  it('does not offer to delete the signed-in admin’s own account', async () => {
    const { services } = adminServices(() => jsonResponse(200, { message: 'ok' }));
    await renderApp(services, '/settings/user-management');
    const own = await screen.findByRole<HTMLButtonElement>('button', { name: /Delete sam/ });
    expect(own.disabled).toBe(true);
    expect(own.textContent).toContain('your own account cannot be deleted');
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Delete ada' }).disabled).toBe(false);
  });

  it('shows the server’s refusal when an admin’s own account is deleted anyway', async () => {
    // The list does not say which account is the admin's (no sub, another username), so only the server can refuse.
    const { services } = adminServices(() => jsonResponse(400, { __type: 'SelfDeletionNotAllowedException', message: 'An administrator cannot delete their own account.' }), [
      { Username: 'sam-alias', Enabled: true, UserStatus: 'CONFIRMED', Attributes: [] },
    ]);
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(true);
    await renderApp(services, '/settings/user-management');
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Delete sam-alias' }));
    // Next to the action refused, in the user's row.
    expect((await screen.findByTestId('row-problem-sam-alias')).textContent).toBe('An administrator cannot delete their own account.');
    confirm.mockRestore();
  });
});

describe('saving the profile', () => {
  beforeEach(() => resetStores());

  function profileServices() {
    const services = signedInServices();
    let attributes: Record<string, string> = { sub: 'sub-123', given_name: 'Sam', family_name: 'Staff', email: 'staff@steward.example.com', email_verified: 'true' };
    services.account.fetchUserAttributes.mockImplementation(async () => ({ ...attributes }));
    services.account.updateUserAttributes.mockImplementation(async ({ userAttributes }) => {
      attributes = { ...attributes, ...(userAttributes as Record<string, string>) };
      // Only the changed attributes come back, as from auth-core.
      return Object.fromEntries(Object.keys(userAttributes).map((key) => [key, { isUpdated: true, nextStep: { updateAttributeStep: 'DONE' as const } }])) as UpdateUserAttributesOutput;
    });
    services.account.fetchMFAPreference.mockResolvedValue({ enabled: [], preferred: undefined });
    services.account.fetchDevices.mockResolvedValue([]);
    services.account.listWebAuthnCredentials.mockResolvedValue({ credentials: [] });
    return services;
  }

  it('shows the new name in the top bar right after saving, and writes it to the user record', async () => {
    const services = profileServices();
    const memory = memoryModels({ UserMdl: [{ ...userRecord() }], Notifications: [] });
    services.data.models.mockImplementation(memory.models);
    await renderApp(services, '/settings/profile');
    expect(screen.getByRole('button', { name: /Sam Staff/ })).toBeTruthy();
    const user = userEvent.setup();
    const first = await screen.findByLabelText('First name');
    await user.clear(first);
    await user.type(first, 'Samantha');
    await user.click(screen.getByRole('button', { name: 'Save details' }));
    expect(await screen.findByRole('button', { name: /Samantha Staff/ })).toBeTruthy();
    expect(memory.calls.find((c) => c.entity === 'UserMdl' && c.operation === 'update')?.args).toEqual({ id: 'u1', firstName: 'Samantha' });
    expect(useUserStore.getState().first_name).toBe('Samantha');
  });

  it('still shows the new name when the user record cannot be written, and says so', async () => {
    const services = profileServices();
    services.data.models.mockRejectedValue(new TypeError('Failed to fetch'));
    await renderApp(services, '/settings/profile');
    const user = userEvent.setup();
    const last = await screen.findByLabelText('Last name');
    await user.clear(last);
    await user.type(last, 'Steward');
    await user.click(screen.getByRole('button', { name: 'Save details' }));
    expect(await screen.findByRole('button', { name: /Sam Steward/ })).toBeTruthy();
    expect(await screen.findByText(/your Steward profile still has the old name/)).toBeTruthy();
  });
});

describe('profile details checks', () => {
  beforeEach(() => resetStores());

  it('explains a malformed email address or phone number at its field and sends nothing, keeping what was typed', async () => {
    const services = signedInServices();
    services.account.fetchUserAttributes.mockResolvedValue({ sub: 'sub-123', given_name: 'Sam', family_name: 'Staff', email: 'staff@steward.example.com', email_verified: 'true' });
    services.account.fetchMFAPreference.mockResolvedValue({ enabled: [], preferred: undefined });
    services.account.fetchDevices.mockResolvedValue([]);
    services.account.listWebAuthnCredentials.mockResolvedValue({ credentials: [] });
    await renderApp(services, '/settings/profile');
    const user = userEvent.setup();
    const phone = await screen.findByLabelText('Phone number');
    await user.type(phone, '555 0101');
    await user.click(screen.getByRole('button', { name: 'Save details' }));
    expect(phone.getAttribute('aria-invalid')).toBe('true');
    expect(describedBy(phone)).toContain('Enter the phone number as + and the country code and number, without spaces, like +15555550101.');
    const email = screen.getByLabelText<HTMLInputElement>('Email address');
    await user.clear(phone);
    await user.type(phone, '+15555550101');
    await user.clear(email);
    await user.type(email, 'sam-at-example');
    await user.click(screen.getByRole('button', { name: 'Save details' }));
    expect(describedBy(email)).toContain('Enter an email address like name@example.com.');
    expect(email.value).toBe('sam-at-example');
    expect(services.account.updateUserAttributes).not.toHaveBeenCalled();
  });
});

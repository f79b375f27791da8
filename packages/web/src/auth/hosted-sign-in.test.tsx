import { AuthError } from '@steward/auth-core';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { parseRuntimeConfig } from '../app/runtime-config';
import { useSessionStore } from '../stores/session-store';
import { renderApp, resetStores } from '../testing/render-app';
import { sessionRecord, signedInSession, testServices, TEST_CONFIG } from '../testing/scripted-ports';
import { finishHostedSignIn, hostedSignInOffered, useHostedSignInStore } from './hosted-sign-in';

const here = window.location.origin;
const withHostedPage = (redirectSignIn: string[]) =>
  parseRuntimeConfig({ ...TEST_CONFIG, oauth: { domain: 'auth.example.com', redirectSignIn, redirectSignOut: [`${here}/`] } });

describe('signing in with the hosted page', () => {
  beforeEach(() => {
    resetStores();
    useHostedSignInStore.setState({ error: null });
  });

  it('is offered only when the configuration has a hosted page that returns to this origin', () => {
    expect(hostedSignInOffered(TEST_CONFIG, here)).toBe(false);
    expect(hostedSignInOffered(withHostedPage(['https://elsewhere.example.com/']), here)).toBe(false);
    expect(hostedSignInOffered(withHostedPage([`${here}/`]), here)).toBe(true);
  });

  it('leaves for the hosted page with the wanted page as custom state', async () => {
    const services = { ...testServices(), config: withHostedPage([`${here}/`]) };
    services.auth.signInWithRedirect.mockResolvedValueOnce(undefined);
    await renderApp(services, '/login?next=%2Ffiles');
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Sign in with the hosted page' }));
    expect(services.auth.signInWithRedirect).toHaveBeenCalledWith({ customState: '/files' });
  });

  it('shows no hosted-page button without a managed login domain', async () => {
    await renderApp(testServices(), '/login');
    await screen.findByLabelText('Username or email');
    expect(screen.queryByRole('button', { name: 'Sign in with the hosted page' })).toBeNull();
  });

  it('on return, records the session like any sign-in and goes to the custom-state path', async () => {
    const services = testServices();
    services.auth.completeSignInWithRedirect.mockResolvedValueOnce({ customState: '/files' });
    services.auth.fetchAuthSession.mockResolvedValue(signedInSession());
    services.data.recordSignIn.mockResolvedValueOnce({ userId: 'sub-123', user: null, config: null, session: sessionRecord() });
    expect(await finishHostedSignIn(services, here)).toEqual({ kind: 'signed-in', next: '/files' });
    expect(services.data.recordSignIn).toHaveBeenCalledTimes(1);
    expect(useSessionStore.getState().status).toBe('authenticated');
  });

  it('never follows a custom state that leaves the origin (open redirect)', async () => {
    const services = testServices();
    services.auth.completeSignInWithRedirect.mockResolvedValueOnce({ customState: '//evil.example.com/steal' });
    services.auth.fetchAuthSession.mockResolvedValue(signedInSession());
    services.data.recordSignIn.mockResolvedValueOnce({ userId: 'sub-123', user: null, config: null, session: sessionRecord() });
    expect(await finishHostedSignIn(services, here)).toEqual({ kind: 'signed-in', next: '/' });
  });

  it('does nothing on an ordinary page load', async () => {
    const services = testServices();
    expect(await finishHostedSignIn(services, here)).toEqual({ kind: 'none' });
    expect(services.data.recordSignIn).not.toHaveBeenCalled();
  });

  it('describes a failed return in words and shows it on /login', async () => {
    const services = { ...testServices(), config: withHostedPage([`${here}/`]) };
    services.auth.completeSignInWithRedirect.mockRejectedValueOnce(new AuthError({ name: 'OAuthSignInException', message: 'An error occurred while validating the state.' }));
    const returned = await finishHostedSignIn(services, here);
    expect(returned.kind).toBe('failed');
    if (returned.kind !== 'failed') return;
    expect(returned.error.message).toBe('Signing in on the hosted page did not finish.');
    useHostedSignInStore.setState({ error: returned.error });
    await renderApp(services, '/login');
    await waitFor(() => expect(screen.getByText(/Signing in on the hosted page did not finish/)).toBeTruthy());
  });
});

import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { beforeEach, describe, expect, it } from 'vitest';
import { ServicesProvider } from './ports-context';
import { PROTECTED_PATHS, PUBLIC_PATHS } from './router';
import { RouteErrorBoundary } from './RouteErrorBoundary';
import { currentPath, renderApp, resetStores } from '../testing/render-app';
import { testServices } from '../testing/scripted-ports';
import { signedInServices, userRecord } from '../testing/signed-in';

describe('routes for a visitor who is not signed in', () => {
  beforeEach(() => resetStores());

  it.each(PROTECTED_PATHS.filter((path) => path !== '/'))('sends %s to /login with next set to it', async (path) => {
    const { router } = await renderApp(testServices(), `${path}?id=7`);
    await waitFor(() => expect(currentPath(router)).toBe(`/login?next=${encodeURIComponent(`${path}?id=7`)}`));
    expect(await screen.findByRole('heading', { name: 'Sign in to Steward' })).toBeTruthy();
  });

  it('sends the home page to a plain /login', async () => {
    const { router } = await renderApp(testServices(), '/');
    await waitFor(() => expect(currentPath(router)).toBe('/login'));
  });

  it.each(PUBLIC_PATHS)('shows %s', async (path) => {
    const { router } = await renderApp(testServices(), path);
    expect(await screen.findByRole('heading', { level: 1 })).toBeTruthy();
    expect(router.state.location.pathname).toBe(path);
  });

  it('shows page-not-found for /not-found and for an unknown path', async () => {
    await renderApp(testServices(), '/not-found');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeTruthy();
    cleanup();
    await renderApp(testServices(), '/no/such/page');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeTruthy();
  });

  it('shows the error page at /error-500', async () => {
    await renderApp(testServices(), '/error-500');
    expect(await screen.findByRole('heading', { name: 'Something went wrong' })).toBeTruthy();
  });

  it('shows the full-screen spinner while the session is checked', async () => {
    const services = testServices();
    services.auth.fetchAuthSession.mockReturnValue(new Promise(() => undefined));
    await renderApp(services, '/files');
    expect(screen.getByTestId('full-screen-spinner')).toBeTruthy();
    expect(screen.getByRole('status').textContent).toContain('Checking your session');
  });
});

describe('routes for a signed-in user', () => {
  beforeEach(() => resetStores());

  it.each(PROTECTED_PATHS)('renders %s inside the shell', async (path) => {
    await renderApp(signedInServices(), path);
    expect(await screen.findByRole('navigation', { name: 'Main' })).toBeTruthy();
    expect(await screen.findByRole('heading', { level: 1 })).toBeTruthy();
  });

  it('shows the staff dashboard to staff and the client dashboard to client users', async () => {
    await renderApp(signedInServices(userRecord({ userType: 'staff' })), '/');
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeTruthy();
    cleanup();
    resetStores();
    await renderApp(signedInServices(userRecord({ userType: 'client', clientNumber: 'C-1001' })), '/');
    expect(await screen.findByRole('heading', { name: 'Client dashboard' })).toBeTruthy();
    expect(screen.getByText('Accounts of client C-1001')).toBeTruthy();
  });

  it('leaves /login for next when already signed in', async () => {
    const { router } = await renderApp(signedInServices(), '/login?next=%2Fmortgages%2Festimator');
    await waitFor(() => expect(currentPath(router)).toBe('/mortgages/estimator'));
  });
});

describe('render errors', () => {
  function Broken(): never {
    throw new Error('render failed');
  }

  it('show the error-500 page instead of a blank screen', async () => {
    const silence = console.error;
    console.error = () => undefined;
    try {
      render(
        <ServicesProvider services={testServices()}>
          <MemoryRouter>
            <RouteErrorBoundary>
              <Routes>
                <Route path="/" element={<Broken />} />
              </Routes>
            </RouteErrorBoundary>
          </MemoryRouter>
        </ServicesProvider>,
      );
      expect(await screen.findByRole('heading', { name: 'Something went wrong' })).toBeTruthy();
      expect(screen.getByRole('button', { name: 'Reload the page' })).toBeTruthy();
    } finally {
      console.error = silence;
    }
  });
});

// Renders the real route table in a memory router with scripted services, as the app does.
import { act, render } from '@testing-library/react';
import type { RenderResult } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router-dom';
import type { Location } from 'react-router-dom';
import { ServicesProvider } from '../app/ports-context';
import type { AppServices } from '../app/ports-context';
import { AppRoutes } from '../app/router';
import { Toasts } from '../app/Toasts';
import { useSessionStore } from '../stores/session-store';
import { useSignInStore } from '../stores/sign-in-store';
import { useUserStore } from '../stores/user-store';
import { useShellStore } from '../shell/shell-store';

/** Puts every store back to its first state (tests share one module registry). */
export function resetStores(): void {
  useSessionStore.setState({ status: 'checking', sessionData: null, userData: null, tokenData: null, sessionStore: null, signOutReason: null });
  useUserStore.getState().clear();
  useSignInStore.getState().reset();
  useShellStore.setState({ menuExpanded: false, menuOverlayOpen: false, rightSidebarOpen: true, openGroups: [] });
}

/** Where a rendered app is: `state.location` follows its router. */
export interface RouterProbe {
  state: { location: Location };
}

function LocationProbe({ probe }: { probe: RouterProbe }): null {
  probe.state.location = useLocation();
  return null;
}

/** Renders the app at `path`; returns the render result and a probe of the router's location. */
export async function renderApp(services: AppServices, path: string): Promise<RenderResult & { router: RouterProbe }> {
  const url = new URL(path, 'http://app.test');
  const router: RouterProbe = { state: { location: { pathname: url.pathname, search: url.search, hash: url.hash, state: null, key: 'default' } } };
  let result: RenderResult | undefined;
  await act(async () => {
    result = render(
      <ServicesProvider services={services}>
        <MemoryRouter initialEntries={[path]}>
          <AppRoutes />
          <LocationProbe probe={router} />
        </MemoryRouter>
        <Toasts />
      </ServicesProvider>,
    );
  });
  if (result === undefined) throw new Error('render failed');
  return Object.assign(result, { router });
}

/** The router's current path with its query. */
export function currentPath(router: RouterProbe): string {
  return `${router.state.location.pathname}${router.state.location.search}`;
}
/** Makes window.matchMedia answer for a viewport `width` px wide (jsdom has no layout). */
export function setViewportWidth(width: number): void {
  Object.defineProperty(window, 'matchMedia', {
    configurable: true,
    writable: true,
    value: (query: string) => {
      const max = /max-width:\s*(\d+)px/.exec(query);
      const matches = max === null ? false : width <= Number(max[1]);
      return { matches, media: query, onchange: null, addEventListener: () => undefined, removeEventListener: () => undefined, addListener: () => undefined, removeListener: () => undefined, dispatchEvent: () => false };
    },
  });
}

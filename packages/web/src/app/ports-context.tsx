import { createContext, useContext, useMemo } from 'react';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { notify } from '../ui/notify';
import type { AccountPort, AuthPort, DataPort } from './ports';
import type { RuntimeConfig } from './runtime-config';
import type { LifecycleDeps } from './session-lifecycle';

/** What every screen may use: the two clients and the runtime configuration. */
export interface AppServices {
  auth: AuthPort;
  data: DataPort;
  config: RuntimeConfig;
  /** The account functions of Settings > Profile, loaded with that page so /login stays small. */
  loadAccountPort: () => Promise<AccountPort>;
  /** Calls to the admin-queries REST API go through this fetch (the browser's, or a test's). */
  fetch: typeof fetch;
}

const ServicesContext = createContext<AppServices | null>(null);

/** Provides the services to the tree below. */
export function ServicesProvider({ services, children }: { services: AppServices; children: ReactNode }) {
  return <ServicesContext.Provider value={services}>{children}</ServicesContext.Provider>;
}

/** The services from the nearest ServicesProvider. */
export function useServices(): AppServices {
  const services = useContext(ServicesContext);
  if (services === null) throw new Error('useServices needs a ServicesProvider above it');
  return services;
}

/** The session lifecycle's dependencies bound to this app: sonner toasts, the router, real time. */
export function useLifecycleDeps(): LifecycleDeps {
  const { auth, data } = useServices();
  const navigate = useNavigate();
  return useMemo(
    () => ({
      auth,
      data,
      notify: { error: (message: string) => notify.error(message), info: (message: string) => notify.info(message) },
      navigate: async (path: string) => {
        await navigate(path, { replace: true });
      },
      wait: (ms: number) => new Promise<void>((resolve) => window.setTimeout(resolve, ms)),
    }),
    [auth, data, navigate],
  );
}

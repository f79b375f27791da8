import { StrictMode, Suspense, lazy, useSyncExternalStore } from 'react';
import { BrowserRouter } from 'react-router-dom';
import { subscribeToastsWanted, toastsWanted } from '../ui/notify';
import { AppErrorBoundary } from './AppErrorBoundary';
import { ServicesProvider } from './ports-context';
import { AppRoutes } from './router';
import type { AppServices } from './ports-context';
import './app.css';

// sonner is not needed to show the first screen: it loads in its own chunk with the first message.
const Toasts = lazy(() => import('./Toasts').then((m) => ({ default: m.Toasts })));

/** The whole app: services, router and toasts, inside the last-resort error boundary. */
export function App({ services }: { services: AppServices }) {
  const toasts = useSyncExternalStore(subscribeToastsWanted, toastsWanted, toastsWanted);
  return (
    <StrictMode>
      <AppErrorBoundary>
        <ServicesProvider services={services}>
          <BrowserRouter>
            <AppRoutes />
          </BrowserRouter>
          {toasts ? (
            <Suspense fallback={null}>
              <Toasts />
            </Suspense>
          ) : null}
        </ServicesProvider>
      </AppErrorBoundary>
    </StrictMode>
  );
}

import { StrictMode, Suspense, lazy } from 'react';
import { BrowserRouter } from 'react-router-dom';
import { AppErrorBoundary } from './AppErrorBoundary';
import { ServicesProvider } from './ports-context';
import { AppRoutes } from './router';
import type { AppServices } from './ports-context';
import './app.css';

// sonner is not needed to show the first screen: it loads in its own chunk right after.
const Toasts = lazy(() => import('./Toasts').then((m) => ({ default: m.Toasts })));

/** The whole app: services, router and toasts, inside the last-resort error boundary. */
export function App({ services }: { services: AppServices }) {
  return (
    <StrictMode>
      <AppErrorBoundary>
        <ServicesProvider services={services}>
          <BrowserRouter>
            <AppRoutes />
          </BrowserRouter>
          <Suspense fallback={null}>
            <Toasts />
          </Suspense>
        </ServicesProvider>
      </AppErrorBoundary>
    </StrictMode>
  );
}

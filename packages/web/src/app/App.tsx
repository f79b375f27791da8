import { StrictMode } from 'react';
import { RouterProvider } from 'react-router-dom';
import type { createBrowserRouter } from 'react-router-dom';
import { AppErrorBoundary } from './AppErrorBoundary';
import { ServicesProvider } from './ports-context';
import type { AppServices } from './ports-context';
import { Toasts } from './Toasts';
import './app.css';

/** The whole app: services, router and toasts, inside the last-resort error boundary. */
export function App({ services, router }: { services: AppServices; router: ReturnType<typeof createBrowserRouter> }) {
  return (
    <StrictMode>
      <AppErrorBoundary>
        <ServicesProvider services={services}>
          <RouterProvider router={router} />
          <Toasts />
        </ServicesProvider>
      </AppErrorBoundary>
    </StrictMode>
  );
}

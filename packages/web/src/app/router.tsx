// Every route of spec section 2 (reading A), each loaded lazily as its own chunk. Visitors who are
// not signed in reach only /login, sign-up, password reset and the error routes.
import { createBrowserRouter } from 'react-router-dom';
import type { RouteObject } from 'react-router-dom';
import { FullScreenSpinner } from '../ui/Spinner';
import { PublicOnly, RequireAuth } from './RouteGuards';
import { RootLayout } from './RootLayout';
import { RouteError } from './RouteError';

/** Paths of the public sign-in screens. */
export const PUBLIC_PATHS = ['/login', '/sign-up', '/sign-up/confirm', '/forgot-password', '/forgot-password/confirm'] as const;

/** Paths of the protected pages (spec section 2, reading A). */
export const PROTECTED_PATHS = [
  '/',
  '/mortgages/requests',
  '/mortgages/requests/option-builder',
  '/mortgages/documents',
  '/mortgages/documents/generate-options-document',
  '/mortgages/estimator',
  '/files',
  '/apps/helpdesk/tickets',
  '/apps/helpdesk/tickets/ticket-view',
  '/apps/campaigns/scheduler',
  '/settings/profile',
  '/settings/user-management',
  '/settings/database',
  '/settings/system',
  '/documents/modifications/options',
  '/documents/modifications/options/view',
] as const;

/** The route tree. */
export const routes: RouteObject[] = [
  {
    path: '/',
    element: <RootLayout />,
    errorElement: <RouteError />,
    hydrateFallbackElement: <FullScreenSpinner />,
    children: [
      {
        element: <PublicOnly />,
        errorElement: <RouteError />,
        children: [
          { path: 'login', lazy: () => import('../auth/SignInPage').then((m) => ({ Component: m.SignInPage })) },
          { path: 'sign-up', lazy: () => import('../auth/SignUpPage').then((m) => ({ Component: m.SignUpPage })) },
          { path: 'sign-up/confirm', lazy: () => import('../auth/ConfirmSignUpPage').then((m) => ({ Component: m.ConfirmSignUpPage })) },
          { path: 'forgot-password', lazy: () => import('../auth/ForgotPasswordPage').then((m) => ({ Component: m.ForgotPasswordPage })) },
          { path: 'forgot-password/confirm', lazy: () => import('../auth/ConfirmResetPasswordPage').then((m) => ({ Component: m.ConfirmResetPasswordPage })) },
        ],
      },
      { path: 'not-found', lazy: () => import('../pages/errors/NotFoundPage').then((m) => ({ Component: m.NotFoundPage })) },
      { path: 'error-500', lazy: () => import('../pages/errors/ServerErrorPage').then((m) => ({ Component: m.ServerErrorPage })) },
      {
        element: <RequireAuth />,
        children: [
          {
            lazy: () => import('../shell/Shell').then((m) => ({ Component: m.Shell })),
            // Errors inside a page keep the shell around the error-500 page.
            errorElement: <RouteError />,
            children: [
              { index: true, lazy: () => import('../pages/home/HomePage').then((m) => ({ Component: m.HomePage })) },
              { path: 'mortgages/requests', lazy: () => import('../pages/mortgages/RequestsPage').then((m) => ({ Component: m.RequestsPage })) },
              { path: 'mortgages/requests/option-builder', lazy: () => import('../pages/mortgages/OptionBuilderPage').then((m) => ({ Component: m.OptionBuilderPage })) },
              { path: 'mortgages/documents', lazy: () => import('../pages/mortgages/DocumentsPage').then((m) => ({ Component: m.DocumentsPage })) },
              {
                path: 'mortgages/documents/generate-options-document',
                lazy: () => import('../pages/mortgages/GenerateOptionsDocumentPage').then((m) => ({ Component: m.GenerateOptionsDocumentPage })),
              },
              { path: 'mortgages/estimator', lazy: () => import('../pages/mortgages/EstimatorPage').then((m) => ({ Component: m.EstimatorPage })) },
              { path: 'files', lazy: () => import('../pages/files/FilesPage').then((m) => ({ Component: m.FilesPage })) },
              { path: 'apps/helpdesk/tickets', lazy: () => import('../pages/helpdesk/TicketsPage').then((m) => ({ Component: m.TicketsPage })) },
              { path: 'apps/helpdesk/tickets/ticket-view', lazy: () => import('../pages/helpdesk/TicketViewPage').then((m) => ({ Component: m.TicketViewPage })) },
              { path: 'apps/campaigns/scheduler', lazy: () => import('../pages/campaigns/SchedulerPage').then((m) => ({ Component: m.SchedulerPage })) },
              { path: 'settings/profile', lazy: () => import('../pages/settings/ProfilePage').then((m) => ({ Component: m.ProfilePage })) },
              { path: 'settings/user-management', lazy: () => import('../pages/settings/UserManagementPage').then((m) => ({ Component: m.UserManagementPage })) },
              { path: 'settings/database', lazy: () => import('../pages/settings/DatabasePage').then((m) => ({ Component: m.DatabasePage })) },
              { path: 'settings/system', lazy: () => import('../pages/settings/SystemPage').then((m) => ({ Component: m.SystemPage })) },
              { path: 'documents/modifications/options', lazy: () => import('../pages/modifications/ModificationOptionsPage').then((m) => ({ Component: m.ModificationOptionsPage })) },
              {
                path: 'documents/modifications/options/view',
                lazy: () => import('../pages/modifications/ModificationOptionViewPage').then((m) => ({ Component: m.ModificationOptionViewPage })),
              },
            ],
          },
        ],
      },
      { path: '*', lazy: () => import('../pages/errors/NotFoundPage').then((m) => ({ Component: m.NotFoundPage })) },
    ],
  },
];

/** The browser router over `routes`. */
export function createAppRouter(): ReturnType<typeof createBrowserRouter> {
  return createBrowserRouter(routes);
}

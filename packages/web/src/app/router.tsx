// Every route of spec section 2 (reading A), each loaded lazily as its own chunk. Visitors who are
// not signed in reach only /login, sign-up, password reset and the error routes.
//
// Declarative routes (<Routes>) rather than a data router: the app loads no route data, and the
// data router would add about 17 KB of gzipped JavaScript to the first screen.
import { Route, Routes } from 'react-router-dom';
import { RequireRole } from '../access/RequireRole';
import { lazyPage } from './lazy-page';
import { PublicOnly, RequireAuth } from './RouteGuards';
import { RootLayout } from './RootLayout';

/** Paths of the public sign-in screens. */
export const PUBLIC_PATHS = ['/login', '/sign-up', '/sign-up/confirm', '/forgot-password', '/forgot-password/confirm'] as const;

/** Paths of the protected pages (spec section 2, reading A); who may open each is in access/permissions.ts. */
export { PROTECTED_PATHS } from '../access/permissions';

const SignInPage = lazyPage(() => import('../auth/SignInPage'), (m) => m.SignInPage);
const SignUpPage = lazyPage(() => import('../auth/SignUpPage'), (m) => m.SignUpPage);
const ConfirmSignUpPage = lazyPage(() => import('../auth/ConfirmSignUpPage'), (m) => m.ConfirmSignUpPage);
const ForgotPasswordPage = lazyPage(() => import('../auth/ForgotPasswordPage'), (m) => m.ForgotPasswordPage);
const ConfirmResetPasswordPage = lazyPage(() => import('../auth/ConfirmResetPasswordPage'), (m) => m.ConfirmResetPasswordPage);
const NotFoundPage = lazyPage(() => import('../pages/errors/NotFoundPage'), (m) => m.NotFoundPage);
const ServerErrorPage = lazyPage(() => import('../pages/errors/ServerErrorPage'), (m) => m.ServerErrorPage);
const Shell = lazyPage(() => import('../shell/Shell'), (m) => m.Shell);
const HomePage = lazyPage(() => import('../pages/home/HomePage'), (m) => m.HomePage);
const RequestsPage = lazyPage(() => import('../pages/mortgages/RequestsPage'), (m) => m.RequestsPage);
const OptionBuilderPage = lazyPage(() => import('../pages/mortgages/OptionBuilderPage'), (m) => m.OptionBuilderPage);
const DocumentsPage = lazyPage(() => import('../pages/mortgages/DocumentsPage'), (m) => m.DocumentsPage);
const GenerateOptionsDocumentPage = lazyPage(() => import('../pages/mortgages/GenerateOptionsDocumentPage'), (m) => m.GenerateOptionsDocumentPage);
const EstimatorPage = lazyPage(() => import('../pages/mortgages/EstimatorPage'), (m) => m.EstimatorPage);
const FilesPage = lazyPage(() => import('../pages/files/FilesPage'), (m) => m.FilesPage);
const TicketsPage = lazyPage(() => import('../pages/helpdesk/TicketsPage'), (m) => m.TicketsPage);
const TicketViewPage = lazyPage(() => import('../pages/helpdesk/TicketViewPage'), (m) => m.TicketViewPage);
const SchedulerPage = lazyPage(() => import('../pages/campaigns/SchedulerPage'), (m) => m.SchedulerPage);
const WorkQueuePage = lazyPage(() => import('../pages/collections/WorkQueuePage'), (m) => m.WorkQueuePage);
const AccountWorkspacePage = lazyPage(() => import('../pages/collections/AccountWorkspacePage'), (m) => m.AccountWorkspacePage);
const ProfilePage = lazyPage(() => import('../pages/settings/ProfilePage'), (m) => m.ProfilePage);
const UserManagementPage = lazyPage(() => import('../pages/settings/UserManagementPage'), (m) => m.UserManagementPage);
const AuditTrailPage = lazyPage(() => import('../pages/settings/AuditTrailPage'), (m) => m.AuditTrailPage);
const UserPoolsPage = lazyPage(() => import('../pages/settings/UserPoolsPage'), (m) => m.UserPoolsPage);
const DatabasePage = lazyPage(() => import('../pages/settings/DatabasePage'), (m) => m.DatabasePage);
const SystemPage = lazyPage(() => import('../pages/settings/SystemPage'), (m) => m.SystemPage);
const ModificationOptionsPage = lazyPage(() => import('../pages/modifications/ModificationOptionsPage'), (m) => m.ModificationOptionsPage);
const ModificationOptionViewPage = lazyPage(() => import('../pages/modifications/ModificationOptionViewPage'), (m) => m.ModificationOptionViewPage);

/** The route tree. */
export function AppRoutes() {
  return (
    <Routes>
      <Route element={<RootLayout />}>
        <Route element={<PublicOnly />}>
          <Route path="login" element={<SignInPage />} />
          <Route path="sign-up" element={<SignUpPage />} />
          <Route path="sign-up/confirm" element={<ConfirmSignUpPage />} />
          <Route path="forgot-password" element={<ForgotPasswordPage />} />
          <Route path="forgot-password/confirm" element={<ConfirmResetPasswordPage />} />
        </Route>
        <Route path="not-found" element={<NotFoundPage />} />
        <Route path="error-500" element={<ServerErrorPage />} />
        <Route element={<RequireAuth />}>
          <Route element={<Shell />}>
            {/* One guard for every page: the role's permissions (access/permissions.ts) decide. */}
            <Route element={<RequireRole />}>
              <Route index element={<HomePage />} />
              <Route path="mortgages/requests" element={<RequestsPage />} />
              <Route path="mortgages/requests/option-builder" element={<OptionBuilderPage />} />
              <Route path="mortgages/documents" element={<DocumentsPage />} />
              <Route path="mortgages/documents/generate-options-document" element={<GenerateOptionsDocumentPage />} />
              <Route path="mortgages/estimator" element={<EstimatorPage />} />
              <Route path="files" element={<FilesPage />} />
              <Route path="apps/helpdesk/tickets" element={<TicketsPage />} />
              <Route path="apps/helpdesk/tickets/ticket-view" element={<TicketViewPage />} />
              <Route path="apps/campaigns/scheduler" element={<SchedulerPage />} />
              <Route path="collections/queue" element={<WorkQueuePage />} />
              <Route path="collections/account" element={<AccountWorkspacePage />} />
              <Route path="settings/profile" element={<ProfilePage />} />
              <Route path="settings/user-management" element={<UserManagementPage />} />
              <Route path="settings/audit" element={<AuditTrailPage />} />
              <Route path="settings/pools" element={<UserPoolsPage />} />
              <Route path="settings/database" element={<DatabasePage />} />
              <Route path="settings/system" element={<SystemPage />} />
              <Route path="documents/modifications/options" element={<ModificationOptionsPage />} />
              <Route path="documents/modifications/options/view" element={<ModificationOptionViewPage />} />
            </Route>
          </Route>
        </Route>
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}

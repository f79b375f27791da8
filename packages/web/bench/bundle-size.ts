// What the production build makes a browser download: the gzipped JavaScript needed to show /login
// and each route's own chunk, read from Vite's manifest (dist/.vite/manifest.json).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

/** One manifest entry (the fields used here). */
interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}

type Manifest = Record<string, ManifestChunk>;

/** Gzipped size (level 9, as a server would send it) of a file in dist. */
export function gzipBytes(distDir: string, file: string): number {
  return gzipSync(readFileSync(path.join(distDir, file)), { level: 9 }).length;
}

/** The manifest of a build. */
export function readManifest(distDir: string): Manifest {
  return JSON.parse(readFileSync(path.join(distDir, '.vite', 'manifest.json'), 'utf8')) as Manifest;
}

/** The JavaScript files a chunk needs before it runs: itself and its static imports, transitively. */
export function staticClosure(manifest: Manifest, key: string, seen: Set<string> = new Set()): Set<string> {
  const chunk = manifest[key];
  if (chunk === undefined || seen.has(chunk.file)) return seen;
  seen.add(chunk.file);
  for (const imported of chunk.imports ?? []) staticClosure(manifest, imported, seen);
  return seen;
}

/** Each route of the app and the module of its page (lazy chunk). */
export const ROUTE_MODULES: readonly { route: string; module: string }[] = [
  { route: '/login', module: 'src/auth/SignInPage.tsx' },
  { route: '/sign-up', module: 'src/auth/SignUpPage.tsx' },
  { route: '/sign-up/confirm', module: 'src/auth/ConfirmSignUpPage.tsx' },
  { route: '/forgot-password', module: 'src/auth/ForgotPasswordPage.tsx' },
  { route: '/forgot-password/confirm', module: 'src/auth/ConfirmResetPasswordPage.tsx' },
  { route: '/not-found (and *)', module: 'src/pages/errors/NotFoundPage.tsx' },
  { route: '/error-500', module: 'src/pages/errors/ServerErrorPage.tsx' },
  { route: '(signed-in shell)', module: 'src/shell/Shell.tsx' },
  { route: '/ (home)', module: 'src/pages/home/HomePage.tsx' },
  { route: '/ staff dashboard', module: 'src/pages/home/StaffDashboard.tsx' },
  { route: '/ client dashboard', module: 'src/pages/home/ClientDashboard.tsx' },
  { route: '/mortgages/requests', module: 'src/pages/mortgages/RequestsPage.tsx' },
  { route: '/mortgages/requests/option-builder', module: 'src/pages/mortgages/OptionBuilderPage.tsx' },
  { route: '/mortgages/documents', module: 'src/pages/mortgages/DocumentsPage.tsx' },
  { route: '/mortgages/documents/generate-options-document', module: 'src/pages/mortgages/GenerateOptionsDocumentPage.tsx' },
  { route: '/mortgages/estimator', module: 'src/pages/mortgages/EstimatorPage.tsx' },
  { route: '/files', module: 'src/pages/files/FilesPage.tsx' },
  { route: '/apps/helpdesk/tickets', module: 'src/pages/helpdesk/TicketsPage.tsx' },
  { route: '/apps/helpdesk/tickets/ticket-view', module: 'src/pages/helpdesk/TicketViewPage.tsx' },
  { route: '/apps/campaigns/scheduler', module: 'src/pages/campaigns/SchedulerPage.tsx' },
  { route: '/collections/queue', module: 'src/pages/collections/WorkQueuePage.tsx' },
  { route: '/collections/account', module: 'src/pages/collections/AccountWorkspacePage.tsx' },
  { route: '/ dashboard charts (Chart.js, lazy)', module: 'src/pages/home/portfolio/ChartCanvas.tsx' },
  { route: '/settings/profile', module: 'src/pages/settings/ProfilePage.tsx' },
  { route: '/settings/user-management', module: 'src/pages/settings/UserManagementPage.tsx' },
  { route: '/settings/database', module: 'src/pages/settings/DatabasePage.tsx' },
  { route: '/settings/system', module: 'src/pages/settings/SystemPage.tsx' },
  { route: '/documents/modifications/options', module: 'src/pages/modifications/ModificationOptionsPage.tsx' },
  { route: '/documents/modifications/options/view', module: 'src/pages/modifications/ModificationOptionViewPage.tsx' },
];

/** The sizes the benchmark reports. */
export interface BundleReport {
  loginFiles: { file: string; gzip: number }[];
  loginGzip: number;
  routes: { route: string; chunk: string; ownGzip: number; withImportsGzip: number }[];
  totalJsGzip: number;
}

/** Measures the build in `distDir`. */
export function measureBundle(distDir: string): BundleReport {
  const manifest = readManifest(distDir);
  const entryKey = Object.keys(manifest).find((key) => manifest[key]?.isEntry === true);
  if (entryKey === undefined) throw new Error('the manifest has no entry');
  const login = staticClosure(manifest, entryKey);
  staticClosure(manifest, 'src/auth/SignInPage.tsx', login);
  const loginFiles = [...login].map((file) => ({ file, gzip: gzipBytes(distDir, file) })).sort((a, b) => b.gzip - a.gzip);
  const entryFiles = staticClosure(manifest, entryKey);
  const routes = ROUTE_MODULES.map(({ route, module }) => {
    const chunk = manifest[module];
    if (chunk === undefined) throw new Error(`${module} is not a chunk of its own`);
    const own = gzipBytes(distDir, chunk.file);
    // What the route needs beyond what the first screen already loaded.
    const extra = [...staticClosure(manifest, module)].filter((file) => !entryFiles.has(file));
    return { route, chunk: chunk.file, ownGzip: own, withImportsGzip: extra.reduce((sum, file) => sum + gzipBytes(distDir, file), 0) };
  });
  const allJs = [...new Set(Object.values(manifest).map((chunk) => chunk.file))].filter((file) => file.endsWith('.js'));
  return {
    loginFiles,
    loginGzip: loginFiles.reduce((sum, entry) => sum + entry.gzip, 0),
    routes,
    totalJsGzip: allJs.reduce((sum, file) => sum + gzipBytes(distDir, file), 0),
  };
}

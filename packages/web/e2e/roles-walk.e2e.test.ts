// The roles walk: each role (admin, staff, client, a self-registered user, a visitor) visits every
// route of the router. Allowed routes show their page, forbidden ones the forbidden page; the menu
// lists exactly what the role may open; axe finds no serious or critical violation; nothing
// overflows sideways at 1440, 1024, 768 or 375 px (screenshots in e2e/screenshots/<role>/).
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { AxeBuilder } from '@axe-core/playwright';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { PROTECTED_PATHS, canOpen } from '../src/access/permissions';
import type { ProtectedPath, Role } from '../src/access/permissions';
import { MENU, menuLinks } from '../src/shell/menu';
import { chromiumForSuite, newContext } from './browser';
import { demoPerson, expectHeading, newSignedInPerson, signIn } from './people';
import type { Person } from './people';

const SCREENSHOTS = path.resolve(path.dirname(fileURLToPath(import.meta.url)), 'screenshots');
const WIDTHS = [1440, 1024, 768, 375] as const;
const FORBIDDEN = "You don't have access to this page";

/** The main heading of each protected page (the home page's depends on the role). */
const HEADINGS: Record<Exclude<ProtectedPath, '/'>, string> = {
  '/mortgages/requests': 'Mortgage requests',
  '/mortgages/requests/option-builder': 'Option builder',
  '/mortgages/documents': 'Mortgage documents',
  '/mortgages/documents/generate-options-document': 'Generate options document',
  '/mortgages/estimator': 'Estimator',
  '/files': 'Files',
  '/apps/helpdesk/tickets': 'Helpdesk tickets',
  '/apps/helpdesk/tickets/ticket-view': 'Ticket',
  '/apps/campaigns/scheduler': 'Campaign scheduler',
  '/collections/queue': 'Work queue',
  '/collections/account': 'Account',
  '/settings/profile': 'Profile',
  '/settings/user-management': 'User management',
  '/settings/audit': 'Audit trail',
  '/settings/pools': 'User pools',
  '/settings/database': 'Database',
  '/settings/system': 'System',
  '/documents/modifications/options': 'Modification options',
  '/documents/modifications/options/view': 'Modification option',
};

const HOME: Record<Role, string> = { admin: 'Dashboard', staff: 'Dashboard', client: 'Client dashboard', pending: 'Welcome to Steward' };

/** The public and error routes a visitor who is not signed in reaches, with their headings. */
const VISITOR_ROUTES: readonly (readonly [string, string])[] = [
  ['/login', 'Sign in to Steward'],
  ['/sign-up', 'Create your Steward account'],
  ['/sign-up/confirm', 'Confirm your account'],
  ['/forgot-password', 'Reset your password'],
  ['/forgot-password/confirm', 'Choose a new password'],
  ['/not-found', 'Page not found'],
  ['/error-500', 'Something went wrong'],
  ['/no/such/page', 'Page not found'],
];

/** A file name for a route: `/` is `home`, slashes become dashes. */
function slug(route: string): string {
  return route === '/' ? 'home' : route.replace(/^\//, '').replace(/[^a-z0-9]+/gi, '-');
}

/** Goes to `route` inside the running app (no reload: the router follows popstate). */
async function visit(page: Page, route: string): Promise<void> {
  await page.evaluate((to) => {
    window.history.pushState({}, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, route);
  await page.waitForURL((url) => url.pathname === route);
}

/** Waits for the page's h1 to be `name` and every spinner and progress bar to be gone. */
async function settled(page: Page, name: string): Promise<void> {
  await expectHeading(page, name);
  await page.waitForFunction(() => document.querySelector('.spinner, .top-progress--active') === null, undefined, { timeout: 10_000 }).catch(() => undefined);
}

/** axe's serious and critical violations on the page, one line each. */
async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id} (${violation.impact ?? ''}): ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
}

/**
 * What sticks out sideways: the document itself, and every visible element reaching past the
 * viewport unless an ancestor scrolls or clips it (a table in its scroll box is fine).
 */
async function overflow(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const width = window.innerWidth;
    const found: string[] = [];
    if (document.documentElement.scrollWidth > width) found.push(`document ${document.documentElement.scrollWidth} > ${width}`);
    // An ancestor clips only if it is on the way to the containing block: an absolutely placed
    // element escapes every static ancestor's scroll box (and then widens the page).
    const clipped = (element: Element): boolean => {
      let absolute = getComputedStyle(element).position === 'absolute';
      for (let parent = element.parentElement; parent !== null && parent !== document.body; parent = parent.parentElement) {
        const style = getComputedStyle(parent);
        const positioned = style.position !== 'static';
        if (!absolute || positioned) {
          if (style.overflowX !== 'visible' || style.position === 'fixed') return true;
        }
        if (absolute && positioned) absolute = style.position === 'absolute';
      }
      return false;
    };
    for (const element of Array.from(document.body.querySelectorAll('*'))) {
      const rect = element.getBoundingClientRect();
      if (rect.width === 0 || rect.height === 0) continue;
      const style = getComputedStyle(element);
      if (style.visibility === 'hidden' || style.position === 'fixed') continue;
      if (rect.right <= width + 1 && rect.left >= -1) continue;
      // Off-screen to the left on purpose (the skip link until focused).
      if (rect.right <= 0) continue;
      if (clipped(element)) continue;
      const name = `${element.tagName.toLowerCase()}${element.id === '' ? '' : `#${element.id}`}${typeof element.className === 'string' && element.className !== '' ? `.${element.className.trim().split(/\s+/).join('.')}` : ''}`;
      found.push(`${name} ${Math.round(rect.left)}..${Math.round(rect.right)} > ${width}`);
    }
    // The shell's own panes never scroll sideways (tables scroll inside their .table-wrap instead).
    for (const pane of Array.from(document.querySelectorAll('#main, #side-menu, .right-sidebar, .auth-card'))) {
      if (pane.scrollWidth > pane.clientWidth + 1) found.push(`${pane.id === '' ? pane.className : `#${pane.id}`} scrolls sideways (${pane.scrollWidth} > ${pane.clientWidth})`);
    }
    // A form control sticking out of its form (a field pair too wide for its card) is cut or misaligned.
    for (const control of Array.from(document.querySelectorAll('form input:not([type="hidden"]), form select, form textarea, form button'))) {
      const form = control.closest('form');
      const rect = control.getBoundingClientRect();
      const box = form?.getBoundingClientRect();
      if (box === undefined || rect.width === 0) continue;
      if (rect.right > box.right + 1 || rect.left < box.left - 1) found.push(`${control.tagName.toLowerCase()}[name="${control.getAttribute('name') ?? ''}"] sticks out of its form (${Math.round(rect.right)} > ${Math.round(box.right)})`);
    }
    return found.slice(0, 10);
  });
}

/** Checks the page at every width: screenshot, no sideways overflow. Returns the problems found. */
async function atEveryWidth(page: Page, role: string, route: string): Promise<string[]> {
  const problems: string[] = [];
  mkdirSync(path.join(SCREENSHOTS, role), { recursive: true });
  // The right sidebar starts open only on wide screens: close it below, as a narrow first load would, and reopen it after.
  const bell = page.locator('.top-bar__bell');
  const sidebarWasOpen = (await bell.count()) > 0 && (await bell.getAttribute('aria-expanded')) === 'true';
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: width < 768 ? 812 : 900 });
    if (sidebarWasOpen && width <= 1024 && (await bell.getAttribute('aria-expanded')) === 'true') await bell.click();
    // Media queries answer asynchronously; two frames let React re-render the shell for the new width.
    await page.evaluate(() => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))));
    await page.screenshot({ path: path.join(SCREENSHOTS, role, `${slug(route)}-${width}.png`) });
    for (const item of await overflow(page)) problems.push(`${route} at ${width}px: ${item}`);
  }
  await page.setViewportSize({ width: 1440, height: 900 });
  if (sidebarWasOpen && (await bell.getAttribute('aria-expanded')) === 'false') await bell.click();
  return problems;
}

/** The menu's link targets, with the menu expanded and every group open. */
async function menuPaths(page: Page): Promise<string[]> {
  const nav = page.getByRole('navigation', { name: 'Main' });
  if ((await page.locator('#side-menu').getAttribute('data-state')) === 'collapsed') await page.locator('#side-menu-toggle').click();
  await page.locator('#side-menu[data-state="expanded"]').waitFor();
  // Opening a group re-renders the list: click the first closed group until none is left.
  const closed = nav.locator('button[aria-expanded="false"]');
  while ((await closed.count()) > 0) await closed.first().click();
  // The width animates for 150 ms; labels are measured once it is done.
  await page.waitForFunction(() => document.getElementById('side-menu')?.getBoundingClientRect().width === 248);
  const cut = await nav.locator('.side-menu__label').evaluateAll((labels) => labels.filter((label) => label.scrollWidth > label.clientWidth).map((label) => label.textContent));
  expect(cut, 'menu labels cut off').toEqual([]);
  return nav.getByRole('link').evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? ''));
}

/** Walks every protected route as `role`; returns every problem found (the test asserts there are none). */
async function walk(page: Page, role: Role): Promise<string[]> {
  const problems: string[] = [];
  const allowedInMenu = menuLinks(MENU)
    .map((link) => link.path)
    .filter((route) => canOpen(role, route));
  expect(await menuPaths(page)).toEqual(allowedInMenu);

  let forbiddenChecked = false;
  for (const route of PROTECTED_PATHS) {
    await visit(page, route);
    const allowed = canOpen(role, route);
    await settled(page, allowed ? (route === '/' ? HOME[role] : HEADINGS[route]) : FORBIDDEN);
    // Every forbidden route renders the same page: check its accessibility and layout once per role.
    if (!allowed && forbiddenChecked) continue;
    forbiddenChecked ||= !allowed;
    for (const violation of await seriousViolations(page)) problems.push(`${route}: axe ${violation}`);
    problems.push(...(await atEveryWidth(page, role, route)));
  }
  return problems;
}

/** A context at 1440 px and its page. */
async function freshPage(): Promise<{ context: BrowserContext; page: Page }> {
  const context = await newContext(browser(), baseUrl, { width: 1440, height: 900 });
  return { context, page: await context.newPage() };
}

const baseUrl = inject('baseUrl');
const browser = chromiumForSuite();
// Five walks side by side on a 2-core machine: the admin and staff walks took about 175 s in a
// quiet CI run (more pages and checks since issue 21), so they get room far above that.
const WALK_TIMEOUT = 420_000;

const demo: Record<'admin' | 'staff' | 'client', Person> = {
  admin: demoPerson('admin', inject('e2eStateDir')),
  staff: demoPerson('staff', inject('e2eStateDir')),
  client: demoPerson('client', inject('e2eStateDir')),
};

// The roles walk side by side in one browser (a context each): they sign in different users.
describe.concurrent('the roles walk', () => {

  it.each(['admin', 'staff', 'client'] as const)('shows %s exactly its pages, accessible and without sideways overflow', async (role) => {
    const { context, page } = await freshPage();
    await signIn(page, baseUrl, demo[role], { path: '/login' });
    expect(await walk(page, role)).toEqual([]);
    await context.close();
  }, WALK_TIMEOUT);

  it('shows a self-registered user the welcome page and only the pages every user may open', async () => {
    const { context, page } = await freshPage();
    await newSignedInPerson(page, baseUrl, 'walk');
    expect(await walk(page, 'pending')).toEqual([]);
    await context.close();
  }, WALK_TIMEOUT);

  it('shows a visitor every public and error route, accessible and without sideways overflow', async () => {
    const { context, page } = await freshPage();
    const problems: string[] = [];
    for (const [route, name] of VISITOR_ROUTES) {
      await page.goto(route);
      await settled(page, name);
      for (const violation of await seriousViolations(page)) problems.push(`${route}: axe ${violation}`);
      problems.push(...(await atEveryWidth(page, 'visitor', route)));
    }
    expect(problems).toEqual([]);
    await context.close();
  }, WALK_TIMEOUT);

});

// After the walk: signing staff in again ends the walk's staff session (one active session per user).
describe('the staff shell', () => {
  let session: { context: BrowserContext; page: Page } | undefined;
  const staffPage = (): Page => {
    if (session === undefined) throw new Error('signed in in beforeAll');
    return session.page;
  };
  beforeAll(async () => {
    session = await freshPage();
    await signIn(session.page, baseUrl, demo.staff, { path: '/login?next=%2Fmortgages%2Festimator' });
  });
  afterAll(async () => {
    await session?.context.close();
  });

  it('reaches every control of the shell with Tab, each with a visible focus ring', async () => {
    const page = staffPage();
    await settled(page, 'Estimator');
    await page.locator('body').focus();
    const reached: { name: string; ring: boolean }[] = [];
    for (let step = 0; step < 60; step++) {
      await page.keyboard.press('Tab');
      const focused = await page.evaluate(() => {
        const element = document.activeElement;
        if (!(element instanceof HTMLElement) || element === document.body) return null;
        // The ring may sit on the control or, for the search field, on its box (:focus-within).
        const ringed = (target: Element | null): boolean => {
          if (target === null) return false;
          const style = getComputedStyle(target);
          return (style.outlineStyle !== 'none' && style.outlineWidth !== '0px') || style.boxShadow !== 'none';
        };
        const ring = ringed(element) || ringed(element.parentElement);
        const label = element instanceof HTMLInputElement ? element.labels?.[0]?.textContent : null;
        const name = element.getAttribute('aria-label') ?? label ?? element.textContent?.trim() ?? element.tagName;
        return { name: `${element.tagName.toLowerCase()} ${name}`, ring, inShell: element.closest('header, nav, aside, .skip-link') !== null || element.classList.contains('skip-link') };
      });
      if (focused === null) break;
      if (!focused.inShell) continue;
      if (reached.some((item) => item.name === focused.name)) break;
      reached.push({ name: focused.name, ring: focused.ring });
    }
    const names = reached.map((item) => item.name);
    expect(names[0]).toBe('a Skip to content');
    // The top bar's controls and every menu entry are in the tab order.
    for (const label of ['Home', 'Mortgages', 'Files', 'Helpdesk', 'Campaigns', 'Modification documents', 'Settings']) expect(names.some((name) => name.endsWith(` ${label}`))).toBe(true);
    expect(names.some((name) => name.startsWith('input'))).toBe(true);
    expect(reached.filter((item) => !item.ring).map((item) => item.name)).toEqual([]);
  });

  it('keeps the Files table inside the page at 1440 px with the menu open and a long mapping', async () => {
    const page = staffPage();
    await visit(page, '/files');
    await settled(page, 'Files');
    if ((await page.locator('#side-menu').getAttribute('data-state')) === 'collapsed') await page.locator('#side-menu-toggle').click();
    await page.getByLabel('Name', { exact: true }).fill('Acme monthly placement file with a long descriptive name');
    await page.locator('#map-data').fill(JSON.stringify({ 'File Number': 'fileNumber', 'Current Unpaid Principal Balance': 'currentUpb', 'Original Unpaid Principal Balance Loaded': 'originalUpbLoaded' }));
    await page.getByRole('button', { name: 'Add mapping' }).click();
    await page.getByRole('cell', { name: /Acme monthly placement file/ }).first().waitFor();
    const sideways = await page.locator('.table-wrap').evaluateAll((boxes) => boxes.filter((box) => box.scrollWidth > box.clientWidth + 1).length);
    expect(sideways).toBe(0);
    expect(await overflow(page)).toEqual([]);
  });
});

// Test people and the sign-up / sign-in / sign-out moves the scenarios repeat, done through the UI.
import { randomBytes, randomInt } from 'node:crypto';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { saveScreenshot } from './launch';
import { latestCode } from './outbox';
import { Authenticator } from './totp';

/** Someone who signs up during a test. */
export interface Person {
  username: string;
  email: string;
  phone: string;
  password: string;
  givenName: string;
  familyName: string;
  /** Set once the person has set up TOTP. */
  authenticator?: Authenticator;
  /** Where a person shared by several test files keeps the authenticator (see demoPerson). */
  totpStateFile?: string;
  /** How far the server's clock is ahead of this machine's (the collector's-day test moves it); codes follow it. */
  clockOffsetMs?: number;
}

const DEMO_CREDENTIALS = {
  admin: { password: 'Admin-Passw0rd!', phone: '+15555550100' },
  staff: { password: 'Staff-Passw0rd!', phone: '+15555550101' },
  client: { password: 'Client-Passw0rd!', phone: '+15555550102' },
} as const;

/**
 * A demo user the development server seeds (packages/server/src/seed/seed.ts). The first sign-in
 * sets up TOTP; with `stateDir` (the e2e run's, from inject('e2eStateDir')) every test file signing
 * the same user in shares that authenticator.
 */
export function demoPerson(username: keyof typeof DEMO_CREDENTIALS, stateDir?: string): Person {
  const { password, phone } = DEMO_CREDENTIALS[username];
  return {
    username,
    password,
    email: `${username}@steward.example.com`,
    phone,
    givenName: '',
    familyName: '',
    ...(stateDir === undefined ? {} : { totpStateFile: path.join(stateDir, `totp-${username}.json`) }),
  };
}

/** A new person with unique username, email and phone number. */
export function newPerson(tag: string): Person {
  const id = randomBytes(4).toString('hex');
  return {
    username: `e2e-${tag}-${id}`,
    email: `e2e-${tag}-${id}@steward.example.com`,
    phone: `+1555${String(randomInt(1_000_000, 9_999_999))}`,
    password: 'E2e-Passw0rd!',
    givenName: 'Erin',
    familyName: 'Tester',
  };
}

/** The text of the page's main heading once one shows. */
export async function heading(page: Page): Promise<string> {
  const h1 = page.locator('h1').first();
  await h1.waitFor({ state: 'visible' });
  return (await h1.textContent()) ?? '';
}

/** Waits for the page whose main heading is `name` (a route's chunk may still be loading when the address changes). */
export async function expectHeading(page: Page, name: string): Promise<void> {
  await page.getByRole('heading', { level: 1, name, exact: true }).waitFor();
}

/** Waits until the main heading is no longer `previous` (the next step arrived). */
export async function nextHeading(page: Page, previous: string): Promise<string> {
  await page.waitForFunction((text) => {
    const h1 = document.querySelector('h1');
    return h1 !== null && h1.textContent !== text && document.querySelector('[data-testid="full-screen-spinner"]') === null;
  }, previous);
  return heading(page);
}

/** Fills in and sends the sign-up form, confirms with the emailed code, and waits for the first sign-in step. */
export async function signUp(page: Page, baseUrl: string, person: Person): Promise<void> {
  await page.goto('/sign-up');
  await page.getByLabel('Username', { exact: true }).fill(person.username);
  await page.getByLabel('Email address').fill(person.email);
  await page.getByLabel('First name').fill(person.givenName);
  await page.getByLabel('Last name').fill(person.familyName);
  await page.getByLabel('Phone number (optional)').fill(person.phone);
  await page.getByLabel('Password', { exact: true }).fill(person.password);
  const sent = new Date();
  await page.getByRole('button', { name: 'Create account' }).click();
  await page.waitForURL(/\/sign-up\/confirm\?/);
  const code = await latestCode(baseUrl, person.email, sent);
  await page.getByRole('textbox', { name: 'Confirmation code' }).fill(code);
  await page.getByRole('button', { name: 'Confirm' }).click();
  // The automatic sign-in continues on /login with the first MFA step (the page changes once its chunk is in).
  await page.waitForURL(/\/login/);
  await nextHeading(page, 'Confirm your account');
}

/** Answers every step on /login until the shell shows: MFA setup (TOTP), codes, remember-device. */
export async function finishSignIn(page: Page, baseUrl: string, person: Person, options: { remember?: boolean; screenshots?: string } = {}): Promise<string[]> {
  const seen: string[] = [];
  for (let round = 0; round < 8; round++) {
    if (!new URL(page.url()).pathname.startsWith('/login')) {
      await page.getByRole('navigation', { name: 'Main' }).waitFor({ state: 'attached' });
      return seen;
    }
    const title = await heading(page);
    seen.push(title);
    if (options.screenshots !== undefined) await saveScreenshot(page, `${options.screenshots}-${seen.length}-${title.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/-$/, '')}`);
    const since = new Date(Date.now() - 2000);
    switch (title) {
      case 'Set up a second sign-in step':
        await page.getByRole('radio', { name: /Authenticator app/ }).check();
        await page.getByRole('button', { name: 'Continue' }).click();
        break;
      case 'Set up your authenticator app': {
        const secret = ((await page.getByTestId('totp-secret').textContent()) ?? '').replace(/\s+/g, '');
        person.authenticator = new Authenticator(secret, person.totpStateFile);
        person.authenticator.offsetMs = person.clockOffsetMs ?? 0;
        await page.getByRole('textbox', { name: 'Code from the app' }).fill(await person.authenticator.code());
        await page.getByRole('button', { name: 'Verify and finish' }).click();
        break;
      }
      case 'Enter your authenticator code':
        person.authenticator ??= person.totpStateFile === undefined ? undefined : Authenticator.load(person.totpStateFile);
        if (person.authenticator === undefined) throw new Error('asked for a TOTP code before TOTP was set up');
        person.authenticator.offsetMs = person.clockOffsetMs ?? 0;
        await page.getByRole('textbox', { name: 'Authenticator code' }).fill(await person.authenticator.code());
        await page.getByRole('button', { name: 'Verify' }).click();
        break;
      case 'Check your phone':
        await page.getByRole('textbox', { name: 'Code from the text message' }).fill(await latestCode(baseUrl, person.phone, since));
        await page.getByRole('button', { name: 'Verify' }).click();
        break;
      case 'Check your email':
        await page.getByRole('textbox', { name: 'Code from the email' }).fill(await latestCode(baseUrl, person.email, since));
        await page.getByRole('button', { name: 'Verify' }).click();
        break;
      case 'Remember this device?':
        await page.getByRole('button', { name: options.remember === true ? 'Remember this device' : 'Not now' }).click();
        await page.waitForURL((url) => !url.pathname.startsWith('/login'));
        continue;
      default:
        throw new Error(`unexpected sign-in screen "${title}" (seen: ${seen.join(' > ')})`);
    }
    await nextHeading(page, title).catch(() => undefined);
  }
  throw new Error(`sign-in did not finish (seen: ${seen.join(' > ')})`);
}

/** Signs in from /login (or the page given) with username and password, then finishes the steps. */
export async function signIn(page: Page, baseUrl: string, person: Person, options: { path?: string; remember?: boolean } = {}): Promise<string[]> {
  if (options.path !== undefined) await page.goto(options.path);
  await page.getByLabel('Username or email').fill(person.username);
  await page.getByLabel('Password', { exact: true }).fill(person.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await nextHeading(page, 'Sign in to Steward').catch(() => undefined);
  return finishSignIn(page, baseUrl, person, options);
}

/** A new person, signed up and signed in with TOTP set up, in `page`. */
export async function newSignedInPerson(page: Page, baseUrl: string, tag: string): Promise<Person> {
  const person = newPerson(tag);
  await signUp(page, baseUrl, person);
  await finishSignIn(page, baseUrl, person);
  return person;
}

/** Signs out from the user menu and waits for /login. */
export async function signOut(page: Page, options: { everywhere?: boolean } = {}): Promise<void> {
  await page.getByRole('button', { name: /open the user menu/ }).click();
  await page.getByRole('button', { name: options.everywhere === true ? 'Sign out everywhere' : 'Sign out', exact: true }).click();
  await page.waitForURL(/\/login$/);
  await page.getByLabel('Username or email').waitFor();
}

/** Adds a passkey on /settings/profile (the browser's authenticator answers) and waits for the confirmation toast. */
export async function addPasskey(page: Page): Promise<void> {
  await page.goto('/settings/profile');
  await expectHeading(page, 'Profile');
  const passkeys = page.getByRole('region', { name: 'Passkeys' });
  const add = passkeys.getByRole('button', { name: 'Add a passkey' });
  await add.waitFor();
  // The list loads after the section shows: wait for it, so its late answer cannot replace the list read after adding.
  await passkeys.getByText('Loading your passkeys').waitFor({ state: 'detached' });
  await add.click();
  await page.getByText('Your passkey is added.').waitFor();
}

/** From /login: the username, "Sign in another way", then Passkey; the browser's authenticator is asked next. */
export async function startPasskeySignIn(page: Page, username: string): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Username or email').fill(username);
  await page.getByRole('button', { name: 'Sign in another way' }).click();
  await expectHeading(page, 'Choose how to sign in');
  await page.getByRole('radio', { name: /Passkey/ }).check();
  await page.getByRole('button', { name: 'Continue' }).click();
}

// Debian's Chromium through playwright-core, and the screenshot every scenario ends with.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { launchChromium, saveScreenshot } from './launch';

export { launchChromium, saveScreenshot };

/** Chromium for one suite: launched before its tests and closed after them; call the result inside a test. */
export function chromiumForSuite(): () => Browser {
  let browser: Browser | undefined;
  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
  });
  return () => {
    if (browser === undefined) throw new Error('Chromium is launched in beforeAll: use it inside a test');
    return browser;
  };
}

/** A fresh browser profile (cookies, storage) at the given viewport, failing on page errors. */
export async function newContext(browser: Browser, baseUrl: string, viewport = { width: 1280, height: 800 }): Promise<BrowserContext> {
  const context = await browser.newContext({ baseURL: baseUrl, viewport });
  context.setDefaultTimeout(15_000);
  context.on('page', (page) => {
    page.on('pageerror', (error) => {
      console.error(`page error on ${page.url()}: ${error.message}`);
    });
  });
  return context;
}

/** One credential as Chromium's virtual authenticator holds it (CDP WebAuthn.Credential, the fields the tests read). */
export interface VirtualCredential {
  credentialId: string;
  isResidentCredential: boolean;
  rpId?: string;
  userHandle?: string;
  signCount: number;
}

/** A virtual authenticator attached to one page: what a phone or laptop with a passkey store would be. */
export interface VirtualAuthenticator {
  /** The credentials the authenticator holds now. */
  credentials: () => Promise<VirtualCredential[]>;
  /** Forgets every credential (a device without the account's passkey). */
  clear: () => Promise<void>;
}

/**
 * Gives `page` a platform authenticator through the Chrome DevTools Protocol: resident keys, user
 * verification that always succeeds (as a fingerprint would) and presence simulated, so
 * navigator.credentials.create/get answer without any prompt in headless Chromium.
 */
export async function addVirtualAuthenticator(context: BrowserContext, page: Page): Promise<VirtualAuthenticator> {
  const cdp = await context.newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: { protocol: 'ctap2', transport: 'internal', hasResidentKey: true, hasUserVerification: true, isUserVerified: true, automaticPresenceSimulation: true },
  });
  return {
    credentials: async () => (await cdp.send('WebAuthn.getCredentials', { authenticatorId })).credentials,
    clear: async () => {
      await cdp.send('WebAuthn.clearCredentials', { authenticatorId });
    },
  };
}

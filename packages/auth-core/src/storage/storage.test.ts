import { describe, expect, it } from 'vitest';
import { AuthConfigError } from '../errors/auth-errors.js';
import { createCookieStorage } from './cookie-storage.js';
import { createDocumentCookies, createNoCookies, parseCookieHeader, serializeCookie } from './cookies.js';
import type { CookieDocument } from './cookies.js';
import type { KeyValueStorage } from './key-value-storage.js';
import { createLocalStorage } from './local-storage.js';
import type { WebStorageLike } from './local-storage.js';
import { createMemoryStorage } from './memory-storage.js';

/** A document whose cookie property behaves like a browser's (assignments parsed, Max-Age=0 deletes). */
function createFakeDocument(): CookieDocument & { assignments: string[] } {
  const jar = new Map<string, string>();
  const assignments: string[] = [];
  return {
    assignments,
    get cookie() {
      return [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
    },
    set cookie(assignment: string) {
      assignments.push(assignment);
      const [pair = '', ...attributes] = assignment.split('; ');
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq);
      if (attributes.includes('Max-Age=0')) jar.delete(name);
      else jar.set(name, pair.slice(eq + 1));
    },
  };
}

function createFakeWebStorage(): WebStorageLike & { items: Map<string, string> } {
  const items = new Map<string, string>();
  return {
    items,
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => void items.set(key, value),
    removeItem: (key) => void items.delete(key),
    clear: () => items.clear(),
  };
}

async function exercise(storage: KeyValueStorage): Promise<void> {
  expect(await storage.getItem('CognitoIdentityServiceProvider.c.u.idToken')).toBeNull();
  await storage.setItem('CognitoIdentityServiceProvider.c.u.idToken', 'a.b.c');
  await storage.setItem('CognitoIdentityServiceProvider.c.LastAuthUser', 'alice@example.com');
  expect(await storage.getItem('CognitoIdentityServiceProvider.c.u.idToken')).toBe('a.b.c');
  expect(await storage.getItem('CognitoIdentityServiceProvider.c.LastAuthUser')).toBe('alice@example.com');
  await storage.removeItem('CognitoIdentityServiceProvider.c.u.idToken');
  expect(await storage.getItem('CognitoIdentityServiceProvider.c.u.idToken')).toBeNull();
  await storage.clear();
  expect(await storage.getItem('CognitoIdentityServiceProvider.c.LastAuthUser')).toBeNull();
}

describe('storage adapters', () => {
  it('memory storage sets, gets, removes and clears', async () => {
    await exercise(createMemoryStorage());
  });

  it('localStorage storage goes through the Web Storage object', async () => {
    const web = createFakeWebStorage();
    const storage = createLocalStorage(web);
    await storage.setItem('k', 'v');
    expect(web.items.get('k')).toBe('v');
    await exercise(storage);
  });

  it('localStorage storage refuses to start without localStorage (Node)', () => {
    expect(() => createLocalStorage(undefined)).toThrow(AuthConfigError);
  });

  it('cookie storage keeps each item in a Secure, SameSite=Strict cookie', async () => {
    const doc = createFakeDocument();
    const storage = createCookieStorage({ document: doc, expiresInDays: 1 });
    await storage.setItem('CognitoIdentityServiceProvider.c.LastAuthUser', 'alice@example.com');
    expect(doc.assignments[0]).toBe(
      'CognitoIdentityServiceProvider.c.LastAuthUser=alice%40example.com; Path=/; Max-Age=86400; Secure; SameSite=Strict',
    );
    await exercise(createCookieStorage({ document: createFakeDocument() }));
  });

  it("cookie storage's clear() leaves the site's other cookies alone", async () => {
    const doc = createFakeDocument();
    doc.cookie = 'theme=dark';
    const storage = createCookieStorage({ document: doc });
    await storage.setItem('CognitoIdentityServiceProvider.c.LastAuthUser', 'alice');
    await storage.clear();
    expect(doc.cookie).toBe('theme=dark');
  });
});

describe('cookie port', () => {
  it('writes Secure; SameSite=Strict; Path=/ cookies and removes them with Max-Age=0', () => {
    const doc = createFakeDocument();
    const cookies = createDocumentCookies(doc);
    cookies.set('a.b@c', 'x y', { maxAgeSeconds: 60.7 });
    expect(doc.assignments[0]).toBe('a.b%40c=x%20y; Path=/; Max-Age=60; Secure; SameSite=Strict');
    expect(cookies.get('a.b@c')).toBe('x y');
    cookies.remove('a.b@c');
    expect(doc.assignments[1]).toContain('Max-Age=0');
    expect(cookies.get('a.b@c')).toBeUndefined();
  });

  it('is a no-op where there is no document', () => {
    const cookies = createDocumentCookies(undefined);
    cookies.set('a', 'b');
    expect(cookies.get('a')).toBeUndefined();
    expect(createNoCookies().get('x')).toBeUndefined();
  });

  it('parses a cookie header, first value winning and bad escapes kept as text', () => {
    expect([...parseCookieHeader('a=1; b=%E0%A4; a=2; junk')]).toEqual([
      ['a', '1'],
      ['b', '%E0%A4'],
    ]);
  });

  it('serialises optional attributes', () => {
    expect(serializeCookie('n', 'v', { domain: 'example.com', secure: false, sameSite: 'lax' }, { expires: new Date(0) })).toBe(
      'n=v; Path=/; Domain=example.com; Expires=Thu, 01 Jan 1970 00:00:00 GMT; SameSite=Lax',
    );
  });
});

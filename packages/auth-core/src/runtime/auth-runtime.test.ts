import { afterEach, describe, expect, it, vi } from 'vitest';
import { AuthConfigError } from '../errors/auth-errors.js';
import { Hub } from '../events/auth-hub.js';
import { configure, createAuthRuntime, getAuthRuntime, resetAuthRuntime } from './auth-runtime.js';

afterEach(() => {
  resetAuthRuntime();
  vi.unstubAllGlobals();
});

describe('configure and the default runtime', () => {
  it('throws AuthUserPoolException before configure()', () => {
    expect(() => getAuthRuntime()).toThrow(AuthConfigError);
    expect(() => getAuthRuntime()).toThrow('Auth UserPool not configured.');
  });

  it('validates the configuration and makes it the default runtime, wired to the exported Hub', () => {
    const runtime = configure({ userPoolId: 'us-east-1_A', userPoolClientId: 'c' });
    expect(getAuthRuntime()).toBe(runtime);
    expect(runtime.hub).toBe(Hub);
    expect(runtime.config.userPoolEndpoint).toBe('https://cognito-idp.us-east-1.amazonaws.com/');
  });

  it('rejects an invalid configuration and keeps the previous runtime', () => {
    const first = configure({ userPoolId: 'us-east-1_A', userPoolClientId: 'c' });
    expect(() => configure({ userPoolId: 'no-underscore', userPoolClientId: 'c' })).toThrow('Invalid user pool id provided.');
    expect(getAuthRuntime()).toBe(first);
  });
});

describe('createAuthRuntime', () => {
  it('builds isolated runtimes: own Hub, own storage', async () => {
    const a = createAuthRuntime({ userPoolId: 'us-east-1_A', userPoolClientId: 'c' });
    const b = createAuthRuntime({ userPoolId: 'us-east-1_A', userPoolClientId: 'c' });
    expect(a.hub).not.toBe(b.hub);
    expect(a.hub).not.toBe(Hub);
    await a.storage.setItem('k', 'v');
    expect(await b.storage.getItem('k')).toBeNull();
  });

  it('prefers the storage and cookies given in the options, then the io ports', async () => {
    const store = new Map<string, string>();
    const storage = {
      setItem: async (k: string, v: string) => void store.set(k, v),
      getItem: async (k: string) => store.get(k) ?? null,
      removeItem: async (k: string) => void store.delete(k),
      clear: async () => store.clear(),
    };
    const runtime = createAuthRuntime({ userPoolId: 'us-east-1_A', userPoolClientId: 'c', storage }, { deviceName: 'Kiosk' });
    await runtime.storage.setItem('x', '1');
    expect(store.get('x')).toBe('1');
    expect(runtime.deviceName).toBe('Kiosk');
  });

  it('resolves the global fetch at call time, so a later stub is used', async () => {
    const runtime = createAuthRuntime({ userPoolId: 'us-east-1_A', userPoolClientId: 'c' });
    const stub = vi.fn(async () => new Response('{}'));
    vi.stubGlobal('fetch', stub);
    await runtime.fetch('https://x/', { method: 'POST' });
    expect(stub).toHaveBeenCalledOnce();
  });

  it('has working platform defaults in Node: memory storage, no cookies, WebCrypto, no WebAuthn, no page', async () => {
    const runtime = createAuthRuntime({ userPoolId: 'us-east-1_A', userPoolClientId: 'c' });
    await runtime.storage.setItem('k', 'v');
    expect(await runtime.storage.getItem('k')).toBe('v');
    runtime.cookies.set('a', 'b');
    expect(runtime.cookies.get('a')).toBeUndefined();
    const bytes = runtime.randomBytes(70_000);
    expect(bytes).toHaveLength(70_000);
    expect(bytes.some((byte) => byte !== 0)).toBe(true);
    expect(runtime.webAuthn.isSupported()).toBe(false);
    expect(runtime.location()).toBeUndefined();
    expect(() => runtime.redirect('https://x/')).toThrow('There is no page to redirect');
    expect(Math.abs(runtime.clock.now() - Date.now())).toBeLessThan(1000);
  });

  it('uses the page location, navigation and history when there is a page', () => {
    const assign = vi.fn();
    const replaceState = vi.fn();
    vi.stubGlobal('location', { origin: 'https://app.example.com', pathname: '/home', href: 'https://app.example.com/home?code=c&state=s', assign });
    vi.stubGlobal('history', { state: { key: 'k1' }, replaceState });
    const runtime = createAuthRuntime({ userPoolId: 'us-east-1_A', userPoolClientId: 'c' });
    expect(runtime.location()).toEqual({ origin: 'https://app.example.com', pathname: '/home', href: 'https://app.example.com/home?code=c&state=s' });
    void runtime.redirect('https://auth.example.com/logout');
    expect(assign).toHaveBeenCalledWith('https://auth.example.com/logout');
    // The history entry keeps its state (routers store theirs there); only the address changes.
    runtime.replaceUrl('https://app.example.com/home');
    expect(replaceState).toHaveBeenCalledWith({ key: 'k1' }, '', 'https://app.example.com/home');
  });

  it('replaces no address where there is no page', () => {
    const runtime = createAuthRuntime({ userPoolId: 'us-east-1_A', userPoolClientId: 'c' });
    expect(() => runtime.replaceUrl('https://app.example.com/')).not.toThrow();
  });
});

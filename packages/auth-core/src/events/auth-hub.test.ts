import { describe, expect, it, vi } from 'vitest';
import { createAuthHub, toHubError } from './auth-hub.js';
import type { AuthHubCapsule } from './auth-hub.js';

describe('auth Hub', () => {
  it("delivers events as Amplify's capsule { channel, payload: { event }, source }", () => {
    const hub = createAuthHub();
    const seen: AuthHubCapsule[] = [];
    hub.listen('auth', (capsule) => seen.push(capsule));
    hub.dispatch('auth', { event: 'signedIn', data: { username: 'alice', userId: 'sub-1' } });
    expect(seen).toEqual([{ channel: 'auth', payload: { event: 'signedIn', data: { username: 'alice', userId: 'sub-1' } }, source: 'Auth' }]);
  });

  it('stops a listener when its stop function is called', () => {
    const hub = createAuthHub();
    const callback = vi.fn();
    const stop = hub.listen('auth', callback);
    hub.dispatch('auth', { event: 'tokenRefresh' });
    stop();
    hub.dispatch('auth', { event: 'signedOut' });
    expect(callback).toHaveBeenCalledTimes(1);
  });

  it('keeps delivering to other listeners when one throws', () => {
    const hub = createAuthHub();
    const second = vi.fn();
    hub.listen('auth', () => {
      throw new Error('listener bug');
    });
    hub.listen('auth', second);
    const reportError = vi.fn();
    vi.stubGlobal('reportError', reportError);
    try {
      expect(() => hub.dispatch('auth', { event: 'signedOut' })).not.toThrow();
    } finally {
      vi.unstubAllGlobals();
    }
    expect(second).toHaveBeenCalledTimes(1);
    expect(reportError).toHaveBeenCalledTimes(1);
  });

  it('keeps hubs isolated from each other', () => {
    const a = createAuthHub();
    const b = createAuthHub();
    const onB = vi.fn();
    b.listen('auth', onB);
    a.dispatch('auth', { event: 'signedOut' });
    expect(onB).not.toHaveBeenCalled();
  });

  it('refuses other channels', () => {
    expect(() => createAuthHub().listen('storage' as 'auth', () => undefined)).toThrow(TypeError);
  });

  it('passes a thrown Error to failure events as it is (as aws-amplify), and turns anything else into an UnknownError', () => {
    const error = Object.assign(new Error('m'), { name: 'X', recoverySuggestion: 'r' });
    expect(toHubError(error)).toBe(error);
    expect(toHubError('text')).toEqual({ name: 'UnknownError', message: 'text' });
  });
});

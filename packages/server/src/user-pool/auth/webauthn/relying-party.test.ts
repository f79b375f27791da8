import { describe, expect, it } from 'vitest';
import { isServiceError } from '../../../errors/catalogue.js';
import type { PoolRecord } from '../../pools/pool-repository.js';
import { allowedOrigin, ceremonyOrigin, defaultRelyingPartyId, managedLoginOrigins, relyingParty, type RelyingParty } from './relying-party.js';

const rp: RelyingParty = { id: 'steward.example.com', name: 'steward', userVerification: 'preferred', origins: [] };

const refused = (origin: string | undefined, party: RelyingParty = rp): boolean => {
  try {
    allowedOrigin(party, origin);
    return false;
  } catch (error) {
    return isServiceError(error, 'WebAuthnOriginNotAllowedException');
  }
};

describe('passkey origins', () => {
  it('accepts https origins on the relying-party domain and its subdomains', () => {
    expect(allowedOrigin(rp, 'https://steward.example.com')).toBe('https://steward.example.com');
    expect(allowedOrigin(rp, 'https://app.steward.example.com:8443')).toBe('https://app.steward.example.com:8443');
  });

  // Threat: a look-alike or plain-http site relaying a passkey ceremony.
  it('refuses other domains, suffix tricks, plain http and malformed origins', () => {
    for (const origin of ['https://evil.example.com', 'https://steward.example.com.evil.io', 'https://notsteward.example.com', 'http://steward.example.com', 'steward.example.com', undefined]) {
      expect(refused(origin), String(origin)).toBe(true);
    }
  });

  it('allows http only on the local machine, and honours an explicit allow-list', () => {
    expect(allowedOrigin({ ...rp, id: 'localhost' }, 'http://localhost:5173')).toBe('http://localhost:5173');
    expect(refused('https://app.steward.example.com', { ...rp, origins: ['https://steward.example.com'] })).toBe(true);
  });

  it('derives the RP id from PUBLIC_URL, using localhost for the loopback and any-interface defaults that browsers refuse as RP ids', () => {
    expect(defaultRelyingPartyId('https://steward.example.com:8443')).toBe('steward.example.com');
    for (const url of ['http://127.0.0.1:3000', 'http://0.0.0.0:3000', 'http://[::1]:3000', 'http://[::]:3000', 'http://localhost:3000']) {
      expect(defaultRelyingPartyId(url), url).toBe('localhost');
    }
    // Another machine's address stays as it is: no browser will use it, and localhost would be wrong.
    expect(defaultRelyingPartyId('http://10.0.0.5:3000')).toBe('10.0.0.5');
  });

  // The hosted login page runs its ceremonies on the managed-login origin (same RP id, its own origin).
  it('expects the hosted login page’s ceremonies on the managed-login origin only, whatever the pool lists for its apps', () => {
    const pool = { name: 'steward', webauthnConfiguration: { origins: ['https://steward.example.com'] } } as unknown as PoolRecord;
    const config = { publicUrl: 'https://steward.example.com' } as Parameters<typeof relyingParty>[0]['config'];
    const forApps = relyingParty({ config, caller: { kind: 'public' } }, pool);
    const forPage = relyingParty({ config, caller: { kind: 'managed-login', origin: 'https://auth.steward.example.com' } }, pool);
    expect(forApps.origins).toEqual(['https://steward.example.com']);
    expect(forPage.origins).toEqual(['https://auth.steward.example.com']);
    expect(allowedOrigin(forPage, 'https://auth.steward.example.com')).toBe('https://auth.steward.example.com');
    expect(refused('https://steward.example.com', forPage)).toBe(true);
    expect(refused('https://auth.steward.example.com', forApps)).toBe(true);
    // Still within the RP id: a managed-login origin on another domain cannot use the pool's passkeys.
    expect(refused('https://login.other.example', { ...forPage, origins: managedLoginOrigins('https://login.other.example') })).toBe(true);
  });

  it('takes a loopback managed-login address as localhost too, as the RP id does', () => {
    expect(managedLoginOrigins('https://localhost:3443')).toEqual(['https://localhost:3443']);
    expect(managedLoginOrigins('http://127.0.0.1:3443/')).toEqual(['http://127.0.0.1:3443', 'http://localhost:3443']);
    expect(managedLoginOrigins('https://[::1]')).toEqual(['https://[::1]', 'https://localhost']);
    expect(managedLoginOrigins('https://10.0.0.5:3443')).toEqual(['https://10.0.0.5:3443']);
  });

  it('reads the origin from clientDataJSON and ignores garbage', () => {
    const data = Buffer.from(JSON.stringify({ type: 'webauthn.get', origin: 'https://steward.example.com' })).toString('base64url');
    expect(ceremonyOrigin(data)).toBe('https://steward.example.com');
    expect(ceremonyOrigin('%%%')).toBeUndefined();
    expect(ceremonyOrigin(42)).toBeUndefined();
  });
});

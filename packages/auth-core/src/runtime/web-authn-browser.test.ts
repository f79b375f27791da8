import { describe, expect, it } from 'vitest';
import { PasskeyError } from '../errors/auth-errors.js';
import { bytesToBase64Url, createBrowserWebAuthn } from './web-authn-browser.js';
import type { CredentialsContainerLike } from './web-authn-browser.js';
import { parsePasskeyCreateOptions, parsePasskeyGetOptions } from './web-authn-options.js';

const enc = (text: string) => new TextEncoder().encode(text).buffer;

function fakeContainer(): CredentialsContainerLike & { lastCreate?: CredentialCreationOptions; lastGet?: CredentialRequestOptions } {
  const container: CredentialsContainerLike & { lastCreate?: CredentialCreationOptions; lastGet?: CredentialRequestOptions } = {
    create: async (options) => {
      container.lastCreate = options;
      return {
        id: 'cred-1',
        type: 'public-key',
        rawId: enc('raw-1'),
        authenticatorAttachment: 'platform',
        getClientExtensionResults: () => ({ credProps: { rk: true } }),
        response: {
          clientDataJSON: enc('{"type":"webauthn.create"}'),
          attestationObject: enc('att'),
          getTransports: () => ['internal'],
          getPublicKeyAlgorithm: () => -7,
          getPublicKey: () => null,
          getAuthenticatorData: () => enc('authdata'),
        },
      } as unknown as Credential;
    },
    get: async (options) => {
      container.lastGet = options;
      return {
        id: 'cred-1',
        type: 'public-key',
        rawId: enc('raw-1'),
        authenticatorAttachment: null,
        getClientExtensionResults: () => ({}),
        response: { clientDataJSON: enc('cd'), authenticatorData: enc('ad'), signature: enc('sig'), userHandle: enc('user-1') },
      } as unknown as Credential;
    },
  };
  return container;
}

describe('browser WebAuthn adapter', () => {
  it('turns JSON options into binary ones and the new credential into RegistrationResponseJSON', async () => {
    const container = fakeContainer();
    const port = createBrowserWebAuthn(container);
    const json = await port.create({
      challenge: bytesToBase64Url(enc('challenge')),
      rp: { id: 'example.com', name: 'Steward' },
      user: { id: bytesToBase64Url(enc('user-1')), name: 'alice', displayName: 'Alice' },
      pubKeyCredParams: [{ type: 'public-key', alg: -7 }],
      excludeCredentials: [{ type: 'public-key', id: bytesToBase64Url(enc('old')), transports: ['usb'] }],
      timeout: 60000,
    });
    const publicKey = container.lastCreate?.publicKey;
    expect(new TextDecoder().decode(publicKey?.challenge as Uint8Array)).toBe('challenge');
    expect(new TextDecoder().decode(publicKey?.user.id as Uint8Array)).toBe('user-1');
    expect(new TextDecoder().decode(publicKey?.excludeCredentials?.[0]?.id as Uint8Array)).toBe('old');
    expect(json).toEqual({
      id: 'cred-1',
      rawId: bytesToBase64Url(enc('raw-1')),
      type: 'public-key',
      authenticatorAttachment: 'platform',
      clientExtensionResults: { credProps: { rk: true } },
      response: {
        clientDataJSON: bytesToBase64Url(enc('{"type":"webauthn.create"}')),
        attestationObject: bytesToBase64Url(enc('att')),
        transports: ['internal'],
        authenticatorData: bytesToBase64Url(enc('authdata')),
        publicKeyAlgorithm: -7,
      },
    });
  });

  it('turns an assertion into AuthenticationResponseJSON', async () => {
    const container = fakeContainer();
    const json = await createBrowserWebAuthn(container).get({ challenge: bytesToBase64Url(enc('c2')), rpId: 'example.com', userVerification: 'required' });
    expect(container.lastGet?.publicKey?.rpId).toBe('example.com');
    expect(json.response).toEqual({
      clientDataJSON: bytesToBase64Url(enc('cd')),
      authenticatorData: bytesToBase64Url(enc('ad')),
      signature: bytesToBase64Url(enc('sig')),
      userHandle: bytesToBase64Url(enc('user-1')),
    });
    expect(json.authenticatorAttachment).toBeUndefined();
  });

  it('reports no support and throws NotSupportedError without navigator.credentials', async () => {
    const port = createBrowserWebAuthn(undefined);
    expect(port.isSupported()).toBe(false);
    await expect(port.get({ challenge: 'AA' })).rejects.toMatchObject({ name: 'NotSupportedError' });
  });
});

describe('passkey option parsing', () => {
  const valid = { challenge: 'Y2g', rp: { name: 'Steward' }, user: { id: 'dQ', name: 'a', displayName: 'A' }, pubKeyCredParams: [{ type: 'public-key', alg: -7 }] };

  it('accepts registration options as an object or JSON text', () => {
    expect(parsePasskeyCreateOptions(valid)).toEqual(valid);
    expect(parsePasskeyCreateOptions(JSON.stringify(valid))).toEqual(valid);
  });

  it('rejects incomplete registration options with InvalidPasskeyRegistrationOptions', () => {
    for (const bad of [undefined, '{', { ...valid, challenge: '' }, { ...valid, user: { id: 'x' } }, { ...valid, pubKeyCredParams: [] }]) {
      expect(() => parsePasskeyCreateOptions(bad)).toThrow(PasskeyError);
      try {
        parsePasskeyCreateOptions(bad);
      } catch (error) {
        expect((error as PasskeyError).name).toBe('InvalidPasskeyRegistrationOptions');
      }
    }
  });

  it('checks authentication options and rejects bad ones with InvalidPasskeyAuthenticationOptions', () => {
    expect(parsePasskeyGetOptions('{"challenge":"abc","rpId":"example.com"}')).toEqual({ challenge: 'abc', rpId: 'example.com' });
    expect(() => parsePasskeyGetOptions({ challenge: 'abc', allowCredentials: 'x' })).toThrow('Invalid passkey authentication options.');
  });
});

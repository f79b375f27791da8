import { describe, expect, it } from 'vitest';
import { createTestHarness, epochSeconds, makeAuthenticationResult } from '../../testing/test-runtime.js';
import type { PasskeyRegistrationResponseJson, WebAuthnPort } from '../runtime/web-authn-port.js';
import { storeAuthenticationResult } from '../tokens/authentication-result.js';
import { associateWebAuthnCredentialWith, deleteWebAuthnCredentialWith, listWebAuthnCredentialsWith } from './web-authn-credentials.js';

const CREATION_OPTIONS = {
  challenge: 'Y2hhbGxlbmdl',
  rp: { id: 'app.example.com', name: 'Steward' },
  user: { id: 'dXNlci0x', name: 'alice', displayName: 'alice' },
  pubKeyCredParams: [{ type: 'public-key', alg: -7 }],
};

const REGISTRATION: PasskeyRegistrationResponseJson = {
  id: 'cred',
  rawId: 'cred',
  type: 'public-key',
  clientExtensionResults: {},
  response: { clientDataJSON: 'cd', attestationObject: 'ao', transports: ['internal'] },
};

function fakeWebAuthn(behaviour: { supported?: boolean; fail?: string } = {}): WebAuthnPort & { created: unknown[] } {
  const created: unknown[] = [];
  return {
    created,
    isSupported: () => behaviour.supported ?? true,
    create: async (options) => {
      created.push(options);
      if (behaviour.fail) throw Object.assign(new Error(behaviour.fail), { name: behaviour.fail });
      return REGISTRATION;
    },
    get: async () => {
      throw new Error('not used');
    },
  };
}

async function signedIn(webAuthn: WebAuthnPort) {
  const harness = createTestHarness({ webAuthn });
  const tokens = await storeAuthenticationResult(harness.runtime, 'alice', makeAuthenticationResult({ iat: epochSeconds(harness.clock) }));
  return { ...harness, accessToken: tokens.accessToken.toString() };
}

describe('associateWebAuthnCredential', () => {
  it('starts registration, runs the ceremony with the options and completes with the credential', async () => {
    const webAuthn = fakeWebAuthn();
    const h = await signedIn(webAuthn);
    h.fake.on('StartWebAuthnRegistration', () => ({ CredentialCreationOptions: CREATION_OPTIONS }));
    h.fake.on('CompleteWebAuthnRegistration', () => ({}));
    await associateWebAuthnCredentialWith(h.runtime);
    expect(h.fake.problems).toEqual([]);
    expect(h.fake.callsTo('StartWebAuthnRegistration')[0]?.body).toEqual({ AccessToken: h.accessToken });
    expect(webAuthn.created).toEqual([CREATION_OPTIONS]);
    expect(h.fake.callsTo('CompleteWebAuthnRegistration')[0]?.body).toEqual({ AccessToken: h.accessToken, Credential: REGISTRATION });
  });

  it('throws PasskeyNotSupported without WebAuthn, before calling Cognito', async () => {
    const h = await signedIn(fakeWebAuthn({ supported: false }));
    await expect(associateWebAuthnCredentialWith(h.runtime)).rejects.toMatchObject({ name: 'PasskeyNotSupported' });
    expect(h.fake.calls).toEqual([]);
  });

  it('throws InvalidPasskeyRegistrationOptions for unusable options', async () => {
    const h = await signedIn(fakeWebAuthn());
    h.fake.on('StartWebAuthnRegistration', () => ({ CredentialCreationOptions: { challenge: 'x' } }));
    await expect(associateWebAuthnCredentialWith(h.runtime)).rejects.toMatchObject({ name: 'InvalidPasskeyRegistrationOptions' });
  });

  it.each([
    ['NotAllowedError', 'PasskeyRegistrationCanceled'],
    ['InvalidStateError', 'PasskeyAlreadyExists'],
    ['SecurityError', 'RelyingPartyMismatch'],
    ['AbortError', 'PasskeyOperationAborted'],
    ['UnknownError', 'PasskeyRegistrationFailed'],
  ])('maps a ceremony %s to %s and does not complete the registration', async (domName, expected) => {
    const h = await signedIn(fakeWebAuthn({ fail: domName }));
    h.fake.on('StartWebAuthnRegistration', () => ({ CredentialCreationOptions: CREATION_OPTIONS }));
    await expect(associateWebAuthnCredentialWith(h.runtime)).rejects.toMatchObject({ name: expected });
    expect(h.fake.callsTo('CompleteWebAuthnRegistration')).toHaveLength(0);
  });
});

describe('listWebAuthnCredentials and deleteWebAuthnCredential', () => {
  it('lists a page of passkeys in aws-amplify shape', async () => {
    const h = await signedIn(fakeWebAuthn());
    h.fake.on('ListWebAuthnCredentials', () => ({
      Credentials: [
        {
          CredentialId: 'c1',
          FriendlyCredentialName: 'Laptop',
          RelyingPartyId: 'app.example.com',
          AuthenticatorAttachment: 'platform',
          AuthenticatorTransports: ['internal'],
          CreatedAt: 1_700_000_000,
        },
      ],
      NextToken: 'more',
    }));
    const output = await listWebAuthnCredentialsWith(h.runtime, { pageSize: 5, nextToken: 'start' });
    expect(h.fake.callsTo('ListWebAuthnCredentials')[0]?.body).toEqual({ AccessToken: h.accessToken, MaxResults: 5, NextToken: 'start' });
    expect(output).toEqual({
      credentials: [
        {
          credentialId: 'c1',
          friendlyCredentialName: 'Laptop',
          relyingPartyId: 'app.example.com',
          authenticatorAttachment: 'platform',
          authenticatorTransports: ['internal'],
          createdAt: new Date(1_700_000_000_000),
        },
      ],
      nextToken: 'more',
    });
  });

  it('deletes a passkey by id', async () => {
    const h = await signedIn(fakeWebAuthn());
    h.fake.on('DeleteWebAuthnCredential', () => ({}));
    await deleteWebAuthnCredentialWith(h.runtime, { credentialId: 'c1' });
    expect(h.fake.callsTo('DeleteWebAuthnCredential')[0]?.body).toEqual({ AccessToken: h.accessToken, CredentialId: 'c1' });
  });
});

// Shared by the SDK-driven tests of the user-pool operations: AWS SDK v3 clients pointed at a test
// server (the admin credential, a forged signature, an unknown key) and the admin-only check every
// Admin* operation must pass.
import * as cognito from '@aws-sdk/client-cognito-identity-provider';
import { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { expect } from 'vitest';
import { TEST_ADMIN_CREDENTIALS, type TestServer } from '../harness.js';

/** SDK clients of one test server. */
export interface SdkClients {
  /** Signed with the admin credential. */
  readonly admin: CognitoIdentityProviderClient;
  /** The admin key id with a guessed secret. */
  readonly forged: CognitoIdentityProviderClient;
  /** A key the server does not know. */
  readonly stranger: CognitoIdentityProviderClient;
  destroy(): void;
}

/** The three SDK clients for `server`. */
export function sdkClients(server: TestServer): SdkClients {
  const common = { region: 'us-east-1', endpoint: server.url, maxAttempts: 1 };
  const admin = new CognitoIdentityProviderClient({ ...common, credentials: TEST_ADMIN_CREDENTIALS });
  const forged = new CognitoIdentityProviderClient({ ...common, credentials: { accessKeyId: TEST_ADMIN_CREDENTIALS.accessKeyId, secretAccessKey: 'guessed-secret' } });
  const stranger = new CognitoIdentityProviderClient({ ...common, credentials: { accessKeyId: 'AKIASTRANGER0000000', secretAccessKey: 'x' } });
  return {
    admin,
    forged,
    stranger,
    destroy() {
      admin.destroy();
      forged.destroy();
      stranger.destroy();
    },
  };
}

/** The error an SDK call failed with ({ name: 'no error' } when it succeeded). */
export async function sdkError(promise: Promise<unknown>): Promise<{ name: string; message: string }> {
  try {
    await promise;
  } catch (error) {
    return { name: (error as Error).name, message: (error as Error).message };
  }
  return { name: 'no error', message: '' };
}

/** The error name an SDK call failed with. */
export async function sdkErrorName(promise: Promise<unknown>): Promise<string> {
  return (await sdkError(promise)).name;
}

/**
 * Asserts `operation` is refused exactly as the other Admin* calls are: unsigned
 * (MissingAuthenticationTokenException, 403), a forged signature (InvalidSignatureException), an
 * unknown key (UnrecognizedClientException).
 */
export async function expectAdminOnly(server: TestServer, clients: SdkClients, operation: string, input: Record<string, unknown>): Promise<void> {
  const unsigned = await server.call(operation, input);
  expect(unsigned.status).toBe(403);
  expect(unsigned.body.__type).toBe('MissingAuthenticationTokenException');
  // The SDK's own command class for the operation, so the request is signed exactly as a back end's.
  const Command = (cognito as unknown as Record<string, (new (input: object) => object) | undefined>)[`${operation}Command`];
  if (Command === undefined) throw new Error(`the SDK has no ${operation}Command`);
  const command = (): Parameters<CognitoIdentityProviderClient['send']>[0] => new Command(input) as Parameters<CognitoIdentityProviderClient['send']>[0];
  expect(await sdkErrorName(clients.forged.send(command()))).toBe('InvalidSignatureException');
  expect(await sdkErrorName(clients.stranger.send(command()))).toBe('UnrecognizedClientException');
}

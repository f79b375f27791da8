import { describe, expect, it } from 'vitest';
import { isServiceError } from '../../../errors/catalogue.js';
import type { ClientRecord } from '../../pools/pool-repository.js';
import { assertFlowAllowed, assertSecretHash, secretHash } from './app-client-checks.js';

const client = (secret: string | null, flows: string[] = ['ALLOW_USER_SRP_AUTH', 'ALLOW_REFRESH_TOKEN_AUTH']): ClientRecord => ({
  id: 'client1',
  poolId: 'us-east-1_pool',
  name: 'c',
  secret,
  explicitAuthFlows: flows,
  callbackUrls: [],
  logoutUrls: [],
  accessTokenTtlSeconds: null,
  idTokenTtlSeconds: null,
  refreshTokenTtlSeconds: null,
  readAttributes: null,
  writeAttributes: null,
  enableTokenRevocation: true,
  preventUserExistenceErrors: true,
  allowedOAuthFlows: [],
  allowedOAuthScopes: [],
  allowedOAuthFlowsUserPoolClient: false,
  supportedIdentityProviders: [],
  refreshTokenRotation: { enabled: false, retryGracePeriodSeconds: 0 },
});

const thrown = (fn: () => void): unknown => {
  try {
    fn();
  } catch (error) {
    return error;
  }
  return undefined;
};

describe('app client checks', () => {
  it('computes SECRET_HASH as base64 HMAC-SHA256(secret, username + client id)', () => {
    // Independently computed: echo -n "aliceclient1" | openssl dgst -sha256 -hmac s3cret -binary | base64
    expect(secretHash('s3cret', 'alice', 'client1')).toBe('OLH8A5YiDq5WyVbgkLVAtm0hdL7P1QQ+z61K3T8oAEk=');
  });

  // Threat: a confidential client's flows used without its secret.
  it('requires the right SECRET_HASH from clients with a secret, and nothing from public ones', () => {
    expect(thrown(() => assertSecretHash(client(null), ['alice'], undefined))).toBeUndefined();
    expect(isServiceError(thrown(() => assertSecretHash(client('s3cret'), ['alice'], undefined)), 'NotAuthorizedException')).toBe(true);
    expect(isServiceError(thrown(() => assertSecretHash(client('s3cret'), ['alice'], secretHash('other', 'alice', 'client1'))), 'NotAuthorizedException')).toBe(true);
    expect(thrown(() => assertSecretHash(client('s3cret'), ['bob', 'alice'], secretHash('s3cret', 'alice', 'client1')))).toBeUndefined();
  });

  it('refuses flows the client does not allow, REFRESH_TOKEN following ALLOW_REFRESH_TOKEN_AUTH', () => {
    const error = thrown(() => assertFlowAllowed(client(null), 'USER_PASSWORD_AUTH'));
    expect(isServiceError(error, 'InvalidParameterException') && error.message).toBe('USER_PASSWORD_AUTH flow not enabled for this client');
    expect(thrown(() => assertFlowAllowed(client(null), 'REFRESH_TOKEN'))).toBeUndefined();
  });
});

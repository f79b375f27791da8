import {
  computePasswordAuthenticationKey,
  computeServerPasswordKey,
  createClientEphemeral,
  createServerEphemeral,
} from '@steward/auth-core/srp';
import { describe, expect, it } from 'vitest';
import { verifyPassword } from './password-hash.js';
import { derivePasswordSecrets } from './password-secrets.js';

describe('derivePasswordSecrets', () => {
  const poolId = 'us-east-1_AbCdEf123';

  it('stores a verifier with which the client and server derive the same SRP key for the right password only', async () => {
    const secrets = await derivePasswordSecrets(poolId, 'Grace', 'Corr3ct-Horse!');
    const client = createClientEphemeral();
    const server = createServerEphemeral({ verifierHex: secrets.srpVerifier });
    const serverKey = computeServerPasswordKey({ clientAHex: client.srpAHex, b: server.b, B: server.B, verifierHex: secrets.srpVerifier });
    const keyFor = (password: string) =>
      computePasswordAuthenticationKey({ poolName: 'AbCdEf123', username: 'Grace', password, saltHex: secrets.srpSalt, serverBHex: server.srpBHex, a: client.a, A: client.A });
    expect(Buffer.from(keyFor('Corr3ct-Horse!')).toString('hex')).toBe(Buffer.from(serverKey).toString('hex'));
    expect(Buffer.from(keyFor('Wrong-Horse!1')).toString('hex')).not.toBe(Buffer.from(serverKey).toString('hex'));
  });

  it('salts every verifier and hash afresh', async () => {
    const [a, b] = await Promise.all([derivePasswordSecrets(poolId, 'u', 'Same-Passw0rd!'), derivePasswordSecrets(poolId, 'u', 'Same-Passw0rd!')]);
    expect(a.srpSalt).not.toBe(b.srpSalt);
    expect(a.srpVerifier).not.toBe(b.srpVerifier);
    expect(a.passwordHash).not.toBe(b.passwordHash);
  });

  it('keeps a scrypt hash that accepts only the password', async () => {
    const { passwordHash } = await derivePasswordSecrets(poolId, 'u', 'Same-Passw0rd!');
    expect(await verifyPassword('Same-Passw0rd!', passwordHash)).toBe(true);
    expect(await verifyPassword('same-Passw0rd!', passwordHash)).toBe(false);
    expect(await verifyPassword('Same-Passw0rd!', 'garbage')).toBe(false);
    expect(await verifyPassword('Same-Passw0rd!', null)).toBe(false);
  });
});

import { createPrivateKey } from 'node:crypto';
import { exportJWK, generateKeyPair, importJWK, jwtVerify, SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { signRs256Jwt } from './jwt-sign.js';

describe('RS256 JWTs signed with node:crypto', () => {
  it('are byte for byte the tokens jose signs with the same key, header and claims', async () => {
    const { privateKey, publicKey } = await generateKeyPair('RS256', { modulusLength: 2048, extractable: true });
    const jwk = await exportJWK(privateKey);
    const claims = { sub: 'b1c2', 'cognito:groups': ['admins'], iss: 'http://localhost/eu-west-1_x', token_use: 'id', email: 'é@example.com', exp: 2_000_000_000, iat: 1_999_999_000 };
    const header = { alg: 'RS256', kid: 'kid-1' } as const;
    const ours = signRs256Jwt(header, claims, createPrivateKey({ key: jwk, format: 'jwk' }));
    const theirs = await new SignJWT(claims).setProtectedHeader(header).sign(await importJWK(jwk, 'RS256'));
    expect(ours).toBe(theirs);
    const { payload, protectedHeader } = await jwtVerify(ours, publicKey, { currentDate: new Date(1_999_999_500_000) });
    expect(protectedHeader).toEqual(header);
    expect(payload).toEqual(claims);
  });
});

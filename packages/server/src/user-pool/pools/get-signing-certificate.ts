import { createPublicKey } from 'node:crypto';
import { generate } from 'selfsigned';
import { defineOperation } from '../operations/operation.js';
import { object, userPoolIdSchema } from '../wire/input-schema.js';
import { requirePool } from './pool-repository.js';

const TEN_YEARS_MS = 10 * 365 * 24 * 3600 * 1000;

/**
 * GetSigningCertificate: an X.509 certificate (base64 DER, a PEM's body) for the key the pool signs
 * with — the server's active RS256 key, the one its JWKS publishes — self-signed by that key, with
 * the pool's id as its subject, valid ten years, as Cognito's SAML signing certificates are.
 */
export const getSigningCertificate = defineOperation('GetSigningCertificate', object({ UserPoolId: userPoolIdSchema }), { access: 'admin' })
  .step('pool', (ctx, i) => requirePool(ctx.db, i.UserPoolId))
  .step('key', (ctx) => ctx.tokens.keys.activeKey())
  .step('certificate', async (ctx, _i, s) => {
    const privateKey = s.key.signingKey.export({ format: 'pem', type: 'pkcs8' }).toString();
    const publicKey = createPublicKey(s.key.signingKey).export({ format: 'pem', type: 'spki' }).toString();
    const now = ctx.clock.now();
    const pems = await generate([{ name: 'commonName', value: s.pool.id }], {
      keyPair: { privateKey, publicKey },
      algorithm: 'sha256',
      notBeforeDate: new Date(now.getTime() - 60_000),
      notAfterDate: new Date(now.getTime() + TEN_YEARS_MS),
      extensions: [
        { name: 'basicConstraints', cA: false },
        { name: 'keyUsage', digitalSignature: true, critical: true },
      ],
    });
    return pems.cert.replace(/-----(BEGIN|END) CERTIFICATE-----/g, '').replace(/\s+/g, '');
  })
  .respond((_ctx, _i, s) => ({ Certificate: s.certificate }));

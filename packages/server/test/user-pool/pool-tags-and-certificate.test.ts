// TagResource, UntagResource, ListTagsForResource and GetSigningCertificate through the AWS SDK v3
// client, on PGlite and PostgreSQL.
import { X509Certificate } from 'node:crypto';
import {
  CreateUserPoolCommand,
  DescribeUserPoolCommand,
  GetSigningCertificateCommand,
  ListTagsForResourceCommand,
  TagResourceCommand,
  UntagResourceCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_TEST_ENV } from '../auth/auth-fixtures.js';
import { BOTH_DATABASES, startTestServer, type TestServer } from '../harness.js';
import { expectAdminOnly, sdkClients, sdkError, type SdkClients } from './sdk-fixtures.js';

describe.each(BOTH_DATABASES)('pool tags and signing certificate on %s', (database) => {
  let server: TestServer;
  let sdk: SdkClients;
  let poolId: string;
  let arn: string;

  beforeAll(async () => {
    server = await startTestServer({ database, env: AUTH_TEST_ENV });
    sdk = sdkClients(server);
    const { UserPool } = await sdk.admin.send(new CreateUserPoolCommand({ PoolName: 'tagged', UserPoolTags: { owner: 'ops' } }));
    poolId = UserPool?.Id ?? '';
    arn = UserPool?.Arn ?? '';
  });
  afterAll(async () => {
    sdk.destroy();
    await server.close();
  });

  it('tags, lists and untags a pool by its ARN; DescribeUserPool shows the same tags', async () => {
    await expectAdminOnly(server, sdk, 'TagResource', { ResourceArn: arn, Tags: { a: 'b' } });
    await expectAdminOnly(server, sdk, 'ListTagsForResource', { ResourceArn: arn });
    expect((await sdk.admin.send(new ListTagsForResourceCommand({ ResourceArn: arn }))).Tags).toEqual({ owner: 'ops' });
    await sdk.admin.send(new TagResourceCommand({ ResourceArn: arn, Tags: { owner: 'platform', cost: '42' } }));
    expect((await sdk.admin.send(new ListTagsForResourceCommand({ ResourceArn: arn }))).Tags).toEqual({ owner: 'platform', cost: '42' });
    await sdk.admin.send(new UntagResourceCommand({ ResourceArn: arn, TagKeys: ['owner', 'not-there'] }));
    expect((await sdk.admin.send(new ListTagsForResourceCommand({ ResourceArn: arn }))).Tags).toEqual({ cost: '42' });
    expect((await sdk.admin.send(new DescribeUserPoolCommand({ UserPoolId: poolId }))).UserPool?.UserPoolTags).toEqual({ cost: '42' });
    const audited = await server.db.query<{ n: number }>("SELECT count(*)::int AS n FROM audit_log WHERE action = 'admin.pool.tags_changed' AND record_id = $1", [poolId]);
    expect(audited[0]?.n).toBe(2);
  });

  it('keeps at most 50 tags, and refuses an unknown ARN with ResourceNotFoundException', async () => {
    const { UserPool } = await sdk.admin.send(new CreateUserPoolCommand({ PoolName: 'many tags' }));
    const many = UserPool?.Arn ?? '';
    await sdk.admin.send(new TagResourceCommand({ ResourceArn: many, Tags: Object.fromEntries(Array.from({ length: 50 }, (_, n) => [`k${n}`, 'v'])) }));
    const over = await sdkError(sdk.admin.send(new TagResourceCommand({ ResourceArn: many, Tags: { one: 'more' } })));
    expect(over.name).toBe('InvalidParameterException');
    expect(Object.keys((await sdk.admin.send(new ListTagsForResourceCommand({ ResourceArn: many }))).Tags ?? {})).toHaveLength(50);
    // Replacing an existing tag's value is no new tag.
    await sdk.admin.send(new TagResourceCommand({ ResourceArn: many, Tags: { k0: 'changed' } }));

    const missing = arn.replace(poolId, 'us-east-1_Missing12');
    expect((await sdkError(sdk.admin.send(new ListTagsForResourceCommand({ ResourceArn: missing })))).name).toBe('ResourceNotFoundException');
    expect((await sdkError(sdk.admin.send(new TagResourceCommand({ ResourceArn: 'arn:aws:cognito-idp:us-east-1:999999999999:userpool/' + poolId, Tags: { a: 'b' } })))).name).toBe('ResourceNotFoundException');
    expect((await sdkError(sdk.admin.send(new TagResourceCommand({ ResourceArn: 'arn:aws:s3:us-east-1:000000000000:bucket/x', Tags: { a: 'b' } })))).name).toBe('ResourceNotFoundException');
    expect((await sdkError(sdk.admin.send(new UntagResourceCommand({ ResourceArn: missing, TagKeys: ['a'] })))).name).toBe('ResourceNotFoundException');
    expect((await sdkError(sdk.admin.send(new TagResourceCommand({ ResourceArn: arn, Tags: { 'aws:reserved': 'x' } })))).name).toBe('InvalidParameterException');
  });

  it("answers a self-signed X.509 certificate whose public key is the pool's JWKS signing key", async () => {
    await expectAdminOnly(server, sdk, 'GetSigningCertificate', { UserPoolId: poolId });
    const { Certificate } = await sdk.admin.send(new GetSigningCertificateCommand({ UserPoolId: poolId }));
    expect(Certificate).toMatch(/^[A-Za-z0-9+/]+=*$/);
    const certificate = new X509Certificate(Buffer.from(Certificate ?? '', 'base64'));
    expect(certificate.subject).toContain(`CN=${poolId}`);
    expect(certificate.verify(certificate.publicKey)).toBe(true);
    expect(new Date(certificate.validTo).getTime()).toBeGreaterThan(Date.now() + 5 * 365 * 24 * 3600 * 1000);

    const jwks = (await (await fetch(`${server.url}/${poolId}/.well-known/jwks.json`)).json()) as { keys: { n: string; e: string; kid: string }[] };
    const certificateKey = certificate.publicKey.export({ format: 'jwk' }) as { n: string; e: string };
    const signingKid = (await server.app.steward.tokens.keys.activeKey()).kid;
    expect(jwks.keys.some((k) => k.n === certificateKey.n && k.e === certificateKey.e && k.kid === signingKid)).toBe(true);
    expect((await sdkError(sdk.admin.send(new GetSigningCertificateCommand({ UserPoolId: 'us-east-1_Missing34' })))).name).toBe('ResourceNotFoundException');
  });
});

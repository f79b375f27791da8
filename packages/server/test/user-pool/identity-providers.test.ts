// CreateIdentityProvider, DescribeIdentityProvider, UpdateIdentityProvider, DeleteIdentityProvider,
// ListIdentityProviders, GetIdentityProviderByIdentifier, AdminLinkProviderForUser and
// AdminDisableProviderForUser through the AWS SDK v3 client, on PGlite and PostgreSQL.
import {
  AdminDisableProviderForUserCommand,
  AdminGetUserCommand,
  AdminLinkProviderForUserCommand,
  CreateIdentityProviderCommand,
  CreateUserPoolClientCommand,
  DeleteIdentityProviderCommand,
  DescribeIdentityProviderCommand,
  GetIdentityProviderByIdentifierCommand,
  ListIdentityProvidersCommand,
  UpdateIdentityProviderCommand,
  UpdateUserPoolClientCommand,
  type CreateIdentityProviderCommandInput,
} from '@aws-sdk/client-cognito-identity-provider';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resealStoredSecrets } from '../../src/sealing/reseal-stored-secrets.js';
import { SecretBox } from '../../src/sealing/secret-box.js';
import { insertPool } from '../../src/user-pool/pools/pool-repository.js';
import { entriesOf } from '../audit/audit-fixtures.js';
import { CALLBACK, authorizeUrl, createOAuthClient, pkcePair } from '../oauth/oauth-fixtures.js';
import { AUTH_TEST_ENV, createTestUser } from '../auth/auth-fixtures.js';
import { BOTH_DATABASES, startTestServer, type TestServer } from '../harness.js';
import { expectAdminOnly, sdkClients, sdkError, type SdkClients } from './sdk-fixtures.js';

const OIDC_SECRET = 'oidc-client-secret-5f1c0b7e9a';
const APPLE_KEY = '-----BEGIN PRIVATE KEY-----\nMIGTAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBHkwdwIBAQQgapplekeyexample\n-----END PRIVATE KEY-----';
const SAML_METADATA = '<md:EntityDescriptor xmlns:md="urn:oasis:names:tc:SAML:2.0:metadata" entityID="https://idp.example.com"></md:EntityDescriptor>';

describe.each(BOTH_DATABASES)('identity providers on %s', (database) => {
  let server: TestServer;
  let sdk: SdkClients;
  let poolCount = 0;

  /** A fresh pool per test, so lists and names do not collide. */
  async function freshPool(): Promise<string> {
    poolCount += 1;
    const id = `us-east-1_Idp${database === 'pglite' ? 'L' : 'P'}${poolCount}`;
    await insertPool(server.db, { id, name: `idp pool ${poolCount}` }, server.clock.now());
    return id;
  }

  function oidc(poolId: string, name = 'Corp', more: Partial<CreateIdentityProviderCommandInput> = {}): CreateIdentityProviderCommandInput {
    return {
      UserPoolId: poolId,
      ProviderName: name,
      ProviderType: 'OIDC',
      ProviderDetails: { client_id: 'corp-client', client_secret: OIDC_SECRET, attributes_request_method: 'GET', oidc_issuer: 'https://login.corp.example', authorize_scopes: 'openid email' },
      AttributeMapping: { email: 'email', username: 'sub' },
      ...more,
    };
  }

  beforeAll(async () => {
    server = await startTestServer({ database, env: AUTH_TEST_ENV });
    sdk = sdkClients(server);
  });
  afterAll(async () => {
    sdk.destroy();
    await server.close();
  });

  it('creates an OIDC provider and describes it with its details, mapping and identifiers', async () => {
    const poolId = await freshPool();
    const created = await sdk.admin.send(new CreateIdentityProviderCommand(oidc(poolId, 'Corp', { IdpIdentifiers: ['corp.example'] })));
    expect(created.IdentityProvider).toMatchObject({
      UserPoolId: poolId,
      ProviderName: 'Corp',
      ProviderType: 'OIDC',
      ProviderDetails: { client_id: 'corp-client', client_secret: OIDC_SECRET, oidc_issuer: 'https://login.corp.example' },
      AttributeMapping: { email: 'email', username: 'sub' },
      IdpIdentifiers: ['corp.example'],
    });
    expect(created.IdentityProvider?.CreationDate).toBeInstanceOf(Date);
    const described = await sdk.admin.send(new DescribeIdentityProviderCommand({ UserPoolId: poolId, ProviderName: 'Corp' }));
    expect(described.IdentityProvider).toEqual(created.IdentityProvider);
    expect((await sdkError(sdk.admin.send(new DescribeIdentityProviderCommand({ UserPoolId: poolId, ProviderName: 'Nobody' })))).name).toBe('ResourceNotFoundException');
  });

  it('refuses a second provider of the same name with DuplicateProviderException', async () => {
    const poolId = await freshPool();
    await sdk.admin.send(new CreateIdentityProviderCommand(oidc(poolId)));
    expect((await sdkError(sdk.admin.send(new CreateIdentityProviderCommand(oidc(poolId))))).name).toBe('DuplicateProviderException');
  });

  it("checks ProviderDetails as Cognito does: each type's required keys, https URLs, SAML metadata, social names", async () => {
    const poolId = await freshPool();
    const refused = async (input: CreateIdentityProviderCommandInput): Promise<string> => {
      const error = await sdkError(sdk.admin.send(new CreateIdentityProviderCommand(input)));
      expect(error.name).toBe('InvalidParameterException');
      return error.message;
    };
    expect(await refused({ UserPoolId: poolId, ProviderName: 'Google', ProviderType: 'Google', ProviderDetails: { client_id: 'x', authorize_scopes: 'email' } })).toContain('client_secret');
    expect(await refused({ UserPoolId: poolId, ProviderName: 'MyGoogle', ProviderType: 'Google', ProviderDetails: { client_id: 'x', client_secret: 'y', authorize_scopes: 'email' } })).toContain(
      'must be named Google',
    );
    expect(await refused(oidc(poolId, 'Plain', { ProviderDetails: { client_id: 'c', client_secret: 's', attributes_request_method: 'GET', oidc_issuer: 'http://corp.example', authorize_scopes: 'openid' } }))).toContain(
      'https',
    );
    expect(await refused(oidc(poolId, 'Verb', { ProviderDetails: { client_id: 'c', client_secret: 's', attributes_request_method: 'PUT', oidc_issuer: 'https://corp.example', authorize_scopes: 'openid' } }))).toContain(
      'GET or POST',
    );
    expect(await refused(oidc(poolId, 'Half', { ProviderDetails: { client_id: 'c', client_secret: 's', attributes_request_method: 'GET', oidc_issuer: 'https://corp.example', authorize_scopes: 'openid', token_url: 'https://corp.example/t' } }))).toContain(
      'all of',
    );
    expect(await refused({ UserPoolId: poolId, ProviderName: 'Saml', ProviderType: 'SAML', ProviderDetails: { IDPSignout: 'true' } })).toContain('MetadataFile');
    expect(await refused({ UserPoolId: poolId, ProviderName: 'Saml', ProviderType: 'SAML', ProviderDetails: { MetadataFile: SAML_METADATA, MetadataURL: 'https://idp.example.com/m' } })).toContain('exactly one');
    expect(await refused({ UserPoolId: poolId, ProviderName: 'Saml', ProviderType: 'SAML', ProviderDetails: { MetadataFile: SAML_METADATA, Surprise: 'x' } })).toContain('Surprise');
    expect(await refused(oidc(poolId, 'COGNITO'))).toContain('reserved');
    expect(await refused(oidc(poolId, 'Mapped', { AttributeMapping: { 'custom:nothing': 'x' } }))).toContain('custom:nothing');

    const saml = await sdk.admin.send(new CreateIdentityProviderCommand({ UserPoolId: poolId, ProviderName: 'Saml', ProviderType: 'SAML', ProviderDetails: { MetadataFile: SAML_METADATA, IDPSignout: 'true' } }));
    expect(saml.IdentityProvider?.ProviderDetails).toEqual({ MetadataFile: SAML_METADATA, IDPSignout: 'true' });
    for (const type of ['Facebook', 'LoginWithAmazon'] as const) {
      const social = await sdk.admin.send(new CreateIdentityProviderCommand({ UserPoolId: poolId, ProviderName: type, ProviderType: type, ProviderDetails: { client_id: 'id', client_secret: 'secret', authorize_scopes: 'email' } }));
      expect(social.IdentityProvider?.ProviderType).toBe(type);
    }
  });

  it("keeps Sign in with Apple's private key out of every answer, and an update that leaves it out keeps it", async () => {
    const poolId = await freshPool();
    const details = { client_id: 'com.example.app', team_id: 'TEAM123456', key_id: 'KEY1234567', private_key: APPLE_KEY, authorize_scopes: 'email name' };
    const created = await sdk.admin.send(new CreateIdentityProviderCommand({ UserPoolId: poolId, ProviderName: 'SignInWithApple', ProviderType: 'SignInWithApple', ProviderDetails: details }));
    expect(created.IdentityProvider?.ProviderDetails).toEqual({ authorize_scopes: 'email name', client_id: 'com.example.app', key_id: 'KEY1234567', team_id: 'TEAM123456' });
    // Describe → change a member → update, as an administrator would: the key is not sent back.
    const described = (await sdk.admin.send(new DescribeIdentityProviderCommand({ UserPoolId: poolId, ProviderName: 'SignInWithApple' }))).IdentityProvider?.ProviderDetails ?? {};
    const updated = await sdk.admin.send(new UpdateIdentityProviderCommand({ UserPoolId: poolId, ProviderName: 'SignInWithApple', ProviderDetails: { ...described, key_id: 'KEY7654321' } }));
    expect(updated.IdentityProvider?.ProviderDetails?.key_id).toBe('KEY7654321');
    expect(updated.IdentityProvider?.ProviderDetails?.private_key).toBeUndefined();
    const sealed = await server.db.query<{ sealed_secrets: string }>('SELECT sealed_secrets FROM identity_providers WHERE pool_id = $1', [poolId]);
    const box = new SecretBox(server.config.dataSealingSecret);
    const row = await server.db.query<{ id: string }>('SELECT id FROM identity_providers WHERE pool_id = $1', [poolId]);
    expect(JSON.parse(box.open(`identity-provider:${row[0]?.id ?? ''}`, sealed[0]?.sealed_secrets ?? ''))).toEqual({ private_key: APPLE_KEY });
    const badScopes = await sdkError(sdk.admin.send(new UpdateIdentityProviderCommand({ UserPoolId: poolId, ProviderName: 'SignInWithApple', ProviderDetails: { ...described, authorize_scopes: 'email openid' } })));
    expect(badScopes.name).toBe('InvalidParameterException');
  });

  it('stores client_secret and private_key sealed: the database holds neither in clear', async () => {
    // Threat: a stolen database dump (or a read-only SQL user) must not hand over the pool's
    // federation credentials, with which an attacker could impersonate the pool to the IdP.
    const poolId = await freshPool();
    await sdk.admin.send(new CreateIdentityProviderCommand(oidc(poolId)));
    await sdk.admin.send(
      new CreateIdentityProviderCommand({ UserPoolId: poolId, ProviderName: 'SignInWithApple', ProviderType: 'SignInWithApple', ProviderDetails: { client_id: 'a', team_id: 't', key_id: 'k', private_key: APPLE_KEY, authorize_scopes: 'email' } }),
    );
    const rows = await server.db.query<{ row: string }>('SELECT row_to_json(p)::text AS row FROM identity_providers p WHERE pool_id = $1', [poolId]);
    expect(rows).toHaveLength(2);
    for (const { row } of rows) {
      expect(row).not.toContain(OIDC_SECRET);
      expect(row).not.toContain('apple' + 'keyexample');
      expect(row).toContain('sealed.v1.');
    }
    // The sealed value is bound to its row: copied onto another provider it does not open.
    const [a, b] = await server.db.query<{ id: string; sealed_secrets: string }>('SELECT id, sealed_secrets FROM identity_providers WHERE pool_id = $1 ORDER BY name', [poolId]);
    await server.db.query('UPDATE identity_providers SET sealed_secrets = $2 WHERE id = $1', [b?.id, a?.sealed_secrets]);
    expect((await sdkError(sdk.admin.send(new DescribeIdentityProviderCommand({ UserPoolId: poolId, ProviderName: 'SignInWithApple' })))).name).toBe('InternalErrorException');
    await server.db.query('UPDATE identity_providers SET sealed_secrets = $2 WHERE id = $1', [b?.id, b?.sealed_secrets]);
    // Start-up re-sealing treats the column as its own: nothing to do when sealed under the current key,
    // and a rotated DATA_SEALING_SECRET re-seals it (then back, so the server's own secret opens it again).
    const current = server.config.dataSealingSecret;
    const rotated = 'a-rotated-data-sealing-secret-of-32-characters-or-more';
    expect(await resealStoredSecrets(server.db, new SecretBox(current))).toBe(0);
    expect(await resealStoredSecrets(server.db, new SecretBox(rotated, [current]))).toBeGreaterThanOrEqual(2);
    const [resealed] = await server.db.query<{ id: string; sealed_secrets: string }>("SELECT id, sealed_secrets FROM identity_providers WHERE pool_id = $1 AND name = 'Corp'", [poolId]);
    expect(JSON.parse(new SecretBox(rotated).open(`identity-provider:${resealed?.id ?? ''}`, resealed?.sealed_secrets ?? ''))).toEqual({ client_secret: OIDC_SECRET });
    await resealStoredSecrets(server.db, new SecretBox(current, [rotated]));
    expect((await sdk.admin.send(new DescribeIdentityProviderCommand({ UserPoolId: poolId, ProviderName: 'Corp' }))).IdentityProvider?.ProviderDetails?.client_secret).toBe(OIDC_SECRET);
    // The audit trail records which members are sealed, never their values.
    const entries = await entriesOf(server, 'admin.identity_provider.created');
    expect(JSON.stringify(entries)).not.toContain(OIDC_SECRET);
    expect(entries.at(-1)?.record).toEqual({ type: 'identity_provider', id: `${poolId}/SignInWithApple` });
  });

  it('lists providers by name, MaxResults at a time, with NextToken', async () => {
    const poolId = await freshPool();
    for (const name of ['Charlie', 'Alpha', 'Bravo']) await sdk.admin.send(new CreateIdentityProviderCommand(oidc(poolId, name)));
    const first = await sdk.admin.send(new ListIdentityProvidersCommand({ UserPoolId: poolId, MaxResults: 2 }));
    expect(first.Providers?.map((p) => p.ProviderName)).toEqual(['Alpha', 'Bravo']);
    expect(first.Providers?.[0]).toMatchObject({ ProviderType: 'OIDC' });
    expect(first.Providers?.[0]?.CreationDate).toBeInstanceOf(Date);
    const second = await sdk.admin.send(new ListIdentityProvidersCommand({ UserPoolId: poolId, MaxResults: 2, NextToken: first.NextToken }));
    expect(second.Providers?.map((p) => p.ProviderName)).toEqual(['Charlie']);
    expect(second.NextToken).toBeUndefined();
    expect((await sdkError(sdk.admin.send(new ListIdentityProvidersCommand({ UserPoolId: poolId, NextToken: 'not a token' })))).name).toBe('InvalidParameterException');
  });

  it('finds a provider by IdpIdentifier; identifiers are unique in the pool and follow updates', async () => {
    const poolId = await freshPool();
    await sdk.admin.send(new CreateIdentityProviderCommand(oidc(poolId, 'One', { IdpIdentifiers: ['one.example', 'shared'] })));
    expect((await sdk.admin.send(new GetIdentityProviderByIdentifierCommand({ UserPoolId: poolId, IdpIdentifier: 'shared' }))).IdentityProvider?.ProviderName).toBe('One');
    expect((await sdkError(sdk.admin.send(new CreateIdentityProviderCommand(oidc(poolId, 'Two', { IdpIdentifiers: ['shared'] }))))).name).toBe('DuplicateProviderException');
    // The refused create left nothing behind.
    expect((await sdkError(sdk.admin.send(new DescribeIdentityProviderCommand({ UserPoolId: poolId, ProviderName: 'Two' })))).name).toBe('ResourceNotFoundException');
    await sdk.admin.send(new UpdateIdentityProviderCommand({ UserPoolId: poolId, ProviderName: 'One', IdpIdentifiers: ['one.example'] }));
    expect((await sdkError(sdk.admin.send(new GetIdentityProviderByIdentifierCommand({ UserPoolId: poolId, IdpIdentifier: 'shared' })))).name).toBe('ResourceNotFoundException');
    await sdk.admin.send(new CreateIdentityProviderCommand(oidc(poolId, 'Two', { IdpIdentifiers: ['shared'] })));
    expect((await sdk.admin.send(new GetIdentityProviderByIdentifierCommand({ UserPoolId: poolId, IdpIdentifier: 'shared' }))).IdentityProvider?.ProviderName).toBe('Two');
    const repeated = await sdkError(sdk.admin.send(new CreateIdentityProviderCommand(oidc(poolId, 'Three', { IdpIdentifiers: ['x', 'x'] }))));
    expect(repeated.name).toBe('InvalidParameterException');
  });

  it('updates only the members given and keeps the client secret when ProviderDetails are left out', async () => {
    const poolId = await freshPool();
    await sdk.admin.send(new CreateIdentityProviderCommand(oidc(poolId)));
    const updated = await sdk.admin.send(new UpdateIdentityProviderCommand({ UserPoolId: poolId, ProviderName: 'Corp', AttributeMapping: { email: 'mail' } }));
    expect(updated.IdentityProvider).toMatchObject({ AttributeMapping: { email: 'mail' }, ProviderDetails: { client_secret: OIDC_SECRET, client_id: 'corp-client' } });
    const missing = await sdkError(sdk.admin.send(new UpdateIdentityProviderCommand({ UserPoolId: poolId, ProviderName: 'Corp', ProviderDetails: { client_id: 'only-this' } })));
    expect(missing).toMatchObject({ name: 'InvalidParameterException' });
    expect((await sdkError(sdk.admin.send(new UpdateIdentityProviderCommand({ UserPoolId: poolId, ProviderName: 'Nobody', AttributeMapping: {} })))).name).toBe('ResourceNotFoundException');
    expect((await entriesOf(server, 'admin.identity_provider.updated')).at(-1)?.changes?.attributeMapping).toEqual({ before: { email: 'email', username: 'sub' }, after: { email: 'mail' } });
  });

  it("lets app clients name the pool's providers in SupportedIdentityProviders, and keeps a named provider from being deleted", async () => {
    const poolId = await freshPool();
    const unknown = await sdkError(sdk.admin.send(new CreateUserPoolClientCommand({ UserPoolId: poolId, ClientName: 'web', SupportedIdentityProviders: ['COGNITO', 'Corp'] })));
    expect(unknown.name).toBe('InvalidParameterException');
    await sdk.admin.send(new CreateIdentityProviderCommand(oidc(poolId)));
    const client = await sdk.admin.send(new CreateUserPoolClientCommand({ UserPoolId: poolId, ClientName: 'web', SupportedIdentityProviders: ['COGNITO', 'Corp'] }));
    expect(client.UserPoolClient?.SupportedIdentityProviders).toEqual(['COGNITO', 'Corp']);
    const refused = await sdkError(sdk.admin.send(new DeleteIdentityProviderCommand({ UserPoolId: poolId, ProviderName: 'Corp' })));
    expect(refused.name).toBe('InvalidParameterException');
    expect(refused.message).toContain(client.UserPoolClient?.ClientId ?? 'missing');
    await sdk.admin.send(new UpdateUserPoolClientCommand({ UserPoolId: poolId, ClientId: client.UserPoolClient?.ClientId, SupportedIdentityProviders: ['COGNITO'] }));
    await sdk.admin.send(new DeleteIdentityProviderCommand({ UserPoolId: poolId, ProviderName: 'Corp' }));
    expect((await sdkError(sdk.admin.send(new DescribeIdentityProviderCommand({ UserPoolId: poolId, ProviderName: 'Corp' })))).name).toBe('ResourceNotFoundException');
    expect((await sdkError(sdk.admin.send(new DeleteIdentityProviderCommand({ UserPoolId: poolId, ProviderName: 'Corp' })))).name).toBe('ResourceNotFoundException');
    expect((await entriesOf(server, 'admin.identity_provider.deleted')).at(-1)?.record).toEqual({ type: 'identity_provider', id: `${poolId}/Corp` });
  });

  it("links a federated identity to a user, shows it in the user's identities, and unlinks it", async () => {
    const poolId = server.pool.userPoolId;
    await sdk.admin.send(
      new CreateIdentityProviderCommand({ UserPoolId: poolId, ProviderName: 'Google', ProviderType: 'Google', ProviderDetails: { client_id: 'g', client_secret: 'gs', authorize_scopes: 'email openid' } }),
    );
    const user = await createTestUser(server, { mfa: 'none' });
    const link = (value: string, attributeName = 'Cognito_Subject') =>
      sdk.admin.send(
        new AdminLinkProviderForUserCommand({
          UserPoolId: poolId,
          DestinationUser: { ProviderName: 'Cognito', ProviderAttributeValue: user.username },
          SourceUser: { ProviderName: 'Google', ProviderAttributeName: attributeName, ProviderAttributeValue: value },
        }),
      );
    await link('109876543210');
    const got = await sdk.admin.send(new AdminGetUserCommand({ UserPoolId: poolId, Username: user.username }));
    const identities = JSON.parse(got.UserAttributes?.find((a) => a.Name === 'identities')?.Value ?? '[]') as Record<string, unknown>[];
    expect(identities).toEqual([{ userId: '109876543210', providerName: 'Google', providerType: 'Google', issuer: null, primary: false, dateCreated: expect.any(Number) as number }]);
    expect((await entriesOf(server, 'admin.user.provider_linked')).at(-1)).toMatchObject({ subject: { sub: user.sub }, details: { provider: 'Google' } });

    // One provider identity belongs to one user; social identities are named by Cognito_Subject.
    const other = await createTestUser(server, { mfa: 'none' });
    const again = await sdkError(
      sdk.admin.send(
        new AdminLinkProviderForUserCommand({
          UserPoolId: poolId,
          DestinationUser: { ProviderName: 'Cognito', ProviderAttributeValue: other.username },
          SourceUser: { ProviderName: 'Google', ProviderAttributeName: 'Cognito_Subject', ProviderAttributeValue: '109876543210' },
        }),
      ),
    );
    expect(again.name).toBe('InvalidParameterException');
    expect((await sdkError(link('2', 'email'))).name).toBe('InvalidParameterException');
    const noProvider = await sdkError(
      sdk.admin.send(
        new AdminLinkProviderForUserCommand({
          UserPoolId: poolId,
          DestinationUser: { ProviderName: 'Cognito', ProviderAttributeValue: user.username },
          SourceUser: { ProviderName: 'Facebook', ProviderAttributeName: 'Cognito_Subject', ProviderAttributeValue: '1' },
        }),
      ),
    );
    expect(noProvider.name).toBe('ResourceNotFoundException');
    const noUser = await sdkError(
      sdk.admin.send(
        new AdminLinkProviderForUserCommand({
          UserPoolId: poolId,
          DestinationUser: { ProviderName: 'Cognito', ProviderAttributeValue: 'nobody-here' },
          SourceUser: { ProviderName: 'Google', ProviderAttributeName: 'Cognito_Subject', ProviderAttributeValue: '3' },
        }),
      ),
    );
    expect(noUser.name).toBe('UserNotFoundException');
    // Cognito's quota: five linked identities per user.
    for (const n of [1, 2, 3, 4]) await link(`extra-${n}`);
    expect((await sdkError(link('extra-5'))).name).toBe('LimitExceededException');

    await sdk.admin.send(new AdminDisableProviderForUserCommand({ UserPoolId: poolId, User: { ProviderName: 'Google', ProviderAttributeName: 'Cognito_Subject', ProviderAttributeValue: '109876543210' } }));
    const after = await sdk.admin.send(new AdminGetUserCommand({ UserPoolId: poolId, Username: user.username }));
    const left = JSON.parse(after.UserAttributes?.find((a) => a.Name === 'identities')?.Value ?? '[]') as { userId: string }[];
    expect(left.map((i) => i.userId)).toEqual(['extra-1', 'extra-2', 'extra-3', 'extra-4']);
    const notLinked = await sdkError(
      sdk.admin.send(new AdminDisableProviderForUserCommand({ UserPoolId: poolId, User: { ProviderName: 'Google', ProviderAttributeName: 'Cognito_Subject', ProviderAttributeValue: '109876543210' } })),
    );
    expect(notLinked.name).toBe('UserNotFoundException');
    expect((await entriesOf(server, 'admin.user.provider_unlinked')).at(-1)).toMatchObject({ subject: { sub: user.sub } });

    // Deleting the provider removes its links, and the attribute with them.
    await sdk.admin.send(new DeleteIdentityProviderCommand({ UserPoolId: poolId, ProviderName: 'Google' }));
    const gone = await sdk.admin.send(new AdminGetUserCommand({ UserPoolId: poolId, Username: user.username }));
    expect(gone.UserAttributes?.find((a) => a.Name === 'identities')).toBeUndefined();
  });

  it('links by a mapped attribute for OIDC providers', async () => {
    const poolId = server.pool.userPoolId;
    await sdk.admin.send(new CreateIdentityProviderCommand(oidc(poolId, 'CorpLink')));
    const user = await createTestUser(server, { mfa: 'none' });
    await sdk.admin.send(
      new AdminLinkProviderForUserCommand({
        UserPoolId: poolId,
        DestinationUser: { ProviderName: 'Cognito', ProviderAttributeValue: user.username },
        SourceUser: { ProviderName: 'CorpLink', ProviderAttributeName: 'email', ProviderAttributeValue: user.email },
      }),
    );
    const unmapped = await sdkError(
      sdk.admin.send(
        new AdminLinkProviderForUserCommand({
          UserPoolId: poolId,
          DestinationUser: { ProviderName: 'Cognito', ProviderAttributeValue: user.username },
          SourceUser: { ProviderName: 'CorpLink', ProviderAttributeName: 'phone_number', ProviderAttributeValue: '+15550000000' },
        }),
      ),
    );
    expect(unmapped.name).toBe('InvalidParameterException');
    // Named by another attribute than it was linked by, the identity is not found.
    const wrongName = await sdkError(sdk.admin.send(new AdminDisableProviderForUserCommand({ UserPoolId: poolId, User: { ProviderName: 'CorpLink', ProviderAttributeName: 'nickname', ProviderAttributeValue: user.email } })));
    expect(wrongName.name).toBe('UserNotFoundException');
    await sdk.admin.send(new AdminDisableProviderForUserCommand({ UserPoolId: poolId, User: { ProviderName: 'CorpLink', ProviderAttributeName: 'email', ProviderAttributeValue: user.email } }));
  });

  it('does not federate yet: managed login sends a request for a provider back with an error, and still signs in with COGNITO', async () => {
    const poolId = server.pool.userPoolId;
    await sdk.admin.send(new CreateIdentityProviderCommand(oidc(poolId, 'CorpFed')));
    const { clientId } = await createOAuthClient(server, { SupportedIdentityProviders: ['COGNITO', 'CorpFed'] });
    const authorize = (extra: Record<string, string>) =>
      fetch(authorizeUrl(server, { response_type: 'code', client_id: clientId, redirect_uri: CALLBACK, scope: 'openid', code_challenge: pkcePair().challenge, code_challenge_method: 'S256', state: 's', ...extra }), { redirect: 'manual' });
    const federated = new URL((await authorize({ identity_provider: 'CorpFed' })).headers.get('location') ?? '');
    expect(`${federated.origin}${federated.pathname}`).toBe(CALLBACK);
    expect(federated.searchParams.get('error')).toBe('invalid_request');
    expect(federated.searchParams.get('error_description')).toContain('CorpFed cannot be reached');
    const own = new URL((await authorize({ identity_provider: 'COGNITO' })).headers.get('location') ?? '', server.managedLoginUrl);
    expect(own.pathname).toBe('/login');
  });

  it('answers only the admin credential', async () => {
    // Threat: an unsigned or forged caller adding an identity provider could take over sign-in for
    // the pool's users; linking an identity could hand an account to an outsider.
    const poolId = server.pool.userPoolId;
    const details = { client_id: 'c', client_secret: 's', attributes_request_method: 'GET', oidc_issuer: 'https://evil.example', authorize_scopes: 'openid' };
    await expectAdminOnly(server, sdk, 'CreateIdentityProvider', { UserPoolId: poolId, ProviderName: 'Evil', ProviderType: 'OIDC', ProviderDetails: details });
    await expectAdminOnly(server, sdk, 'DescribeIdentityProvider', { UserPoolId: poolId, ProviderName: 'Evil' });
    await expectAdminOnly(server, sdk, 'UpdateIdentityProvider', { UserPoolId: poolId, ProviderName: 'Evil', ProviderDetails: details });
    await expectAdminOnly(server, sdk, 'DeleteIdentityProvider', { UserPoolId: poolId, ProviderName: 'Evil' });
    await expectAdminOnly(server, sdk, 'ListIdentityProviders', { UserPoolId: poolId });
    await expectAdminOnly(server, sdk, 'GetIdentityProviderByIdentifier', { UserPoolId: poolId, IdpIdentifier: 'evil' });
    const source = { ProviderName: 'Evil', ProviderAttributeName: 'Cognito_Subject', ProviderAttributeValue: '1' };
    await expectAdminOnly(server, sdk, 'AdminLinkProviderForUser', { UserPoolId: poolId, DestinationUser: { ProviderName: 'Cognito', ProviderAttributeValue: 'x' }, SourceUser: source });
    await expectAdminOnly(server, sdk, 'AdminDisableProviderForUser', { UserPoolId: poolId, User: source });
    expect((await sdkError(sdk.admin.send(new DescribeIdentityProviderCommand({ UserPoolId: poolId, ProviderName: 'Evil' })))).name).toBe('ResourceNotFoundException');
  });
});
